// Element-width changes of a layout, as CuTe's upcast<N>, downcast<N> and
// recast_layout<Old, New> compute them on static values (the smem layouts of
// CUTLASS are defined in bits and recast to each element type).
#pragma once

#include <cstdint>

#include "layout/layout.hpp"
#include "layout/result.hpp"

namespace layout {

// upcast(L, N): L over elements N times wider. Per leaf (s, d):
//   d = 0: (s, 0);
//   otherwise (s', d') = (ceil(s / ceil(N / |d|)), sign(d) ceil(|d| / N)).
//   pre:  N >= 1; every leaf with d != 0 has N | d or d | N (CuTe's
//         "divisibility condition"; refused otherwise, naming the leaf).
//   post: same structure as L; where L is injective and every moving leaf has
//         N | d, or 0 < d | N with N | s d, image(U) = { floor(L(i) / N) }
//         (CuTe's rule maps a negative stride below N to -1 over
//         ceil(s|d|/N) elements, which misses a wide element when the run
//         from 0 down crosses one: CuTe's behaviour, kept).
Layout upcast(const Layout& l, int64_t n);
Result<Layout> try_upcast(const Layout& l, int64_t n);  // the refusal as a value

// downcast(L, N): L over elements N times narrower. Per leaf (s, d):
//   d = +-1: (s N, d); otherwise (s, d N).
//   pre:  N >= 1; some leaf has stride 1 (CuTe: "downcast requires adjacent
//         elements"); the products fit in int64.
//   post: same structure as L; where exactly one leaf has |d| = 1 and its d =
//         1, the multiset of D's values is { N L(i) + k : i, 0 <= k < N }.
Layout downcast(const Layout& l, int64_t n);
Result<Layout> try_downcast(const Layout& l, int64_t n);  // the refusal as a value

// recast_layout(L, old_bits, new_bits): with new/old = p/q in lowest terms,
// L (p = q), upcast(L, p) (q = 1), downcast(L, q) (p = 1), else
// downcast(upcast(L, p), q).
//   pre: old_bits, new_bits >= 1; as upcast and downcast.
Layout recast_layout(const Layout& l, int64_t old_bits, int64_t new_bits);
// The same with the refusal returned as a value (no C++ throw).
Result<Layout> try_recast_layout(const Layout& l, int64_t old_bits, int64_t new_bits);

}  // namespace layout
