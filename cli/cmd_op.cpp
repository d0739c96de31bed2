// layoutcheck op OP ARGS...: one library operation; prints only its result.
#include <iostream>
#include <memory>
#include <stdexcept>

#include "commands.hpp"
#include "exit_codes.hpp"
#include "ops.hpp"

namespace layoutcheck {

namespace {

struct OpArgs {
  std::string name;
  std::vector<std::string> args;
};

std::string op_list() {
  std::string out;
  for (const props::OpSpec& op : props::op_table()) out += "\n  " + op.name + " " + op.synopsis;
  return out;
}

int run_op(const OpArgs& a) {
  const props::OpSpec* op = props::find_op(a.name);
  if (!op)
    throw UsageError("unknown operation \"" + a.name + "\"; the operations are:" + op_list());
  std::vector<props::Arg> args;
  try {
    args = props::parse_operands(*op, a.args);
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());
  }
  std::cout << props::to_notation(op->run(props::reference_algebra(), args)) << '\n';
  return kOk;
}

}  // namespace

void add_op(CLI::App& app, Action& action) {
  auto args = std::make_shared<OpArgs>();
  CLI::App* cmd = app.add_subcommand("op", "run one operation and print its result");
  cmd->add_option("OP", args->name, "the operation:" + op_list())->required();
  cmd->add_option("ARGS", args->args, "its arguments in CuTe notation");
  cmd->callback([args, &action] { action = [args] { return run_op(*args); }; });
}

}  // namespace layoutcheck
