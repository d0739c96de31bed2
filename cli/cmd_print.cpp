// layoutcheck print L: the table of a rank-2 layout as CuTe's print_layout
// draws it (rows: mode 0, columns: mode 1); a rank-1 layout is one row.
#include <algorithm>
#include <iostream>
#include <memory>

#include "commands.hpp"
#include "exit_codes.hpp"
#include "layout/algebra.hpp"

namespace layoutcheck {

namespace {

constexpr int64_t kPrintCellLimit = int64_t{1} << 20;

std::string right_aligned(const std::string& s, std::size_t width) {
  return std::string(width > s.size() ? width - s.size() : 0, ' ') + s;
}

std::string rstrip(std::string s) {
  s.erase(s.find_last_not_of(' ') + 1);
  return s;
}

int print_layout(const std::string& text) {
  const layout::Layout l = layout::parse_layout(text);
  if (l.rank() < 1 || l.rank() > 2)
    throw UsageError("print draws rank-1 and rank-2 layouts; " + layout::to_string(l) +
                     " has rank " + std::to_string(l.rank()));
  const int64_t rows = l.rank() == 2 ? l[0].size() : 1;
  const int64_t cols = l.rank() == 2 ? l[1].size() : l.size();
  if (l.size() > kPrintCellLimit)
    throw UsageError(layout::to_string(l) + " has " + std::to_string(l.size()) +
                     " cells; print draws at most " + std::to_string(kPrintCellLimit));
  std::vector<std::string> cells;
  cells.reserve(static_cast<std::size_t>(l.size()));
  std::size_t width = std::to_string(cols - 1).size();
  for (int64_t i = 0; i < l.size(); ++i) {
    cells.push_back(std::to_string(l(i)));  // index i is the cell (i % rows, i / rows)
    width = std::max(width, cells.back().size());
  }
  const std::size_t label = std::max<std::size_t>(2, std::to_string(rows - 1).size());
  const std::string indent(label + 2, ' ');
  std::string rule = indent;
  for (int64_t n = 0; n < cols; ++n) rule += "+" + std::string(width + 2, '-');
  rule += "+\n";

  std::string out = layout::to_string(l) + "\n";
  std::string header = indent;
  for (int64_t n = 0; n < cols; ++n) header += "  " + right_aligned(std::to_string(n), width) + " ";
  out += rstrip(header) + "\n";
  for (int64_t m = 0; m < rows; ++m) {
    out += rule;
    out += right_aligned(std::to_string(m), label) + "  ";
    for (int64_t n = 0; n < cols; ++n)
      out += "| " + right_aligned(cells[static_cast<std::size_t>(m + n * rows)], width) + " ";
    out += "|\n";
  }
  out += rule;
  std::cout << out;
  return kOk;
}

}  // namespace

void add_print(CLI::App& app, Action& action) {
  auto text = std::make_shared<std::string>();
  CLI::App* cmd = app.add_subcommand("print", "draw the table of a rank-1 or rank-2 layout");
  cmd->add_option("L", *text, "the layout")->required();
  cmd->callback([text, &action] { action = [text] { return print_layout(*text); }; });
}

}  // namespace layoutcheck
