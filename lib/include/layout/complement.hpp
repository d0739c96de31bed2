// complement(A, M).
#pragma once

#include "layout/layout.hpp"
#include "layout/result.hpp"

namespace layout {

// Take A's modes with non-zero stride and size > 1, sorted by stride
// (s_0:d_0, ..., s_k:d_k), with running ends E_{-1} = 1, E_j = s_j * d_j.
//   pre:  M >= 1; strides >= 0; d_j >= E_{j-1} for every j (A does not
//         interleave; in particular A is injective).
//   post: R = coalesce((d_0/E_{-1}, ..., d_k/E_{k-1}, ceil(M/E_k)) :
//         (E_{-1}, ..., E_k)); R is strictly increasing; R(i) is not in the image
//         of A for i >= 1; when every E_{j-1} divides d_j and E_k divides M,
//         (A, R) is a bijection onto [0, max(M, E_k)).
Layout complement(const Layout& a, int64_t cotarget);
Result<Layout> try_complement(const Layout& a, int64_t cotarget);
// Default cotarget: cosize(filter(A)) (CuTe C++).
Layout complement(const Layout& a);
Result<Layout> try_complement(const Layout& a);

}  // namespace layout
