// Our side of cute_static_check: this library's answer to each case of the
// table, its evaluation by FlatLayout, and the planted wrong layout.
#pragma once

#include <cstdint>

#include "gpu_check/cute_static.hpp"
#include "layout/flat_layout.hpp"
#include "layout/layout.hpp"

namespace gpu_check::cute_static {

// op(A[, B[, C]]) of case c with this library (throws layout::Error when the
// library refuses, std::invalid_argument for an op it does not know). Ops:
//   make_layout_right SHAPE     tile_to_shape BLOCK SHAPE [ORDER]
//   blocked_product A B         raked_product A B
//   logical_product A TILER     zipped_product A TILER   tiled_product A TILER
//   logical_divide A TILER      zipped_divide A TILER    tiled_divide A TILER
//   flat_divide A TILER         composition A TILER      complement A M
//   right_inverse A             left_inverse A           coalesce A
//   layout A (A itself)
//   tiled_copy_tv THR VAL = with_shape(right_inverse(raked_product(THR, VAL)),
//                                      (size(THR), size(VAL)))   (make_tiled_copy)
layout::Layout our_result(const Case& c);

// A deliberately wrong version of L with the same size: its last flat mode
// with an even extent s:d becomes (s/2,2):(d, d s/2 + 1), so that L'(i) =
// L(i) + 1 from the index where that mode's coordinate reaches s/2 (size/2
// when it is the slowest mode). Without an even extent, the last mode's stride
// is made one larger.
layout::Layout planted(const layout::Layout& l);

// hashes[c] = hash of chunk c of [lo, hi) under f (as cpu_hashes).
//   pre: lo <= hi <= f.size; hashes has chunk_count(hi - lo) entries.
void our_hashes(const layout::FlatLayout& f, uint64_t lo, uint64_t hi, uint64_t* hashes,
                unsigned threads);

}  // namespace gpu_check::cute_static
