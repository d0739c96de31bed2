// layoutcheck draw: pictures of layouts (docs/CLI.md, cli/draw/).
//   draw L                      a layout (rank 1, 2, > 2, nested) or Sw<B,M,S> o L
//   draw op OP ARGS...          an operation's result with its tiles
//   draw --tv TV --tile (M,N)   a TV layout: (thread, value) -> cell of an M x N tile
//   draw --thr THR --val VAL    CuTe's make_layout_tv(THR, VAL)
// [--out FILE] [--format svg|html|tex] [--bytes N]
#include <fstream>
#include <iostream>
#include <memory>
#include <stdexcept>

#include "commands.hpp"
#include "draw/grid.hpp"
#include "draw/render.hpp"
#include "exit_codes.hpp"
#include "law_report.hpp"
#include "layout/algebra.hpp"
#include "ops.hpp"

namespace layoutcheck {

namespace {

struct DrawArgs {
  std::vector<std::string> words;
  std::string out, format, tv, tile, thr, val;
  int64_t bytes = 2;
};

std::string format_of(const DrawArgs& a) {
  if (!a.format.empty()) return a.format;
  auto ends = [&](const char* ext) {
    const std::string e = ext;
    return a.out.size() >= e.size() && a.out.compare(a.out.size() - e.size(), e.size(), e) == 0;
  };
  return ends(".html") || ends(".htm") ? "html" : ends(".tex") ? "tex" : "svg";
}

std::string command_line(const DrawArgs& a) {
  std::string c = "layoutcheck draw";
  for (const std::string& w : a.words) c += " " + shell_quote(w);
  if (!a.tv.empty()) c += " --tv " + shell_quote(a.tv) + " --tile " + shell_quote(a.tile);
  if (!a.thr.empty()) c += " --thr " + shell_quote(a.thr) + " --val " + shell_quote(a.val);
  return c;
}

// make_layout_tv(thr, val): the (M, N) tile is raked_product(thr, val); the
// TV layout is its right inverse reshaped to (size(thr), size(val)).
draw::Grid thr_val_grid(const std::string& thr_text, const std::string& val_text) {
  const layout::Layout thr = layout::parse_layout(thr_text), val = layout::parse_layout(val_text);
  const layout::Layout mn = layout::raked_product(thr, val);
  if (mn.rank() != 2)
    throw UsageError("--thr and --val must have rank 2 (their raked product is the M x N tile)");
  const layout::Layout tv = layout::composition(
      layout::right_inverse(mn),
      layout::make_layout_left(layout::IntTuple::tuple({thr.size(), val.size()})));
  draw::Grid g = draw::tv_grid(tv, mn[0].size(), mn[1].size());
  g.title = "make_layout_tv(" + layout::to_string(thr) + ", " + layout::to_string(val) +
            ") = " + layout::to_string(tv);
  return g;
}

draw::Grid grid_of(const DrawArgs& a) {
  if (!a.tv.empty() || !a.tile.empty()) {
    if (a.tv.empty() || a.tile.empty() || !a.words.empty())
      throw UsageError("a TV layout is drawn with --tv TV --tile (M,N) and no other operand");
    const layout::IntTuple t = layout::parse_int_tuple(a.tile);
    if (t.rank() != 2 || !t[0].is_int() || !t[1].is_int()) throw UsageError("--tile takes (M,N)");
    return draw::tv_grid(layout::parse_layout(a.tv), t[0].value(), t[1].value());
  }
  if (!a.thr.empty() || !a.val.empty()) {
    if (a.thr.empty() || a.val.empty() || !a.words.empty())
      throw UsageError("make_layout_tv is drawn with --thr THR --val VAL and no other operand");
    return thr_val_grid(a.thr, a.val);
  }
  if (a.words.empty())
    throw UsageError("give a layout, op OP ARGS..., --tv or --thr (draw --help)");
  if (a.words[0] == "op") {
    if (a.words.size() < 2) throw UsageError("draw op OP ARGS...");
    const props::OpSpec* op = props::find_op(a.words[1]);
    if (!op) throw UsageError("unknown operation \"" + a.words[1] + "\" (layoutcheck op --help)");
    std::vector<props::Arg> args;
    try {
      args = props::parse_operands(*op, {a.words.begin() + 2, a.words.end()});
    } catch (const std::invalid_argument& e) {
      throw UsageError(e.what());
    }
    const props::Value v = op->run(props::reference_algebra(), args);
    if (!std::holds_alternative<layout::Layout>(v))
      throw UsageError("draw op draws operations whose result is a layout; " + op->name +
                       " gives " + props::to_notation(v));
    draw::Grid g = draw::layout_grid(std::get<layout::Layout>(v));
    std::string call = op->name + "(";
    for (std::size_t k = 2; k < a.words.size(); ++k) call += (k > 2 ? ", " : "") + a.words[k];
    g.title = call + ") = " + g.title;
    return g;
  }
  if (a.words.size() != 1) throw UsageError("draw takes one layout (or op OP ARGS...)");
  if (auto sw = draw::parse_swizzled(a.words[0])) return draw::swizzle_grid(*sw, a.bytes);
  return draw::layout_grid(layout::parse_layout(a.words[0]));
}

int run_draw(const DrawArgs& a) {
  const std::string format = format_of(a);
  draw::Grid g;
  try {
    g = grid_of(a);
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());
  }
  std::string text;
  if (format == "tex") {
    text = draw::to_tex(g);
  } else if (format == "html") {
    text = draw::html_page(g.title, "<h1><code>" + draw::escape(g.title) + "</code></h1>\n" +
                                        draw::to_svg(g) + "<pre>" + draw::escape(command_line(a)) +
                                        "</pre>\n");
  } else {
    text = draw::to_svg(g);
  }
  if (a.out.empty()) {
    std::cout << text;
    return kOk;
  }
  std::ofstream f(a.out);
  if (!f || !(f << text)) throw UsageError("cannot write " + a.out);
  return kOk;
}

}  // namespace

void add_draw(CLI::App& app, Action& action) {
  auto a = std::make_shared<DrawArgs>();
  CLI::App* cmd = app.add_subcommand(
      "draw", "draw a layout, an operation's result or a TV layout as SVG, HTML or TikZ");
  cmd->add_option("L", a->words, "a layout (or Sw<B,M,S> o L), or op OP ARGS...");
  cmd->add_option("--out", a->out, "write to this file (default: stdout)");
  cmd->add_option("--format", a->format,
                  "svg, html or tex (default: from --out's extension, else svg)")
      ->check(CLI::IsMember({"svg", "html", "tex"}));
  cmd->add_option("--tv", a->tv, "a TV layout (thread, value) -> index in the --tile");
  cmd->add_option("--tile", a->tile, "the tile (M,N) a --tv layout indexes (column-major)");
  cmd->add_option("--thr", a->thr, "make_layout_tv's thread layout (with --val)");
  cmd->add_option("--val", a->val, "make_layout_tv's value layout (with --thr)");
  cmd->add_option("--bytes", a->bytes, "element size of a swizzled layout, for its banks")
      ->capture_default_str();
  cmd->callback([a, &action] { action = [a] { return run_draw(*a); }; });
}

}  // namespace layoutcheck
