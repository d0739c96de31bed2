// right_inverse and left_inverse.
#pragma once

#include "layout/layout.hpp"
#include "layout/result.hpp"

namespace layout {

// right_inverse(A): R with A(R(i)) = i for 0 <= i < size(R), built from the
// chain of A's coalesced modes with strides 1, s_0, s_0*s_1, ... (the longest
// contiguous run 0, 1, 2, ... of A's image that this chain covers).
//   pre:  none (1:0 when A(1) is not reachable this way).
//   post: A(R(i)) = i for i < size(R).
Layout right_inverse(const Layout& a);
// The same without a throw: the result, or the Error right_inverse throws.
Result<Layout> try_right_inverse(const Layout& a);

// left_inverse(A): L with L(A(i)) = i for 0 <= i < size(A).
//   pre:  A injective and some layout L has L(A(i)) = i (L evaluated with the
//         odd extension L(-y) = -L(y) on negative offsets). Decided by the
//         symbolic rule where A's strides have one sign and, sorted by |d|,
//         chain (d_{j+1} % d_j = 0, |d_{j+1}| >= s_j |d_j|); else by an exhaustive
//         search over the offsets up to 4096 in magnitude; past that refused as
//         not decided.
//   post: L(A(i)) = i for every i < size(A).
Layout left_inverse(const Layout& a);
// The same without a throw: the result, or the Error left_inverse throws.
Result<Layout> try_left_inverse(const Layout& a);

}  // namespace layout
