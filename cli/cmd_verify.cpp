// layoutcheck verify [--vectors DIR] [--cutlass FILE] [--cases N] [--seed S]:
// the main job — every law of the catalog through RapidCheck (a table: law,
// cases, classes, result, time), the worked examples, the conformance vectors,
// the CUTLASS cases, the fuzz
// corpora replayed and a short bulk campaign, as a summary table.
#include <iostream>
#include <memory>

#include "bulk_job.hpp"
#include "commands.hpp"
#include "exit_codes.hpp"
#include "fuzz_job.hpp"
#include "law_report.hpp"
#include "verify.hpp"

namespace layoutcheck {

namespace {

struct VerifyArgs {
  std::string vectors = LAYOUTCHECK_VECTORS_DIR;
  std::string cutlass = LAYOUTCHECK_CUTLASS_CASES;
  int cases = 200;
  std::optional<uint64_t> seed;
};

// Every law against the library; prints the laws table and each failure.
// In the summary, each case is one check and a failing law one failed check.
JobResult run_laws(const VerifyArgs& a, std::ostream& os) {
  props::run::Options o;
  o.cases = a.cases;
  o.seed = a.seed;
  std::vector<props::run::LawRun> runs;
  for (const props::Law& law : props::catalog())
    runs.push_back(props::run::run_law(props::reference_algebra(), law, o));
  JobResult r;
  os << "laws (" << runs.size() << ", " << a.cases << " cases each, RapidCheck):\n";
  print_law_header(os);
  for (const props::run::LawRun& run : runs) {
    print_law_row(os, run);
    r.cases += run.cases;
    r.passed += run.cases;
    if (run.result != props::run::Result::held) {
      ++r.cases;
      ++r.failed;
    }
  }
  for (const props::run::LawRun& run : runs)
    if (run.result != props::run::Result::held) print_law_failure(os, run);
  os << '\n';
  return r;
}

int run_verify(const VerifyArgs& a) {
  if (a.cases < 1) throw UsageError("--cases must be >= 1");
  // Jobs run before the summary is printed, so the laws table comes first.
  std::vector<Job> jobs{{"laws", [a] { return run_laws(a, std::cout); }}, {"lesson", run_lesson}};
  for (Job& j : vector_jobs(a.vectors)) jobs.push_back(std::move(j));
  jobs.push_back({"cutlass", [a] { return run_cutlass(a.cutlass); }});
  for (Job& j : fuzz_jobs()) jobs.push_back(std::move(j));
  jobs.push_back({"bulk", run_bulk_job});
  return run_jobs(jobs, std::cout);
}

}  // namespace

void add_verify(CLI::App& app, Action& action) {
  auto args = std::make_shared<VerifyArgs>();
  CLI::App* cmd = app.add_subcommand(
      "verify",
      "the main job: laws through RapidCheck, examples, vectors, fuzz corpora, bulk campaign");
  cmd->add_option("--vectors", args->vectors, "directory of reference vectors (*.jsonl)")
      ->capture_default_str();
  cmd->add_option("--cutlass", args->cutlass,
                  "the CUTLASS conformance cases (CuTe's answers on CUTLASS's layouts)")
      ->capture_default_str();
  cmd->add_option("--cases", args->cases, "RapidCheck cases per law")->capture_default_str();
  cmd->add_option("--seed", args->seed, "RapidCheck seed (default: random, printed per law)");
  cmd->callback([args, &action] { action = [args] { return run_verify(*args); }; });
}

}  // namespace layoutcheck
