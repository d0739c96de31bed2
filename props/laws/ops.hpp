// The operations by name, run through an Algebra: their arguments and
// result. `layoutcheck op`, the conformance run over the reference vectors
// and the lesson examples share this table, so the vectors can be pointed at
// any implementation of props::Algebra.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "law.hpp"

namespace props {

// What an operation returns.
enum class ResultKind { layout, integer, int_tuple, values, sliced };
using Value = std::variant<Layout, int64_t, IntTuple, std::vector<int64_t>, Sliced>;

// A result in notation: a layout, an integer, a tuple, values separated by
// spaces, a slice as `LAYOUT + OFFSET`.
std::string to_notation(const Value& v);
// The inverse, for results written in that notation (layout::Error("parse")
// when malformed).
Value parse_value(ResultKind kind, const std::string& text);

struct OpSpec {
  std::string name;
  std::string synopsis;       // argument names for the help text, e.g. "A TILER"
  std::vector<ArgKind> args;  // in the order of the vectors' `args`
  std::size_t required;       // the first `required` arguments must be given
  ResultKind result;
  // The result keeps the operands' top-level mode structure (divides,
  // products, coalesce by mode); composition decides per operands.
  bool keeps_modes;
  std::function<Value(const Algebra&, const std::vector<Arg>&)> run;
};

const std::vector<OpSpec>& op_table();

// Argument words (CuTe notation, as `layoutcheck op` takes them) -> operands;
// a trailing `integers` argument takes every remaining word. Throws
// std::invalid_argument when the count does not fit the synopsis, and
// layout::Error("parse") for a malformed word.
std::vector<Arg> parse_operands(const OpSpec& op, const std::vector<std::string>& words);
// nullptr when there is no such operation.
const OpSpec* find_op(std::string_view name);

// Where the vectors' `equal` rule compares top-level mode sizes.
bool keeps_mode_structure(const OpSpec& op, const std::vector<Arg>& args);

}  // namespace props
