// The picture of a layout as a grid of cells, before any output format
// (svg.cpp, tex.cpp): what `layoutcheck draw` and the HTML reports draw.
//
// A layout L is drawn as CuTe's print_layout draws a rank-2 layout: rows are
// mode 0, columns the rest, cell (m, n) holds L(m + rows * n) (the
// colexicographic index, so a rank-1 layout is one row and a rank > 2 layout
// has its modes 1.. side by side in the columns). Where a mode is nested its
// first sub-mode's extent gets a thick rule (tiles: a divide's or product's
// result ((tile, rest), ...) shows its tiles), and so do the boundaries of
// modes 1, 2, ... of a rank > 2 layout. Cells are colored by offset (8 colors).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "layout/layout.hpp"
#include "layout/swizzle.hpp"

namespace layoutcheck::draw {

struct Cell {
  std::string label;       // the offset, or "T3 V1"
  std::string note;        // a second line ("b5": the bank), or empty
  int color = 0;           // palette index (svg.cpp: kPalette), -1: no fill
  bool highlight = false;  // a mismatching cell: drawn with a thick red frame
};

struct Grid {
  std::string title;  // the layout in CuTe notation
  int64_t rows = 0, cols = 0;
  std::vector<Cell> cells;                    // row-major: cell (m, n) is cells[m * cols + n]
  std::vector<int64_t> row_rules, col_rules;  // thick rules before these rows / columns
  int palette = 8;                            // colors in use: 8 (offsets, threads) or 32 (banks)
  Cell& at(int64_t m, int64_t n) { return cells[static_cast<std::size_t>(m * cols + n)]; }
  const Cell& at(int64_t m, int64_t n) const {
    return cells[static_cast<std::size_t>(m * cols + n)];
  }
};

// The palette index of an offset: offset mod 8, also for negative offsets.
inline int offset_color(int64_t v) { return static_cast<int>(((v % 8) + 8) % 8); }

// At most this many cells are drawn (a larger layout is refused: UsageError
// in the CLI, std::invalid_argument here).
inline constexpr int64_t kMaxCells = int64_t{1} << 16;

// The grid of rows x cols for a layout of the given shape: row and column
// count and the thick rules (the rules above).
Grid empty_grid(const layout::Layout& l);

// L's offsets. pre: size(L) <= kMaxCells.
Grid layout_grid(const layout::Layout& l);

// A TV layout (CuTe's print_latex): tv maps (thread, value) -> the column-
// major index of a cell of an M x N tile; each cell shows "T<t> V<v>",
// colored by thread. A cell hit by several (t, v) shows the first (in
// (t, v) order) and "+k" more; a cell hit by none stays blank.
// pre: tv has rank 2 (threads, values); tile = (M, N) positive, M*N <= kMaxCells;
// every tv(t, v) in [0, M*N) (else std::invalid_argument naming it).
Grid tv_grid(const layout::Layout& tv, int64_t m, int64_t n);

// A swizzled layout Sw o L of elements of `bytes` bytes: cell offsets after
// the swizzle, colored by their 4-byte shared-memory bank of 32
// ((offset * bytes / 4) mod 32), the bank noted under the offset.
// pre: bytes in {1, 2, 4, 8, 16}; size(L) <= kMaxCells.
Grid swizzle_grid(const layout::SwizzledLayout& s, int64_t bytes);

// Parses "Sw<B,M,S> o L" (spaces optional); std::nullopt when text does not
// start with "Sw<"; layout::Error("parse") when it does but is malformed.
std::optional<layout::SwizzledLayout> parse_swizzled(const std::string& text);

}  // namespace layoutcheck::draw
