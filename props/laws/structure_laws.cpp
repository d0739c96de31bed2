// Structure and IntTuple utilities: RANK-DEPTH, FLATTEN-DEF, MAKE-COMPACT,
// TUPLE-UTIL, SHAPE-DIV.
#include <algorithm>

#include "catalog_groups.hpp"
#include "law_util.hpp"
#include "postconditions.hpp"

namespace props {

namespace {

using namespace util;

// RANK-DEPTH: rank(L) = rank(shape), depth(L) = depth(shape), read from the
// shape's tree (an integer has rank 1 and depth 0).
Outcome rank_depth(const Algebra& alg, const std::vector<Arg>& args) {
  const Layout& l = std::get<Layout>(args[0]);
  int r = 0, d = 0;
  try {
    r = alg.rank(l);
    d = alg.depth(l);
  } catch (const Error& e) {
    return refused("RANK-DEPTH", args, "rank/depth", e);
  }
  if (r != oracle::rank(l.shape()))
    return fail("RANK-DEPTH", args, "rank is not the shape's top-level count", std::nullopt,
                oracle::rank(l.shape()), r);
  if (d != oracle::depth(l.shape()))
    return fail("RANK-DEPTH", args, "depth is not the shape's nesting depth", std::nullopt,
                oracle::depth(l.shape()), d);
  return std::nullopt;
}

// NULLSPACE-DEF: nullspace(L) is exactly L's stride-0 leaves, in order, each
// with its colexicographic position stride (one leaf: s:p; several: the flat
// tuple; none: 1:0), as CuTe builds it; and, checked pointwise on its own,
// N(i) lies in [0, size(L)), L(N(i)) = 0 and N is injective.
Outcome nullspace_def(const Algebra& alg, const std::vector<Arg>& args) {
  const Layout& l = std::get<Layout>(args[0]);
  const auto n = oracle::size(l);
  if (!n) return vacuous("size past int64");
  Layout r;
  try {
    r = alg.nullspace(l);
  } catch (const Error& e) {
    return refused("NULLSPACE-DEF", args, "nullspace", e);
  }
  Leaves want;
  i128 position = 1;
  for (const oracle::Leaf& x : oracle::leaves(l)) {
    if (x.d == 0) want.push_back({x.s, static_cast<int64_t>(position)});
    position *= x.s;
  }
  const Layout w = oracle::from_leaves(want);
  if (show(r) != show(w))
    return fail("NULLSPACE-DEF", args, "nullspace gave " + show(r) + ", expected " + show(w));
  const auto t = table(r);
  if (!t) return vacuous("too large for the oracle");
  const Leaves ll = oracle::leaves(l);
  for (std::size_t i = 0; i < t->size(); ++i) {
    const int64_t v = (*t)[i];
    if (v < 0 || v >= *n || value(ll, v) != 0)
      return fail("NULLSPACE-DEF", args,
                  "N(i) = " + std::to_string(v) + " is not an index of L that L maps to 0",
                  static_cast<int64_t>(i));
  }
  if (const auto k = first_repeat(*t))
    return fail("NULLSPACE-DEF", args, "nullspace is not injective", static_cast<int64_t>(*k));
  return std::nullopt;
}

// MAKE-LIKE: make_layout_like(L) has L's shape exactly; a leaf with stride 0
// keeps 0; the others, sorted by L's stride (ties by position), get the
// running product of the sizes before them in that order (stride-0 leaves
// count as size 1).
Outcome make_like(const Algebra& alg, const std::vector<Arg>& args) {
  const Layout& l = std::get<Layout>(args[0]);
  if (!oracle::size(l)) return vacuous("size past int64");
  Layout r;
  try {
    r = alg.make_layout_like(l);
  } catch (const Error& e) {
    return refused("MAKE-LIKE", args, "make_layout_like", e);
  }
  const Leaves lv = oracle::leaves(l);
  std::vector<std::size_t> order(lv.size());
  for (std::size_t k = 0; k < order.size(); ++k) order[k] = k;
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t x, std::size_t y) { return lv[x].d < lv[y].d; });
  std::vector<int64_t> want(lv.size(), 0);
  i128 run = 1;
  for (std::size_t k : order) {
    if (lv[k].d == 0) continue;
    want[k] = static_cast<int64_t>(run);
    run *= lv[k].s;
  }
  const Layout w = oracle::make(l.shape(), with_leaves(l.shape(), want));
  if (show(r) != show(w))
    return fail("MAKE-LIKE", args, "make_layout_like gave " + show(r) + ", expected " + show(w));
  return std::nullopt;
}

