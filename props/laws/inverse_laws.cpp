// Inverses: RINV-FN, RINV-MAX, LINV-FN.

#include "catalog_groups.hpp"
#include "law_util.hpp"
#include "postconditions.hpp"

namespace props {

namespace {

using namespace util;

// RINV-FN: right_inverse(A) is never refused; R(i) in [0, size(A)) and
// A(R(i)) = i for i < size(R).
Outcome rinv_fn(const Algebra& alg, const std::vector<Arg>& args) {
  const Layout& a = std::get<Layout>(args[0]);
  const auto n = oracle::size(a);
  if (!n || *n > limit() || !representable(a))
    return vacuous("too large for the oracle or outside the evaluator");
  Layout r;
  try {
    r = alg.right_inverse(a);
  } catch (const Error& e) {
    return refused("RINV-FN", args, "right_inverse", e);
  }
  return post_right_inverse("RINV-FN", args, a, r, 0);
}

// RINV-MAX: size(right_inverse(A)) is at least the run 0, 1, 2, ... that the
// sorted chain of coalesce(A) reaches (modes of stride 1, s_0, s_0*s_1, ... in
// stride order, skipping those below the next offset) and at most the
// contiguous run 0, 1, 2, ... of A's image. (The chain of A's uncoalesced
// leaves can reach further: (2,2,2):(1,1,2) has the right inverse
// (2,2):(1,4), but the coalesced chain, as in CuTe C++, stops at 2.)
Outcome rinv_max(const Algebra& alg, const std::vector<Arg>& args) {
  const Layout& a = std::get<Layout>(args[0]);
  const auto ta = table(a);
  if (!ta) return vacuous("too large for the oracle or outside the evaluator");
  int64_t chain = 1;  // the size of C++'s right inverse, built on the oracle's coalesce
  for (const oracle::Leaf& x : right_inverse_chain(a)) chain *= x.s;  // <= size(A)
  const std::vector<int64_t> image = value_set(*ta);
  int64_t run = 0;
  while (contains(image, run)) ++run;
  if (run < chain)
    return vacuous("outside the precondition");  // cannot happen; the oracle's own sanity
  Layout r;
  try {
    r = alg.right_inverse(a);
  } catch (const Error& e) {
    return refused("RINV-MAX", args, "right_inverse", e);
  }
  const auto n = oracle::size(r);
  if (!n || *n < chain)
    return fail("RINV-MAX", args, "right_inverse " + show(r) + " is shorter than A's chain",
                std::nullopt, chain, n.value_or(-1));
  if (*n > run)
    return fail("RINV-MAX", args,
                "right_inverse " + show(r) + " is longer than the contiguous run of A's image",
                std::nullopt, run, *n);
  return std::nullopt;
}

// left_inverse's precondition for strides >= 0: injective, and sorted by
// stride d_{j+1} % d_j == 0 and d_{j+1} >= s_j*d_j, and the result's size
// s_k*d_k fits in int64.
bool left_admissible(const Layout& a, const std::vector<int64_t>& t) {
  if (first_repeat(t)) return false;
  const Leaves lv = oracle::chain(a).modes;
  // size(L) = s_k * d_k, the end of the sorted chain: it must fit in int64.
  if (!lv.empty() && static_cast<i128>(lv.back().s) * lv.back().d > INT64_MAX) return false;
  for (std::size_t k = 0; k < lv.size(); ++k) {
    if (lv[k].d < 0) return false;
    if (k > 0 &&
        (lv[k].d % lv[k - 1].d != 0 || lv[k].d < static_cast<i128>(lv[k - 1].s) * lv[k - 1].d))
      return false;
  }
  return true;
}

// LINV-FN: where defined, L(A(i)) = i for every i < size(A); never refused
// for admissible A (strides >= 0, injective, sorted strides chain by divisibility).
Outcome linv_fn(const Algebra& alg, const std::vector<Arg>& args) {
  const Layout& a = std::get<Layout>(args[0]);
  const auto ta = table(a);
  if (!ta || !representable(a)) return vacuous("too large for the oracle or outside the evaluator");
  Layout l;
  try {
    l = alg.left_inverse(a);
  } catch (const Error& e) {
    if (!left_admissible(a, *ta)) return vacuous("refused");
    return refused("LINV-FN", args, "left_inverse", e);
  }
  return post_left_inverse("LINV-FN", args, a, l);
}

}  // namespace

Outcome post_right_inverse(const std::string& law, const std::vector<Arg>& args, const Layout& a,
                           const Layout& r, int64_t min_size) {
  const auto n = oracle::size(a), nr = oracle::size(r);
  if (!n || !nr) return vacuous("a size past int64");
  if (*nr < min_size)
    return fail(law, args, "right_inverse " + show(r) + " is shorter than min_size", std::nullopt,
                min_size, *nr);
  if (*nr > *n)  // A(R(i)) = i makes the R(i) distinct indices of A
    return fail(law, args, "right_inverse gave " + show(r) + ", larger than A");
  const auto tr = table(r);
  if (!tr) return vacuous("too large for the oracle");
  const Leaves al = oracle::leaves(a);
  for (std::size_t i = 0; i < tr->size(); ++i) {
    const int64_t j = (*tr)[i];
    if (j < 0 || j >= *n)
      return fail(law, args, "right_inverse " + show(r) + " leaves A's domain",
                  static_cast<int64_t>(i), std::nullopt, j);
    const int64_t v = value(al, j);
    if (v != static_cast<int64_t>(i))
      return fail(law, args, "A(R(i)) != i with R = " + show(r), static_cast<int64_t>(i),
                  static_cast<int64_t>(i), v);
  }
  return std::nullopt;
}

Outcome post_left_inverse(const std::string& law, const std::vector<Arg>& args, const Layout& a,
                          const Layout& r) {
  const auto ta = table(a);
  if (!ta) return vacuous("too large for the oracle");
  const Leaves rl = oracle::leaves(r);
  for (std::size_t i = 0; i < ta->size(); ++i) {
    const int64_t v = value(rl, (*ta)[i]);
    if (v != static_cast<int64_t>(i))
      return fail(law, args, "L(A(i)) != i with L = " + show(r), static_cast<int64_t>(i),
                  static_cast<int64_t>(i), v);
  }
  return std::nullopt;
}

std::vector<Law> inverse_laws() {
  using K = ArgKind;
  return {
      {"RINV-FN",
       "right_inverse(A) never refused; R(i) in [0, size(A)) and A(R(i)) = i for i < size(R)",
       "right_inverse",
       "compact, permuted compact, gaps, stride 0, negative strides",
       {K::layout},
       guard(rinv_fn)},
      {"RINV-MAX",
       "chain(A) <= size(right_inverse(A)) <= run(A): the run 0,1,2,... reached by the sorted "
       "chain of coalesce(A), and the contiguous run 0,1,2,... of A's image",
       "right_inverse",
       "compact, permuted compact, gaps, stride 0, overlapping modes",
       {K::layout},
       guard(rinv_max)},
      {"LINV-FN",
       "where defined: L(A(i)) = i for i < size(A); never refused for injective A with strides "
       ">= 0 whose sorted strides divide and do not overlap, size s_k*d_k within int64",
       "left_inverse",
       "compact, permuted compact, injective with gaps, negative strides",
       {K::layout},
       guard(linv_fn)},
  };
}

}  // namespace props
