// layoutcheck selftest: the law suite against every mutant (props/mutants),
// each of which must be killed, and against the control, which must survive.
// Prints each kill (the law and its shrunk counterexample) and `killed k/n`.
#include <cstdio>
#include <iostream>
#include <memory>

#include "commands.hpp"
#include "exit_codes.hpp"
#include "law_report.hpp"
#include "selftest.hpp"
#include "verify.hpp"

namespace layoutcheck {

namespace {

struct SelftestArgs {
  int cases = 200;
  int sweep_cases = props::mutants::HuntOptions{}.sweep_cases;
  std::optional<uint64_t> seed;
  std::string mutant;
  bool every_law = false;
  bool list = false;
  std::string report;  // --report FILE
};

std::string row(const std::string& mutant, const std::string& killer, const std::string& cases,
                const std::string& leaves, const std::string& largest, const std::string& laws,
                const std::string& time) {
  char buf[256];
  std::snprintf(buf, sizeof buf, "%-38s %-16s %6s %7s %20s %5s %8s\n", mutant.c_str(),
                killer.c_str(), cases.c_str(), leaves.c_str(), largest.c_str(), laws.c_str(),
                time.c_str());
  return buf;
}

int selftest(const SelftestArgs& a) {
  if (a.list) {
    for (const props::mutants::Mutant& m : props::mutants::all())
      std::cout << m.name << " (" << m.op << "): " << m.bug << '\n';
    return kOk;
  }
  if (a.cases < 1) throw UsageError("--cases must be >= 1");
  if (a.sweep_cases < 0) throw UsageError("--sweep must be >= 0");
  std::vector<const props::mutants::Mutant*> chosen;
  for (const props::mutants::Mutant& m : props::mutants::all())
    if (a.mutant.empty() || m.name == a.mutant) chosen.push_back(&m);
  if (chosen.empty())
    throw UsageError("no mutant " + a.mutant + " (layoutcheck selftest --list lists them)");

  props::mutants::HuntOptions o;
  o.cases = a.cases;
  o.sweep_cases = a.sweep_cases;
  o.seed = a.seed;
  o.every_law = a.every_law;
  std::string table;
  int killed = 0;
  std::vector<draw::ReportEntry> kills;  // --report: each mutant's counterexample
  std::vector<std::string> survivors;
  for (const props::mutants::Mutant* m : chosen) {
    const auto alg = m->make();
    const props::mutants::Hunt h = props::mutants::hunt(*alg, o);
    std::cout << m->name << " (" << m->bug << "):\n";
    for (const props::run::LawRun& r : h.runs)
      if (r.result != props::run::Result::held) print_law_failure(std::cout, r, m->name);
    const props::run::LawRun* k = h.killer();
    if (!k) std::cout << "SURVIVED all " << h.runs.size() << " laws\n";
    if (k && !a.report.empty())
      kills.push_back(report_entry(*k, *alg, "mutant " + m->name + ": " + m->bug,
                                   replay_command(*k, m->name), "kills the mutant"));
    if (!k && !a.report.empty()) survivors.push_back("SURVIVED: mutant " + m->name);
    killed += k != nullptr;
    table += row(m->name, k ? k->law : "SURVIVED",
                 k ? std::to_string(k->cases) + "/" + std::to_string(h.cases) : "-",
                 k ? std::to_string(k->leaves) : "-", k ? std::to_string(k->largest) : "-",
                 std::to_string(h.runs.size()), seconds_text(h.seconds));
  }
  // The control: the plain re-implementations the mutants are built from.
  o.every_law = true;
  const props::mutants::Hunt c = props::mutants::hunt(*props::mutants::control(), o);
  for (const props::run::LawRun& r : c.runs)
    if (r.result != props::run::Result::held) print_law_failure(std::cout, r);
  table += row("control", c.failures() ? "KILLED" : "survived", "-", "-", "-",
               std::to_string(c.runs.size()), seconds_text(c.seconds));

  std::cout << '\n'
            << row("mutant", "killed by", "cases", "leaves", "largest |value|", "laws", "time")
            << table;
  std::cout << "(cases: the cases that held before the killing one / the cases per law of the "
               "pass that killed it, the sweep or the full hunt; laws: the laws of that pass; "
               "leaves and largest |value|: the shrunk counterexample)\n";
  std::cout << "killed " << killed << "/" << chosen.size()
            << (c.failures() ? ", control KILLED (a re-implementation is wrong)"
                             : ", control survived")
            << '\n';
  if (!a.report.empty()) {
    survivors.push_back(c.failures() ? "the control was KILLED (a re-implementation is wrong)"
                                     : "the control (the plain re-implementations) survived");
    draw::write_report(a.report, "layoutcheck selftest: the counterexamples that kill the mutants",
                       "killed " + std::to_string(killed) + "/" + std::to_string(chosen.size()) +
                           " mutants; each section is the shrunk counterexample of one mutant.",
                       kills, survivors);
  }
  return killed == static_cast<int>(chosen.size()) && c.failures() == 0 ? kOk : kCheckFailed;
}

}  // namespace

void add_selftest(CLI::App& app, Action& action) {
  auto args = std::make_shared<SelftestArgs>();
  CLI::App* cmd = app.add_subcommand(
      "selftest", "the law suite against every mutant algebra: each must be killed");
  cmd->add_option("--cases", args->cases, "cases per law")->capture_default_str();
  cmd->add_option("--sweep", args->sweep_cases,
                  "cases per law of a first sweep of every law; the full hunt runs only on the "
                  "mutants it leaves alive (0: no sweep)")
      ->capture_default_str();
  cmd->add_option("--seed", args->seed, "RapidCheck seed (default: random, printed on a failure)");
  cmd->add_option("--mutant", args->mutant, "only this mutant (--list lists them)");
  cmd->add_flag("--every-law", args->every_law,
                "run every law on each mutant (default: stop at the first that kills it)");
  cmd->add_flag("--list", args->list, "list the mutants");
  cmd->add_option("--report", args->report,
                  "also write each mutant's counterexample as one self-contained HTML page");
  cmd->callback([args, &action] { action = [args] { return selftest(*args); }; });
}

}  // namespace layoutcheck