// FLATTEN-DEF: flatten(L) has L's leaves (s, d) in order, depth <= 1, and is
// the integer layout s:d exactly when L is one.
Outcome flatten_def(const Algebra& alg, const std::vector<Arg>& args) {
  const Layout& l = std::get<Layout>(args[0]);
  Layout r;
  try {
    r = alg.flatten(l);
  } catch (const Error& e) {
    return refused("FLATTEN-DEF", args, "flatten", e);
  }
  const Leaves want = oracle::leaves(l), got = oracle::leaves(r);
  bool same = want.size() == got.size();
  for (std::size_t k = 0; same && k < want.size(); ++k)
    same = want[k].s == got[k].s && want[k].d == got[k].d;
  if (!same) return fail("FLATTEN-DEF", args, "flatten gave " + show(r) + ", other leaves");
  if (oracle::depth(r.shape()) > 1)
    return fail("FLATTEN-DEF", args, "flatten gave " + show(r) + ", depth > 1");
  if (r.shape().is_int() != l.shape().is_int())
    return fail("FLATTEN-DEF", args,
                "flatten gave " + show(r) + ": an integer layout stays one, a tuple stays a tuple");
  return std::nullopt;
}

// The leaves of s are all >= 1 and their product fits in int64.
bool valid_shape(const IntTuple& s) {
  for (int64_t v : leaf_values(s))
    if (v < 1) return false;
  return oracle::size_wide(s) <= INT64_MAX;
}

// S laid out in the order of `order` (congruent with S): the leaf with the
// smallest order value fastest, ties by position.
IntTuple ordered_strides(const IntTuple& s, const IntTuple& order) {
  const Ints v = leaf_values(s), o = leaf_values(order);
  std::vector<std::size_t> idx(v.size());
  for (std::size_t k = 0; k < idx.size(); ++k) idx[k] = k;
  std::stable_sort(idx.begin(), idx.end(),
                   [&](std::size_t a, std::size_t b) { return o[a] < o[b]; });
  Ints d(v);
  i128 run = 1;
  for (std::size_t k : idx) {
    d[k] = static_cast<int64_t>(run);
    run *= v[k];  // the product fits: S is valid
  }
  return with_leaves(s, d);
}

// MAKE-COMPACT: make_layout_left(S) = S:compact_left(S) (exclusive prefix
// products), make_layout_right(S) = S:compact_right(S) (row-major over the
// leaves), make_ordered_layout(S, O) the leaves laid out in O's order (O the
// leaves' positions reversed), all exactly; refused exactly when S is not a
// valid shape.
Outcome make_compact(const Algebra& alg, const std::vector<Arg>& args) {
  const IntTuple& s = std::get<IntTuple>(args[0]);
  const bool valid = valid_shape(s);
  {
    Ints rev = leaf_values(s);
    for (std::size_t k = 0; k < rev.size(); ++k) rev[k] = static_cast<int64_t>(rev.size() - k);
    const IntTuple order = with_leaves(s, rev);
    Layout r;
    try {
      r = alg.make_ordered_layout(s, order);
      if (!valid)
        return fail("MAKE-COMPACT", args,
                    "make_ordered_layout of an invalid shape gave " + show(r));
      const Layout want = oracle::make(s, ordered_strides(s, order));
      if (r != want)
        return fail("MAKE-COMPACT", args,
                    "make_ordered_layout(S, " + layout::to_string(order) + ") gave " + show(r) +
                        ", expected " + show(want));
    } catch (const Error& e) {
      if (valid) return refused("MAKE-COMPACT", args, "make_ordered_layout", e);
    }
  }
  for (const bool left : {true, false}) {
    const char* op = left ? "make_layout_left" : "make_layout_right";
    Layout r;
    try {
      r = left ? alg.make_layout_left(s) : alg.make_layout_right(s);
    } catch (const Error& e) {
      if (!valid) continue;
      return refused("MAKE-COMPACT", args, op, e);
    }
    if (!valid)
      return fail("MAKE-COMPACT", args,
                  std::string(op) + " of an invalid shape gave " + show(r) + ", not a refusal");
    const Layout want = oracle::make(s, left ? compact_left(s) : compact_right(s));
    if (r != want)
      return fail("MAKE-COMPACT", args,
                  std::string(op) + " gave " + show(r) + ", expected " + show(want));
  }
  return valid ? Outcome() : vacuous("refused");
}

// TUPLE-UTIL, one part per utility of IntTuple: product(T) is the product of
// the leaves; prefix_product(T, k) the exclusive prefix products times k,
// congruent with T; inner_product(T, T') the sum of leafwise products
// (T' = T's leaves reversed, so congruent). Each is exact where the value
// fits in int64 and refused where it does not (inner_product also where a
// partial sum in leaf order passes int64). Argument: (T, k).
constexpr const char* kTupleUtils[] = {"product", "prefix_product", "inner_product"};

