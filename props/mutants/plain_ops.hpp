// Plain re-implementations of the operations the mutants change, written the
// textbook way with one switch per classic mistake. With every switch at its
// correct setting each function agrees with the library wherever the library
// answers (the selftest's control algebra runs the whole law suite on them);
// a mutant flips exactly one switch.
//
// Each function refuses like the library: layout::Error naming the operation.
#pragma once

#include <cstdint>

#include "layout/algebra.hpp"

namespace props::plain {

using layout::IntTuple;
using layout::Layout;

// coalesce(L): drop size-1 modes, merge s0:d0, s1:d1 into s0*s1:d0 when
// d1 = s0*d0.  post: same function on [0, size), depth <= 1.
// wrong_pair: the merge test reads d1 == s1*d0 (the wrong pair).
Layout coalesce(const Layout& l, bool wrong_pair = false);

// complement(A, M): with A's modes (size > 1, stride != 0) sorted by stride,
// R = (d_0/1, d_1/(s_0 d_0), ..., ceil(M/E)) : (1, s_0 d_0, ..., E), E = s_last d_last.
//   pre:  M >= 1, strides >= 0, each sorted stride a multiple of the running end.
//   post: (A, R) is a bijection onto [0, round_up(M, E)).
// sorted = false: the modes are taken in the order given (the sort forgotten).
Layout complement(const Layout& a, int64_t cotarget, bool sorted = true);

// right_inverse(A): A's modes sorted by stride, kept while the stride equals
// the running product (the contiguous run 0, 1, 2, ...), each mapped to its
// index stride.  post: A(R(i)) = i for i < size(R).
// stop_at_gap = false: every sorted mode is kept, a gap is ignored.
Layout right_inverse(const Layout& a, bool stop_at_gap = true);

// A o B leaf by leaf: each leaf s:d of B is replaced by A o s:d, computed by
// walking A's extension-preserving modes; B's profile is kept. The leaves are
// NOT checked for carries between them (the library refuses those).
//   pre:  per leaf: d divides A's running size or the reverse (strong test),
//         the remaining size divides into the modes it spans.
// weak_stride_test: CuTe's test `rest_stride % curr_shape == 0 ||
// rest_stride < curr_shape` in place of the exact divisibility.
// wrap_multiply: the strides r * e_j multiplied without the overflow check
// (wrapping modulo 2^64); the result's span is still checked.
Layout compose_by_leaf(const Layout& a, const Layout& b, bool weak_stride_test = false,
                       bool wrap_multiply = false);

// Swizzle<B,M,S>(x) = x XOR (x & yyy) >> S (<< -S for S < 0), yyy the B bits at
// M + max(S, 0). mask_extra_bit: the field is B+1 bits wide.
int64_t swizzle(int bits, int base, int shift, int64_t x, bool mask_extra_bit = false);

// idx2crd(i, S) colexicographically (first mode fastest; the first mode takes
// the quotient past the domain when row_major, the last one otherwise).
IntTuple idx2crd(const IntTuple& i, const IntTuple& shape, bool row_major = false);

}  // namespace props::plain
