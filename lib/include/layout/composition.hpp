// composition R = A o B.
#pragma once

#include "layout/layout.hpp"
#include "layout/tiler.hpp"

namespace layout {

// Layout B.
//   pre:  strides of B are >= 0 (negative strides only where A is a single
//         mode); for each leaf s:d of B the walk through A's coalesced modes
//         splits them exactly (stride and shape divisibility); when B has several
//         leaves their images add up without a carry across any boundary of A.
//   post: R(i) = A(B(i)) for 0 <= i < size(B) (A naturally extended);
//         shape(B) is compatible with shape(R) (R has B's profile, each leaf
//         of B possibly expanded into a flat tuple).
//   Anything that cannot be proven correct is refused with an Error.
Layout composition(const Layout& a, const Layout& b);

// Tiler B: a layout as above; `_` gives A; a tuple composes by mode:
// R_i = A_i o B_i for i < rank(B) (A's modes past rank(B) are dropped).
//   pre:  rank(B) <= rank(A).
Layout composition(const Layout& a, const Tiler& b);

}  // namespace layout
