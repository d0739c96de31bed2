#include "operands.hpp"

#include "exit_codes.hpp"

namespace layoutcheck {

int64_t parse_integer(std::string_view text) {
  const layout::Term t = layout::parse_term(text);
  if (t.kind != layout::Term::Kind::integer)
    throw UsageError("expected an integer, not \"" + std::string(text) + "\"");
  return t.value;
}

Operand parse_operand(ArgKind kind, std::string_view text) {
  switch (kind) {
    case ArgKind::layout:
      return layout::parse_layout(text);
    case ArgKind::tiler:
      return layout::parse_tiler(text);
    case ArgKind::int_tuple:
      return layout::parse_int_tuple(text);
    case ArgKind::integer:
      return parse_integer(text);
    case ArgKind::coordinate:
      return layout::parse_term(text);
    case ArgKind::integers:
      return std::vector<int64_t>{parse_integer(text)};
  }
  throw UsageError("unknown argument kind");
}

std::string join_values(const std::vector<int64_t>& values) {
  std::string out;
  for (std::size_t i = 0; i < values.size(); ++i) {
    if (i) out += ' ';
    out += std::to_string(values[i]);
  }
  return out;
}

namespace {

std::string term_notation(const layout::Term& t) {
  switch (t.kind) {
    case layout::Term::Kind::integer:
      return std::to_string(t.value);
    case layout::Term::Kind::underscore:
      return "_";
    case layout::Term::Kind::layout:
      return layout::to_string(t.shape) + ":" + layout::to_string(t.stride);
    case layout::Term::Kind::tuple:
      break;
  }
  std::string out = "(";
  for (std::size_t i = 0; i < t.elems.size(); ++i) {
    if (i) out += ',';
    out += term_notation(t.elems[i]);
  }
  return out + ")";
}

struct NotationOf {
  std::string operator()(const layout::Layout& l) const { return layout::to_string(l); }
  std::string operator()(const layout::Tiler& t) const { return layout::to_string(t); }
  std::string operator()(const layout::IntTuple& t) const { return layout::to_string(t); }
  std::string operator()(int64_t v) const { return std::to_string(v); }
  std::string operator()(const layout::Term& t) const { return term_notation(t); }
  std::string operator()(const std::vector<int64_t>& v) const { return "[" + join_values(v) + "]"; }
  std::string operator()(const layout::Sliced& s) const {
    return layout::to_string(s.layout) + " + " + std::to_string(s.offset);
  }
};

}  // namespace

std::string to_notation(const Operand& operand) { return std::visit(NotationOf{}, operand); }

std::string to_notation(const Value& value) {
  if (const auto* v = std::get_if<std::vector<int64_t>>(&value)) return join_values(*v);
  return std::visit(NotationOf{}, value);
}

}  // namespace layoutcheck
