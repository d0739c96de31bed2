// FlatLayout: the flat evaluation core (DESIGN.md §1).
//
// A layout evaluated at an integer index depends only on its flattened modes
// (s_0:d_0, ..., s_{r-1}:d_{r-1}):
//   L(i) = sum_{k<r} c_k d_k,  c_k = floor(i / (s_0...s_{k-1})) mod s_k  (k < r-1),
//                              c_{r-1} = floor(i / (s_0...s_{r-2}))       (no wrap),
// which is CuTe's natural extension past size(L). FlatLayout stores those modes
// in a fixed-size POD together with a precomputed magic-number divider per mode,
// so that the same object evaluates on the host and (under nvcc) on the device.
//
// The device-usable part (everything marked LAYOUT_HD) allocates nothing, uses
// no std:: containers and throws nothing; the builder make_flat (host only)
// validates ranges once so that evaluation may use wrapping unsigned arithmetic.
#pragma once

#include <cstdint>

#ifdef __CUDACC__
#define LAYOUT_HD __host__ __device__
#else
#define LAYOUT_HD
#endif

// Unrolls the loop that follows four times: eval_chunk's vectorized copies
// out[j] = base + pattern[j], where the counter and branch were two of every
// five instructions (docs/PERFORMANCE.md). Host compilers only; under nvcc
// the loop stays as written.
#if defined(__CUDACC__)
#define LAYOUT_UNROLL_4
#elif defined(__clang__)
#define LAYOUT_UNROLL_4 _Pragma("clang loop unroll_count(4)")
#elif defined(__GNUC__)
#define LAYOUT_UNROLL_4 _Pragma("GCC unroll 4")
#else
#define LAYOUT_UNROLL_4
#endif

namespace layout {

// ---- 64-bit magic-number division --------------------------------------------

// The 128-bit unsigned type of g++, clang and nvcc (__extension__: no -Wpedantic).
__extension__ typedef unsigned __int128 uint128_t;

// High 64 bits of the 128-bit product a*b.
LAYOUT_HD inline uint64_t mulhi64(uint64_t a, uint64_t b) {
#ifdef __CUDA_ARCH__
  return __umul64hi(a, b);
#else
  return static_cast<uint64_t>((static_cast<uint128_t>(a) * b) >> 64);
#endif
}

// Division of an unsigned 64-bit dividend by a fixed divisor d, 1 <= d < 2^64,
// by the Granlund–Montgomery round-up method:
//   l = ceil(log2 d),  m = floor(2^64 (2^l - d) / d) + 1   (so m < 2^64),
//   q(n) = (t + ((n - t) >> min(l,1))) >> max(l-1,0),  t = mulhi(m, n).
// Exact for every n in [0, 2^64): q(n) = floor(n / d). (For d a power of two
// m = 1 and t = 0, which reduces to a shift.)
struct MagicDivider {
  uint64_t m;    // magic multiplier
  uint64_t d;    // the divisor itself (for remainders)
  uint32_t sh1;  // min(l, 1)
  uint32_t sh2;  // max(l - 1, 0)

  // pre: 1 <= d (any uint64).  post: div(n) = floor(n / d) for all n < 2^64.
  // (Host-side construction; the builder runs on the host.) For d > 2^63,
  // l = 64 and 2^l - d < 2^63 is formed in 128 bits.
  static MagicDivider make(uint64_t d) {
    uint32_t l = 0;
    while (l < 64 && (uint64_t{1} << l) < d) ++l;  // l = ceil(log2 d) <= 64
    const uint128_t num = ((uint128_t{1} << l) - d) << 64;
    MagicDivider r;
    r.m = static_cast<uint64_t>(num / d) + 1;
    r.d = d;
    r.sh1 = l < 1 ? l : 1;
    r.sh2 = l > 1 ? l - 1 : 0;
    return r;
  }

  // post: floor(n / d).
  LAYOUT_HD uint64_t div(uint64_t n) const {
    const uint64_t t = mulhi64(m, n);
    return (t + ((n - t) >> sh1)) >> sh2;
  }
};

// ---- the flat layout ------------------------------------------------------------

inline constexpr int kMaxFlatRank = 16;

// Invariants established by make_flat (never by hand):
//   1 <= rank <= kMaxFlatRank; shape[k] >= 1; div[k] = MagicDivider::make(shape[k])
//   for k < rank-1; size = prod shape[k]; for 0 <= i < size the offset L(i) lies
//   in [min_offset, max_offset] (both in int64); and for every i <= max_index the
//   naturally extended L(i) fits in int64 (max_index >= size - 1); pow2 = 1
//   exactly when every shape[k], k < rank-1, is a power of two.
struct FlatLayout {
  int rank;
  int pow2;  // the bounded modes' digits are shifts and masks (the common case)
  int64_t shape[kMaxFlatRank];
  int64_t stride[kMaxFlatRank];
  MagicDivider div[kMaxFlatRank];
  int64_t size;        // product of the shape
  int64_t min_offset;  // min L(i), 0 <= i < size  = sum over d_k<0 of (s_k-1) d_k
  int64_t max_offset;  // max L(i), 0 <= i < size  = sum over d_k>0 of (s_k-1) d_k
  uint64_t max_index;  // every i <= max_index has L(i) in int64 (natural extension)

