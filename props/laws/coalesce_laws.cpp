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

// COAL-MODE: coalesce(L, p) for a tuple profile p (rank(L) >= rank(p), else
// refused) keeps rank(L), coalesces mode k < rank(p) into the same function
// on its domain with depth <= 1 (when p_k is an integer), and keeps the other
// modes as they are. An integer profile coalesces the whole layout.
// Profile p fits shape s: an integer fits anything; a tuple needs a tuple
// mode of at least its rank whose modes it fits in turn.
bool profile_fits(const IntTuple& s, const IntTuple& p) {
  if (p.is_int()) return true;
  if (s.is_int() || s.rank() < p.rank()) return false;
  for (int k = 0; k < p.rank(); ++k)
    if (!profile_fits(s[k], p[k])) return false;
  return true;
}

Outcome coal_mode(const Algebra& alg, const std::vector<Arg>& args) {
  const Layout& l = std::get<Layout>(args[0]);
  const IntTuple& p = std::get<IntTuple>(args[1]);
  const auto want = table(l);
  if (!want) return vacuous("too large for the oracle");
  if (p.is_tuple() && l.shape().is_int()) return vacuous("a tuple profile of an integer layout");
  // rank(L) < rank(p) must be refused; a profile that fits at the top but not
  // inside a mode (a nested tuple longer than that mode) may be refused.
  const bool admissible = p.is_int() || l.rank() >= p.rank();
  const bool fits = admissible && profile_fits(l.shape(), p);
  Layout r;
  try {
    r = alg.coalesce(l, p);
  } catch (const Error& e) {
    if (!fits) return vacuous("refused a profile that does not fit");
    return refused("COAL-MODE", args, "coalesce", e);
  }
  if (!admissible) return fail("COAL-MODE", args, "rank(L) < rank(profile) but gave " + show(r));
  if (oracle::size(r) != oracle::size(l))
    return fail("COAL-MODE", args, "gave " + show(r) + ", of another size");
  if (auto bad = pointwise(
          "COAL-MODE", args, [&] { return "gave " + show(r) + ", another function"; }, r,
          static_cast<int64_t>(want->size()),
          [&](int64_t i) { return (*want)[static_cast<std::size_t>(i)]; }))
    return bad;
  if (p.is_int()) {
    if (r.depth() > 1) return fail("COAL-MODE", args, "gave " + show(r) + ", depth > 1");
    return std::nullopt;
  }
  if (!r.shape().is_tuple() || r.rank() != l.rank())
    return fail("COAL-MODE", args, "gave " + show(r) + ", of another rank");
  for (int k = 0; k < l.rank(); ++k) {
    const Layout lk = l[k], rk = r[k];
    if (k >= p.rank()) {
      if (lk != rk)
        return fail("COAL-MODE", args,
                    "mode " + std::to_string(k) + " past the profile changed to " + show(rk));
      continue;
    }
    if (oracle::size(lk) != oracle::size(rk) || table(lk) != table(rk))
      return fail("COAL-MODE", args,
                  "mode " + std::to_string(k) + " of " + show(r) + " is another function");
    if (p[k].is_int() && rk.depth() > 1)
      return fail("COAL-MODE", args,
                  "mode " + std::to_string(k) + " of " + show(r) + " is not coalesced");
  }
  return std::nullopt;
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
       "coalesce(L, p): same size and values; tuple p: rank kept, mode k < rank(p) the same "
       "function with depth <= 1 where p_k is an integer, other modes unchanged; rank(L) < "
       "rank(p) refused",
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
