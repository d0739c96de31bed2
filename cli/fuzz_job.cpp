#include "fuzz_job.hpp"

#include <sys/wait.h>

#include <cstdio>
#include <filesystem>
#include <stdexcept>
#include <string>

#include "law_report.hpp"

namespace layoutcheck {

namespace {

// Runs a shell command; returns its exit status and its output (stdout and
// stderr together).
int run_command(const std::string& command, std::string& output) {
  FILE* p = popen((command + " 2>&1").c_str(), "r");
  if (!p) throw std::runtime_error("cannot run " + command);
  char buf[4096];
  std::size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, p)) > 0) output.append(buf, n);
  const int status = pclose(p);
  return WIFEXITED(status) ? WEXITSTATUS(status)
                           : 128 + (WIFSIGNALED(status) ? WTERMSIG(status) : 0);
}

// The last `count` lines of text.
std::string tail(const std::string& text, int count) {
  std::size_t at = text.size();
  if (at > 0 && text[at - 1] == '\n') --at;
  while (at > 0 && count > 0)
    if (text[--at] == '\n') --count;
  return text.substr(count == 0 ? at + 1 : at);
}

JobResult replay(const std::string& target) {
  namespace fs = std::filesystem;
  const fs::path exe = fs::path(LAYOUTCHECK_FUZZ_BIN_DIR) / target;
  const fs::path corpus = fs::path(LAYOUTCHECK_FUZZ_DIR) / "corpus" / target;
  const fs::path regressions = fs::path(LAYOUTCHECK_FUZZ_DIR) / "regressions" / target;
  if (!fs::exists(exe)) throw std::runtime_error(exe.string() + " is not built");
  // every law an input queues, as the fuzz ctest runs them
  std::string command = "LAYOUTCHECK_FUZZ_EVERY_LAW=1 " + shell_quote(exe.string()) + " " +
                        shell_quote(corpus.string());
  if (fs::is_directory(regressions)) command += " " + shell_quote(regressions.string());
  std::string output;
  const int status = run_command(command, output);
  JobResult r;
  long n = 0;  // "replay: N inputs ran without a failure"
  if (status == 0 && std::sscanf(tail(output, 1).c_str(), "replay: %ld inputs", &n) == 1) {
    r.cases = r.passed = n;
    return r;
  }
  r.cases = r.failed = 1;
  r.failures.push_back("FAIL fuzz/" + target + " (exit " + std::to_string(status) +
                       "): " + command + "\n" + tail(output, 6));
  return r;
}

}  // namespace

std::vector<Job> fuzz_jobs() {
  std::vector<Job> jobs;
#ifdef LAYOUTCHECK_FUZZ_BIN_DIR
  for (const char* t : {"fuzz_parse", "fuzz_algebra", "fuzz_eval", "fuzz_swizzle"})
    jobs.push_back(
        {std::string("fuzz/") + t, [target = std::string(t)] { return replay(target); }});
#endif
  return jobs;
}

}  // namespace layoutcheck
