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

  // Indices left before mode 0 wraps (2^64-1-c0 when it is the last mode).
  LAYOUT_HD uint64_t run() const { return lim0 - c0; }

  // i -> i + k.  pre: 1 <= k <= run().  post: as next() k times.
  LAYOUT_HD void skip(const layout::FlatLayout& f, uint64_t k) {
    off += k * static_cast<uint64_t>(f.stride[0]);
    c0 += k;
    if (c0 == lim0) carry(f);
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

// StepCursor: F at v, v + D, v + 2D, ... (a composition's outer layout along a
// run of the inner one, D = the inner stride 0). D's digits once, one division
// pass per starting point v, then each step adds D digit by digit with carries
// (mixed-radix addition): only the modes from D's lowest non-zero digit up to
// its highest, and further only while a carry runs.
struct StepCursor {
  uint64_t off;   // F(v) mod 2^64 (exact while v <= F.max_index)
  int lo, hi;     // lowest and highest mode with a non-zero digit of D (hi < lo: D = 0)
  uint64_t doff;  // sum_k D_k d_k: the offset step without carries
  uint64_t c[layout::kMaxFlatRank];      // digits of v
  uint64_t delta[layout::kMaxFlatRank];  // digits of D (the last one unbounded)

  // Step D.  pre: D >= 0 as an integer, or f.rank == 1 (then D is an int64
  // in two's complement and F(v) = v d_0 exactly mod 2^64).
  LAYOUT_HD StepCursor(const layout::FlatLayout& f, uint64_t step) {
    doff = digits(f, step, delta);
    lo = f.rank;
    hi = -1;
    for (int k = 0; k < f.rank; ++k)
      if (delta[k] != 0) {
        lo = lo < k ? lo : k;
        hi = k;
      }
    off = 0;
  }

  // Start at v (one division pass).  pre: as for D.  post: off = F(v).
  LAYOUT_HD void at(const layout::FlatLayout& f, uint64_t v) { off = digits(f, v, c); }

  // v -> v + D.  post: off = F(v + D) (exact while v + D <= F.max_index).
  LAYOUT_HD void next(const layout::FlatLayout& f) {
    off += doff;
    const int last = f.rank - 1;
    uint64_t carry = 0;
    int k = lo;
    for (; k < last && (k <= hi || carry != 0); ++k) {
      const uint64_t s = static_cast<uint64_t>(f.shape[k]);
      uint64_t ck = c[k] + delta[k] + carry;  // < 2 s_k: one subtraction at most
      carry = ck >= s ? 1 : 0;
      if (carry != 0) {
        ck -= s;  // digit k wraps, digit k + 1 takes the carry:
        off += static_cast<uint64_t>(f.stride[k + 1]) - s * static_cast<uint64_t>(f.stride[k]);
      }
      c[k] = ck;
    }
    if (k == last) c[last] += delta[last] + carry;  // the last mode never wraps
  }

private:
  // Mixed-radix digits of i (the last unbounded); returns F(i) mod 2^64.
  LAYOUT_HD static uint64_t digits(const layout::FlatLayout& f, uint64_t i, uint64_t* d) {
    const int last = f.rank - 1;
    uint64_t o = 0;
    for (int k = 0; k < last; ++k) {
      const uint64_t q = f.div[k].div(i);
      d[k] = i - q * static_cast<uint64_t>(f.shape[k]);
      o += d[k] * static_cast<uint64_t>(f.stride[k]);
      i = q;
    }
    d[last] = i;
    return o + i * static_cast<uint64_t>(f.stride[last]);
  }
};

}  // namespace gpu_check
