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
  };
}

}  // namespace props
