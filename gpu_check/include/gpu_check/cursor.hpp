// Cursor: the odometer over a FlatLayout's digits. One division pass at the
// start of a chunk, then each step adds a stride (no division per index).
#pragma once

#include <cstdint>

#include "layout/flat_layout.hpp"

namespace gpu_check {

struct Cursor {
  uint64_t off;   // F(i) mod 2^64 (exact as int64 while i <= F.max_index)
  uint64_t c0;    // digit of mode 0
  uint64_t lim0;  // extent of mode 0 (2^64-1 when it is the last, unbounded, mode)
  uint64_t c[layout::kMaxFlatRank];  // digits of modes >= 1 (c[0] unused)

  // pre: i <= f.max_index.  post: off = F(i), digits of i.
  LAYOUT_HD Cursor(const layout::FlatLayout& f, uint64_t i) {
    const int last = f.rank - 1;
    off = 0;
    for (int k = 0; k < last; ++k) {
      const uint64_t q = f.div[k].div(i);
      const uint64_t r = i - q * static_cast<uint64_t>(f.shape[k]);
      c[k] = r;
      off += r * static_cast<uint64_t>(f.stride[k]);
      i = q;
    }
    c[last] = i;
    off += i * static_cast<uint64_t>(f.stride[last]);
    c0 = c[0];
    lim0 = last == 0 ? ~uint64_t{0} : static_cast<uint64_t>(f.shape[0]);
  }

  // i -> i + 1.  post: off = F(i + 1), exact when i + 1 <= f.max_index.
  // (Unsigned arithmetic only: stepping past the end of a range is harmless.)
  LAYOUT_HD void next(const layout::FlatLayout& f) {
    off += static_cast<uint64_t>(f.stride[0]);
    if (++c0 < lim0) return;
    carry(f);
  }

private:
  // Mode 0 wrapped (so rank >= 2): back to digit 0, carry into modes >= 1.
  LAYOUT_HD void carry(const layout::FlatLayout& f) {
    off -= lim0 * static_cast<uint64_t>(f.stride[0]);
    c0 = 0;
    const int last = f.rank - 1;
    for (int k = 1; k < last; ++k) {
      const uint64_t d = static_cast<uint64_t>(f.stride[k]);
      off += d;
      if (++c[k] < static_cast<uint64_t>(f.shape[k])) return;
      off -= c[k] * d;
      c[k] = 0;
    }
    ++c[last];
    off += static_cast<uint64_t>(f.stride[last]);
  }
};

}  // namespace gpu_check
