// The HTML report of failing laws (`check`, `selftest`, `verify`, `audit`
// --report FILE): one self-contained page (inline SVG and CSS, no scripts, no
// network). Per failing law: its statement, the shrunk operands drawn, the
// expected and actual values as grids with the mismatching cells highlighted
// (props::explain; else the counterexample's one index as a table), and the
// command that replays it.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "explain.hpp"

namespace layoutcheck::draw {

struct ReportEntry {
  std::string law;      // the law's id
  std::string heading;  // what failed it: "mutant composition-no-carry-check", "pycute"
  std::string kind;     // "wrong answer", "crash", ...
  std::vector<std::string> operands;  // CuTe notation
  std::string what;                   // the counterexample in words
  std::optional<int64_t> index, expected, actual;
  std::string replay;                             // a shell command
  std::optional<props::Explanation> explanation;  // the values, when the law has them
};

// summary: one paragraph of plain text (the command, counts); passed: lines
// of what held, listed after the failures.
std::string report_html(const std::string& title, const std::string& summary,
                        const std::vector<ReportEntry>& failures,
                        const std::vector<std::string>& passed);

// Writes the report to file (UsageError-style std::runtime_error when it
// cannot be written).
void write_report(const std::string& file, const std::string& title, const std::string& summary,
                  const std::vector<ReportEntry>& failures, const std::vector<std::string>& passed);

}  // namespace layoutcheck::draw
