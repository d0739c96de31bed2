// BulkJob: one law over [0, n) as flat layouts, ready for either backend.
// A POD (no pointers), so it is passed to CUDA kernels by value.
#pragma once

#include <cstdint>

#include "layout/flat_layout.hpp"

namespace gpu_check {

enum class Law : int { equal, compose, tile, right_inverse, left_inverse };

// What each law checks at index i (E = expected, A = actual):
//   equal          E = x(i),     A = y(i)        L1 = x, L2 = y
//   compose        E = x(y(i)),  A = z(i)        A = x, B = y, R = z (the library's A o B)
//   right_inverse  E = i,        A = x(y(i))     A = x, R = y
//   left_inverse   E = i,        A = x(y(i))     L = x, A = y
//   tile           T = (A, complement(A, m)): T(i) in [0, m), each offset hit once, all m
//                  hit. Visited in stride order: x = T with its flat modes sorted by
//                  stride and y the matching index map, so j < n visits index i = y(j)
//                  with offset T(i) = x(j); offsets then rise almost monotonically
//                  and the bitmap is written word by word, not bit by bit; z = T
//                  (for the offset at a reported index).
// Invariant (established by make_job.hpp, never by hand): every evaluation
// above is within its layout's max_index for i < n, and a composed argument
// y(i) is negative only when x has rank 1 (where x(v) = v * d_0 exactly).
struct BulkJob {
  Law law = Law::equal;
  layout::FlatLayout x{}, y{}, z{};
  uint64_t n = 0;  // indices [0, n)
  uint64_t m = 0;  // tile: the offsets must cover [0, m)
};

}  // namespace gpu_check
