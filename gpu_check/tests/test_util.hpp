// Helpers shared by the gpu_check tests.
#pragma once

#include <cstdint>

#include "gpu_check/backend.hpp"
#include "gpu_check/make_job.hpp"
#include "layout/algebra.hpp"

namespace gpu_check::test {

inline layout::Layout L(const char* text) { return layout::parse_layout(text); }

inline constexpr uint64_t kTwo32 = uint64_t{1} << 32;

// The plain definition, index by index, with the library's checked Layout
// evaluation (independent of FlatLayout, cursor and eval_chunk).
//   pre: a non-tile job whose layouts are given; E/A as in job.hpp.
struct Plain {
  layout::Layout x, y, z;
  Law law;
  BulkResult run(uint64_t lo, uint64_t hi) const {
    BulkResult r;
    for (uint64_t i = lo; i < hi; ++i) {
      const int64_t ii = static_cast<int64_t>(i);
      int64_t e = 0, a = 0;
      switch (law) {
        case Law::equal:
          e = x(ii), a = y(ii);
          break;
        case Law::compose:
          e = x(y(ii)), a = z(ii);
          break;
        default:
          e = ii, a = x(y(ii));
          break;
      }
      ++r.checked;
      r.checksum += mix(i, a);
      if (e != a) note_mismatch(r, i, e, a);
    }
    return r;
  }
};

}  // namespace gpu_check::test
