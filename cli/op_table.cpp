#include "op_table.hpp"

#include <climits>

namespace layoutcheck {

namespace {

using layout::IntTuple;
using layout::Layout;
using layout::Tiler;
using K = ArgKind;
using R = ResultKind;

const Layout& L(const Operands& a, std::size_t i) { return get<Layout>(a, i); }
const Tiler& T(const Operands& a, std::size_t i) { return get<Tiler>(a, i); }
const IntTuple& I(const Operands& a, std::size_t i) { return get<IntTuple>(a, i); }
int64_t N(const Operands& a, std::size_t i) { return get<int64_t>(a, i); }
const std::vector<int64_t>& Ns(const Operands& a, std::size_t i) {
  return get<std::vector<int64_t>>(a, i);
}
bool given(const Operands& a, std::size_t i) { return a.size() > i; }

layout::Swizzle make_swizzle(const Operands& a) {
  for (std::size_t i = 0; i < 3; ++i)
    if (N(a, i) < INT_MIN || N(a, i) > INT_MAX)
      throw layout::Error(
          "swizzle",
          std::to_string(N(a, 0)) + ", " + std::to_string(N(a, 1)) + ", " + std::to_string(N(a, 2)),
          "B, M and S must fit in int");
  return layout::Swizzle(static_cast<int>(N(a, 0)), static_cast<int>(N(a, 1)),
                         static_cast<int>(N(a, 2)));
}

template <class F>
std::vector<int64_t> map_values(const std::vector<int64_t>& xs, F&& f) {
  std::vector<int64_t> out;
  out.reserve(xs.size());
  for (int64_t x : xs) out.push_back(f(x));
  return out;
}

using Binary = Layout (*)(const Layout&, const Tiler&);

OpSpec by_tiler(std::string name, Binary f) {
  return {std::move(name),
          "A TILER",
          {K::layout, K::tiler},
          2,
          R::layout,
          true,
          [f](const Operands& a) -> Value { return f(L(a, 0), T(a, 1)); }};
}

OpSpec unary_layout(std::string name, Layout (*f)(const Layout&)) {
  return {std::move(name), "L", {K::layout}, 1, R::layout, false, [f](const Operands& a) -> Value {
            return f(L(a, 0));
          }};
}

OpSpec layout_integer(std::string name, int64_t (*f)(const Layout&)) {
  return {std::move(name), "L", {K::layout}, 1, R::integer, false, [f](const Operands& a) -> Value {
            return f(L(a, 0));
          }};
}

std::vector<OpSpec> build_table() {
  std::vector<OpSpec> t;
  // Properties of a layout.
  t.push_back(layout_integer("size", [](const Layout& l) { return l.size(); }));
  t.push_back(layout_integer("cosize", [](const Layout& l) { return l.cosize(); }));
  t.push_back(layout_integer("rank", [](const Layout& l) { return int64_t{l.rank()}; }));
  t.push_back(layout_integer("depth", [](const Layout& l) { return int64_t{l.depth()}; }));
  t.push_back({"call",
               "L I...",
               {K::layout, K::integers},
               2,
               R::values,
               false,
               [](const Operands& a) -> Value {
                 return map_values(Ns(a, 1), [&](int64_t i) { return L(a, 0)(i); });
               }});
  // Rewrites of one layout.
  t.push_back(unary_layout("flatten", [](const Layout& l) { return layout::flatten(l); }));
  t.push_back({"coalesce",
               "L [PROFILE]",
               {K::layout, K::int_tuple},
               1,
               R::layout,
               false,
               [](const Operands& a) -> Value {
                 return given(a, 1) ? layout::coalesce(L(a, 0), I(a, 1))
                                    : layout::coalesce(L(a, 0));
               }});
  t.push_back({"coalesce_by_mode",
               "L PROFILE",
               {K::layout, K::int_tuple},
               2,
               R::layout,
               true,
               [](const Operands& a) -> Value { return layout::coalesce(L(a, 0), I(a, 1)); }});
  t.push_back(unary_layout("filter", [](const Layout& l) { return layout::filter(l); }));
  t.push_back(
      unary_layout("right_inverse", [](const Layout& l) { return layout::right_inverse(l); }));
  t.push_back(
      unary_layout("left_inverse", [](const Layout& l) { return layout::left_inverse(l); }));
  t.push_back({"make_layout_left",
               "SHAPE",
               {K::int_tuple},
               1,
               R::layout,
               false,
               [](const Operands& a) -> Value { return layout::make_layout_left(I(a, 0)); }});
  t.push_back({"make_layout_right",
               "SHAPE",
               {K::int_tuple},
               1,
               R::layout,
               false,
               [](const Operands& a) -> Value { return layout::make_layout_right(I(a, 0)); }});
  // The algebra.
  t.push_back({"composition",
               "A TILER",
               {K::layout, K::tiler},
               2,
               R::layout,
               false,
               [](const Operands& a) -> Value { return layout::composition(L(a, 0), T(a, 1)); }});
  t.push_back({"complement",
               "L [M]",
               {K::layout, K::integer},
               1,
               R::layout,
               false,
               [](const Operands& a) -> Value {
                 return given(a, 1) ? layout::complement(L(a, 0), N(a, 1))
                                    : layout::complement(L(a, 0));
               }});
  t.push_back(by_tiler("logical_divide", layout::logical_divide));
  t.push_back(by_tiler("zipped_divide", layout::zipped_divide));
  t.push_back(by_tiler("tiled_divide", layout::tiled_divide));
  t.push_back(by_tiler("flat_divide", layout::flat_divide));
  t.push_back(by_tiler("logical_product", layout::logical_product));
  t.push_back(by_tiler("zipped_product", layout::zipped_product));
  t.push_back(by_tiler("tiled_product", layout::tiled_product));
  t.push_back(
      {"blocked_product",
       "A B",
       {K::layout, K::layout},
       2,
       R::layout,
       true,
       [](const Operands& a) -> Value { return layout::blocked_product(L(a, 0), L(a, 1)); }});
  t.push_back({"raked_product",
               "A B",
               {K::layout, K::layout},
               2,
               R::layout,
               true,
               [](const Operands& a) -> Value { return layout::raked_product(L(a, 0), L(a, 1)); }});
  // Coordinates and slicing.
  t.push_back({"idx2crd",
               "I_OR_COORD SHAPE",
               {K::int_tuple, K::int_tuple},
               2,
               R::int_tuple,
               false,
               [](const Operands& a) -> Value { return layout::idx2crd(I(a, 0), I(a, 1)); }});
  t.push_back({"crd2idx",
               "COORD SHAPE [STRIDE]",
               {K::int_tuple, K::int_tuple, K::int_tuple},
               2,
               R::integer,
               false,
               [](const Operands& a) -> Value {
                 return given(a, 2) ? layout::crd2idx(I(a, 0), I(a, 1), I(a, 2))
                                    : layout::crd2idx(I(a, 0), I(a, 1));
               }});
  t.push_back(
      {"slice",
       "L COORD",
       {K::layout, K::coordinate},
       2,
       R::sliced,
       false,
       [](const Operands& a) -> Value { return layout::slice(L(a, 0), get<layout::Term>(a, 1)); }});
  t.push_back(
      {"local_tile",
       "L TILE COORD",
       {K::layout, K::tiler, K::int_tuple},
       3,
       R::sliced,
       false,
       [](const Operands& a) -> Value { return layout::local_tile(L(a, 0), T(a, 1), I(a, 2)); }});
  t.push_back({"local_partition",
               "L THREADS TID",
               {K::layout, K::layout, K::integer},
               3,
               R::sliced,
               false,
               [](const Operands& a) -> Value {
                 return layout::local_partition(L(a, 0), L(a, 1), N(a, 2));
               }});
  // Swizzles.
  t.push_back({"swizzle",
               "B M S X...",
               {K::integer, K::integer, K::integer, K::integers},
               4,
               R::values,
               false,
               [](const Operands& a) -> Value {
                 const layout::Swizzle sw = make_swizzle(a);
                 return map_values(Ns(a, 3), [&](int64_t x) { return sw(x); });
               }});
  t.push_back({"swizzle_layout_call",
               "B M S L I...",
               {K::integer, K::integer, K::integer, K::layout, K::integers},
               5,
               R::values,
               false,
               [](const Operands& a) -> Value {
                 const layout::SwizzledLayout sl(make_swizzle(a), L(a, 3));
                 return map_values(Ns(a, 4), [&](int64_t i) { return sl(i); });
               }});
  // IntTuple utilities.
  t.push_back({"shape_div",
               "A B",
               {K::int_tuple, K::int_tuple},
               2,
               R::int_tuple,
               false,
               [](const Operands& a) -> Value { return layout::shape_div(I(a, 0), I(a, 1)); }});
  t.push_back({"prefix_product",
               "A [INIT]",
               {K::int_tuple, K::integer},
               1,
               R::int_tuple,
               false,
               [](const Operands& a) -> Value {
                 return layout::prefix_product(I(a, 0), given(a, 1) ? N(a, 1) : 1);
               }});
  t.push_back(
      {"product", "A", {K::int_tuple}, 1, R::integer, false, [](const Operands& a) -> Value {
         return layout::product(I(a, 0));
       }});
  t.push_back({"inner_product",
               "A B",
               {K::int_tuple, K::int_tuple},
               2,
               R::integer,
               false,
               [](const Operands& a) -> Value { return layout::inner_product(I(a, 0), I(a, 1)); }});
  return t;
}

}  // namespace

const std::vector<OpSpec>& op_table() {
  static const std::vector<OpSpec> table = build_table();
  return table;
}

const OpSpec* find_op(std::string_view name) {
  for (const OpSpec& op : op_table())
    if (op.name == name) return &op;
  return nullptr;
}

bool keeps_mode_structure(const OpSpec& op, const Operands& args) {
  if (op.keeps_modes) return true;
  if (op.name != "composition") return false;
  const Tiler& b = get<Tiler>(args, 1);
  return b.is_tuple() || (b.is_layout() && b.layout.shape().is_tuple());
}

}  // namespace layoutcheck
