#include "report.hpp"

#include <fstream>
#include <stdexcept>

#include "grid.hpp"
#include "law.hpp"
#include "layout/notation.hpp"
#include "render.hpp"

namespace layoutcheck::draw {

namespace {

// An operand drawn when it is a layout of at most 1024 cells; else its text.
std::string operand_figure(const std::string& text) {
  try {
    const layout::Layout l = layout::parse_layout(text);
    if (l.size() <= 1024) return "<div>" + to_svg(layout_grid(l)) + "</div>\n";
  } catch (const std::exception&) {  // not a layout (an integer, a tiler, text)
  }
  return "<div><code>" + escape(text) + "</code></div>\n";
}

std::string value_text(const std::optional<int64_t>& v) { return v ? std::to_string(*v) : "-"; }

// The values of one side of an explanation on its arrangement's grid.
Grid values_grid(const props::Explanation& e, bool expected_side) {
  Grid g = empty_grid(e.arrangement);
  g.title = expected_side ? "expected" : "actual";
  for (std::size_t i = 0; i < e.expected.size() && i < g.cells.size(); ++i) {
    const int64_t k = static_cast<int64_t>(i);
    Cell& c = g.at(k % g.rows, k / g.rows);
    const std::optional<int64_t>& v = expected_side ? e.expected[i] : e.actual[i];
    c.label = value_text(v);
    c.color = v ? offset_color(*v) : -1;
    c.highlight = e.expected[i] != e.actual[i];
  }
  return g;
}

// The anchor of entry k (a law may fail for several algebras in one report).
std::string anchor(std::size_t k, const ReportEntry& f) {
  return "f" + std::to_string(k + 1) + "-" + f.law;
}

std::string entry_html(std::size_t k, const ReportEntry& f) {
  const props::Law* law = props::find_law(f.law);
  std::string o = "<section class=\"law\" id=\"" + escape(anchor(k, f)) + "\">\n<h2>" +
                  escape(f.law) + ": <span class=\"bad\">" + escape(f.kind) + "</span>" +
                  (f.heading.empty() ? "" : " (" + escape(f.heading) + ")") + "</h2>\n";
  if (law) o += "<p class=\"statement\">" + escape(law->statement) + "</p>\n";
  o += "<pre class=\"what\">" + escape(f.what) + "</pre>\n";
  if (!f.operands.empty()) {
    o += "<h3>Operands (shrunk)</h3>\n<div class=\"figures\">\n";
    for (std::size_t k = 0; k < f.operands.size(); ++k) {
      // layouts are drawn; integers, tilers, tuples and text are written
      const bool layout_arg = law && k < law->args.size() && law->args[k] == props::ArgKind::layout;
      o += layout_arg ? operand_figure(f.operands[k])
                      : "<div><code>" + escape(f.operands[k]) + "</code></div>\n";
    }
    o += "</div>\n";
  }
  o += "<h3>Expected against actual</h3>\n";
  if (f.explanation) {
    const bool differ = f.explanation->expected != f.explanation->actual;
    o += "<p>" + escape(f.explanation->caption) +
         (differ ? "; mismatching cells are red."
                 : ": the values agree; the law fails on the result's form (above).") +
         "</p>\n";
    o += "<div class=\"figures\">\n<div>" + to_svg(values_grid(*f.explanation, true)) +
         "</div>\n<div>" + to_svg(values_grid(*f.explanation, false)) + "</div>\n</div>\n";
  }
  if (f.expected || f.actual) {
    o += "<table class=\"values\"><tr><th>index</th><th>expected</th><th>actual</th></tr>\n"
         "<tr><td>" +
         value_text(f.index) + "</td><td class=\"mismatch\">" + value_text(f.expected) +
         "</td><td class=\"mismatch\">" + value_text(f.actual) + "</td></tr></table>\n";
  } else if (f.index) {
    o += "<p>At index " + std::to_string(*f.index) +
         ": the values are in the description above.</p>\n";
  } else if (!f.explanation) {
    o += "<p>The law names no single index here: the description above is the whole "
         "counterexample.</p>\n";
  }
  if (!f.replay.empty())
    o += "<h3>Replay</h3>\n<pre class=\"replay\">" + escape(f.replay) + "</pre>\n";
  return o + "</section>\n";
}

}  // namespace

std::string report_html(const std::string& title, const std::string& summary,
                        const std::vector<ReportEntry>& failures,
                        const std::vector<std::string>& passed) {
  std::string body = "<h1>" + escape(title) + "</h1>\n<p>" + escape(summary) + "</p>\n";
  if (failures.empty()) {
    body += "<p class=\"ok\">Nothing failed.</p>\n";
  } else {
    body += "<p class=\"bad\">" + std::to_string(failures.size()) + " counterexample(s):";
    for (std::size_t k = 0; k < failures.size(); ++k)
      body += " <a href=\"#" + escape(anchor(k, failures[k])) + "\">" + escape(failures[k].law) +
              "</a>";
    body += "</p>\n";
  }
  for (std::size_t k = 0; k < failures.size(); ++k) body += entry_html(k, failures[k]);
  if (!passed.empty()) {
    body += "<section class=\"law\"><h2 class=\"ok\">Held</h2>\n<pre>";
    for (const std::string& p : passed) body += escape(p) + "\n";
    body += "</pre></section>\n";
  }
  return html_page(title, body);
}

void write_report(const std::string& file, const std::string& title, const std::string& summary,
                  const std::vector<ReportEntry>& failures,
                  const std::vector<std::string>& passed) {
  std::ofstream out(file);
  if (!out || !(out << report_html(title, summary, failures, passed)))
    throw std::runtime_error("cannot write the report " + file);
}

}  // namespace layoutcheck::draw
