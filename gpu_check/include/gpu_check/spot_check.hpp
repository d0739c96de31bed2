// The oracle's spot check of a bulk job (docs/BULK.md): the backends evaluate
// with FlatLayout (magic-number division, odometers, chunks), which is
// library code under test, and the CPU-vs-GPU cross-check only shows that
// two backends agree. So the brute-force oracle (props/oracle) evaluates the
// job's source layouts at the first and last 4096 indices and 2^16 random
// ones and checks:
//   - each flat layout of the job, per index (F(i)) and chunked
//     (eval_chunk over the first and last windows), equals its source;
//   - the law at those indices agrees with the bulk result: a mismatch the
//     oracle sees there was counted, and the reported first mismatch (its
//     index and values) is one.
// A wrong FlatLayout or divider then fails the job even where it is wrong
// the same way on every backend.
#pragma once

#include <cstdint>
#include <string>

#include "gpu_check/make_job.hpp"
#include "gpu_check/result.hpp"

namespace gpu_check {

inline constexpr uint64_t kSpotEnds = 4096;                 // first and last indices
inline constexpr uint64_t kSpotRandom = uint64_t{1} << 16;  // random indices

struct SpotCheck {
  bool agree = true;
  uint64_t indices = 0;  // indices the oracle evaluated
  std::string detail;    // the first disagreement
};

// pre: r is the bulk result over [0, p.job.n).
SpotCheck spot_check(const Prepared& p, const BulkResult& r, uint64_t seed);

}  // namespace gpu_check
