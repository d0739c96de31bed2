// layoutcheck check LAW ARGS... [--mutant NAME | --impl CMD]: one law of the catalog on the
// given operands, brute force. `holds` (exit 0) or the counterexample (exit 1).
// layoutcheck check --list: the laws and the arguments each takes.
#include <iostream>
#include <memory>

#include "commands.hpp"
#include "exit_codes.hpp"
#include "law.hpp"
#include "law_report.hpp"
#include "mutants.hpp"
#include "protocol_algebra.hpp"

namespace layoutcheck {

namespace {

struct CheckArgs {
  std::string law;
  std::vector<std::string> operands;
  std::string mutant;
  std::string impl;
  std::string report;  // --report FILE
  bool list = false;
};

std::string usage(const props::Law& law) {
  std::string u = "layoutcheck check " + law.id;
  for (props::ArgKind k : law.args) u += std::string(" ") + props::kind_name(k);
  return u;
}

int list_laws() {
  for (const props::Law& law : props::catalog())
    std::cout << usage(law) << "\n    " << law.statement << '\n';
  return kOk;
}

int check(const CheckArgs& a) {
  if (a.list) return list_laws();
  if (a.law.empty()) throw UsageError("give a law (layoutcheck check --list lists them)");
  const props::Law* law = props::find_law(a.law);
  if (!law) throw UsageError("no law " + a.law + " (layoutcheck check --list lists them)");
  if (a.operands.size() != law->args.size())
    throw UsageError(law->id + " takes " + std::to_string(law->args.size()) +
                     " operand(s): " + usage(*law));
  std::vector<props::Arg> args;
  for (std::size_t k = 0; k < law->args.size(); ++k)
    args.push_back(props::parse_arg(law->args[k], a.operands[k]));

  std::unique_ptr<props::Algebra> mutant;
  if (!a.impl.empty() && !a.mutant.empty()) throw UsageError("give --mutant or --impl, not both");
  if (!a.impl.empty()) {
    auto impl = std::make_unique<adapters::ProtocolAlgebra>(a.impl, 10000);
    (void)impl->hello();
    mutant = std::move(impl);
  }
  if (!a.mutant.empty()) {
    const props::mutants::Mutant* m = props::mutants::find(a.mutant);
    if (!m) throw UsageError("no mutant " + a.mutant + " (layoutcheck selftest --list lists them)");
    mutant = m->make();
  }
  props::Outcome out;
  try {
    out = law->check(mutant ? *mutant : props::reference_algebra(), args);
  } catch (const props::Unsupported& e) {
    std::cout << "unsupported: " << e.what() << '\n';
    return kUsage;
  } catch (const adapters::ProtocolFailure& e) {  // --impl: a crash, hang or bad reply
    std::cout << law->id << " on " << props::notation(args)
              << ": the implementation failed: " << e.what() << '\n';
    return kCheckFailed;
  }
  if (!a.report.empty()) {
    props::run::LawRun r;
    r.law = law->id;
    r.args = a.operands;
    r.result = out ? props::run::Result::failed : props::run::Result::held;
    if (out) r.counterexample = *out;
    const std::string who = !a.impl.empty()     ? a.impl
                            : !a.mutant.empty() ? "mutant " + a.mutant
                                                : "layoutcheck's library";
    std::vector<draw::ReportEntry> failures;
    std::vector<std::string> passed;
    if (out)
      failures.push_back(report_entry(r, mutant ? *mutant : props::reference_algebra(), who,
                                      replay_command(r, a.mutant, a.impl)));
    else
      passed.push_back(law->id + " on " + props::notation(args) + ": holds");
    draw::write_report(a.report, "layoutcheck check " + law->id, "Algebra checked: " + who + ".",
                       failures, passed);
  }
  if (out) {
    std::cout << props::describe(*out) << '\n';
    return kCheckFailed;
  }
  std::cout << "holds";
  if (out.is_vacuous()) std::cout << " (vacuously: " << out.vacuous_reason() << ")";
  std::cout << '\n';
  return kOk;
}

}  // namespace

void add_check(CLI::App& app, Action& action) {
  auto args = std::make_shared<CheckArgs>();
  CLI::App* cmd = app.add_subcommand(
      "check",
      "one law of the catalog on the given operands, brute force: holds or a counterexample");
  cmd->add_option("LAW", args->law, "the law's id, e.g. COAL-FN (--list lists them)");
  cmd->add_option("ARGS", args->operands, "its operands in CuTe notation");
  cmd->add_option("--mutant", args->mutant, "check a mutant algebra instead of the library");
  cmd->add_option("--impl", args->impl,
                  "check another implementation over the audit protocol (docs/AUDIT.md)");
  cmd->add_option("--report", args->report,
                  "also write the result as one self-contained HTML page (drawn operands, "
                  "expected against actual)");
  cmd->add_flag("--list", args->list, "list the laws and their operands");
  cmd->callback([args, &action] { action = [args] { return check(*args); }; });
}

}  // namespace layoutcheck
