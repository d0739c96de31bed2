#include "json_convert.hpp"

#include <limits>

#include "exit_codes.hpp"

namespace layoutcheck {

using nlohmann::json;

namespace {

constexpr int kMaxNesting = 64;

[[noreturn]] void malformed(const std::string& what, const json& j) {
  std::string text = j.dump();
  if (text.size() > 80) text = text.substr(0, 77) + "...";
  throw UsageError("malformed vector value: " + what + ": " + text);
}

layout::IntTuple int_tuple_at(const json& j, int depth) {
  if (depth > kMaxNesting) malformed("nesting deeper than " + std::to_string(kMaxNesting), j);
  if (j.is_array()) {
    layout::TupleBuilder b;
    for (const json& e : j) b.add(int_tuple_at(e, depth + 1));
    return b.done();
  }
  return integer_from_json(j);
}

layout::Tiler tiler_at(const json& j, int depth) {
  if (depth > kMaxNesting) malformed("nesting deeper than " + std::to_string(kMaxNesting), j);
  if (j.is_null()) return layout::Tiler::underscore();
  if (j.is_number()) return layout::Tiler(layout::Layout(integer_from_json(j), 1));
  if (j.is_object() && j.contains("tiler")) {
    const json& elems = j.at("tiler");
    if (!elems.is_array()) malformed("\"tiler\" must be an array", j);
    std::vector<layout::Tiler> e;
    for (const json& x : elems) e.push_back(tiler_at(x, depth + 1));
    return layout::Tiler::tuple(std::move(e));
  }
  return layout::Tiler(layout_from_json(j));
}

}  // namespace

int64_t integer_from_json(const json& j) {
  if (j.is_number_integer()) {
    if (j.is_number_unsigned() &&
        j.get<uint64_t>() > static_cast<uint64_t>(std::numeric_limits<int64_t>::max()))
      malformed("integer does not fit in int64", j);
    return j.get<int64_t>();
  }
  malformed("expected an integer", j);
}

layout::IntTuple int_tuple_from_json(const json& j) { return int_tuple_at(j, 0); }

layout::Layout layout_from_json(const json& j) {
  if (!j.is_object() || !j.contains("shape") || !j.contains("stride"))
    malformed("expected a Layout object {\"shape\", \"stride\"}", j);
  return layout::Layout(int_tuple_from_json(j.at("shape")), int_tuple_from_json(j.at("stride")));
}

layout::Tiler tiler_from_json(const json& j) { return tiler_at(j, 0); }

props::Arg operand_from_json(props::ArgKind kind, const json& j) {
  using K = props::ArgKind;
  switch (kind) {
    case K::layout:
      return layout_from_json(j);
    case K::tiler:
      return tiler_from_json(j);
    case K::int_tuple:
      return int_tuple_from_json(j);
    case K::integer:
      return integer_from_json(j);
    case K::integers: {
      if (!j.is_array()) malformed("expected a list of integers", j);
      std::vector<int64_t> v;
      for (const json& e : j) v.push_back(integer_from_json(e));
      return v;
    }
    case K::coordinate:
    case K::text:
      break;
  }
  malformed("slicing coordinates and text have no JSON encoding", j);
}

props::Value value_from_json(props::ResultKind kind, const json& j) {
  using R = props::ResultKind;
  switch (kind) {
    case R::layout:
      return layout_from_json(j);
    case R::integer:
      return integer_from_json(j);
    case R::int_tuple:
      return int_tuple_from_json(j);
    case R::values:
      return std::get<std::vector<int64_t>>(operand_from_json(props::ArgKind::integers, j));
    case R::sliced:
      break;
  }
  malformed("slices have no JSON encoding", j);
}

}  // namespace layoutcheck
