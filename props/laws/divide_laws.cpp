// Divides: LDIV-DEF, LDIV-PERM, DIV-REGROUP.
#include <algorithm>

#include "catalog_groups.hpp"
#include "tiling_util.hpp"

namespace props {

namespace {

using namespace util;

// LDIV-DEF: where defined, logical_divide(A, B) = A o (B, complement(B,
// size(A))) pointwise (by mode for a tuple tiler, A's other modes kept, `_`
// keeps a mode), with top-level modes of sizes (size(B), size(C)) (layout B)
// or size(B_k)*size(C_k) per mode.
Outcome ldiv_def(const Algebra& alg, const std::vector<Arg>& args) {
  const Layout& a = std::get<Layout>(args[0]);
  const Tiler& t = std::get<Tiler>(args[1]);
  Layout r;
  try {
    r = alg.logical_divide(a, t);
  } catch (const Error&) {
    return vacuous("refused");  // COMP-REFUSE and LDIV-PERM judge refusals
  }
  const auto p = plan(a, t, Group::logical, false);
  if (!p) return vacuous("too large for the oracle or outside the evaluator");
  return check_plan("LDIV-DEF", args, "logical_divide", *p, r, false);
}

// LDIV-PERM: B a bijection onto [0, size(B)) with size(B) | size(A): the
// values of logical_divide(A, B) are A's values permuted (same multiset);
// never refused when A is linear (A(i) = i*d).
Outcome ldiv_perm(const Algebra& alg, const std::vector<Arg>& args) {
  const Layout& a = std::get<Layout>(args[0]);
  const Layout& b = std::get<Layout>(args[1]);
  const auto ta = table(a), tb = table(b);
  if (!ta || !tb || ta->size() % tb->size() != 0)
    return vacuous("too large for the oracle or outside the evaluator");
  if (!representable(a) || !representable(b))
    return vacuous("too large for the oracle or outside the evaluator");  // operands past int64
  std::vector<int64_t> sb = *tb;
  std::sort(sb.begin(), sb.end());
  for (std::size_t i = 0; i < sb.size(); ++i)
    if (sb[i] != static_cast<int64_t>(i))
      return vacuous("outside the precondition");  // B not a bijection onto [0, n)
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

// DIV-REGROUP: where defined, zipped/tiled/flat_divide are the by-mode
// logical_divide regrouped: tiles first, then rests, then A's other modes,
// pointwise; zipped has modes (prod T, prod R), tiled (prod T, R_0, ...).
// Parts: the three divides.
constexpr Regrouping kRegroupedDivides[] = {
    {"zipped_divide", Group::zipped,
     [](const Algebra& alg, const Layout& a, const Tiler& t) { return alg.zipped_divide(a, t); }},
    {"tiled_divide", Group::tiled,
     [](const Algebra& alg, const Layout& a, const Tiler& t) { return alg.tiled_divide(a, t); }},
    {"flat_divide", Group::flat,
     [](const Algebra& alg, const Layout& a, const Tiler& t) { return alg.flat_divide(a, t); }},
};
Outcome div_regroup(const Algebra& alg, const std::vector<Arg>& args, std::size_t first,
                    std::size_t last) {
  return check_regroupings("DIV-REGROUP", kRegroupedDivides, false, alg, args, first, last);
}

}  // namespace

std::vector<Law> divide_laws() {
  using K = ArgKind;
  return {
      {"LDIV-DEF",
       "where defined: logical_divide(A, B)(i) = A(J(i)), J = (B, complement(B, size(A))) "
       "(complement by its formula); by mode for tuple tilers; mode sizes (size(B), "
       "size(C))",
       "logical_divide, complement",
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
       "where defined: zipped/tiled/flat_divide = (T_0.., R_0.., A_r..) pointwise, the halves of "
       "the by-mode logical_divide; zipped modes (prod T, prod R), tiled (prod T, R_0, ..)",
       "zipped_divide, tiled_divide, flat_divide",
       "layout tilers, by-mode tilers with `_`, random nested",
       {K::layout, K::tiler},
       guard_parts(div_regroup, std::size(kRegroupedDivides)),
       part_names(kRegroupedDivides),
       guard_part(div_regroup, std::size(kRegroupedDivides))},
  };
}

}  // namespace props
