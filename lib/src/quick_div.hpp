// Internal: quotient and remainder of non-negative int64 values by the
// cheapest instruction that gives the exact answer. Layout sizes and strides
// are mostly powers of two and small, and a 64-bit idiv costs tens of cycles
// on the hot paths of composition (measured: a third of no_carry's time).
//   pre:  a >= 0, b >= 1.
//   post: quot(a, b) = a / b, rem(a, b) = a % b and ceil_quot(a, b) =
//         ceil(a / b), exactly.
#pragma once

#include <cstdint>

namespace layout::detail {

inline bool is_pow2(int64_t b) { return (b & (b - 1)) == 0; }

inline int64_t rem(int64_t a, int64_t b) {
  if (is_pow2(b)) return a & (b - 1);
  if (static_cast<uint64_t>(a | b) <= UINT32_MAX)
    return static_cast<uint32_t>(a) % static_cast<uint32_t>(b);
  return a % b;
}

inline int64_t quot(int64_t a, int64_t b) {
  if (is_pow2(b)) return a >> __builtin_ctzll(static_cast<uint64_t>(b));
  if (static_cast<uint64_t>(a | b) <= UINT32_MAX)
    return static_cast<uint32_t>(a) / static_cast<uint32_t>(b);
  return a / b;
}

inline int64_t ceil_quot(int64_t a, int64_t b) {
  if (is_pow2(b)) return (a >> __builtin_ctzll(static_cast<uint64_t>(b))) + ((a & (b - 1)) != 0);
  if (static_cast<uint64_t>(a | b) <= UINT32_MAX) {
    const auto a32 = static_cast<uint32_t>(a), b32 = static_cast<uint32_t>(b);
    return a32 / b32 + (a32 % b32 != 0);
  }
  return a / b + (a % b != 0);
}

}  // namespace layout::detail
