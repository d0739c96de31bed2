// right_inverse and left_inverse.
#pragma once

#include "layout/layout.hpp"

namespace layout {

// right_inverse(A): R with A(R(i)) = i for 0 <= i < size(R), built from the
// chain of A's coalesced modes with strides 1, s_0, s_0*s_1, ... (the longest
// contiguous run 0, 1, 2, ... of A's image that this chain covers).
//   pre:  none (1:0 when A(1) is not reachable this way).
//   post: A(R(i)) = i for i < size(R).
Layout right_inverse(const Layout& a);

// left_inverse(A): L with L(A(i)) = i for 0 <= i < size(A).
//   pre:  A injective, strides >= 0, and its coalesced modes sorted by stride
//         satisfy d_{j+1} % d_j = 0 and d_{j+1} >= s_j * d_j (else refused:
//         no layout is a left inverse).
//   post: L(A(i)) = i for every i < size(A).
Layout left_inverse(const Layout& a);

}  // namespace layout
