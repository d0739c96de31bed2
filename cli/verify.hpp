// `layoutcheck verify`: a list of jobs (worked examples, conformance vectors;
// later laws, fuzz corpora, bulk checks), each with its own row in the
// summary table.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <iosfwd>
#include <string>
#include <vector>

namespace layoutcheck {

struct JobResult {
  int64_t cases = 0, passed = 0, failed = 0;
  int64_t disputed = 0;               // passed, but the reference answer was wrong
  std::vector<std::string> failures;  // lines printed before the table
};

struct Job {
  std::string name;
  std::function<JobResult()> run;
};

// The worked examples of the CuTe layout lesson (lesson.cpp).
JobResult run_lesson();

// The CUTLASS conformance suite (props/cutlass): every case identical to CuTe.
JobResult run_cutlass(const std::filesystem::path& file);

// One job per vector file of dir: "vectors/<op>".
std::vector<Job> vector_jobs(const std::filesystem::path& dir);

// A duration in the summary tables: "0.37s".
std::string seconds_text(double s);

// One job's row of the summary table.
struct JobRow {
  std::string name;
  JobResult result;
  double seconds = 0;
  std::string error;  // the job could not run at all
};

// Runs the jobs, prints the failures, the table and the final line
// `N passed, M failed`; returns the exit code (1 if anything failed, 2 if a
// job could not run because its input is malformed). rows (when given)
// receives the rows.
int run_jobs(const std::vector<Job>& jobs, std::ostream& os, std::vector<JobRow>* rows = nullptr);

}  // namespace layoutcheck
