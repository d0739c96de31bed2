// layoutcheck verify [--vectors DIR]: the main job — the worked examples and
// the conformance vectors, as a summary table.
#include <iostream>
#include <memory>

#include "commands.hpp"
#include "verify.hpp"

namespace layoutcheck {

namespace {

int run_verify(const std::string& vectors_dir) {
  std::vector<Job> jobs{{"lesson", run_lesson}};
  for (Job& j : vector_jobs(vectors_dir)) jobs.push_back(std::move(j));
  return run_jobs(jobs, std::cout);
}

}  // namespace

void add_verify(CLI::App& app, Action& action) {
  auto dir = std::make_shared<std::string>(LAYOUTCHECK_VECTORS_DIR);
  CLI::App* cmd = app.add_subcommand("verify", "worked examples and conformance vectors");
  cmd->add_option("--vectors", *dir, "directory of reference vectors (*.jsonl)")
      ->capture_default_str();
  cmd->callback([dir, &action] { action = [dir] { return run_verify(*dir); }; });
}

}  // namespace layoutcheck
