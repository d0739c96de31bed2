// layoutcheck op OP ARGS...: one library operation; prints only its result.
#include <iostream>
#include <memory>

#include "commands.hpp"
#include "exit_codes.hpp"
#include "op_table.hpp"

namespace layoutcheck {

namespace {

struct OpArgs {
  std::string name;
  std::vector<std::string> args;
};

std::string op_list() {
  std::string out;
  for (const OpSpec& op : op_table()) out += "\n  " + op.name + " " + op.synopsis;
  return out;
}

// Text arguments -> operands. A trailing `integers` argument takes all the
// remaining words.
Operands convert(const OpSpec& op, const std::vector<std::string>& words) {
  const bool variadic = op.args.back() == ArgKind::integers;
  const std::size_t fixed = variadic ? op.args.size() - 1 : op.args.size();
  const std::size_t required = variadic ? fixed : op.required;
  if (words.size() < required || (!variadic && words.size() > fixed))
    throw UsageError("usage: layoutcheck op " + op.name + " " + op.synopsis);
  Operands out;
  for (std::size_t i = 0; i < std::min(fixed, words.size()); ++i)
    out.push_back(parse_operand(op.args[i], words[i]));
  if (variadic) {
    std::vector<int64_t> rest;
    for (std::size_t i = fixed; i < words.size(); ++i) rest.push_back(parse_integer(words[i]));
    out.push_back(std::move(rest));
  }
  return out;
}

int run_op(const OpArgs& a) {
  const OpSpec* op = find_op(a.name);
  if (!op)
    throw UsageError("unknown operation \"" + a.name + "\"; the operations are:" + op_list());
  std::cout << to_notation(op->run(convert(*op, a.args))) << '\n';
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
