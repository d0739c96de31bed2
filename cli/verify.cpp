#include "verify.hpp"

#include <chrono>
#include <cstdio>
#include <ostream>
#include <stdexcept>

#include "conformance.hpp"
#include "cutlass_cases.hpp"
#include "exit_codes.hpp"
#include "vectors.hpp"

namespace layoutcheck {

std::vector<Job> vector_jobs(const std::filesystem::path& dir) {
  std::vector<Job> jobs;
  for (const std::filesystem::path& file : vector_files(dir))
    jobs.push_back({"vectors/" + file.stem().string(), [file] {
                      Conformance c;
                      run_vector_file(file, disputes_near(file), c);
                      JobResult r;
                      r.passed = c.passed();
                      r.failed = c.failed();
                      r.cases = r.passed + r.failed;
                      for (const OpTally& t : c.ops) {
                        r.disputed += t.disputed;
                        const std::vector<std::string> lines = t.failure_lines();
                        r.failures.insert(r.failures.end(), lines.begin(), lines.end());
                      }
                      return r;
                    }});
  return jobs;
}

JobResult run_cutlass(const std::filesystem::path& file) {
  std::vector<props::cutlass::Record> records;
  try {
    records = props::cutlass::load(file);
  } catch (const std::runtime_error& e) {
    throw UsageError(e.what());
  }
  JobResult r;
  for (const props::cutlass::Record& rec : records) {
    ++r.cases;
    if (const auto why = props::cutlass::check(props::reference_algebra(), rec)) {
      ++r.failed;
      r.failures.push_back("FAIL cutlass " + props::cutlass::describe(rec) + "\n  " + *why);
    } else {
      ++r.passed;
    }
  }
  return r;
}

JobResult run_lesson() {
  const props::LessonResult l = props::run_lesson(props::reference_algebra());
  JobResult r;
  r.cases = l.cases;
  r.passed = l.passed;
  r.failed = l.cases - l.passed;
  r.failures = l.failures;
  return r;
}

namespace {

std::string row_text(const std::string& name, const std::string& cases, const std::string& passed,
                     const std::string& failed, const std::string& disputed,
                     const std::string& time) {
  char buf[256];
  std::snprintf(buf, sizeof buf, "%-28s %9s %9s %9s %9s %9s\n", name.c_str(), cases.c_str(),
                passed.c_str(), failed.c_str(), disputed.c_str(), time.c_str());
  return buf;
}

}  // namespace

std::string seconds_text(double s) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2fs", s);
  return buf;
}

int run_jobs(const std::vector<Job>& jobs, std::ostream& os, std::vector<JobRow>* rows_out) {
  std::vector<JobRow> rows;
  bool malformed = false;
  for (const Job& job : jobs) {
    JobRow row{job.name, {}, 0.0, {}};
    const auto start = std::chrono::steady_clock::now();
    try {
      row.result = job.run();
    } catch (const std::exception& e) {  // the job could not run at all
      row.error = e.what();
      row.result.failed = 1;
      malformed = malformed || dynamic_cast<const UsageError*>(&e) != nullptr;
    }
    row.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    rows.push_back(std::move(row));
  }
  JobResult total;
  double seconds = 0;
  for (const JobRow& r : rows) {
    for (const std::string& f : r.result.failures) os << f << '\n';
    if (!r.error.empty()) os << "ERROR " << r.name << ": " << r.error << '\n';
    total.cases += r.result.cases;
    total.passed += r.result.passed;
    total.failed += r.result.failed;
    total.disputed += r.result.disputed;
    seconds += r.seconds;
  }
  os << row_text("check", "cases", "passed", "failed", "disputed", "time");
  for (const JobRow& r : rows)
    os << row_text(r.name, std::to_string(r.result.cases), std::to_string(r.result.passed),
                   r.error.empty() ? std::to_string(r.result.failed) : "error",
                   std::to_string(r.result.disputed), seconds_text(r.seconds));
  os << row_text("total", std::to_string(total.cases), std::to_string(total.passed),
                 std::to_string(total.failed), std::to_string(total.disputed),
                 seconds_text(seconds));
  if (total.disputed > 0)
    os << "(disputed: passed records whose reference answer violates the brute-force "
          "post-condition; `layoutcheck vectors` lists each with the reason)\n";
  os << total.passed << " passed, " << total.failed << " failed\n";
  if (rows_out) *rows_out = rows;
  if (malformed) return kUsage;
  return total.failed == 0 ? kOk : kCheckFailed;
}

}  // namespace layoutcheck
