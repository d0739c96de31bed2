// Slicing with `_`, the projection `dice`, and the two uses of the CuTe
// tutorial: local_tile and local_partition (CuTe's inner_partition and
// outer_partition of a zipped_divide).
#pragma once

#include <cstdint>
#include <optional>

#include "layout/layout.hpp"
#include "layout/notation.hpp"
#include "layout/result.hpp"
#include "layout/tiler.hpp"

namespace layout {

struct Sliced {
  Layout layout;   // the kept pieces, one top-level mode each (CuTe's slice)
  int64_t offset;  // L at the fixed coordinates, `_` read as 0
};

// slice(L, c): c is an integer, `_`, or a tuple congruent with a coarsening
// of shape(L) whose entries are integers, `_` or tuples.
//   result: as CuTe's slice, the pieces of L at the `_` places in depth-first
//           order, each kept whole as one top-level mode (a tuple entry's
//           pieces join its parent's list: slice(((_,2),_), L) has two
//           modes); `():()` when c has no `_`; L itself when c is `_`.
//   post: for every coordinate k of the result, L(c with k in the `_` places)
//         = offset + result(k).
Sliced slice(const Layout& l, const Term& coord);
// The same with the refusal returned as a value (no C++ throw).
Result<Sliced> try_slice(const Layout& l, const Term& coord);

// dice(p, x), CuTe's projection: the pieces of x paired with a non-`_` entry
// of p (`X` is `_`), a tuple entry's pieces joining its parent's list; p = `_`
// keeps nothing, an integer keeps x whole.
//   pre: every tuple of p meets a tuple of x of the same rank.
Term dice(const Term& proj, const Term& coord);
Tiler dice(const Term& proj, const Tiler& tiler);
Layout dice(const Term& proj, const Layout& l);
// The same with the refusal returned as a value (no C++ throw).
Result<Term> try_dice(const Term& proj, const Term& coord);
Result<Tiler> try_dice(const Term& proj, const Tiler& tiler);
Result<Layout> try_dice(const Term& proj, const Layout& l);

// local_tile(L, T, c[, p]): with p, local_tile(L, dice(p, T), dice(p, c)).
// Z = zipped_divide(L, T) with tile mode of rank R0 and rest mode of rank R1:
//   c a tuple of rank r <= R1: slice(Z, (_^R0, (c, _^(R1-r)))): the tile's
//     R0 modes, then the rest modes where c is `_` or missing;
//   c an integer: slice(Z, (_^R0, c)) (c indexes the rest mode);
// with _^1 = `_`. post: as slice's, on Z.
Sliced local_tile(const Layout& l, const Tiler& tile, const Term& coord,
                  const std::optional<Term>& proj = std::nullopt);
Result<Sliced> try_local_tile(const Layout& l, const Tiler& tile, const Term& coord,
                              const std::optional<Term>& proj = std::nullopt);

// local_partition(L, P, t[, p]): thread t's coordinate in P is CuTe's
// get_hier_coord(t) (per leaf (t / d) mod s, 0 for size 1) when it is a
// coordinate of P with P(c) = t, else that of the smallest index i with
// P(i) = t. With p, P' = dice(p, P) and the coordinate diced alike (else P' =
// P); folded to one colexicographic coordinate c_k per top-level mode of P'.
// Z = zipped_divide(L, (size(P'_0), size(P'_1), ...)) (size(P') for an
// integer shape), and the result is slice(Z, ((c, _...), _^R1)): the R1 rest
// modes, offset the tile at c.
//   pre: t >= 0 and some coordinate c of P has P(c) = t (searched
//        exhaustively for size(P) <= 2^20, decoded digit by digit past that).
Sliced local_partition(const Layout& l, const Layout& threads, int64_t tid,
                       const std::optional<Term>& proj = std::nullopt);
Result<Sliced> try_local_partition(const Layout& l, const Layout& threads, int64_t tid,
                                   const std::optional<Term>& proj = std::nullopt);

}  // namespace layout
