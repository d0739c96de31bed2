// Products: logical, zipped, tiled, blocked, raked.
#pragma once

#include "layout/layout.hpp"
#include "layout/result.hpp"
#include "layout/tiler.hpp"

namespace layout {

// logical_product(A, B) for a layout B: (A, complement(A, size(A)*cosize(B)) o B).
//   rank 2: mode 0 is A itself, mode 1 is compatible with B.
// A tuple tiler multiplies mode by mode (A's modes past rank(B) kept).
Layout logical_product(const Layout& a, const Tiler& b);
Result<Layout> try_logical_product(const Layout& a, const Tiler& b);
// Regroupings as for the divides.
Layout zipped_product(const Layout& a, const Tiler& b);
Result<Layout> try_zipped_product(const Layout& a, const Tiler& b);
Layout tiled_product(const Layout& a, const Tiler& b);
Result<Layout> try_tiled_product(const Layout& a, const Tiler& b);

// blocked/raked: pad A and B with 1:0 modes to rank R = max(rank A, rank B),
// P = (A', C o B') with C = complement(A', size(A')*cosize(B')), then
//   blocked: mode i = (A'_i, (C o B')_i)     raked: mode i = ((C o B')_i, A'_i).
//   post: size(R) = size(A) * size(B).
Layout blocked_product(const Layout& a, const Layout& b);
Result<Layout> try_blocked_product(const Layout& a, const Layout& b);
Layout raked_product(const Layout& a, const Layout& b);
Result<Layout> try_raked_product(const Layout& a, const Layout& b);

// tile_to_shape(B, T[, O]) (CuTe): repeat the block B to fill the target shape
// T. With R = rank(T), B' = B padded with 1:0 modes to rank R, b_i = size(B'_i)
// and t_i = size(T_i): P = (t_0/b_0, ...) laid out column-major, or in the
// order O (congruent with P, smallest first) when given, and the result is
// blocked_product(B', P) with each mode coalesced.
//   pre:  rank(B) <= R; b_i divides t_i.
//   post: rank R (an integer layout for R = 1), size of mode i = t_i, the
//         function of blocked_product(B', P).
Layout tile_to_shape(const Layout& block, const IntTuple& target);
Layout tile_to_shape(const Layout& block, const IntTuple& target, const IntTuple& order);

}  // namespace layout
