#include "ops.hpp"

#include <algorithm>
#include <array>
#include <climits>
#include <stdexcept>

namespace props {

namespace {

using K = ArgKind;
using R = ResultKind;
using Args = std::vector<Arg>;
using Run = Value (*)(const Algebra&, const Args&);

const Layout& L(const Args& a, std::size_t i) { return std::get<Layout>(a.at(i)); }
const Tiler& T(const Args& a, std::size_t i) { return std::get<Tiler>(a.at(i)); }
const IntTuple& I(const Args& a, std::size_t i) { return std::get<IntTuple>(a.at(i)); }
int64_t N(const Args& a, std::size_t i) { return std::get<int64_t>(a.at(i)); }
const Term& C(const Args& a, std::size_t i) { return std::get<Term>(a.at(i)); }
using None = std::optional<Term>;
const std::vector<int64_t>& Ns(const Args& a, std::size_t i) {
  return std::get<std::vector<int64_t>>(a.at(i));
}
bool given(const Args& a, std::size_t i) { return a.size() > i; }

// (B, M, S) as ints (the swizzle itself refuses invalid values).
std::array<int, 3> swizzle_params(const Args& a) {
  for (std::size_t i = 0; i < 3; ++i)
    if (N(a, i) < INT_MIN || N(a, i) > INT_MAX)
      throw layout::Error("swizzle", notation(Args{a[0], a[1], a[2]}),
                          "B, M and S must fit in int");
  return {static_cast<int>(N(a, 0)), static_cast<int>(N(a, 1)), static_cast<int>(N(a, 2))};
}

OpSpec op(std::string name, std::string synopsis, std::vector<ArgKind> args, std::size_t required,
          ResultKind result, bool keeps_modes, Run run) {
  return {
      std::move(name), std::move(synopsis), std::move(args), required, result, keeps_modes, run};
}

OpSpec by_tiler(std::string name, Run run) {
  return op(std::move(name), "A TILER", {K::layout, K::tiler}, 2, R::layout, true, run);
}
OpSpec of_layout(std::string name, ResultKind result, Run run) {
  return op(std::move(name), "L", {K::layout}, 1, result, false, run);
}

std::vector<OpSpec> build_table() {
  std::vector<OpSpec> t;
  // Properties of a layout.
  t.push_back(of_layout("size", R::integer,
                        [](const Algebra& g, const Args& a) -> Value { return g.size(L(a, 0)); }));
  t.push_back(of_layout("cosize", R::integer, [](const Algebra& g, const Args& a) -> Value {
    return g.cosize(L(a, 0));
  }));
  t.push_back(of_layout("rank", R::integer, [](const Algebra& g, const Args& a) -> Value {
    return int64_t{g.rank(L(a, 0))};
  }));
  t.push_back(of_layout("depth", R::integer, [](const Algebra& g, const Args& a) -> Value {
    return int64_t{g.depth(L(a, 0))};
  }));
  t.push_back(op("call", "L I...", {K::layout, K::integers}, 2, R::values, false,
                 [](const Algebra& g, const Args& a) -> Value {
                   std::vector<int64_t> out;
                   for (int64_t i : Ns(a, 1)) out.push_back(g.eval(L(a, 0), i));
                   return out;
                 }));
  // Rewrites of one layout.
  t.push_back(of_layout("flatten", R::layout, [](const Algebra& g, const Args& a) -> Value {
    return g.flatten(L(a, 0));
  }));
  t.push_back(op("coalesce", "L [PROFILE]", {K::layout, K::int_tuple}, 1, R::layout, false,
                 [](const Algebra& g, const Args& a) -> Value {
                   return given(a, 1) ? g.coalesce(L(a, 0), I(a, 1)) : g.coalesce(L(a, 0));
                 }));
  t.push_back(
      op("coalesce_by_mode", "L PROFILE", {K::layout, K::int_tuple}, 2, R::layout, true,
         [](const Algebra& g, const Args& a) -> Value { return g.coalesce(L(a, 0), I(a, 1)); }));
  t.push_back(of_layout("filter", R::layout, [](const Algebra& g, const Args& a) -> Value {
    return g.filter(L(a, 0));
  }));
  t.push_back(of_layout("right_inverse", R::layout, [](const Algebra& g, const Args& a) -> Value {
    return g.right_inverse(L(a, 0));
  }));
  t.push_back(of_layout("left_inverse", R::layout, [](const Algebra& g, const Args& a) -> Value {
    return g.left_inverse(L(a, 0));
  }));
  t.push_back(of_layout("nullspace", R::layout, [](const Algebra& g, const Args& a) -> Value {
    return g.nullspace(L(a, 0));
  }));
  t.push_back(of_layout(
      "make_layout_like", R::layout,
      [](const Algebra& g, const Args& a) -> Value { return g.make_layout_like(L(a, 0)); }));
  t.push_back(
      op("with_shape", "L SHAPE", {K::layout, K::int_tuple}, 2, R::layout, false,
         [](const Algebra& g, const Args& a) -> Value { return g.with_shape(L(a, 0), I(a, 1)); }));
  t.push_back(op("tile_to_shape", "BLOCK SHAPE [ORDER]", {K::layout, K::int_tuple, K::int_tuple}, 2,
                 R::layout, true, [](const Algebra& g, const Args& a) -> Value {
                   if (given(a, 2)) return g.tile_to_shape(L(a, 0), I(a, 1), I(a, 2));
                   return g.tile_to_shape(L(a, 0), I(a, 1));
                 }));
  t.push_back(
      op("upcast", "L N", {K::layout, K::integer}, 2, R::layout, false,
         [](const Algebra& g, const Args& a) -> Value { return g.upcast(L(a, 0), N(a, 1)); }));
  t.push_back(
      op("downcast", "L N", {K::layout, K::integer}, 2, R::layout, false,
         [](const Algebra& g, const Args& a) -> Value { return g.downcast(L(a, 0), N(a, 1)); }));
  t.push_back(op("recast_layout", "L OLD_BITS NEW_BITS", {K::layout, K::integer, K::integer}, 3,
                 R::layout, false, [](const Algebra& g, const Args& a) -> Value {
                   return g.recast_layout(L(a, 0), N(a, 1), N(a, 2));
                 }));
  t.push_back(op("max_common_vector", "A B", {K::layout, K::layout}, 2, R::integer, false,
                 [](const Algebra& g, const Args& a) -> Value {
                   return g.max_common_vector(L(a, 0), L(a, 1));
                 }));
  t.push_back(op("max_common_layout", "A B", {K::layout, K::layout}, 2, R::layout, false,
                 [](const Algebra& g, const Args& a) -> Value {
                   return g.max_common_layout(L(a, 0), L(a, 1));
                 }));
  t.push_back(
      op("make_layout_left", "SHAPE", {K::int_tuple}, 1, R::layout, false,
         [](const Algebra& g, const Args& a) -> Value { return g.make_layout_left(I(a, 0)); }));
  t.push_back(
      op("make_layout_right", "SHAPE", {K::int_tuple}, 1, R::layout, false,
         [](const Algebra& g, const Args& a) -> Value { return g.make_layout_right(I(a, 0)); }));
  // The algebra.
  t.push_back(
      op("composition", "A TILER", {K::layout, K::tiler}, 2, R::layout, false,
         [](const Algebra& g, const Args& a) -> Value { return g.composition(L(a, 0), T(a, 1)); }));
  t.push_back(op("complement", "L [M]", {K::layout, K::integer}, 1, R::layout, false,
                 [](const Algebra& g, const Args& a) -> Value {
                   return given(a, 1) ? g.complement(L(a, 0), N(a, 1)) : g.complement(L(a, 0));
                 }));
  t.push_back(by_tiler("logical_divide", [](const Algebra& g, const Args& a) -> Value {
    return g.logical_divide(L(a, 0), T(a, 1));
  }));
  t.push_back(by_tiler("zipped_divide", [](const Algebra& g, const Args& a) -> Value {
    return g.zipped_divide(L(a, 0), T(a, 1));
  }));
  t.push_back(by_tiler("tiled_divide", [](const Algebra& g, const Args& a) -> Value {
    return g.tiled_divide(L(a, 0), T(a, 1));
  }));
  t.push_back(by_tiler("flat_divide", [](const Algebra& g, const Args& a) -> Value {
    return g.flat_divide(L(a, 0), T(a, 1));
  }));
  t.push_back(by_tiler("logical_product", [](const Algebra& g, const Args& a) -> Value {
    return g.logical_product(L(a, 0), T(a, 1));
  }));
  t.push_back(by_tiler("zipped_product", [](const Algebra& g, const Args& a) -> Value {
    return g.zipped_product(L(a, 0), T(a, 1));
  }));
  t.push_back(by_tiler("tiled_product", [](const Algebra& g, const Args& a) -> Value {
    return g.tiled_product(L(a, 0), T(a, 1));
  }));
  t.push_back(op("blocked_product", "A B", {K::layout, K::layout}, 2, R::layout, true,
                 [](const Algebra& g, const Args& a) -> Value {
                   return g.blocked_product(L(a, 0), L(a, 1));
                 }));
  t.push_back(op(
      "raked_product", "A B", {K::layout, K::layout}, 2, R::layout, true,
      [](const Algebra& g, const Args& a) -> Value { return g.raked_product(L(a, 0), L(a, 1)); }));
  // Coordinates and slicing.
  t.push_back(
      op("idx2crd", "I_OR_COORD SHAPE", {K::int_tuple, K::int_tuple}, 2, R::int_tuple, false,
         [](const Algebra& g, const Args& a) -> Value { return g.idx2crd(I(a, 0), I(a, 1)); }));
  t.push_back(op("crd2idx", "COORD SHAPE [STRIDE]", {K::int_tuple, K::int_tuple, K::int_tuple}, 2,
                 R::integer, false, [](const Algebra& g, const Args& a) -> Value {
                   return given(a, 2) ? g.crd2idx(I(a, 0), I(a, 1), I(a, 2))
                                      : g.crd2idx(I(a, 0), I(a, 1));
                 }));
  t.push_back(
      op("slice", "L COORD", {K::layout, K::coordinate}, 2, R::sliced, false,
         [](const Algebra& g, const Args& a) -> Value { return g.slice(L(a, 0), C(a, 1)); }));
  t.push_back(op("local_tile", "L TILE COORD [PROJ]",
                 {K::layout, K::tiler, K::coordinate, K::coordinate}, 3, R::sliced, false,
                 [](const Algebra& g, const Args& a) -> Value {
                   return g.local_tile(L(a, 0), T(a, 1), C(a, 2), given(a, 3) ? C(a, 3) : None{});
                 }));
  t.push_back(op(
      "local_partition", "L THREADS TID [PROJ]", {K::layout, K::layout, K::integer, K::coordinate},
      3, R::sliced, false, [](const Algebra& g, const Args& a) -> Value {
        return g.local_partition(L(a, 0), L(a, 1), N(a, 2), given(a, 3) ? C(a, 3) : None{});
      }));
  // Swizzles.
  t.push_back(op("swizzle", "B M S X...", {K::integer, K::integer, K::integer, K::integers}, 4,
                 R::values, false, [](const Algebra& g, const Args& a) -> Value {
                   const auto [b, m, s] = swizzle_params(a);
                   std::vector<int64_t> out;
                   for (int64_t x : Ns(a, 3)) out.push_back(g.swizzle(b, m, s, x));
                   return out;
                 }));
  t.push_back(op("swizzle_layout_call", "B M S L I...",
                 {K::integer, K::integer, K::integer, K::layout, K::integers}, 5, R::values, false,
                 [](const Algebra& g, const Args& a) -> Value {
                   const auto [b, m, s] = swizzle_params(a);
                   std::vector<int64_t> out;
                   for (int64_t i : Ns(a, 4)) out.push_back(g.swizzle_layout(b, m, s, L(a, 3), i));
                   return out;
                 }));
  t.push_back(op("swizzle_bytes_call", "B M S BITS L I...",
                 {K::integer, K::integer, K::integer, K::integer, K::layout, K::integers}, 6,
                 R::values, false, [](const Algebra& g, const Args& a) -> Value {
                   const auto [b, m, s] = swizzle_params(a);
                   std::vector<int64_t> out;
                   for (int64_t i : Ns(a, 5))
                     out.push_back(g.swizzle_bytes(b, m, s, N(a, 3), L(a, 4), i));
                   return out;
                 }));
  // IntTuple utilities.
  t.push_back(
      op("shape_div", "A B", {K::int_tuple, K::int_tuple}, 2, R::int_tuple, false,
         [](const Algebra& g, const Args& a) -> Value { return g.shape_div(I(a, 0), I(a, 1)); }));
  t.push_back(op("prefix_product", "A [INIT]", {K::int_tuple, K::integer}, 1, R::int_tuple, false,
                 [](const Algebra& g, const Args& a) -> Value {
                   return g.prefix_product(I(a, 0), given(a, 1) ? N(a, 1) : 1);
                 }));
  t.push_back(op("product", "A", {K::int_tuple}, 1, R::integer, false,
                 [](const Algebra& g, const Args& a) -> Value { return g.product(I(a, 0)); }));
  t.push_back(op(
      "inner_product", "A B", {K::int_tuple, K::int_tuple}, 2, R::integer, false,
      [](const Algebra& g, const Args& a) -> Value { return g.inner_product(I(a, 0), I(a, 1)); }));
  return t;
}

}  // namespace

std::string to_notation(const Value& v) {
  return std::visit(
      [](const auto& x) -> std::string {
        using X = std::decay_t<decltype(x)>;
        if constexpr (std::is_same_v<X, int64_t>) {
          return std::to_string(x);
        } else if constexpr (std::is_same_v<X, std::vector<int64_t>>) {
          std::string out;
          for (std::size_t i = 0; i < x.size(); ++i) out += (i ? " " : "") + std::to_string(x[i]);
          return out;
        } else if constexpr (std::is_same_v<X, Sliced>) {
          return layout::to_string(x.layout) + " + " + std::to_string(x.offset);
        } else {
          return layout::to_string(x);
        }
      },
      v);
}

Value parse_value(ResultKind kind, const std::string& text) {
  const auto integer = [](const std::string& w) {
    return std::get<int64_t>(parse_arg(K::integer, w));
  };
  switch (kind) {
    case R::layout:
      return layout::parse_layout(text);
    case R::integer:
      return integer(text);
    case R::int_tuple:
      return layout::parse_int_tuple(text);
    case R::values: {
      std::vector<int64_t> v;
      std::size_t at = 0;
      while (at < text.size()) {
        const std::size_t end = std::min(text.find(' ', at), text.size());
        if (end > at) v.push_back(integer(text.substr(at, end - at)));
        at = end + 1;
      }
      return v;
    }
    case R::sliced:
      break;
  }
  const auto plus = text.find(" + ");
  if (plus == std::string::npos) throw layout::Error("parse", text, "a slice is LAYOUT + OFFSET");
  return Sliced{layout::parse_layout(text.substr(0, plus)), integer(text.substr(plus + 3))};
}

const std::vector<OpSpec>& op_table() {
  static const std::vector<OpSpec> table = build_table();
  return table;
}

std::vector<Arg> parse_operands(const OpSpec& op, const std::vector<std::string>& words) {
  const bool variadic = op.args.back() == ArgKind::integers;
  const std::size_t fixed = variadic ? op.args.size() - 1 : op.args.size();
  const std::size_t required = variadic ? fixed : op.required;
  if (words.size() < required || (!variadic && words.size() > fixed))
    throw std::invalid_argument("usage: layoutcheck op " + op.name + " " + op.synopsis);
  std::vector<Arg> out;
  for (std::size_t i = 0; i < std::min(fixed, words.size()); ++i)
    out.push_back(parse_arg(op.args[i], words[i]));
  if (variadic) {
    std::vector<int64_t> rest;
    for (std::size_t i = fixed; i < words.size(); ++i)
      rest.push_back(std::get<int64_t>(parse_arg(ArgKind::integer, words[i])));
    out.push_back(std::move(rest));
  }
  return out;
}

const OpSpec* find_op(std::string_view name) {
  for (const OpSpec& op : op_table())
    if (op.name == name) return &op;
  return nullptr;
}

bool keeps_mode_structure(const OpSpec& op, const std::vector<Arg>& args) {
  if (op.keeps_modes) return true;
  if (op.name != "composition") return false;
  const Tiler& b = std::get<Tiler>(args.at(1));
  return b.is_tuple() || (b.is_layout() && b.layout.shape().is_tuple());
}

}  // namespace props
