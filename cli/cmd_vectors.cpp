// layoutcheck vectors FILE...: conformance against reference vectors.
#include <iostream>
#include <memory>

#include "commands.hpp"
#include "exit_codes.hpp"
#include "vectors.hpp"

namespace layoutcheck {

namespace {

int run_vectors(const std::vector<std::string>& files) {
  Conformance c;
  for (const std::string& f : files) run_vector_file(f, c);
  print_failures(std::cout, c);
  print_op_summaries(std::cout, c);
  std::cout << c.passed() << " passed, " << c.failed() << " failed\n";
  return c.failed() == 0 ? kOk : kCheckFailed;
}

}  // namespace

void add_vectors(CLI::App& app, Action& action) {
  auto files = std::make_shared<std::vector<std::string>>();
  CLI::App* cmd = app.add_subcommand("vectors", "conformance against reference vectors (.jsonl)");
  cmd->add_option("FILE", *files, "vector files")->required();
  cmd->callback([files, &action] { action = [files] { return run_vectors(*files); }; });
}

}  // namespace layoutcheck
