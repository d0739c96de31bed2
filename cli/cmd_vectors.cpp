// layoutcheck vectors FILE...: conformance against reference vectors.
#include <iostream>
#include <memory>
#include <optional>
#include <stdexcept>

#include "commands.hpp"
#include "exit_codes.hpp"
#include "vectors.hpp"

namespace layoutcheck {

namespace {

struct VectorsArgs {
  std::vector<std::string> files;
  std::string disputes;  // empty: disputes.tsv beside each file, if any
};

int run_vectors(const VectorsArgs& a) {
  Conformance c;
  std::optional<props::Disputes> given;
  if (!a.disputes.empty()) {
    try {
      given = props::Disputes::load(a.disputes);
    } catch (const std::runtime_error& e) {
      throw UsageError(e.what());
    }
  }
  for (const std::string& f : a.files) run_vector_file(f, given ? *given : disputes_near(f), c);
  c.print_failures(std::cout);
  c.print_op_summaries(std::cout);
  std::cout << c.passed() << " passed, " << c.failed() << " failed\n";
  return c.failed() == 0 ? kOk : kCheckFailed;
}

}  // namespace

void add_vectors(CLI::App& app, Action& action) {
  auto args = std::make_shared<VectorsArgs>();
  CLI::App* cmd = app.add_subcommand("vectors", "conformance against reference vectors (.jsonl)");
  cmd->add_option("FILE", args->files, "vector files")->required();
  cmd->add_option("--disputes", args->disputes,
                  "allow-list of disputed records (default: disputes.tsv beside each file)");
  cmd->callback([args, &action] { action = [args] { return run_vectors(*args); }; });
}

}  // namespace layoutcheck
