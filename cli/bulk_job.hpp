// The bulk-check job of `layoutcheck verify`: a short random campaign of every
// law (gpu_check/campaign.hpp) on the GPU when one is available, else on the
// CPU backend; a few seconds on two cores. Defined in cmd_bulk.cpp.
#pragma once

#include "verify.hpp"

namespace layoutcheck {

// post: cases = laws checked (2 per law), failed = cases with a mismatch, a
// refusal of generated operands or a cross-check disagreement; failures
// holds one line per failed case (the layouts, the verdict).
JobResult run_bulk_job();

}  // namespace layoutcheck