// What each utility must give for (T, k), computed once: the value (or the
// leaves of prefix_product) and whether a refusal is right (the value, or for
// inner_product a partial sum in leaf order, passes int64).
struct TupleDefs {
  i128 product = 1;
  Ints prefix;  // k * exclusive prefix products
  bool prefix_fits = true;
  IntTuple reversed;  // T with its leaves reversed: the second operand of inner_product
  i128 inner = 0;
  bool inner_partial = false;
};

TupleDefs tuple_defs(const IntTuple& t, int64_t k) {
  TupleDefs d;
  const Ints v = leaf_values(t);
  d.product = oracle::size_wide(t);
  i128 run = k;
  for (int64_t x : v) {
    d.prefix_fits = d.prefix_fits && run <= INT64_MAX && run >= INT64_MIN;
    d.prefix.push_back(d.prefix_fits ? static_cast<int64_t>(run) : 0);
    if (d.prefix_fits) run *= x;  // |run| <= 2^63, |x| < 2^63
  }
  Ints rev(v);
  for (std::size_t j = 0; j < v.size(); ++j) rev[j] = v[v.size() - 1 - j];
  d.reversed = with_leaves(t, rev);
  for (std::size_t j = 0; j < v.size(); ++j) {
    const i128 term = static_cast<i128>(v[j]) * rev[j];
    d.inner += term;
    d.inner_partial = d.inner_partial || term > INT64_MAX || term < INT64_MIN ||
                      d.inner > INT64_MAX || d.inner < INT64_MIN;
  }
  return d;
}

bool past_int64(i128 x) { return x > INT64_MAX || x < INT64_MIN; }

Outcome tuple_util(const Algebra& alg, const std::vector<Arg>& args, std::size_t first,
                   std::size_t last) {
  const IntTuple& t = std::get<IntTuple>(args[0]);
  const TupleDefs d = tuple_defs(t, std::get<int64_t>(args[1]));
  return each_part(first, last, [&](std::size_t part) -> Outcome {
    const bool refusal_due = part == 0   ? past_int64(d.product)
                             : part == 1 ? !d.prefix_fits
                                         : d.inner_partial;
    try {
      if (part == 0) {
        const int64_t got = alg.product(t);
        if (past_int64(d.product))
          return fail("TUPLE-UTIL", args, "product past int64 was not refused", std::nullopt,
                      std::nullopt, got);
        if (got != static_cast<int64_t>(d.product))
          return fail("TUPLE-UTIL", args, "product is not the product of the leaves", std::nullopt,
                      static_cast<int64_t>(d.product), got);
      } else if (part == 1) {
        const IntTuple got = alg.prefix_product(t, std::get<int64_t>(args[1]));
        if (!d.prefix_fits)
          return fail(
              "TUPLE-UTIL", args,
              "prefix_product past int64 gave " + layout::to_string(got) + ", not a refusal");
        const IntTuple want = with_leaves(t, d.prefix);
        if (got != want)
          return fail("TUPLE-UTIL", args,
                      "prefix_product gave " + layout::to_string(got) + ", expected " +
                          layout::to_string(want));
      } else {
        const int64_t got = alg.inner_product(t, d.reversed);
        if (past_int64(d.inner))
          return fail("TUPLE-UTIL", args, "inner_product past int64 was not refused", std::nullopt,
                      std::nullopt, got);
        if (got != static_cast<int64_t>(d.inner))
          return fail("TUPLE-UTIL", args, "inner_product is not the sum of leafwise products",
                      std::nullopt, static_cast<int64_t>(d.inner), got);
      }
      return std::nullopt;
    } catch (const Error& e) {
      if (refusal_due) return vacuous("refused");
      return refused("TUPLE-UTIL", args, kTupleUtils[part], e);
    }
  });
}

// shape_div of the subtree a by the integer b, carrying the rest of b along
// (the inclusive prefix ceil-div fold); `exact` turns false at a step where
// neither divides the other.
IntTuple shape_div_fold(const IntTuple& a, i128& b, bool& exact) {
  if (a.is_int()) {
    const int64_t x = a.value();
    if (x <= 0 || b <= 0 || (x % b != 0 && b % x != 0)) {
      exact = false;
      return 0;
    }
    const i128 q = (x + b - 1) / b;
    b = (b + x - 1) / x;
    return static_cast<int64_t>(q);
  }
  std::vector<IntTuple> out;
  for (int k = 0; k < oracle::rank(a); ++k)
    out.push_back(shape_div_fold(oracle::element(a, k), b, exact));
  return oracle::tuple_of(out);
}

