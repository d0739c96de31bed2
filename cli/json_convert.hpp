// JSON values of the reference vectors -> operands and expected results
// (shared/vectors/README.md, "Value encodings").
#pragma once

#include <nlohmann/json.hpp>

#include "ops.hpp"

namespace layoutcheck {

// A JSON number is an integer and a JSON array an IntTuple; a Layout is
// {"str","shape","stride"} built from the shape and stride arrays; a tiler is
// a Layout, an integer n (n:1), null (`_`) or {"tiler": [...]}, recursively.
// Malformed JSON throws UsageError (exit 2); a layout the library refuses to
// construct throws layout::Error("make_layout").
props::Arg operand_from_json(props::ArgKind kind, const nlohmann::json& j);
props::Value value_from_json(props::ResultKind kind, const nlohmann::json& j);

layout::IntTuple int_tuple_from_json(const nlohmann::json& j);
layout::Layout layout_from_json(const nlohmann::json& j);
layout::Tiler tiler_from_json(const nlohmann::json& j);
int64_t integer_from_json(const nlohmann::json& j);

}  // namespace layoutcheck
