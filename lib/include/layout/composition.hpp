// composition R = A o B.
#pragma once

#include "layout/layout.hpp"
#include "layout/result.hpp"
#include "layout/tiler.hpp"

namespace layout {

// Layout B.
//   post: R(i) = A(B(i)) for 0 <= i < size(B) (A naturally extended, and odd:
//         A(-x) = -A(x)); shape(B) is compatible with shape(R) (R has B's
//         profile, each leaf of B replaced by the canonical modes of its part).
//   Refused only where no layout with that structure equals A o B (the message
//   says so, with a witness), where the result would pass int64, or past the
//   exact construction's bound (2^16 indices; "not decided ...").
//   docs/SEMANTICS.md, "composition".
Layout composition(const Layout& a, const Layout& b);
// The same as a Result: the Error of a refusal is returned, not thrown.
Result<Layout> try_composition(const Layout& a, const Layout& b);

// Tiler B: a layout as above; `_` gives A; a tuple composes by mode:
// R_i = A_i o B_i for i < rank(B) (A's modes past rank(B) are dropped).
//   pre:  rank(B) <= rank(A).
Layout composition(const Layout& a, const Tiler& b);
Result<Layout> try_composition(const Layout& a, const Tiler& b);

// with_shape(A, S) = A o make_layout_left(S) (CuTe's Layout::with_shape): A
// read through the column-major indices of S.
//   post: R(i) = A(i) for i < size(S) (A naturally extended); S is compatible
//         with shape(R). Refused where no such layout exists.
Layout with_shape(const Layout& a, const IntTuple& shape);

}  // namespace layout
