// Products: LPROD-DEF, PROD-REGROUP, PROD-SIZE, BLOCKED-DEF, RAKED-DEF.
#include <algorithm>

#include "catalog_groups.hpp"
#include "tiler_checks.hpp"

namespace props {

namespace {

using namespace util;

// LPROD-DEF: where defined, logical_product(A, B)(a + size(A) b) = A(a) +
// C(B(b)) with C = complement(A, size(A) cosize(B)) (its formula);
// by mode for tuple tilers; modes (size(A), size(B)).
Outcome lprod_def(const Algebra& alg, const std::vector<Arg>& args) {
  const Layout& a = std::get<Layout>(args[0]);
  const Tiler& t = std::get<Tiler>(args[1]);
  Layout r;
  try {
    r = alg.logical_product(a, t);
  } catch (const Error&) {
    return vacuous("refused");  // PROD-SIZE judges refusals of admissible operands
  }
  return check_tiler_op("LPROD-DEF", args, "logical_product", a, t, r);
}

// PROD-REGROUP: where defined, zipped/tiled_product are the by-mode
// logical_product regrouped (A_0.., P_0.., A_r..) pointwise. Parts: the two
// products.
constexpr Regrouping kRegroupedProducts[] = {
    {"zipped_product",
     [](const Algebra& alg, const Layout& a, const Tiler& t) { return alg.zipped_product(a, t); }},
    {"tiled_product",
     [](const Algebra& alg, const Layout& a, const Tiler& t) { return alg.tiled_product(a, t); }},
};
Outcome prod_regroup(const Algebra& alg, const std::vector<Arg>& args, std::size_t first,
                     std::size_t last) {
  return check_regroupings("PROD-REGROUP", kRegroupedProducts, alg, args, first, last);
}

// A is a bijection onto [0, size(A)) (compact up to a permutation).
bool compact(const Layout& a) {
  auto t = table(a);
  if (!t) return false;
  std::sort(t->begin(), t->end());
  for (std::size_t i = 0; i < t->size(); ++i)
    if ((*t)[i] != static_cast<int64_t>(i)) return false;
  return true;
}

// PROD-SIZE: logical, zipped, tiled, blocked and raked products have
// size(A)*size(B) elements; never refused when A is compact up to a
// permutation and B has strides >= 0. Parts: the five products.
struct Product {
  const char* name;
  Layout (*run)(const Algebra&, const Layout&, const Layout&);
};
constexpr Product kProducts[] = {
    {"logical_product",
     [](const Algebra& g, const Layout& x, const Layout& y) { return g.logical_product(x, y); }},
    {"zipped_product",
     [](const Algebra& g, const Layout& x, const Layout& y) { return g.zipped_product(x, y); }},
    {"tiled_product",
     [](const Algebra& g, const Layout& x, const Layout& y) { return g.tiled_product(x, y); }},
    {"blocked_product",
     [](const Algebra& g, const Layout& x, const Layout& y) { return g.blocked_product(x, y); }},
    {"raked_product",
     [](const Algebra& g, const Layout& x, const Layout& y) { return g.raked_product(x, y); }},
};

Outcome prod_size(const Algebra& alg, const std::vector<Arg>& args, std::size_t first,
                  std::size_t last) {
  const Layout& a = std::get<Layout>(args[0]);
  const Layout& b = std::get<Layout>(args[1]);
  const auto sa = oracle::size(a), sb = oracle::size(b);
  if (!sa || !sb || !representable(a) || !representable(b))
    return vacuous("too large for the oracle or outside the evaluator");
  const i128 want = static_cast<i128>(*sa) * *sb;
  if (want > limit() || cosize(b) * *sa > limit())
    return vacuous("too large for the oracle or outside the evaluator");
  bool nonneg = true;
  for (const oracle::Leaf& x : oracle::leaves(b)) nonneg = nonneg && x.d >= 0;
  const bool must = nonneg && compact(a);
  return each_part(first, last, [&](std::size_t part) -> Outcome {
    const auto& [name, run] = kProducts[part];
    Layout r;
    try {
      r = run(alg, a, b);
    } catch (const Error& e) {
      if (must) return refused("PROD-SIZE", args, name, e);
      return vacuous("refused");
    }
    if (oracle::size(r) != static_cast<int64_t>(want))
      return fail("PROD-SIZE", args,
                  std::string(name) + " gave " + show(r) + ", not size(A)*size(B) elements",
                  std::nullopt, static_cast<int64_t>(want), oracle::size(r).value_or(-1));
    return std::nullopt;
  });
}

// BLOCKED-DEF / RAKED-DEF: with R = max(rank A, rank B), A' and B' padded with
// 1:0 and C = complement(A', size(A) cosize(B)) (its formula), mode k of the
// result is (A'_k, (C o B')_k) (blocked) or ((C o B')_k, A'_k) (raked), where
// C o B' must be a layout (its per-mode images add without a carry); where
// the definition has no result, the operation must refuse.
Outcome block_rake(const std::string& law, bool raked, const Algebra& alg,
                   const std::vector<Arg>& args) {
  const Layout& a = std::get<Layout>(args[0]);
  const Layout& b = std::get<Layout>(args[1]);
  const std::string op = raked ? "raked_product" : "blocked_product";
  Layout r;
  try {
    r = raked ? alg.raked_product(a, b) : alg.blocked_product(a, b);
  } catch (const Error&) {
    return vacuous("refused");  // PROD-SIZE judges refusals
  }
  defs::Definition def;
  try {
    def = defs::blocked_raked_definition(raked, a, b, limit());
  } catch (const defs::NotDefined& e) {
    return fail(law, args, op + " gave " + show(r) + ", but " + e.why + ": it had to refuse");
  }
  return defs::check_definition(law, args, op, def, r);
}

Outcome blocked_def(const Algebra& alg, const std::vector<Arg>& args) {
  return block_rake("BLOCKED-DEF", false, alg, args);
}
Outcome raked_def(const Algebra& alg, const std::vector<Arg>& args) {
  return block_rake("RAKED-DEF", true, alg, args);
}

// TILE-TO-SHAPE: tile_to_shape(B, T) with R = rank(T), B' = B padded to rank
// R, b_i = size(B'_i), t_i = size(T_i): refused iff rank(B) > R, some b_i does
// not divide t_i, or blocked_product(B', P) has no result, P = (t_i/b_i)
// column-major (compact_left); otherwise it is blocked_product(B', P)
// pointwise (by its definition) with top-level mode sizes t_i (for R = 1, any
// modes of total size t_0: the coalesce may split it).
Outcome tile_to_shape_law(const Algebra& alg, const std::vector<Arg>& args) {
  const Layout& b = std::get<Layout>(args[0]);
  const IntTuple& t = std::get<IntTuple>(args[1]);
  for (int64_t v : leaf_values(t))
    if (v < 1) return vacuous("not a shape");
  if (size(t) > limit() || !representable(b)) return vacuous("too large for the oracle");
  const int r = oracle::rank(t), rb = oracle::rank(b.shape());
  std::string why;
  std::vector<int64_t> counts;
  if (rb > r) why = "the block has more modes than the target";
  for (int i = 0; i < r && why.empty(); ++i) {
    const i128 bi = i < rb ? size(oracle::mode(b, i).shape()) : 1;
    const i128 ti = size(oracle::element(t, i));
    if (ti % bi != 0) why = "mode " + std::to_string(i) + ": the block does not divide the target";
    counts.push_back(static_cast<int64_t>(ti / bi));
  }
  defs::Definition def;
  if (why.empty()) {
    const IntTuple shape = r == 1 ? IntTuple(counts[0]) : flat_tuple(counts);
    const Layout p = oracle::make(shape, compact_left(shape));
    try {
      def = defs::blocked_raked_definition(false, b, p, limit());
      if (r == 1) def.modes = {{static_cast<int64_t>(size(t)), true}};
    } catch (const defs::NotDefined& e) {
      why = e.why;
    }
    // The copies C o P, C = complement(B, size(B) size(P)) by its formula, must
    // be a layout with P's shape (oracle::fit_layout), or no product exists.
    const i128 m = size(b.shape()) * size(shape);
    const auto c = m > INT64_MAX ? std::nullopt : oracle::complement(b, static_cast<int64_t>(m));
    if (why.empty() && c) {
      const auto copies = composed_values(oracle::from_leaves(*c), p);
      if (!copies || !oracle::fit_layout(*copies, shape))
        why = "no layout with the copies' shape equals C o P";
    }
  }
  Layout res;
  try {
    res = alg.tile_to_shape(b, t);
  } catch (const Error& e) {
    if (!why.empty()) return std::nullopt;
    return refused("TILE-TO-SHAPE", args, "tile_to_shape", e);
  }
  if (!why.empty())
    return fail("TILE-TO-SHAPE", args,
                "tile_to_shape gave " + show(res) + ", but " + why + ": it had to refuse");
  return defs::check_definition("TILE-TO-SHAPE", args, "tile_to_shape", def, res);
}

}  // namespace

std::vector<Law> product_laws() {
  using K = ArgKind;
  return {
      {"LPROD-DEF",
       "where defined: logical_product(A, B)(a + size(A) b) = A(a) + C(B(b)), C = complement(A, "
       "size(A) cosize(B)) (by its formula); by mode for tuple tilers; modes (size(A), "
       "size(B)); refused where the definition has no result",
       "logical_product",
       "compact and gapped A, any B, by-mode tilers",
       {K::layout, K::tiler},
       guard(lprod_def)},
      {"PROD-REGROUP",
       "where defined: zipped/tiled_product = (A_0.., P_0.., A_r..) pointwise, the halves of the "
       "by-mode logical_product; zipped modes (prod A, prod P), tiled (prod A, P_0, ..)",
       "zipped_product, tiled_product",
       "layout and by-mode tilers, random nested",
       {K::layout, K::tiler},
       guard_parts(prod_regroup, std::size(kRegroupedProducts)),
       part_names(kRegroupedProducts),
       guard_part(prod_regroup, std::size(kRegroupedProducts))},
      {"PROD-SIZE",
       "logical/zipped/tiled/blocked/raked products have size(A)*size(B) elements; never refused "
       "for A compact up to a permutation and B with strides >= 0",
       "logical_product, zipped_product, tiled_product, blocked_product, raked_product",
       "compact and permuted A, gapped A, any B",
       {K::layout, K::layout},
       guard_parts(prod_size, std::size(kProducts)),
       part_names(kProducts),
       guard_part(prod_size, std::size(kProducts))},
      {"BLOCKED-DEF",
       "where defined: mode k of blocked_product(A, B) is (A'_k, (C o B')_k), C = complement(A, "
       "size(A) cosize(B)), A' and B' padded with 1:0; value sum A'_k(x_k) + C(sum B'_k(y_k))",
       "blocked_product",
       "rank-1 and rank-2 pairs, unequal ranks, compact and gapped A",
       {K::layout, K::layout},
       guard(blocked_def)},
      {"RAKED-DEF",
       "where defined: mode k of raked_product(A, B) is ((C o B')_k, A'_k), as BLOCKED-DEF",
       "raked_product",
       "rank-1 and rank-2 pairs, unequal ranks, compact and gapped A",
       {K::layout, K::layout},
       guard(raked_def)},
      {"TILE-TO-SHAPE",
       "tile_to_shape(B, T) = blocked_product(B', (t_i/b_i) column-major) with its modes "
       "coalesced: the definition's values, top-level mode sizes t_i; refused iff rank(B) > "
       "rank(T), some b_i does not divide t_i, or the product has no result",
       "tile_to_shape",
       "blocks of every class with targets that are multiples per mode, near misses",
       {K::layout, K::int_tuple},
       guard(tile_to_shape_law)},
  };
}

}  // namespace props
