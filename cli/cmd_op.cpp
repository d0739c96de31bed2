// layoutcheck op OP ARGS...: one library operation; prints only its result.
#include <iostream>
#include <memory>

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

// Text arguments -> operands. A trailing `integers` argument takes all the
// remaining words.
std::vector<props::Arg> convert(const props::OpSpec& op, const std::vector<std::string>& words) {
  const bool variadic = op.args.back() == props::ArgKind::integers;
  const std::size_t fixed = variadic ? op.args.size() - 1 : op.args.size();
  const std::size_t required = variadic ? fixed : op.required;
  if (words.size() < required || (!variadic && words.size() > fixed))
    throw UsageError("usage: layoutcheck op " + op.name + " " + op.synopsis);
  std::vector<props::Arg> out;
  for (std::size_t i = 0; i < std::min(fixed, words.size()); ++i)
    out.push_back(props::parse_arg(op.args[i], words[i]));
  if (variadic) {
    std::vector<int64_t> rest;
    for (std::size_t i = fixed; i < words.size(); ++i)
      rest.push_back(std::get<int64_t>(props::parse_arg(props::ArgKind::integer, words[i])));
    out.push_back(std::move(rest));
  }
  return out;
}

int run_op(const OpArgs& a) {
  const props::OpSpec* op = props::find_op(a.name);
  if (!op)
    throw UsageError("unknown operation \"" + a.name + "\"; the operations are:" + op_list());
  std::cout << props::to_notation(op->run(props::reference_algebra(), convert(*op, a.args)))
            << '\n';
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
