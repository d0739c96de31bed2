// The three headline laws: COAL-FN, COMP-TILE, COMP-ASSOC.
#include <algorithm>

#include "catalog_groups.hpp"
#include "law_util.hpp"
#include "oracle.hpp"

namespace props {

namespace {

using layout::Error;

// COAL-FN: coalesce(L) is the same function with the fewest modes.
Outcome coal_fn(const Algebra& alg, const std::vector<Arg>& args) {
  const Layout& l = std::get<Layout>(args[0]);
  Layout r;
  try {
    r = alg.coalesce(l);
  } catch (const Error& e) {
    return fail("COAL-FN", args, std::string("coalesce refused a valid layout: ") + e.what());
  }
  const auto want = oracle::table(l);
  if (oracle::size(r) != oracle::size(l))
    return fail("COAL-FN", args, "coalesce gave " + alg.print(r) + ", of another size");
  if (r.depth() > 1) return fail("COAL-FN", args, "coalesce gave " + alg.print(r) + ", depth > 1");
  const auto lv = oracle::leaves(r);
  for (int64_t i = 0; i < static_cast<int64_t>(want.size()); ++i) {
    const auto got = oracle::eval(lv, i);
    if (got != want[static_cast<std::size_t>(i)])
      return fail("COAL-FN", args, "coalesce gave " + alg.print(r) + ", another function", i,
                  want[static_cast<std::size_t>(i)], got.value_or(INT64_MIN));
  }
  for (std::size_t k = 0; k < lv.size(); ++k) {
    if (lv[k].s == 1 && lv.size() > 1)
      return fail("COAL-FN", args, "coalesce gave " + alg.print(r) + ", with a size-1 mode");
    int64_t end;  // s*d past int64 cannot equal the next stride
    if (k + 1 < lv.size() && !__builtin_mul_overflow(lv[k].s, lv[k].d, &end) && end == lv[k + 1].d)
      return fail("COAL-FN", args, "coalesce gave " + alg.print(r) + ", with a mergeable pair");
  }
  Layout again;
  try {
    again = alg.coalesce(r);
  } catch (const Error& e) {
    return fail("COAL-FN", args, std::string("coalesce refused its own result: ") + e.what());
  }
  if (again != r)
    return fail("COAL-FN", args,
                "not idempotent: " + alg.print(r) + " coalesces to " + alg.print(again));
  // The canonical form exactly: flatten, drop size-1 modes, merge (none: 1:0,
  // one: the integer layout s:d).
  const Layout canonical = oracle::from_leaves(oracle::coalesced(oracle::leaves(l)));
  if (r != canonical)
    return fail(
        "COAL-FN", args,
        "coalesce gave " + alg.print(r) + ", the canonical form is " + alg.print(canonical));
  return std::nullopt;
}

// COMP-TILE: for injective A whose sorted modes chain (each running end
// divides the next stride) and M a multiple of the chain's end, (A,
// complement(A, M)) hits every offset of [0, M) exactly once.
Outcome comp_tile(const Algebra& alg, const std::vector<Arg>& args) {
  const Layout& a = std::get<Layout>(args[0]);
  const int64_t m = std::get<int64_t>(args[1]);
  oracle::Leaves lv;
  for (const oracle::Leaf& x : oracle::leaves(a)) {
    if (x.s == 1) continue;
    if (x.d <= 0) return vacuous("stride 0 or negative: not admissible");
    lv.push_back(x);
  }
  std::stable_sort(lv.begin(), lv.end(), [](auto& x, auto& y) { return x.d < y.d; });
  __extension__ typedef __int128 i128;
  i128 end = 1;
  for (const oracle::Leaf& x : lv) {
    if (x.d % end != 0) return vacuous("gaps the complement cannot fill exactly");
    end = static_cast<i128>(x.s) * x.d;
    if (end > INT64_MAX) return vacuous("chain end past int64");
  }
  if (m < 1 || m % static_cast<int64_t>(end) != 0)
    return vacuous("M not a multiple of the chain end");
  if (m > (int64_t{1} << 22)) return vacuous("too large for the oracle");
  Layout c;
  try {
    c = alg.complement(a, m);
  } catch (const Error& e) {
    return fail("COMP-TILE", args,
                std::string("complement refused admissible operands: ") + e.what());
  }
  const Layout both = Layout::unchecked(IntTuple::tuple({a.shape(), c.shape()}),
                                        IntTuple::tuple({a.stride(), c.stride()}));
  const auto n = oracle::size(both);
  if (n != m)
    return fail("COMP-TILE", args,
                "(A, " + alg.print(c) + ") has " + std::to_string(n.value_or(-1)) +
                    " offsets, not " + std::to_string(m));
  std::vector<int64_t> first(static_cast<std::size_t>(m), -1);
  const auto bv = oracle::leaves(both);
  for (int64_t i = 0; i < m; ++i) {
    const auto v = oracle::eval(bv, i);
    if (!v || *v < 0 || *v >= m)
      return fail("COMP-TILE", args, "(A, " + alg.print(c) + ") leaves [0, M)", i, std::nullopt,
                  v.value_or(INT64_MIN));
    int64_t& seen = first[static_cast<std::size_t>(*v)];
    if (seen >= 0)
      return fail("COMP-TILE", args,
                  "(A, " + alg.print(c) + ") hits offset " + std::to_string(*v) +
                      " twice, first at index " + std::to_string(seen),
                  i, std::nullopt, *v);
    seen = i;
  }
  return std::nullopt;
}

// COMP-ASSOC: where both sides are defined and C stays inside B's domain,
// (A o B) o C and A o (B o C) are the same function, A(B(C(i))).
Outcome comp_assoc(const Algebra& alg, const std::vector<Arg>& args) {
  const Layout& a = std::get<Layout>(args[0]);
  const Layout& b = std::get<Layout>(args[1]);
  const Layout& c = std::get<Layout>(args[2]);
  const auto size_b = oracle::size(b);
  const auto cv = oracle::table(c);
  for (int64_t v : cv)
    if (!size_b || v < 0 || v >= *size_b) return vacuous("C leaves B's domain");
  Layout left, right;
  try {
    left = alg.composition(alg.composition(a, b), c);
    right = alg.composition(a, alg.composition(b, c));
  } catch (const Error&) {
    return vacuous("refused");  // refusals are judged by other laws
  }
  const auto al = oracle::leaves(a), bl = oracle::leaves(b);
  const auto ll = oracle::leaves(left), rl = oracle::leaves(right);
  if (oracle::size(left) != oracle::size(c) || oracle::size(right) != oracle::size(c))
    return fail("COMP-ASSOC", args, "sizes differ: " + alg.print(left) + " vs " + alg.print(right));
  // Values that do not fit in int64 read as INT64_MIN (never a layout value here).
  auto value = [](const oracle::Leaves& lv, int64_t i) {
    return oracle::eval(lv, i).value_or(INT64_MIN);
  };
  for (int64_t i = 0; i < static_cast<int64_t>(cv.size()); ++i) {
    const int64_t bi = value(bl, cv[static_cast<std::size_t>(i)]);
    const int64_t want = bi == INT64_MIN ? INT64_MIN : value(al, bi);
    const int64_t l = value(ll, i), r = value(rl, i);
    if (l != want || r != want)
      return fail("COMP-ASSOC", args,
                  "(A o B) o C = " + alg.print(left) + ", A o (B o C) = " + alg.print(right), i,
                  want, l != want ? l : r);
  }
  return std::nullopt;
}

}  // namespace

std::vector<Law> headline_laws() {
  using K = ArgKind;
  using util::guard;  // inputs too large for the oracle are skipped
  return {
      {"COAL-FN",
       "coalesce(L)(i) = L(i) for all i < size(L); same size; depth <= 1; idempotent; no size-1 "
       "mode or mergeable pair left; exactly the canonical form (none: 1:0, one: s:d)",
       "coalesce",
       "random nested, compact, permuted, gaps, stride 0, size-1 modes, large",
       {K::layout},
       guard(coal_fn)},
      {"COMP-TILE",
       "A injective with chained strides, M a multiple of the chain end: (A, complement(A, M)) "
       "hits every offset of [0, M) exactly once",
       "complement",
       "injective with gaps, compact, permuted compact, size-1 modes",
       {K::layout, K::integer},
       guard(comp_tile)},
      {"COMP-ASSOC",
       "where defined and C(i) < size(B): (A o B) o C = A o (B o C) = A(B(C(i))) pointwise",
       "composition",
       "composable triples, random nested, compact",
       {K::layout, K::layout, K::layout},
       guard(comp_assoc)},
  };
}

}  // namespace props