  // L(i), one mixed-radix digit per mode via the magic dividers.
  //   pre:  i <= max_index (in particular any i < size).
  //   post: the naturally extended L(i). The sum is formed modulo 2^64 and is
  //         exact because the precondition makes the true value fit in int64.
  //   With pow2, digit k is i mod 2^l = i & (shape[k] - 1) and the quotient
  //   i >> l, l = log2 shape[k] = div[k].sh1 + div[k].sh2: no multiplication.
  LAYOUT_HD int64_t operator()(uint64_t i) const {
    uint64_t off = 0;
    const int last = rank - 1;
    if (pow2) {
      for (int k = 0; k < last; ++k) {
        off += (i & (static_cast<uint64_t>(shape[k]) - 1)) * static_cast<uint64_t>(stride[k]);
        i >>= div[k].sh1 + div[k].sh2;
      }
    } else {
      for (int k = 0; k < last; ++k) {
        const uint64_t q = div[k].div(i);
        off += (i - q * static_cast<uint64_t>(shape[k])) * static_cast<uint64_t>(stride[k]);
        i = q;
      }
    }
    off += i * static_cast<uint64_t>(stride[last]);
    return static_cast<int64_t>(off);
  }

  // f(i, L(i)) for i = start, ..., start + count - 1, in order.
  //   pre:  count == 0 or start + count - 1 <= max_index (no uint64 wrap).
  //   One division pass for the start digits, then an odometer: mode 0 is a
  //   tight run (offset += d_0), mode 1 the loop around it, and the remaining
  //   modes carry only when mode 1 wraps.
  template <class F>
  LAYOUT_HD void for_each(uint64_t start, uint64_t count, F f) const {
    if (count == 0) return;
    const uint64_t d0 = static_cast<uint64_t>(stride[0]);
    if (rank == 1) {  // the single mode is the last one: L(i) = i * d_0
      for (uint64_t j = 0; j < count; ++j) f(start + j, static_cast<int64_t>((start + j) * d0));
      return;
    }
    const uint64_t s0 = static_cast<uint64_t>(shape[0]);
    const uint64_t d1 = static_cast<uint64_t>(stride[1]);
    // Mode 1 is unbounded when it is the last mode.
    const uint64_t s1 = rank == 2 ? ~uint64_t{0} : static_cast<uint64_t>(shape[1]);
    uint64_t c[kMaxFlatRank];
    uint64_t base = digits(start, 2, c);  // offset of modes >= 2
    uint64_t c0 = c[0], c1 = c[1];
    uint64_t i = start;
    while (true) {
      for (; c1 < s1; ++c1) {
        const uint64_t n = (s0 - c0) < count ? (s0 - c0) : count;
        uint64_t off = base + c1 * d1 + c0 * d0;
        for (uint64_t j = 0; j < n; ++j, off += d0) f(i + j, static_cast<int64_t>(off));
        i += n;
        count -= n;
        if (count == 0) return;
        c0 = 0;
      }
      c1 = 0;  // only reached when rank > 2
      base = advance(c, 2, base);
    }
  }

  // out[j] = L(start + j) for 0 <= j < count.
  //   pre:  as for_each; out has count entries.
  //   The innermost modes whose sizes multiply to at most min(count, kPattern)
  //   form a block whose offsets are tabulated once per call; each block is
  //   then out[j] = base + pattern[j], a loop the compiler vectorizes, the
  //   next mode is a tight loop over blocks, and only the modes above it carry.
  //   A mode 0 too long for the table is written in table-sized pieces of the
  //   linear run pattern[j] = j d_0. (Tabulating also sidesteps computing
  //   b + j d_0 in a loop: g++ 12.2 -O3 without AVX miscompiles some unrolled
  //   forms of that induction; see docs/PERFORMANCE.md.)
  LAYOUT_HD void eval_chunk(uint64_t start, uint64_t count, int64_t* out) const {
    if (count == 0) return;
    // (a prvalue kPattern: no odr-use, which device code could not make)
    const uint64_t cap = count < kPattern ? count : static_cast<uint64_t>(kPattern);
    const uint64_t s0 = static_cast<uint64_t>(shape[0]);
    const uint64_t d0 = static_cast<uint64_t>(stride[0]);
    uint64_t pat[kPattern];
    uint64_t c[kMaxFlatRank];
    if (rank == 1 || s0 > cap) {  // runs of mode 0, unbounded when rank == 1
      for (uint64_t j = 0; j < cap; ++j) pat[j] = j * d0;
      uint64_t base = rank == 1 ? 0 : digits(start, 1, c);
      uint64_t c0 = rank == 1 ? start : c[0];
      while (true) {
        const uint64_t n = (rank == 1 || count < s0 - c0) ? count : s0 - c0;
        fill_pieces(out, n, base + c0 * d0, pat, cap, cap * d0);
        out += n;
        count -= n;
        if (count == 0) return;
        c0 = 0;
        base = advance(c, 1, base);
      }
    }
    // Block = modes [0, p), p <= rank - 1 (the last mode is unbounded); the
    // products stay below size < 2^63, so they cannot overflow.
    int p = 1;
    uint64_t block = s0;
    while (p < rank - 1 && block * static_cast<uint64_t>(shape[p]) <= cap)
      block *= static_cast<uint64_t>(shape[p++]);
    {  // pat[j] = offset of j under modes [0, p), by an odometer
      uint64_t bc[kMaxFlatRank] = {};
      uint64_t off = 0;
      for (uint64_t j = 0; j < block; ++j) {
        pat[j] = off;
        for (int k = 0; k < p; ++k) {
          off += static_cast<uint64_t>(stride[k]);
          if (++bc[k] < static_cast<uint64_t>(shape[k])) break;
          off -= bc[k] * static_cast<uint64_t>(stride[k]);
          bc[k] = 0;
        }
      }
    }
    // Start digits: position inside the block, then modes >= p.
    const uint64_t q = start / block;  // one hardware division per chunk
    uint64_t jb = start - q * block;
    uint64_t base = digits(q, p, c, true);
    while (true) {
      const uint64_t n = (block - jb) < count ? (block - jb) : count;
      const uint64_t* src = pat + jb;
      LAYOUT_UNROLL_4
      for (uint64_t j = 0; j < n; ++j) out[j] = static_cast<int64_t>(base + src[j]);
      out += n;
      count -= n;
      if (count == 0) return;
      jb = 0;
      base = advance(c, p, base);
    }
  }

