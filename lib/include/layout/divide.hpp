// Divides: logical, zipped, tiled, flat.
#pragma once

#include "layout/layout.hpp"
#include "layout/result.hpp"
#include "layout/tiler.hpp"

namespace layout {

// logical_divide(A, B) for a layout B: A o (B, complement(B, size(A))).
//   rank 2: mode 0 (the tile) = A o B, compatible with B; mode 1 = A o B*.
// A tuple tiler divides mode by mode (A's modes past rank(B) are kept); `_`
// leaves a mode alone. pre: those of complement and composition.
Layout logical_divide(const Layout& a, const Tiler& b);
Result<Layout> try_logical_divide(const Layout& a, const Tiler& b);

// Regroupings of the by-mode logical_divide, with (T_i, R_i) the two halves of
// mode i and r = rank(B):
//   zipped: ((T_0..T_{r-1}), (R_0..R_{r-1}, A_r..))
//   tiled:  ((T_0..T_{r-1}), R_0, .., R_{r-1}, A_r, ..)
//   flat:   (T_0, .., T_{r-1}, R_0, .., R_{r-1}, A_r, ..)
// A layout tiler gives zipped = logical_divide. `_` in a tiler is the tile 1:0
// with the whole mode as the rest.
Layout zipped_divide(const Layout& a, const Tiler& b);
Result<Layout> try_zipped_divide(const Layout& a, const Tiler& b);
Layout tiled_divide(const Layout& a, const Tiler& b);
Result<Layout> try_tiled_divide(const Layout& a, const Tiler& b);
Layout flat_divide(const Layout& a, const Tiler& b);
Result<Layout> try_flat_divide(const Layout& a, const Tiler& b);

}  // namespace layout
