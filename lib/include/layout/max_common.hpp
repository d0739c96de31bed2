// max_common_vector and max_common_layout: how many elements two layouts
// share contiguously, as CuTe computes it (used to vectorize copies).
#pragma once

#include <cstdint>

#include "layout/layout.hpp"

namespace layout {

// With R = right_inverse(B) and C = coalesce(A o R): when C's first mode has
// stride 1, that mode's size n; otherwise 1. (CuTe keeps only a static first
// mode of stride 1; every value is static here.)
//   post: A(R(i)) = i for every i < n; n = 1 or n is the size of the first
//         mode of the canonical form of i -> A(R(i)).
// Refused where A o R is (no layout with R's shape equals it, or that layout's
// span 1 + sum (s-1)|d| passes int64).
int64_t max_common_vector(const Layout& a, const Layout& b);

// R o (n:1) for that n when C's first mode has stride 1, else 1:0: the indices
// of B (and, through A o R, of A) of the n common contiguous elements.
//   post: size = n, value R(i) at i < n.
Layout max_common_layout(const Layout& a, const Layout& b);

}  // namespace layout
