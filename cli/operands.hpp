// The values an operation takes and returns, shared by `op` (text arguments),
// `vectors` (JSON arguments) and `verify`.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "layout/algebra.hpp"

namespace layoutcheck {

// What one argument of an operation is.
enum class ArgKind {
  layout,      // parse_layout / a JSON Layout object
  tiler,       // parse_tiler / Layout object, integer n, null, {"tiler": [...]}
  int_tuple,   // parse_int_tuple / JSON number or nested array
  integer,     // a single int64
  coordinate,  // a slicing coordinate with `_` (parse_term; text only)
  integers,    // a list of int64 (on the command line: all remaining arguments)
};

using Operand = std::variant<layout::Layout, layout::Tiler, layout::IntTuple, int64_t, layout::Term,
                             std::vector<int64_t>>;
using Operands = std::vector<Operand>;

// What an operation returns.
enum class ResultKind { layout, integer, int_tuple, values, sliced };

using Value =
    std::variant<layout::Layout, int64_t, layout::IntTuple, std::vector<int64_t>, layout::Sliced>;

// Command-line text -> operand. Malformed text throws layout::Error("parse")
// or UsageError (exit 2 either way).
Operand parse_operand(ArgKind kind, std::string_view text);
int64_t parse_integer(std::string_view text);

// CuTe notation of operands and results: a layout, a tiler, an int tuple, an
// integer; a list of values is space separated; a slice is `LAYOUT + OFFSET`.
std::string to_notation(const Operand& operand);
std::string to_notation(const Value& value);
std::string join_values(const std::vector<int64_t>& values);

// Operand i as a T (the op table converts every argument to its declared kind).
template <class T>
const T& get(const Operands& args, std::size_t i) {
  return std::get<T>(args.at(i));
}

}  // namespace layoutcheck
