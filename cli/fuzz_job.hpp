// The fuzz jobs of `layoutcheck verify`: every committed corpus input and
// regression input of each fuzz target (fuzz/corpus/<t>, fuzz/regressions/<t>)
// replayed by the target's replay executable, which the same build makes
// (fuzz/CMakeLists.txt). A target aborts on a failing input, so each replay
// runs as a child process and a crash fails its job instead of verify.
#pragma once

#include <vector>

#include "verify.hpp"

namespace layoutcheck {

// One job "fuzz/<target>" per target; empty when this build has no replay
// executables (built only with LAYOUTCHECK_TESTS, and not in the fuzz preset).
std::vector<Job> fuzz_jobs();

}  // namespace layoutcheck
