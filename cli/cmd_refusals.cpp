// layoutcheck refusals [--cases N] [--seed S] [--mutant NAME] [--dump FILE]:
// how often each operation refuses, and how often needlessly, on the
// completeness laws' generators (docs/CLI.md). For every operation with a
// completeness law (COMP-, PROD-, DIV-, LINV-, RINV-, CPL-COMPLETE) and the
// classes `admissible` (answerable edge cases) and `mixed` (every class of the
// law), it draws N operand sets, runs the operation and judges the case with
// the law (the oracle decides whether an answer exists):
//   refused   the operation threw layout::Error
//   needless  the law failed on a refusal (an answer exists)
//   wrong     the law failed on a result
//   vacuous   the oracle could not decide (too large, near the int64 edge)
// Exit 0 when no case is needless or wrong, 1 otherwise.
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <memory>

#include "commands.hpp"
#include "exit_codes.hpp"
#include "generators.hpp"
#include "law.hpp"
#include "mutants.hpp"

namespace layoutcheck {

namespace {

struct RefusalArgs {
  int cases = 2000;
  uint64_t seed = 20261201;
  std::string mutant;
  std::string dump;
};

struct Target {
  const char* law;
  const char* op;
  // Runs the operation; true when it refused.
  bool (*refuses)(const props::Algebra&, const std::vector<props::Arg>&);
};

template <class F>
bool refused(F&& f) {
  try {
    (void)f();
  } catch (const layout::Error&) {
    return true;
  }
  return false;
}

using props::Arg;
const layout::Layout& lay(const std::vector<Arg>& a, std::size_t k) {
  return std::get<layout::Layout>(a[k]);
}

const Target kTargets[] = {
    {"COMP-COMPLETE", "composition",
     [](const props::Algebra& g, const std::vector<Arg>& a) {
       return refused([&] { return g.composition(lay(a, 0), lay(a, 1)); });
     }},
    {"PROD-COMPLETE", "logical_product",
     [](const props::Algebra& g, const std::vector<Arg>& a) {
       return refused([&] { return g.logical_product(lay(a, 0), layout::Tiler(lay(a, 1))); });
     }},
    {"DIV-COMPLETE", "logical_divide",
     [](const props::Algebra& g, const std::vector<Arg>& a) {
       return refused([&] { return g.logical_divide(lay(a, 0), layout::Tiler(lay(a, 1))); });
     }},
    {"LINV-COMPLETE", "left_inverse",
     [](const props::Algebra& g, const std::vector<Arg>& a) {
       return refused([&] { return g.left_inverse(lay(a, 0)); });
     }},
    {"RINV-COMPLETE", "right_inverse",
     [](const props::Algebra& g, const std::vector<Arg>& a) {
       return refused([&] { return g.right_inverse(lay(a, 0)); });
     }},
    {"CPL-COMPLETE", "complement",
     [](const props::Algebra& g, const std::vector<Arg>& a) {
       return refused([&] { return g.complement(lay(a, 0), std::get<int64_t>(a[1])); });
     }},
};

struct Tally {
  int cases = 0, refused = 0, needless = 0, wrong = 0, vacuous = 0;
  double seconds = 0;
};

std::string percent(int n, int of) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f%%", of ? 100.0 * n / of : 0.0);
  return buf;
}

int run(const RefusalArgs& a) {
  if (a.cases < 1) throw UsageError("--cases must be >= 1");
  std::unique_ptr<props::Algebra> mutant;
  if (!a.mutant.empty()) {
    const props::mutants::Mutant* m = props::mutants::find(a.mutant);
    if (!m) throw UsageError("no mutant " + a.mutant + " (layoutcheck selftest --list lists them)");
    mutant = m->make();
  }
  const props::Algebra& alg = mutant ? *mutant : props::reference_algebra();
  std::ofstream dump;
  if (!a.dump.empty()) {
    dump.open(a.dump);
    if (!dump) throw UsageError("cannot write " + a.dump);
  }
  std::cout << "refusals of " << alg.name() << " (" << a.cases << " cases per row, seed " << a.seed
            << ")\n";
  std::cout << "| op | class | cases | refused | needless | wrong | vacuous | time |\n"
               "|---|---|---|---|---|---|---|---|\n";
  int bad = 0;
  rc::Random random(a.seed);
  for (const Target& t : kTargets) {
    const props::Law& law = *props::find_law(t.law);
    for (const bool mixed : {false, true}) {
      const auto gen = mixed ? props::gen::mixed_args_for(law)
                             : props::gen::shown_args_for(law, props::gen::InputClass::admissible);
      Tally n;
      const auto start = std::chrono::steady_clock::now();
      for (int i = 0; i < a.cases; ++i) {
        const std::vector<Arg> args = gen(random.split(), i % 100).value().v;
        const bool refused = t.refuses(alg, args);
        const props::Outcome out =
            law.parts.empty() ? law.check(alg, args) : law.check_part(alg, args, 0);
        ++n.cases;
        n.refused += refused;
        n.vacuous += out.is_vacuous();
        if (out.failed()) {
          ++(refused ? n.needless : n.wrong);
          if (n.needless + n.wrong <= 3) std::cerr << props::describe(*out) << '\n';
        }
        if (dump)  // op, operands, and whether an answer exists (1, 0, ? undecided)
          dump << t.op << '\t' << props::notation(args) << '\t'
               << (out.is_vacuous()            ? "?"
                   : (refused == out.failed()) ? "1"
                                               : "0")
               << '\n';
      }
      n.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      bad += n.needless + n.wrong;
      char time[32];
      std::snprintf(time, sizeof time, "%.2f s", n.seconds);
      std::cout << "| " << t.op << " | " << (mixed ? "mixed" : "admissible") << " | " << n.cases
                << " | " << n.refused << " (" << percent(n.refused, n.cases) << ") | " << n.needless
                << " | " << n.wrong << " | " << n.vacuous << " | " << time << " |\n";
    }
  }
  return bad ? kCheckFailed : kOk;
}

}  // namespace

void add_refusals(CLI::App& app, Action& action) {
  auto args = std::make_shared<RefusalArgs>();
  CLI::App* cmd = app.add_subcommand(
      "refusals", "how often each operation refuses, and needlessly, judged by the oracle");
  cmd->add_option("--cases", args->cases, "operand sets per operation and class (default 2000)");
  cmd->add_option("--seed", args->seed, "random seed (default 20261201)");
  cmd->add_option("--mutant", args->mutant, "measure a mutant algebra instead of the library");
  cmd->add_option("--dump", args->dump,
                  "write every case: op, operands, whether an answer exists (1/0/?)");
  cmd->callback([args, &action] { action = [args] { return run(*args); }; });
}

}  // namespace layoutcheck
