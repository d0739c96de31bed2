// Output formats of a Grid (grid.hpp): SVG (also inline in HTML), a
// self-contained HTML page, and TikZ for LaTeX (as CuTe's print_latex).
#pragma once

#include <string>

#include "grid.hpp"

namespace layoutcheck::draw {

// RGB of palette entry k of a grid with `palette` colors (8: CuTe's
// print_latex pastels; 32: a hue wheel for shared-memory banks).
std::string color_of(int k, int palette);
// The fill of a highlighted (mismatching) cell and its frame.
inline constexpr const char* kHighlightFill = "#ff5050";
inline constexpr const char* kHighlightFrame = "#b00000";

// Geometry of the SVG, for tests that locate a cell in a screenshot:
// cell (m, n) spans [x0 + n*w, x0 + (n+1)*w) x [y0 + m*h, y0 + (m+1)*h).
struct SvgGeometry {
  int x0, y0, w, h, width, height;
};
SvgGeometry svg_geometry(const Grid& g);

// One <svg> element (XML well-formed, no external references): the title,
// column and row numbers, one <rect class="cell" data-row data-col> and one
// <text> per cell, the thick rules.
std::string to_svg(const Grid& g);
// \documentclass{standalone} with a tikzpicture: one node per cell.
std::string to_tex(const Grid& g);
// A self-contained page (inline CSS, no scripts, no network) holding body,
// well-formed XML (XHTML syntax) so that XML and HTML parsers both read it.
std::string html_page(const std::string& title, const std::string& body);
// Escapes & < > " for text and attribute values.
std::string escape(const std::string& s);

}  // namespace layoutcheck::draw
