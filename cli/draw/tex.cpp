// TikZ output of a Grid (render.hpp): a standalone LaTeX document, one node
// per cell, as CuTe's print_latex lays it out (rows down, columns across).
#include "render.hpp"

namespace layoutcheck::draw {

namespace {

// LaTeX text: the labels hold digits, letters, spaces, '-' and '+'; escape
// the few specials anyway.
std::string tex_text(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '_' || c == '#' || c == '%' || c == '&' || c == '$' || c == '{' || c == '}')
      out += '\\';
    out += c;
  }
  return out;
}

}  // namespace

std::string to_tex(const Grid& g) {
  std::string o =
      "\\documentclass[convert]{standalone}\n\\usepackage{tikz}\n\\begin{document}\n"
      "% " +
      tex_text(g.title) + "\n";
  for (int k = 0; k < g.palette; ++k)
    o += "\\definecolor{c" + std::to_string(k) + "}{HTML}{" + color_of(k, g.palette).substr(1) +
         "}\n";
  o += "\\definecolor{bad}{HTML}{" + std::string(kHighlightFill).substr(1) + "}\n";
  o += "\\begin{tikzpicture}[x={(0cm,-1cm)},y={(1cm,0cm)},every node/.style={minimum "
       "size=1cm, outer sep=0pt}]\n";
  for (int64_t m = 0; m < g.rows; ++m)
    for (int64_t n = 0; n < g.cols; ++n) {
      const Cell& c = g.at(m, n);
      const std::string fill = c.highlight   ? "bad"
                               : c.color < 0 ? "white"
                                             : "c" + std::to_string(c.color);
      std::string text = tex_text(c.label);
      if (!c.note.empty()) text = "\\shortstack{" + text + "\\\\\\tiny " + tex_text(c.note) + "}";
      o += "\\node[fill=" + fill + "] at (" + std::to_string(m) + "," + std::to_string(n) +
           ") {\\scriptsize " + text + "};\n";
    }
  o += "\\draw[color=black,thick,shift={(-0.5,-0.5)}] (0,0) grid (" + std::to_string(g.rows) + "," +
       std::to_string(g.cols) + ");\n";
  for (int64_t r : g.row_rules)
    o += "\\draw[line width=2pt,shift={(-0.5,-0.5)}] (" + std::to_string(r) + ",0) -- (" +
         std::to_string(r) + "," + std::to_string(g.cols) + ");\n";
  for (int64_t c : g.col_rules)
    o += "\\draw[line width=2pt,shift={(-0.5,-0.5)}] (0," + std::to_string(c) + ") -- (" +
         std::to_string(g.rows) + "," + std::to_string(c) + ");\n";
  for (int64_t m = 0; m < g.rows; ++m)
    o += "\\node at (" + std::to_string(m) + ",-1) {\\Large{\\texttt{" + std::to_string(m) +
         "}}};\n";
  for (int64_t n = 0; n < g.cols; ++n)
    o += "\\node at (-1," + std::to_string(n) + ") {\\Large{\\texttt{" + std::to_string(n) +
         "}}};\n";
  return o + "\\end{tikzpicture}\n\\end{document}\n";
}

}  // namespace layoutcheck::draw
