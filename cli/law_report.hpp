// Printing law runs (props::run::LawRun) for `verify` and `selftest`: the
// table row (law, cases, classes, result, time) and the failure block with
// the shrunk counterexample and the command that replays it.
#pragma once

#include <iosfwd>
#include <string>

#include "algebra.hpp"
#include "draw/report.hpp"
#include "law_run.hpp"

namespace layoutcheck {

// "11 (min 7%)": how many input classes the cases came from, and the
// smallest class's share.
std::string classes_text(const props::run::LawRun& r);

void print_law_header(std::ostream& os);
void print_law_row(std::ostream& os, const props::run::LawRun& r);

// The failure: the law, the counterexample (props::describe), its size, and
// `layoutcheck check LAW ARGS...` (with `--mutant NAME` for a mutant).
void print_law_failure(std::ostream& os, const props::run::LawRun& r,
                       const std::string& mutant = "");

// `layoutcheck check LAW ARGS...` (with `--mutant NAME` for a mutant, or
// `--impl CMD`) that replays a failed run.
std::string replay_command(const props::run::LawRun& r, const std::string& mutant = "",
                           const std::string& impl = "");

// A failed run as a report entry (--report): its counterexample, and the
// expected and actual values from props::explain, recomputed with alg (the
// algebra that failed it). heading names that algebra; kind the finding's kind.
draw::ReportEntry report_entry(const props::run::LawRun& r, const props::Algebra& alg,
                               const std::string& heading, const std::string& replay,
                               const std::string& kind = "wrong answer");

// An argument quoted for a POSIX shell.
std::string shell_quote(const std::string& s);

}  // namespace layoutcheck
