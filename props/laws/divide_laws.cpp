// Divides: LDIV-DEF, LDIV-PERM, DIV-REGROUP.
#include <algorithm>

#include "catalog_groups.hpp"
#include "tiler_checks.hpp"

namespace props {

namespace {

using namespace util;

// LDIV-DEF: where defined, logical_divide(A, B) is its definition
// A o (B, complement(B, size(A))) (by mode for a tuple tiler, A's other modes
// kept, `_` keeps a mode; complement by its formula), with its top-level mode
// sizes; where the definition has no result, it must refuse.
Outcome ldiv_def(const Algebra& alg, const std::vector<Arg>& args) {
  const Layout& a = std::get<Layout>(args[0]);
  const Tiler& t = std::get<Tiler>(args[1]);
  Layout r;
  try {
    r = alg.logical_divide(a, t);
  } catch (const Error&) {
    return vacuous("refused");  // COMP-REFUSE and LDIV-PERM judge refusals
  }
  return check_tiler_op("LDIV-DEF", args, "logical_divide", a, t, r);
}

// LDIV-PERM: B a bijection onto [0, size(B)) with size(B) | size(A): the
// values of logical_divide(A, B) are A's values permuted (same multiset);
// never refused when A is linear (A(i) = i*d).
Outcome ldiv_perm(const Algebra& alg, const std::vector<Arg>& args) {
  const Layout& a = std::get<Layout>(args[0]);
  const Layout& b = std::get<Layout>(args[1]);
  const auto ta = table(a), tb = table(b);
  if (!ta || !tb) return vacuous("too large for the oracle");
  if (ta->size() % tb->size() != 0) return vacuous("size(B) does not divide size(A)");
  if (!representable(a) || !representable(b)) return vacuous("operands not representable");
  std::vector<int64_t> sb = *tb;
  std::sort(sb.begin(), sb.end());
  for (std::size_t i = 0; i < sb.size(); ++i)
    if (sb[i] != static_cast<int64_t>(i)) return vacuous("B not a bijection onto [0, size(B))");
  Layout r;
  try {
    r = alg.logical_divide(a, b);
  } catch (const Error& e) {
    if (!linear_stride(a)) return vacuous("refused");
    return refused("LDIV-PERM", args, "logical_divide", e);
  }
  auto tr = table(r);
  if (!tr || tr->size() != ta->size())
    return fail("LDIV-PERM", args, "logical_divide gave " + show(r) + ", not size(A) elements");
  std::vector<int64_t> sa = *ta;
  std::sort(sa.begin(), sa.end());
  std::sort(tr->begin(), tr->end());
  if (sa != *tr) {
    const auto at = std::mismatch(sa.begin(), sa.end(), tr->begin());
    return fail("LDIV-PERM", args,
                "logical_divide gave " + show(r) + ", not a permutation of A's values (sorted)",
                at.first - sa.begin(), *at.first, *at.second);
  }
  return std::nullopt;
}

// DIV-REGROUP: where defined, zipped/tiled/flat_divide are the halves of the
// by-mode logical_divide regrouped (tiles first, then rests, then A's other
// modes) pointwise, with the grouping's top-level modes. Parts: the three.
constexpr Regrouping kRegroupedDivides[] = {
    {"zipped_divide",
     [](const Algebra& alg, const Layout& a, const Tiler& t) { return alg.zipped_divide(a, t); }},
    {"tiled_divide",
     [](const Algebra& alg, const Layout& a, const Tiler& t) { return alg.tiled_divide(a, t); }},
    {"flat_divide",
     [](const Algebra& alg, const Layout& a, const Tiler& t) { return alg.flat_divide(a, t); }},
};
Outcome div_regroup(const Algebra& alg, const std::vector<Arg>& args, std::size_t first,
                    std::size_t last) {
  return check_regroupings("DIV-REGROUP", kRegroupedDivides, alg, args, first, last);
}

}  // namespace

std::vector<Law> divide_laws() {
  using K = ArgKind;
  return {
      {"LDIV-DEF",
       "where defined: logical_divide(A, B) = A o (B, complement(B, size(A))) pointwise "
       "(complement by its formula); by mode for tuple tilers, nested ones too; its top-level "
       "mode sizes; refused where the definition has no result",
       "logical_divide",
       "divisible tilers, by-mode tilers with `_`, tilers past size(A), random nested",
       {K::layout, K::tiler},
       guard(ldiv_def)},
      {"LDIV-PERM",
       "B a bijection onto [0, size(B)), size(B) | size(A): logical_divide(A, B) has A's values "
       "as a multiset; never refused for linear A",
       "logical_divide",
       "compact and permuted compact tilers dividing size(A), random A",
       {K::layout, K::layout},
       guard(ldiv_perm)},
      {"DIV-REGROUP",
       "where defined: zipped/tiled/flat_divide = the halves (T, R) of the by-mode "
       "logical_divide regrouped: zipped ((T..), (R.., A_r..)), tiled ((T..), R_0, .., A_r, ..), "
       "flat (T_0, .., R_0, .., A_r, ..), pointwise and by top-level mode sizes",
       "zipped_divide, tiled_divide, flat_divide",
       "layout tilers, by-mode tilers with `_`, random nested",
       {K::layout, K::tiler},
       guard_parts(div_regroup, std::size(kRegroupedDivides)),
       part_names(kRegroupedDivides),
       guard_part(div_regroup, std::size(kRegroupedDivides))},
  };
}

}  // namespace props