  static constexpr uint64_t kPattern = 256;  // largest tabulated inner block

private:
  // out[j] = b + (j div m) step + pat[j mod m] for j < n (a linear run written
  // in pieces of m = table size; step = m d_0).  pre: m >= 1.
  LAYOUT_HD static void fill_pieces(int64_t* out, uint64_t n, uint64_t b, const uint64_t* pat,
                                    uint64_t m, uint64_t step) {
    while (n != 0) {
      const uint64_t k = n < m ? n : m;
      LAYOUT_UNROLL_4
      for (uint64_t j = 0; j < k; ++j) out[j] = static_cast<int64_t>(b + pat[j]);
      out += k;
      n -= k;
      b += step;
    }
  }

  // Mixed-radix digits of an index (c[rank-1] is unbounded).
  //   block_quotient == false: i is a global index; fills c[0..rank) and
  //     returns sum_{k>=p} c_k d_k (mod 2^64; 0 when p >= rank).
  //   block_quotient == true: i = floor(index / (s_0...s_{p-1})); fills c[p..rank)
  //     and returns sum_{k>=p} c_k d_k (mod 2^64).
  LAYOUT_HD uint64_t digits(uint64_t i, int p, uint64_t* c, bool block_quotient = false) const {
    uint64_t base = 0;
    const int last = rank - 1;
    for (int k = block_quotient ? p : 0; k < last; ++k) {
      const uint64_t q = div[k].div(i);
      c[k] = i - q * static_cast<uint64_t>(shape[k]);
      if (k >= p) base += c[k] * static_cast<uint64_t>(stride[k]);
      i = q;
    }
    c[last] = i;
    if (last >= p) base += i * static_cast<uint64_t>(stride[last]);
    return base;
  }

  // Odometer step on modes >= p (pre: p < rank): increments digit p, carrying
  // into higher modes when a digit reaches its extent (the last mode never
  // wraps). post: returns base + (change of sum_{k>=p} c_k d_k) (mod 2^64).
  LAYOUT_HD uint64_t advance(uint64_t* c, int p, uint64_t base) const {
    const int last = rank - 1;
    for (int k = p; k < last; ++k) {
      const uint64_t s = static_cast<uint64_t>(shape[k]);
      const uint64_t d = static_cast<uint64_t>(stride[k]);
      base += d;
      if (++c[k] < s) return base;
      base -= s * d;  // digit k wraps to 0 and carries into k+1
      c[k] = 0;
    }
    ++c[last];
    return base + static_cast<uint64_t>(stride[last]);
  }
};

}  // namespace layout

#ifndef __CUDACC__
#include "layout/layout.hpp"

namespace layout {

// make_flat(L): the FlatLayout of L with the same (naturally extended) function.
//   Flatten; drop size-1 modes except the last; merge neighbours s0:d0, s1:d1
//   with d1 = s0 d0 into (s0 s1):d0. Both rewrites keep L(i) for every i >= 0.
//   pre:  none.
//   post: F(i) = L(i) for all i <= F.max_index; F.size = size(L);
//         [F.min_offset, F.max_offset] = range of L on [0, size(L)).
//   Throws Error("make_flat", to_string(L), ...) when more than kMaxFlatRank
//   modes remain or when some L(i), i < size(L), does not fit in int64.
FlatLayout make_flat(const Layout& l);

// Same, but keeps L's flat modes as they are (no dropping, no merging); for
// measuring the cost of per-mode division. Same post-conditions and refusals.
FlatLayout make_flat_unmerged(const Layout& l);

}  // namespace layout
#endif
