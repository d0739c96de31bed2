// Slicing with `_`, and the two uses of the CuTe tutorial: local_tile and
// local_partition.
#pragma once

#include <cstdint>

#include "layout/layout.hpp"
#include "layout/notation.hpp"
#include "layout/tiler.hpp"

namespace layout {

struct Sliced {
  Layout layout;   // the modes marked `_` (a rank-1 result is unwrapped)
  int64_t offset;  // L at the fixed coordinates, `_` read as 0
};

// slice(L, c): c is an integer, `_`, or a tuple congruent with a coarsening
// of shape(L) whose entries are integers, `_` or tuples.
//   post: for every coordinate k of the result, L(c with k in the `_` places)
//         = offset + result(k).
Sliced slice(const Layout& l, const Term& coord);

// local_tile(L, T, c): divide L by the tiler T (zipped_divide) and take tile c
// (c indexes the rest mode): slice(zipped_divide(L, T), (_, c)).
Sliced local_tile(const Layout& l, const Tiler& tile, const IntTuple& coord);

// local_partition(L, P, t): the elements of L owned by thread t of the thread
// layout P: with c the coordinate of the smallest index of P with P(c) = t,
// this is slice(zipped_divide(L, per-mode sizes of P), (c, _)).
//   pre: some coordinate c of P has P(c) = t (searched exhaustively for
//        size(P) <= 2^20, decoded digit by digit past that).
Sliced local_partition(const Layout& l, const Layout& threads, int64_t tid);

}  // namespace layout
