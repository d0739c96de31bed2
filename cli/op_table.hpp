// The operations `layoutcheck` knows: their arguments, result and how to run
// them with the library. `op`, `vectors` and `verify` share this table.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "operands.hpp"

namespace layoutcheck {

struct OpSpec {
  std::string name;
  std::string synopsis;       // argument names for the help text, e.g. "A TILER"
  std::vector<ArgKind> args;  // in the order of the vectors' `args`
  std::size_t required;       // the first `required` arguments must be given
  ResultKind result;
  // The result keeps the operands' top-level mode structure (divides,
  // products, coalesce by mode); composition decides per operands.
  bool keeps_modes;
  std::function<Value(const Operands&)> run;
};

const std::vector<OpSpec>& op_table();
// nullptr when there is no such operation.
const OpSpec* find_op(std::string_view name);

// Where the vectors' `equal` rule compares top-level mode sizes.
bool keeps_mode_structure(const OpSpec& op, const Operands& args);

}  // namespace layoutcheck
