#include "verify_output.hpp"

#include <cstdio>
#include <nlohmann/json.hpp>

#include "draw/render.hpp"
#include "law_report.hpp"

namespace layoutcheck {

namespace {

bool held(const props::run::LawRun& r) { return r.result == props::run::Result::held; }

std::string what(const props::run::LawRun& r) {
  return r.counterexample ? props::describe(*r.counterexample) : r.message;
}

std::string secs(double s) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3f", s);
  return buf;
}

// XML text: draw::escape plus the control characters XML 1.0 forbids.
std::string xml(const std::string& s) {
  std::string clean;
  for (char c : s)
    clean += (static_cast<unsigned char>(c) < 0x20 && c != '\n' && c != '\t') ? '?' : c;
  return draw::escape(clean);
}

}  // namespace

std::string verify_json(const std::vector<props::run::LawRun>& laws,
                        const std::vector<JobRow>& rows, int exit_code) {
  nlohmann::json j = {{"command", "layoutcheck verify"},
                      {"exit", exit_code},
                      {"laws", nlohmann::json::array()},
                      {"checks", nlohmann::json::array()}};
  int64_t passed = 0, failed = 0;
  for (const props::run::LawRun& r : laws) {
    nlohmann::json l = {{"law", r.law},     {"result", props::run::name(r.result)},
                        {"cases", r.cases}, {"vacuous", r.vacuous},
                        {"seed", r.seed},   {"seconds", r.seconds}};
    if (!held(r)) {
      l["what"] = what(r);
      l["operands"] = r.args;
      if (r.counterexample) {
        l["replay"] = replay_command(r);
        if (r.counterexample->index) l["index"] = *r.counterexample->index;
        if (r.counterexample->expected) l["expected"] = *r.counterexample->expected;
        if (r.counterexample->actual) l["actual"] = *r.counterexample->actual;
      }
    }
    j["laws"].push_back(l);
  }
  for (const JobRow& row : rows) {
    j["checks"].push_back({{"name", row.name},
                           {"cases", row.result.cases},
                           {"passed", row.result.passed},
                           {"failed", row.result.failed},
                           {"disputed", row.result.disputed},
                           {"seconds", row.seconds},
                           {"error", row.error},
                           {"failures", row.result.failures}});
    passed += row.result.passed;
    failed += row.result.failed;
  }
  j["passed"] = passed;
  j["failed"] = failed;
  return j.dump(2) + "\n";
}

std::string verify_junit(const std::vector<props::run::LawRun>& laws,
                         const std::vector<JobRow>& rows) {
  int law_failures = 0, check_failures = 0, check_errors = 0;
  double law_seconds = 0, check_seconds = 0;
  std::string law_cases, check_cases;
  for (const props::run::LawRun& r : laws) {
    law_seconds += r.seconds;
    law_cases += "    <testcase classname=\"laws\" name=\"" + xml(r.law) + "\" time=\"" +
                 secs(r.seconds) + "\">";
    if (!held(r)) {
      ++law_failures;
      std::string body = what(r) + "\nseed " + std::to_string(r.seed);
      if (r.counterexample) body += "\nreplay: " + replay_command(r);
      law_cases += "\n      <failure type=\"" + xml(props::run::name(r.result)) + "\" message=\"" +
                   xml(what(r)) + "\">" + xml(body) + "</failure>\n    ";
    }
    law_cases += "</testcase>\n";
  }
  for (const JobRow& row : rows) {
    check_seconds += row.seconds;
    check_cases += "    <testcase classname=\"checks\" name=\"" + xml(row.name) + "\" time=\"" +
                   secs(row.seconds) + "\">";
    if (!row.error.empty()) {
      ++check_errors;
      check_cases += "\n      <error message=\"" + xml(row.error) + "\"/>\n    ";
    } else if (row.result.failed > 0) {
      ++check_failures;
      std::string body;
      for (const std::string& f : row.result.failures) body += f + "\n";
      check_cases += "\n      <failure message=\"" + std::to_string(row.result.failed) + " of " +
                     std::to_string(row.result.cases) + " failed\">" + xml(body) +
                     "</failure>\n    ";
    }
    check_cases += "</testcase>\n";
  }
  const auto suite = [](const std::string& name, std::size_t tests, int failures, int errors,
                        double seconds, const std::string& cases) {
    return "  <testsuite name=\"" + name + "\" tests=\"" + std::to_string(tests) +
           "\" failures=\"" + std::to_string(failures) + "\" errors=\"" + std::to_string(errors) +
           "\" time=\"" + secs(seconds) + "\">\n" + cases + "  </testsuite>\n";
  };
  return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"layoutcheck verify\" "
         "tests=\"" +
         std::to_string(laws.size() + rows.size()) + "\" failures=\"" +
         std::to_string(law_failures + check_failures) + "\" errors=\"" +
         std::to_string(check_errors) + "\" time=\"" + secs(law_seconds + check_seconds) + "\">\n" +
         suite("laws", laws.size(), law_failures, 0, law_seconds, law_cases) +
         suite("checks", rows.size(), check_failures, check_errors, check_seconds, check_cases) +
         "</testsuites>\n";
}

}  // namespace layoutcheck
