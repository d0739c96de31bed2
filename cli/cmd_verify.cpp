// layoutcheck verify [--vectors DIR] [--cutlass FILE] [--cases N] [--seed S]:
// the main job — every law of the catalog through RapidCheck (a table: law,
// cases, classes, result, time), the worked examples, the conformance vectors,
// the CUTLASS cases, the fuzz
// corpora replayed and a short bulk campaign, as a summary table.
#include <fstream>
#include <iostream>
#include <memory>

#include "bulk_job.hpp"
#include "commands.hpp"
#include "exit_codes.hpp"
#include "fuzz_job.hpp"
#include "law_report.hpp"
#include "verify.hpp"
#include "verify_output.hpp"

namespace layoutcheck {

namespace {

struct VerifyArgs {
  std::string vectors = LAYOUTCHECK_VECTORS_DIR;
  std::string cutlass = LAYOUTCHECK_CUTLASS_CASES;
  int cases = 200;
  std::optional<uint64_t> seed;
  std::string json, junit, report;  // machine-readable results and the HTML report
};

// Every law against the library; prints the laws table and each failure.
// In the summary, each case is one check and a failing law one failed check.
JobResult run_laws(const VerifyArgs& a, std::ostream& os, std::vector<props::run::LawRun>& runs) {
  props::run::Options o;
  o.cases = a.cases;
  o.seed = a.seed;
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
  std::vector<props::run::LawRun> laws;
  std::vector<Job> jobs{{"laws", [&a, &laws] { return run_laws(a, std::cout, laws); }},
                        {"lesson", run_lesson}};
  for (Job& j : vector_jobs(a.vectors)) jobs.push_back(std::move(j));
  jobs.push_back({"cutlass", [a] { return run_cutlass(a.cutlass); }});
  for (Job& j : fuzz_jobs()) jobs.push_back(std::move(j));
  jobs.push_back({"bulk", run_bulk_job});
  std::vector<JobRow> rows;
  const int code = run_jobs(jobs, std::cout, &rows);
  auto write = [](const std::string& file, const std::string& text) {
    std::ofstream out(file);
    if (!out || !(out << text)) throw UsageError("cannot write " + file);
  };
  if (!a.json.empty()) write(a.json, verify_json(laws, rows, code));
  if (!a.junit.empty()) write(a.junit, verify_junit(laws, rows));
  if (!a.report.empty()) {
    std::vector<draw::ReportEntry> failures;
    std::vector<std::string> passed;
    for (const props::run::LawRun& r : laws) {
      if (r.result == props::run::Result::held)
        passed.push_back(r.law + ": holds (" + std::to_string(r.cases) + " cases)");
      else
        failures.push_back(report_entry(r, props::reference_algebra(), "layoutcheck's library",
                                        replay_command(r), props::run::name(r.result)));
    }
    int64_t ok = 0, bad = 0;
    for (const JobRow& row : rows) {
      ok += row.result.passed;
      bad += row.result.failed;
      if (row.name == "laws") continue;
      std::string line = row.name + ": " + std::to_string(row.result.passed) + " passed, " +
                         std::to_string(row.result.failed) + " failed";
      if (!row.error.empty()) line += " (error: " + row.error + ")";
      for (const std::string& f : row.result.failures) line += "\n    " + f;
      passed.push_back(line);
    }
    draw::write_report(a.report, "layoutcheck verify",
                       std::to_string(ok) + " passed, " + std::to_string(bad) +
                           " failed (the laws through RapidCheck, the lesson, the vectors, the "
                           "CUTLASS cases, the fuzz corpora, the bulk campaign).",
                       failures, passed);
  }
  return code;
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
  cmd->add_option("--json", args->json, "also write the results as JSON (docs/CLI.md)");
  cmd->add_option("--junit", args->junit,
                  "also write JUnit XML: one testcase per law and per row of the summary");
  cmd->add_option("--report", args->report,
                  "also write an HTML report (each failing law drawn, expected against actual)");
  cmd->callback([args, &action] { action = [args] { return run_verify(*args); }; });
}

}  // namespace layoutcheck
