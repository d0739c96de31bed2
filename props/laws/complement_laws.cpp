// complement: CPL-DISJOINT, CPL-ORDERED, CPL-BOUND (the tiling law is COMP-TILE).

#include "catalog_groups.hpp"
#include "law_util.hpp"
#include "postconditions.hpp"

namespace props {

namespace {

using namespace util;

// A's modes that matter to the complement (stride != 0, size > 1), as a flat layout.
Layout moving_part(const Layout& a) {
  layout::TupleBuilder s, d;
  for (const oracle::Leaf& x : oracle::leaves(a))
    if (x.s > 1 && x.d != 0) {
      s.add_int(x.s);
      d.add_int(x.d);
    }
  if (s.size() == 0) return Layout();
  return Layout::unchecked(s.done(), d.done());
}

// complement's precondition: M >= 1, the modes of size > 1 have strides >= 0,
// sorted by stride each mode starts at or past the end of the previous one,
// and the chain end and round_up(M, E) fit in int64.
bool admissible(const Layout& a, int64_t m) {
  if (m < 1) return false;
  const oracle::Chain c = oracle::chain(a);
  // In an ordered chain the ends increase, so the last one bounds them all.
  if (!c.ordered || c.end > INT64_MAX) return false;
  return (m + c.end - 1) / c.end * c.end <= INT64_MAX;
}

// CPL-DISJOINT: where defined, R(i) is not in A's image for i >= 1 and
// (A without its stride-0 modes, R) repeats no offset.
Outcome cpl_disjoint(const Algebra& alg, const std::vector<Arg>& args) {
  const Layout& a = std::get<Layout>(args[0]);
  const int64_t m = std::get<int64_t>(args[1]);
  Layout r;
  try {
    r = alg.complement(a, m);
  } catch (const Error&) {
    return vacuous("refused");  // refusing admissible operands: CPL-ORDERED
  }
  const auto ta = table(a), tr = table(r);
  if (!ta || !tr) return vacuous("too large for the oracle or outside the evaluator");
  const std::vector<int64_t> image = value_set(*ta);
  for (std::size_t i = 1; i < tr->size(); ++i)
    if (contains(image, (*tr)[i]))
      return fail("CPL-DISJOINT", args, "complement " + show(r) + " hits A's image",
                  static_cast<int64_t>(i), std::nullopt, (*tr)[i]);
  const auto both = table(join(moving_part(a), r));
  if (!both) return vacuous("too large for the oracle or outside the evaluator");
  if (const auto i = first_repeat(*both))
    return fail("CPL-DISJOINT", args, "(A, " + show(r) + ") repeats an offset",
                static_cast<int64_t>(*i), std::nullopt, (*both)[*i]);
  return std::nullopt;
}

// CPL-ORDERED: complement of admissible operands is never refused, and where
// defined R is strictly increasing on [0, size(R)).
Outcome cpl_ordered(const Algebra& alg, const std::vector<Arg>& args) {
  const Layout& a = std::get<Layout>(args[0]);
  const int64_t m = std::get<int64_t>(args[1]);
  Layout r;
  try {
    r = alg.complement(a, m);
  } catch (const Error& e) {
    if (!admissible(a, m)) return vacuous("refused");
    return refused("CPL-ORDERED", args, "complement", e);
  }
  const auto tr = table(r);
  if (!tr) return vacuous("too large for the oracle or outside the evaluator");
  for (std::size_t i = 1; i < tr->size(); ++i)
    if ((*tr)[i] <= (*tr)[i - 1])
      return fail("CPL-ORDERED", args, "complement " + show(r) + " is not strictly increasing",
                  static_cast<int64_t>(i), std::nullopt, (*tr)[i]);
  if (!tr->empty() && (*tr)[0] != 0)
    return fail("CPL-ORDERED", args, "complement " + show(r) + " does not start at 0", 0, 0,
                (*tr)[0]);
  return std::nullopt;
}

// CPL-BOUND: for admissible operands, cosize(R) <= round_up(M, E) with E the
// chain end (the gaps below E plus the copies of E up to M).
Outcome cpl_bound(const Algebra& alg, const std::vector<Arg>& args) {
  const Layout& a = std::get<Layout>(args[0]);
  const int64_t m = std::get<int64_t>(args[1]);
  if (!admissible(a, m)) return vacuous("outside the precondition");
  Layout r;
  try {
    r = alg.complement(a, m);
  } catch (const Error& e) {
    return refused("CPL-BOUND", args, "complement", e);
  }
  const i128 e = oracle::chain(a).end;
  const i128 bound = (m + e - 1) / e * e;
  const i128 got = cosize(r);
  if (got > bound)
    return fail("CPL-BOUND", args, "cosize(" + show(r) + ") exceeds round_up(M, E)", std::nullopt,
                static_cast<int64_t>(bound),
                got > INT64_MAX ? INT64_MAX : static_cast<int64_t>(got));
  return std::nullopt;
}

// cosize(filter(A)) = 1 + sum over modes with d != 0 of (s-1)|d| (128 bits).
i128 filtered_cosize(const Layout& a) {
  i128 c = 1;
  for (const oracle::Leaf& x : oracle::leaves(a))
    if (x.d != 0) c += static_cast<i128>(x.s - 1) * (x.d < 0 ? -static_cast<i128>(x.d) : x.d);
  return c;
}

// The documented complement for cotarget M (or the default), nullopt where
// it is not defined.
std::optional<Layout> complement_def(const Layout& a, std::optional<int64_t> m) {
  const i128 cotarget = m ? *m : filtered_cosize(a);
  if (cotarget > INT64_MAX) return std::nullopt;
  const auto c = oracle::complement(a, static_cast<int64_t>(cotarget));
  if (!c) return std::nullopt;
  return oracle::from_leaves(*c);
}

// CPL-EXACT: complement(A, M) is exactly the documented formula (sizes and
// strides, coalesced), and complement(A) the same with M = cosize(filter(A));
// never refused where the formula is defined, refused where it is not.
Outcome cpl_exact(const Algebra& alg, const std::vector<Arg>& args) {
  const Layout& a = std::get<Layout>(args[0]);
  const int64_t m = std::get<int64_t>(args[1]);
  bool checked = false;
  for (const bool given : {true, false}) {
    const std::optional<int64_t> cotarget = given ? std::optional<int64_t>(m) : std::nullopt;
    Layout r;
    try {
      r = given ? alg.complement(a, m) : alg.complement(a);
    } catch (const Error& e) {
      if (!complement_def(a, cotarget)) continue;
      return refused("CPL-EXACT", args, given ? "complement(A, M)" : "complement(A)", e);
    }
    if (Outcome o = post_complement("CPL-EXACT", args, a, cotarget, r)) return o;
    checked = true;
  }
  return checked ? Outcome() : vacuous("refused");
}

}  // namespace

Outcome post_complement(const std::string& law, const std::vector<Arg>& args, const Layout& a,
                        std::optional<int64_t> cotarget, const Layout& r) {
  const std::string op = cotarget ? "complement(A, M)" : "complement(A)";
  const std::optional<Layout> want = complement_def(a, cotarget);
  if (!want)
    return fail(law, args,
                op +
                    " is not defined (modes overlap, a negative stride, M < 1 or past int64), "
                    "but it gave " +
                    show(r));
  if (r != *want)
    return fail(law, args, op + " gave " + show(r) + ", the formula gives " + show(*want));
  return std::nullopt;
}

std::vector<Law> complement_laws() {
  using K = ArgKind;
  return {
      {"CPL-EXACT",
       "complement(A, M) = coalesce((d_0/E_-1, .., d_k/E_k-1, ceil(M/E_k)) : (E_-1, .., E_k)) "
       "exactly, complement(A) with M = cosize(filter(A)); refused iff that is not defined",
       "complement",
       "injective with gaps (dividing and not), compact, permuted, stride 0, size-1 modes, "
       "negative strides, overlapping modes, large",
       {K::layout, K::integer},
       guard(cpl_exact)},
      {"CPL-DISJOINT",
       "where defined: R(i) is not in A's image for i >= 1; (A's non-broadcast modes, R) repeats "
       "no offset",
       "complement",
       "injective with gaps, compact, permuted, stride 0, near misses (interleaving)",
       {K::layout, K::integer},
       guard(cpl_disjoint)},
      {"CPL-ORDERED",
       "admissible (M >= 1, strides >= 0 on modes of size > 1, sorted modes do not overlap, no "
       "overflow) never "
       "refused; R(0) = 0 "
       "and R strictly increasing",
       "complement",
       "injective with gaps, compact, permuted, size-1 modes, stride 0",
       {K::layout, K::integer},
       guard(cpl_ordered)},
      {"CPL-BOUND",
       "admissible: cosize(complement(A, M)) <= round_up(M, E), E the end of A's sorted chain",
       "complement",
       "injective with gaps (non-dividing), compact, M below and above E",
       {K::layout, K::integer},
       guard(cpl_bound)},
  };
}

}  // namespace props