// The fold of shape_div(A, B): tuples of equal rank by element; otherwise B's
// product carried through A's leaves. nullopt when no result exists (ranks
// differ, a step divides neither way, B's product past int64).
std::optional<IntTuple> shape_div_def(const IntTuple& a, const IntTuple& b) {
  if (b.is_tuple() && a.is_tuple()) {
    if (oracle::rank(a) != oracle::rank(b)) return std::nullopt;
    std::vector<IntTuple> out;
    for (int k = 0; k < oracle::rank(a); ++k) {
      auto e = shape_div_def(oracle::element(a, k), oracle::element(b, k));
      if (!e) return std::nullopt;
      out.push_back(std::move(*e));
    }
    return oracle::tuple_of(out);
  }
  i128 d = oracle::size_wide(b);
  if (d > INT64_MAX) return std::nullopt;
  bool exact = true;
  IntTuple r = shape_div_fold(a, d, exact);
  if (!exact) return std::nullopt;
  return r;
}

// SHAPE-DIV: shape_div(A, B) is the fold (congruent with A) where every step
// divides exactly, and refused where a step does not or the ranks differ.
Outcome shape_div(const Algebra& alg, const std::vector<Arg>& args) {
  const IntTuple& a = std::get<IntTuple>(args[0]);
  const IntTuple& b = std::get<IntTuple>(args[1]);
  const std::optional<IntTuple> want = shape_div_def(a, b);
  IntTuple got;
  try {
    got = alg.shape_div(a, b);
  } catch (const Error& e) {
    if (!want) return vacuous("refused");
    return refused("SHAPE-DIV", args, "shape_div", e);
  }
  return post_shape_div("SHAPE-DIV", args, a, b, got);
}

}  // namespace

Outcome post_shape_div(const std::string& law, const std::vector<Arg>& args, const IntTuple& a,
                       const IntTuple& b, const IntTuple& got) {
  const std::optional<IntTuple> want = shape_div_def(a, b);
  if (!want)
    return fail(law, args,
                "no result exists (ranks differ or a step divides neither way), but it gave " +
                    layout::to_string(got));
  if (got != *want)
    return fail(law, args,
                "gave " + layout::to_string(got) + ", the fold gives " + layout::to_string(*want));
  return std::nullopt;
}

std::vector<Law> structure_laws() {
  using K = ArgKind;
  return {
      {"RANK-DEPTH",
       "rank(L) = the number of top-level modes of shape(L) (1 for an integer), depth(L) its "
       "nesting depth (0 for an integer)",
       "rank, depth",
       "random nested (depth <= 3), rank-1 tuples, integers",
       {K::layout},
       guard(rank_depth)},
      {"NULLSPACE-DEF",
       "nullspace(L) = L's stride-0 leaves with their colexicographic position strides (CuTe's "
       "construction; none: 1:0); N(i) in [0, size(L)), L(N(i)) = 0, N injective",
       "nullspace",
       "random nested, stride 0 (broadcast), size-1 modes, huge shapes",
       {K::layout},
       guard(nullspace_def)},
      {"MAKE-LIKE",
       "make_layout_like(L) = shape(L) with stride 0 where L's is 0 and, for the other leaves "
       "sorted by L's stride (ties by position), the running product of their sizes",
       "make_layout_like",
       "random nested, stride 0, negative, permuted, size-1 modes",
       {K::layout},
       guard(make_like)},
      {"FLATTEN-DEF",
       "flatten(L) has L's leaves (s, d) in order and depth <= 1; an integer layout stays one",
       "flatten",
       "random nested, size-1 modes, integers",
       {K::layout},
       guard(flatten_def)},
      {"MAKE-COMPACT",
       "make_layout_left(S) = S:(exclusive prefix products), make_layout_right(S) = "
       "S:(row-major over the leaves), make_ordered_layout(S, O) = S laid out in O's order, "
       "exactly; refused iff a leaf < 1 or size past int64",
       "make_layout_left, make_layout_right, make_ordered_layout",
       "random nested shapes, size-1 modes, invalid and huge shapes",
       {K::int_tuple},
       guard(make_compact)},
      {"TUPLE-UTIL",
       "product(T) = prod of the leaves; prefix_product(T, k) = k * exclusive prefix products; "
       "inner_product(T, T') = sum of leafwise products; exact in int64, refused past it",
       "product, prefix_product, inner_product",
       "random nested tuples, values near the int64 edge, negative values",
       {K::int_tuple, K::integer},
       guard_parts(tuple_util, std::size(kTupleUtils)),
       {std::begin(kTupleUtils), std::end(kTupleUtils)},
       guard_part(tuple_util, std::size(kTupleUtils))},
      {"SHAPE-DIV",
       "shape_div(A, B) = the inclusive prefix ceil-div fold of A by B (by element for tuples "
       "of equal rank) where every step divides one way; refused otherwise",
       "shape_div",
       "shapes with divisible and non-divisible steps, nested, ranks that differ",
       {K::int_tuple, K::int_tuple},
       guard(shape_div)},
  };
}

}  // namespace props
