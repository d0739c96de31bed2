// coalesce as a canonical form, by-mode coalesce and filter:
// COAL-CANON, COAL-MODE, FILTER-IMAGE.

#include "catalog_groups.hpp"
#include "law_util.hpp"

namespace props {

namespace {

using namespace util;

// COAL-CANON: for A and B of equal size, A and B are the same function on
// [0, size) exactly when coalesce(A) == coalesce(B).
Outcome coal_canon(const Algebra& alg, const std::vector<Arg>& args) {
  const Layout& a = std::get<Layout>(args[0]);
  const Layout& b = std::get<Layout>(args[1]);
  if (oracle::size(a) != oracle::size(b)) return vacuous("sizes differ");
  const auto ta = table(a), tb = table(b);
  if (!ta || !tb) return vacuous("too large for the oracle");
  Layout ca, cb;
  try {
    ca = alg.coalesce(a);
    cb = alg.coalesce(b);
  } catch (const Error& e) {
    return refused("COAL-CANON", args, "coalesce", e);
  }
  const bool same_fn = *ta == *tb;
  if (same_fn && ca != cb)
    return fail("COAL-CANON", args,
                "same function, but coalesce gives " + show(ca) + " and " + show(cb));
  if (!same_fn && ca == cb) {
    const auto at = std::mismatch(ta->begin(), ta->end(), tb->begin());
    return fail("COAL-CANON", args, "different functions, but both coalesce to " + show(ca),
                at.first - ta->begin(), *at.first, *at.second);
  }
  return std::nullopt;
}

// coalesce(L, p) by its definition: an integer p gives the canonical form of
// L; a tuple p needs rank(L) >= rank(p) (an integer layout has rank 1, its
// mode 0 is itself) and gives the tuple of rank(L) modes, mode k coalesced by
// p_k for k < rank(p) and the others unchanged. nullopt where p does not fit.
std::optional<Layout> coalesce_by(const Layout& l, const IntTuple& p) {
  if (p.is_int()) return oracle::from_leaves(oracle::coalesced(oracle::leaves(l)));
  if (oracle::rank(l.shape()) < oracle::rank(p)) return std::nullopt;
  std::vector<IntTuple> s, d;
  for (int k = 0; k < oracle::rank(l.shape()); ++k) {
    Layout m = oracle::mode(l, k);
    if (k < oracle::rank(p)) {
      auto c = coalesce_by(m, oracle::element(p, k));
      if (!c) return std::nullopt;
      m = *c;
    }
    s.push_back(m.shape());
    d.push_back(m.stride());
  }
  return oracle::make(oracle::tuple_of(s), oracle::tuple_of(d));
}

// COAL-MODE: coalesce(L, p) is exactly its definition (coalesce_by above:
// the structure of every profile entry, nested ones included, and the
// canonical form under each integer entry) and the same function as L;
// refused exactly where p does not fit.
Outcome coal_mode(const Algebra& alg, const std::vector<Arg>& args) {
  const Layout& l = std::get<Layout>(args[0]);
  const IntTuple& p = std::get<IntTuple>(args[1]);
  const std::optional<Layout> want = coalesce_by(l, p);
  Layout r;
  try {
    r = alg.coalesce(l, p);
  } catch (const Error& e) {
    if (!want) return vacuous("refused");
    return refused("COAL-MODE", args, "coalesce", e);
  }
  if (!want) return fail("COAL-MODE", args, "the profile does not fit L, but it gave " + show(r));
  if (r != *want)
    return fail("COAL-MODE", args, "gave " + show(r) + ", the definition gives " + show(*want));
  const auto t = table(l);
  if (!t) return std::nullopt;  // the structure was checked; the values need the table
  if (oracle::size(r) != oracle::size(l))
    return fail("COAL-MODE", args, "gave " + show(r) + ", of another size");
  return pointwise(
      "COAL-MODE", args, [&] { return "gave " + show(r) + ", another function"; }, r,
      static_cast<int64_t>(t->size()),
      [&](int64_t i) { return (*t)[static_cast<std::size_t>(i)]; });
}

// FILTER-IMAGE: filter(L) has the same image set as L and no stride-0 or
// size-1 mode (unless it is 1:0); it is injective when L's non-broadcast part is.
Outcome filter_image(const Algebra& alg, const std::vector<Arg>& args) {
  const Layout& l = std::get<Layout>(args[0]);
  const auto want = table(l);
  if (!want) return vacuous("too large for the oracle");
  Layout r;
  try {
    r = alg.filter(l);
  } catch (const Error& e) {
    return refused("FILTER-IMAGE", args, "filter", e);
  }
  const auto got = table(r);
  if (!got) return fail("FILTER-IMAGE", args, "gave " + show(r) + ", larger than L");
  const std::vector<int64_t> ws = value_set(*want), gs = value_set(*got);
  if (ws != gs) {
    for (std::size_t i = 0; i < got->size(); ++i)
      if (!contains(ws, (*got)[i]))
        return fail("FILTER-IMAGE", args, "gave " + show(r) + ", with a value outside L's image",
                    static_cast<int64_t>(i), std::nullopt, (*got)[i]);
    return fail("FILTER-IMAGE", args, "gave " + show(r) + ", missing part of L's image");
  }
  const Leaves lv = oracle::leaves(r);
  if (!(lv.size() == 1 && lv[0].s == 1 && lv[0].d == 0))
    for (const oracle::Leaf& x : lv)
      if (x.s == 1 || x.d == 0)
        return fail("FILTER-IMAGE", args, "gave " + show(r) + ", with a stride-0 or size-1 mode");
  return std::nullopt;
}

}  // namespace

std::vector<Law> coalesce_laws() {
  using K = ArgKind;
  return {
      {"COAL-CANON",
       "size(A) = size(B): A(i) = B(i) for all i < size  <=>  coalesce(A) == coalesce(B)",
       "coalesce",
       "function-preserving rewrites (split, size-1 modes, re-nest), near-equal pairs, stride 0",
       {K::layout, K::layout},
       guard(coal_canon)},
      {"COAL-MODE",
       "coalesce(L, p) = its definition exactly: integer p the canonical form; tuple p rank(L) "
       "modes, mode k < rank(p) coalesced by p_k (nested profiles recursively), the others "
       "unchanged; same function; refused iff some rank(L_k) < rank(p_k)",
       "coalesce (by mode)",
       "random nested with a profile, size-1 modes",
       {K::layout, K::int_tuple},
       guard(coal_mode)},
      {"FILTER-IMAGE",
       "{filter(L)(j)} = {L(i)} as sets; no stride-0 or size-1 mode unless filter(L) = 1:0",
       "filter",
       "stride 0, size-1 modes, random nested, gaps",
       {K::layout},
       guard(filter_image)},
  };
}

}  // namespace props
