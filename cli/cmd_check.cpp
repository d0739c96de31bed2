// layoutcheck check LAW ARGS... [--mutant NAME]: one law of the catalog on the
// given operands, brute force. `holds` (exit 0) or the counterexample (exit 1).
// layoutcheck check --list: the laws and the arguments each takes.
#include <iostream>
#include <memory>

#include "commands.hpp"
#include "exit_codes.hpp"
#include "law.hpp"
#include "mutants.hpp"

namespace layoutcheck {

namespace {

struct CheckArgs {
  std::string law;
  std::vector<std::string> operands;
  std::string mutant;
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
  if (!a.mutant.empty()) {
    const props::mutants::Mutant* m = props::mutants::find(a.mutant);
    if (!m) throw UsageError("no mutant " + a.mutant + " (layoutcheck selftest --list lists them)");
    mutant = m->make();
  }
  const props::Outcome out = law->check(mutant ? *mutant : props::reference_algebra(), args);
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
  cmd->add_flag("--list", args->list, "list the laws and their operands");
  cmd->callback([args, &action] { action = [args] { return check(*args); }; });
}

}  // namespace layoutcheck
