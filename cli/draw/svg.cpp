// SVG and HTML output of a Grid (render.hpp).
#include <algorithm>
#include <cstdio>

#include "render.hpp"

namespace layoutcheck::draw {

namespace {

constexpr int kPad = 8, kCharW = 7, kLineH = 14;

std::string num(int64_t v) { return std::to_string(v); }

std::string attr(const char* name, const std::string& v) {
  return std::string(" ") + name + "=\"" + escape(v) + "\"";
}
std::string attr(const char* name, int64_t v) { return attr(name, num(v)); }

}  // namespace

std::string escape(const std::string& s) {
  std::string out;
  out.reserve(s.size());
  for (char c : s) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

std::string color_of(int k, int palette) {
  if (k < 0) return "#ffffff";
  if (palette == 8) {
    static const char* const kPastel[8] = {"#afafff", "#afffaf", "#ffffaf", "#ffafaf",
                                           "#d2d2ff", "#d2ffd2", "#ffffd2", "#ffd2d2"};
    return kPastel[k % 8];
  }
  // a hue wheel: hue k/palette of the circle, saturation 0.55, lightness 0.8
  const double h = 6.0 * (k % palette) / palette, c = 0.36, l = 0.8, m = l - c / 2;
  const double x = c * (1 - std::abs(h - 2 * static_cast<int>(h / 2) - 1));
  double r = 0, g = 0, b = 0;
  switch (static_cast<int>(h)) {
    case 0:
      r = c, g = x;
      break;
    case 1:
      r = x, g = c;
      break;
    case 2:
      g = c, b = x;
      break;
    case 3:
      g = x, b = c;
      break;
    case 4:
      r = x, b = c;
      break;
    default:
      r = c, b = x;
      break;
  }
  char buf[8];
  std::snprintf(buf, sizeof buf, "#%02x%02x%02x", static_cast<int>((r + m) * 255 + 0.5),
                static_cast<int>((g + m) * 255 + 0.5), static_cast<int>((b + m) * 255 + 0.5));
  return buf;
}

SvgGeometry svg_geometry(const Grid& g) {
  std::size_t chars = std::max<std::size_t>(2, num(g.cols - 1).size());
  bool notes = false;
  for (const Cell& c : g.cells) {
    chars = std::max(chars, std::max(c.label.size(), c.note.size()));
    notes = notes || !c.note.empty();
  }
  SvgGeometry s{};
  s.w = static_cast<int>(chars) * kCharW + 2 * kPad;
  s.h = notes ? 2 * kLineH + 8 : kLineH + 10;
  s.x0 = static_cast<int>(std::max<std::size_t>(2, num(g.rows - 1).size())) * kCharW + 2 * kPad;
  s.y0 = 2 * kLineH + 2 * kPad;  // the title, then the column numbers
  s.width = s.x0 + static_cast<int>(g.cols) * s.w + kPad;
  s.height = s.y0 + static_cast<int>(g.rows) * s.h + kPad;
  s.width = std::max(s.width, static_cast<int>(g.title.size()) * (kCharW + 1) + 2 * kPad);
  return s;
}

std::string to_svg(const Grid& g) {
  const SvgGeometry s = svg_geometry(g);
  std::string o = "<svg xmlns=\"http://www.w3.org/2000/svg\"" + attr("width", s.width) +
                  attr("height", s.height) +
                  attr("viewBox", "0 0 " + num(s.width) + " " + num(s.height)) +
                  " font-family=\"DejaVu Sans Mono, monospace\" font-size=\"12\">\n";
  o += "<title>" + escape(g.title) + "</title>\n";
  o += "<text" + attr("x", kPad) + attr("y", kPad + kLineH) + " font-weight=\"bold\">" +
       escape(g.title) + "</text>\n";
  for (int64_t n = 0; n < g.cols; ++n)
    o += "<text class=\"col\"" + attr("x", s.x0 + n * s.w + s.w / 2) + attr("y", s.y0 - 6) +
         " text-anchor=\"middle\" fill=\"#555\">" + num(n) + "</text>\n";
  for (int64_t m = 0; m < g.rows; ++m)
    o += "<text class=\"row\"" + attr("x", s.x0 - 6) + attr("y", s.y0 + m * s.h + s.h / 2 + 4) +
         " text-anchor=\"end\" fill=\"#555\">" + num(m) + "</text>\n";
  for (int64_t m = 0; m < g.rows; ++m)
    for (int64_t n = 0; n < g.cols; ++n) {
      const Cell& c = g.at(m, n);
      const int64_t x = s.x0 + n * s.w, y = s.y0 + m * s.h;
      o += "<rect class=\"cell" + std::string(c.highlight ? " mismatch" : "") + "\"" +
           attr("data-row", m) + attr("data-col", n) + attr("data-label", c.label) + attr("x", x) +
           attr("y", y) + attr("width", s.w) + attr("height", s.h) +
           attr("fill", c.highlight ? kHighlightFill : color_of(c.color, g.palette)) +
           attr("stroke", c.highlight ? kHighlightFrame : "#000") +
           attr("stroke-width", c.highlight ? "3" : "1") + "/>\n";
      const int64_t ty = c.note.empty() ? y + s.h / 2 + 4 : y + kLineH;
      o += "<text" + attr("x", x + s.w / 2) + attr("y", ty) + " text-anchor=\"middle\">" +
           escape(c.label) + "</text>\n";
      if (!c.note.empty())
        o += "<text" + attr("x", x + s.w / 2) + attr("y", ty + kLineH) +
             " text-anchor=\"middle\" font-size=\"10\" fill=\"#333\">" + escape(c.note) +
             "</text>\n";
    }
  for (int64_t r : g.row_rules)
    o += "<line class=\"rule\"" + attr("x1", s.x0) + attr("y1", s.y0 + r * s.h) +
         attr("x2", s.x0 + g.cols * s.w) + attr("y2", s.y0 + r * s.h) +
         " stroke=\"#000\" stroke-width=\"3\"/>\n";
  for (int64_t c : g.col_rules)
    o += "<line class=\"rule\"" + attr("x1", s.x0 + c * s.w) + attr("y1", s.y0) +
         attr("x2", s.x0 + c * s.w) + attr("y2", s.y0 + g.rows * s.h) +
         " stroke=\"#000\" stroke-width=\"3\"/>\n";
  return o + "</svg>\n";
}

std::string html_page(const std::string& title, const std::string& body) {
  return "<!DOCTYPE html>\n<html xmlns=\"http://www.w3.org/1999/xhtml\" lang=\"en\">\n<head>\n"
         "<meta charset=\"utf-8\"/>\n<title>" +
         escape(title) +
         "</title>\n<style>\n"
         "body { font-family: sans-serif; margin: 1.5em; color: #111; }\n"
         "code, pre { font-family: 'DejaVu Sans Mono', monospace; }\n"
         "pre { background: #f4f4f4; padding: 0.5em; white-space: pre-wrap; }\n"
         "section.law { border-top: 2px solid #888; margin-top: 1.5em; padding-top: 0.5em; }\n"
         "table.values { border-collapse: collapse; margin: 0.5em 0; }\n"
         "table.values td, table.values th { border: 1px solid #999; padding: 2px 6px; "
         "text-align: right; font-family: monospace; }\n"
         "table.values td.mismatch { background: #ff5050; font-weight: bold; }\n"
         ".figures { display: flex; flex-wrap: wrap; gap: 1.5em; align-items: flex-start; }\n"
         ".ok { color: #070; } .bad { color: #b00; }\n"
         "</style>\n</head>\n<body>\n" +
         body + "</body>\n</html>\n";
}

}  // namespace layoutcheck::draw
