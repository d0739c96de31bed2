// `layoutcheck verify --json FILE --junit FILE`: the results for CI systems.
//   JSON: {"command", "exit", "passed", "failed", "laws": [{law, result,
//   cases, vacuous, seed, seconds, operands, what, index, expected, actual,
//   replay}], "checks": [{name, cases, passed, failed, disputed, seconds,
//   error, failures}]}
//   JUnit XML: a testsuite "laws" (one testcase per law, a <failure> with the
//   counterexample and its replay) and a testsuite "checks" (one testcase per
//   row of the summary table: lesson, vectors/<op>, cutlass, fuzz corpora,
//   bulk; a <failure> with the failing records, an <error> when the row could
//   not run).
#pragma once

#include <string>
#include <vector>

#include "law_run.hpp"
#include "verify.hpp"

namespace layoutcheck {

std::string verify_json(const std::vector<props::run::LawRun>& laws,
                        const std::vector<JobRow>& rows, int exit_code);
std::string verify_junit(const std::vector<props::run::LawRun>& laws,
                         const std::vector<JobRow>& rows);

}  // namespace layoutcheck
