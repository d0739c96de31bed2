// props::oracle — the brute-force oracle. A layout is a function from
// [0, size) to integers; the oracle evaluates it from the plain definition
// (colexicographic digits over the flattened shape, the last leaf taking the
// remaining quotient, L(-i) = -L(i)) in 128-bit arithmetic, reading only the
// shape and stride leaves. It never calls the algebra.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "layout/layout.hpp"

namespace props::oracle {

struct Leaf {
  int64_t s, d;
};
// Inline up to 16 leaves: a law reads the leaves of every layout it checks,
// so this must not cost an allocation (the fuzz targets run under ASan).
using Leaves = layout::SmallVector<Leaf, 16>;

// The leaves of a layout, left to right (read from its representation).
Leaves leaves(const layout::Layout& l);
// Product of the shape leaves in 128 bits; nullopt past int64.
std::optional<int64_t> size(const layout::Layout& l);
// L(x) for a 128-bit index x, the value in 128 bits: for evaluating A at B(i)
// when B's offsets pass int64 (A o B may still fit). nullopt when |x|, a
// term or a partial sum passes 2^125.
__extension__ typedef __int128 wide;
std::optional<wide> eval_wide(const Leaves& leaves, wide x);
// L(i) by the definition (eval_wide at i); nullopt when the value does not
// fit in int64 (for an int64 index a term past 2^125 means the value does not).
std::optional<int64_t> eval(const Leaves& leaves, int64_t i);

// One colexicographic digit: rest mod s, leaving rest / s in rest (0 <= rest,
// 0 < s). A 64-bit division while rest fits (the 128-bit one is a library call).
inline wide next_digit(wide& rest, int64_t s) {
  if (rest < (wide{1} << 64)) {
    const uint64_t r = static_cast<uint64_t>(rest), us = static_cast<uint64_t>(s);
    rest = r / us;
    return r % us;
  }
  const wide digit = rest % s;
  rest /= s;
  return digit;
}
std::optional<int64_t> eval(const layout::Layout& l, int64_t i);

// Every value L(0..size-1). Throws TooLarge when size > limit (the caller
// skips or samples such inputs) and Unrepresentable when a value overflows.
struct TooLarge {};
struct Unrepresentable {};
std::vector<int64_t> table(const layout::Layout& l, int64_t limit = int64_t{1} << 22);

}  // namespace props::oracle
