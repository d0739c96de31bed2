#include "law_report.hpp"

#include <algorithm>
#include <cstdio>
#include <ostream>

namespace layoutcheck {

std::string classes_text(const props::run::LawRun& r) {
  int total = 0, smallest = 0;
  for (const auto& [name, t] : r.by_class) {
    total += t.cases;
    smallest = smallest == 0 ? t.cases : std::min(smallest, t.cases);
  }
  char buf[64];
  std::snprintf(buf, sizeof buf, "%zu (min %.0f%%)", r.by_class.size(),
                total ? 100.0 * smallest / total : 0.0);
  return buf;
}

void print_law_header(std::ostream& os) {
  char buf[160];
  std::snprintf(buf, sizeof buf, "%-16s %8s %14s %8s %13s %8s %9s %10s\n", "law", "cases",
                "classes", "checked", "worst class", "result", "time", "cases/s");
  os << buf;
}

void print_law_row(std::ostream& os, const props::run::LawRun& r) {
  char buf[200];
  const double checked =
      r.cases ? 100.0 * (r.cases - r.vacuous) / static_cast<double>(r.cases) : 0.0;
  // The class whose cases checked something least often, and that share.
  std::string worst = "-";
  double least = 2.0;
  for (const auto& [name, t] : r.by_class)
    if (t.share() < least) {
      least = t.share();
      worst = name + " " + std::to_string(static_cast<int>(100.0 * t.share())) + "%";
    }
  std::snprintf(buf, sizeof buf, "%-16s %8d %14s %7.0f%% %13s %8s %8.3fs %10.0f\n", r.law.c_str(),
                r.cases, classes_text(r).c_str(), checked, worst.c_str(),
                props::run::name(r.result), r.seconds, r.seconds > 0 ? r.cases / r.seconds : 0.0);
  os << buf;
}

std::string shell_quote(const std::string& s) {
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

void print_law_failure(std::ostream& os, const props::run::LawRun& r, const std::string& mutant) {
  os << "FAIL " << r.law << " (seed " << r.seed << ", after " << r.cases << " cases)\n";
  if (!r.counterexample) {
    os << "  " << r.message << '\n';
    return;
  }
  os << "  " << props::describe(*r.counterexample) << '\n';
  os << "  counterexample: " << r.args.size() << " argument(s), " << r.leaves
     << " shape leaves, largest |value| " << r.largest << '\n';
  os << "  replay: " << replay_command(r, mutant) << '\n';
}

std::string replay_command(const props::run::LawRun& r, const std::string& mutant,
                           const std::string& impl) {
  std::string out = "layoutcheck check " + r.law;
  if (!mutant.empty()) out += " --mutant " + mutant;
  if (!impl.empty()) out += " --impl " + shell_quote(impl);
  for (const std::string& a : r.args) out += ' ' + shell_quote(a);
  return out;
}

draw::ReportEntry report_entry(const props::run::LawRun& r, const props::Algebra& alg,
                               const std::string& heading, const std::string& replay,
                               const std::string& kind) {
  draw::ReportEntry e;
  e.law = r.law;
  e.heading = heading;
  e.kind = kind;
  e.operands = r.args;
  e.replay = replay;
  if (!r.counterexample) {
    e.what = r.message;
    return e;
  }
  e.what = props::describe(*r.counterexample);
  e.index = r.counterexample->index;
  e.expected = r.counterexample->expected;
  e.actual = r.counterexample->actual;
  const props::Law* law = props::find_law(r.law);
  if (law && law->args.size() == r.args.size()) {
    try {
      std::vector<props::Arg> args;
      for (std::size_t k = 0; k < r.args.size(); ++k)
        args.push_back(props::parse_arg(law->args[k], r.args[k]));
      e.explanation = props::explain(r.law, alg, args);
    } catch (const std::exception&) {  // operands the parser refuses: no values table
    }
  }
  return e;
}

}  // namespace layoutcheck
