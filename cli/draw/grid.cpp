#include "grid.hpp"

#include <algorithm>
#include <stdexcept>

#include "layout/error.hpp"
#include "layout/notation.hpp"

namespace layoutcheck::draw {

namespace {

using layout::Layout;

// Thick rules inside one mode: every extent of its first sub-mode, when the
// mode is nested (a tuple of rank >= 2, possibly inside rank-1 tuples).
void sub_mode_rules(Layout mode, int64_t span, std::vector<int64_t>& out) {
  while (mode.shape().is_tuple() && mode.rank() == 1) mode = mode[0];
  if (!mode.shape().is_tuple()) return;
  const int64_t step = mode[0].size();
  if (step <= 1 || step >= span) return;
  for (int64_t k = step; k < span; k += step) out.push_back(k);
}

void sort_unique(std::vector<int64_t>& v) {
  std::sort(v.begin(), v.end());
  v.erase(std::unique(v.begin(), v.end()), v.end());
}

void check_cells(int64_t n, const std::string& what) {
  if (n > kMaxCells)
    throw std::invalid_argument(what + " has " + std::to_string(n) + " cells; draw draws at most " +
                                std::to_string(kMaxCells));
}

}  // namespace

Grid empty_grid(const Layout& l) {
  Grid g;
  g.title = layout::to_string(l);
  const int64_t size = l.size();
  check_cells(size, g.title);
  if (l.rank() == 1) {
    g.rows = 1;
    g.cols = size;
    sub_mode_rules(l, g.cols, g.col_rules);
  } else {
    g.rows = l[0].size();
    g.cols = g.rows == 0 ? 0 : size / g.rows;
    sub_mode_rules(l[0], g.rows, g.row_rules);
    sub_mode_rules(l[1], l[1].size(), g.col_rules);
    // rank > 2: modes 1, 2, ... side by side; a rule where each block of mode 1 ends
    if (l.rank() > 2) {
      const int64_t block = l[1].size();
      const std::vector<int64_t> inner = g.col_rules;
      g.col_rules.clear();
      for (int64_t start = 0; start < g.cols; start += block) {
        if (start > 0) g.col_rules.push_back(start);
        for (int64_t r : inner) g.col_rules.push_back(start + r);
      }
    }
  }
  sort_unique(g.row_rules);
  sort_unique(g.col_rules);
  g.cells.assign(static_cast<std::size_t>(g.rows * g.cols), Cell{});
  return g;
}

Grid layout_grid(const Layout& l) {
  Grid g = empty_grid(l);
  for (int64_t n = 0; n < g.cols; ++n)
    for (int64_t m = 0; m < g.rows; ++m) {
      const int64_t v = l(m + g.rows * n);
      Cell& c = g.at(m, n);
      c.label = std::to_string(v);
      c.color = offset_color(v);
    }
  return g;
}

Grid tv_grid(const Layout& tv, int64_t m, int64_t n) {
  const std::string name = layout::to_string(tv);
  if (tv.rank() != 2)
    throw std::invalid_argument("a TV layout maps (thread, value): " + name + " has rank " +
                                std::to_string(tv.rank()));
  if (m < 1 || n < 1) throw std::invalid_argument("the tile (M,N) must be positive");
  check_cells(m * n, "the tile (" + std::to_string(m) + "," + std::to_string(n) + ")");
  Grid g;
  g.title = name + " over (" + std::to_string(m) + "," + std::to_string(n) + ")";
  g.rows = m;
  g.cols = n;
  g.cells.assign(static_cast<std::size_t>(m * n), Cell{"", "", -1, false});
  std::vector<int> hits(static_cast<std::size_t>(m * n), 0);
  const int64_t threads = tv[0].size(), values = tv[1].size();
  check_cells(threads * values, name);
  for (int64_t t = 0; t < threads; ++t)
    for (int64_t v = 0; v < values; ++v) {
      const int64_t idx = tv(t + threads * v);
      if (idx < 0 || idx >= m * n)
        throw std::invalid_argument(name + " maps (T" + std::to_string(t) + ", V" +
                                    std::to_string(v) + ") to " + std::to_string(idx) +
                                    ", outside the tile's [0, " + std::to_string(m * n) + ")");
      Cell& c = g.at(idx % m, idx / m);
      if (hits[static_cast<std::size_t>(idx)]++ == 0) {
        c.label = "T" + std::to_string(t) + " V" + std::to_string(v);
        c.color = static_cast<int>(t % 8);
      }
    }
  for (int64_t i = 0; i < m * n; ++i)
    if (hits[static_cast<std::size_t>(i)] > 1)
      g.at(i % m, i / m).note = "+" + std::to_string(hits[static_cast<std::size_t>(i)] - 1);
  return g;
}

Grid swizzle_grid(const layout::SwizzledLayout& s, int64_t bytes) {
  if (bytes != 1 && bytes != 2 && bytes != 4 && bytes != 8 && bytes != 16)
    throw std::invalid_argument("--bytes must be 1, 2, 4, 8 or 16");
  Grid g = empty_grid(s.layout());
  g.title = layout::to_string(s.swizzle()) + " o " + g.title;
  g.palette = 32;
  for (int64_t n = 0; n < g.cols; ++n)
    for (int64_t m = 0; m < g.rows; ++m) {
      const int64_t v = s(m + g.rows * n);
      Cell& c = g.at(m, n);
      c.label = std::to_string(v);
      const int64_t bank = ((v * bytes / 4) % 32 + 32) % 32;
      c.note = "b" + std::to_string(bank);
      c.color = static_cast<int>(bank);
    }
  return g;
}

std::optional<layout::SwizzledLayout> parse_swizzled(const std::string& text) {
  std::size_t p = text.find_first_not_of(' ');
  if (p == std::string::npos || text.compare(p, 3, "Sw<") != 0) return std::nullopt;
  const std::size_t close = text.find('>', p);
  auto bad = [&](const std::string& why) {
    return layout::Error("parse", text, "a swizzled layout is Sw<B,M,S> o L: " + why);
  };
  if (close == std::string::npos) throw bad("no closing >");
  const layout::IntTuple bms =
      layout::parse_int_tuple("(" + text.substr(p + 3, close - p - 3) + ")");
  if (bms.rank() != 3 || !bms[0].is_int() || !bms[1].is_int() || !bms[2].is_int())
    throw bad("Sw<B,M,S> takes three integers");
  for (int k = 0; k < 3; ++k)
    if (bms[k].value() < -64 || bms[k].value() > 64) throw bad("B, M and S lie in [-64, 64]");
  std::size_t o = text.find_first_not_of(' ', close + 1);
  if (o == std::string::npos || text[o] != 'o')
    throw bad("the swizzle and the layout are joined by ' o '");
  const layout::Swizzle sw(static_cast<int>(bms[0].value()), static_cast<int>(bms[1].value()),
                           static_cast<int>(bms[2].value()));
  return layout::SwizzledLayout(sw, layout::parse_layout(text.substr(o + 1)));
}

}  // namespace layoutcheck::draw
