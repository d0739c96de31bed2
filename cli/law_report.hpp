// Printing law runs (props::run::LawRun) for `verify` and `selftest`: the
// table row (law, cases, classes, result, time) and the failure block with
// the shrunk counterexample and the command that replays it.
#pragma once

#include <iosfwd>
#include <string>

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

// An argument quoted for a POSIX shell.
std::string shell_quote(const std::string& s);

}  // namespace layoutcheck
