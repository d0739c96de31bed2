// layoutcheck eval L [i...]: the offsets L(i), all of [0, size) if none given.
#include <iostream>
#include <memory>

#include "commands.hpp"
#include "exit_codes.hpp"
#include "ops.hpp"

namespace layoutcheck {

namespace {

// Evaluating every index of a larger layout needs explicit indices.
constexpr int64_t kEvalAllLimit = int64_t{1} << 24;

struct EvalArgs {
  std::string layout;
  std::vector<std::string> indices;
};

int eval(const EvalArgs& a) {
  const layout::Layout l = layout::parse_layout(a.layout);
  std::vector<int64_t> indices;
  for (const std::string& i : a.indices)
    indices.push_back(std::get<int64_t>(props::parse_arg(props::ArgKind::integer, i)));
  if (a.indices.empty()) {
    if (l.size() > kEvalAllLimit)
      throw UsageError(
          layout::to_string(l) + " has " + std::to_string(l.size()) +
          " elements; give the indices to evaluate (all of them are listed only up to " +
          std::to_string(kEvalAllLimit) + ")");
    for (int64_t i = 0; i < l.size(); ++i) indices.push_back(i);
  }
  std::vector<int64_t> offsets;
  offsets.reserve(indices.size());
  for (int64_t i : indices) offsets.push_back(l(i));
  std::cout << props::to_notation(offsets) << '\n';
  return kOk;
}

}  // namespace

void add_eval(CLI::App& app, Action& action) {
  auto args = std::make_shared<EvalArgs>();
  CLI::App* cmd = app.add_subcommand("eval", "offsets L(i) of the given indices (all if none)");
  cmd->add_option("L", args->layout, "the layout, e.g. (4,2):(2,1)")->required();
  cmd->add_option("i", args->indices, "indices (past size(L) the natural extension applies)");
  cmd->callback([args, &action] { action = [args] { return eval(*args); }; });
}

}  // namespace layoutcheck
