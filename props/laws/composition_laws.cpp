// composition: COMP-FN, COMP-COMPAT, COMP-ID, COMP-LINEAR, COMP-TILER, COMP-REFUSE.
#include "catalog_groups.hpp"
#include "law_util.hpp"
#include "postconditions.hpp"

namespace props {

namespace {

using namespace util;

// A(B(i)) for i < size(B), A naturally extended, in 128 bits: B(i) may pass
// int64 while A(B(i)) fits (A o B is then representable and must be right).
// INT64_MIN when A(B(i)) itself is past int64 (a result must then have been
// refused: a representable result never takes that value); the case is
// skipped (oracle::Unrepresentable) where even 128 bits cannot hold B(i).
auto composed(const Layout& a, const Layout& b) {
  return [al = oracle::leaves(a), bl = oracle::leaves(b)](int64_t i) {
    const auto bi = oracle::eval_wide(bl, i);
    const auto abi = bi ? oracle::eval_wide(al, *bi) : std::nullopt;
    if (!abi) throw oracle::Unrepresentable{};
    return *abi >= INT64_MIN && *abi <= INT64_MAX ? static_cast<int64_t>(*abi) : INT64_MIN;
  };
}

// R = A o B (layout B) is A(B(i)) pointwise with size(B) elements.
Outcome check_composed(const std::string& law, const std::vector<Arg>& args, const Layout& a,
                       const Layout& b, const Layout& r, const std::string& what) {
  const auto n = oracle::size(b);
  if (!n || *n > limit()) return vacuous("too large for the oracle");
  if (oracle::size(r) != n)
    return fail(law, args, what + " = " + show(r) + " has not size(B) elements");
  return pointwise(
      law, args, [&] { return what + " = " + show(r) + " is not A(B(i))"; }, r, *n, composed(a, b));
}

// COMP-FN: where composition(A, B) is defined, R(i) = A(B(i)) for i < size(B).
Outcome comp_fn(const Algebra& alg, const std::vector<Arg>& args) {
  const Layout& a = std::get<Layout>(args[0]);
  const Layout& b = std::get<Layout>(args[1]);
  Layout r;
  try {
    r = alg.composition(a, b);
  } catch (const Error&) {
    return vacuous("refused");  // refusals: COMP-REFUSE, COMP-ID, COMP-LINEAR
  }
  return post_composition("COMP-FN", args, a, Tiler(b), r);
}

// COMP-COMPAT: where defined, shape(B) is compatible with shape(A o B).
Outcome comp_compat(const Algebra& alg, const std::vector<Arg>& args) {
  const Layout& a = std::get<Layout>(args[0]);
  const Layout& b = std::get<Layout>(args[1]);
  Layout r;
  try {
    r = alg.composition(a, b);
  } catch (const Error&) {
    return vacuous("refused");
  }
  if (!is_compatible(b.shape(), r.shape()))
    return fail("COMP-COMPAT", args,
                "shape(B) = " + layout::to_string(b.shape()) +
                    " is not compatible with shape(A o B) = " + layout::to_string(r.shape()));
  return std::nullopt;
}

// COMP-ID: A o size(A):1 is never refused and is A on its domain.
Outcome comp_id(const Algebra& alg, const std::vector<Arg>& args) {
  const Layout& a = std::get<Layout>(args[0]);
  const auto n = oracle::size(a);
  if (!n || *n > limit() || !representable(a)) return vacuous("too large or not representable");
  const Layout id(*n, 1);
  Layout r;
  try {
    r = alg.composition(a, id);
  } catch (const Error& e) {
    return refused("COMP-ID", args, "composition with size(A):1", e);
  }
  if (oracle::size(r) != n)
    return fail("COMP-ID", args, "A o size(A):1 = " + show(r) + ", resized");
  const Leaves al = oracle::leaves(a);
  return pointwise(
      "COMP-ID", args, [&] { return "A o size(A):1 = " + show(r) + " is not A"; }, r, *n,
      [&](int64_t i) { return value(al, i); });
}

// COMP-LINEAR: A linear on all i >= 0 (A(i) = i*d, e.g. n:1; natural extension
// included) and B with non-negative strides: A o B is never refused and is d*B(i).
Outcome comp_linear(const Algebra& alg, const std::vector<Arg>& args) {
  const Layout& a = std::get<Layout>(args[0]);
  const Layout& b = std::get<Layout>(args[1]);
  const auto d = linear_stride(a);
  if (!d) return vacuous("A not linear");
  for (const oracle::Leaf& x : oracle::leaves(b))
    if (x.d < 0) return vacuous("a negative stride in B");
  const auto n = oracle::size(b);
  if (!n || *n > limit()) return vacuous("too large for the oracle");
  const Leaves bl = oracle::leaves(b);
  for (int64_t i = 0; i < *n; ++i) {  // results must fit in int64
    const i128 v = static_cast<i128>(value(bl, i)) * *d;
    if (value(bl, i) == INT64_MIN || v > INT64_MAX / 2 || v < INT64_MIN / 2)
      return vacuous("values near the int64 edge");
  }
  if (cosize(b) > (i128{1} << 62) ||
      cosize(b) * (*d < 0 ? -static_cast<i128>(*d) : static_cast<i128>(*d)) > INT64_MAX / 2)
    return vacuous("values near the int64 edge");
  Layout r;
  try {
    r = alg.composition(a, b);
  } catch (const Error& e) {
    return refused("COMP-LINEAR", args, "composition", e);
  }
  return check_composed("COMP-LINEAR", args, a, b, r, "A o B");
}

// COMP-TILER: composition with a tiler. A layout tiler is COMP-FN; `_` gives
// A; a tuple of rank r <= rank(A) composes by mode: rank(R) = r and
// R_k(j) = A_k(B_k(j)) (or A_k for `_`); rank r > rank(A) is refused.
Outcome comp_tiler(const Algebra& alg, const std::vector<Arg>& args) {
  const Layout& a = std::get<Layout>(args[0]);
  const Tiler& t = std::get<Tiler>(args[1]);
  if (!representable(a) || !representable(t)) return vacuous("operands not representable");
  Layout r;
  try {
    r = alg.composition(a, t);
  } catch (const Error&) {
    return vacuous("refused");  // refusing is allowed; a wrong answer is not
  }
  return post_composition("COMP-TILER", args, a, t, r);
}

// COMP-REFUSE: on any pair (near misses above all: CuTe's carries and
// non-divisible walks), composition and the tile mode of logical_divide and
// zipped_divide either refuse or are A(B(i)) pointwise.
Outcome comp_refuse(const Algebra& alg, const std::vector<Arg>& args) {
  const Layout& a = std::get<Layout>(args[0]);
  const Layout& b = std::get<Layout>(args[1]);
  bool checked = false;  // some result was checked (all refused: vacuous)
  try {
    const Layout r = alg.composition(a, b);
    const Outcome o = check_composed("COMP-REFUSE", args, a, b, r, "A o B");
    if (o) return o;
    checked = checked || o.held();
  } catch (const Error&) {
  }
  for (const bool zipped : {false, true}) {
    try {
      const Layout r = zipped ? alg.zipped_divide(a, b) : alg.logical_divide(a, b);
      const std::string op = zipped ? "zipped_divide" : "logical_divide";
      if (r.shape().is_int() || r.rank() != 2)
        return fail("COMP-REFUSE", args, op + " gave " + show(r) + ", not of rank 2");
      const Outcome o = check_composed("COMP-REFUSE", args, a, b, r[0], "the tile of " + op);
      if (o) return o;
      checked = checked || o.held();
    } catch (const Error&) {
    }
  }
  if (!checked) return vacuous("every operation refused");
  return std::nullopt;
}

// MAX-COMMON: with R = right_inverse(B) (C++'s chain) and T(i) = A(R(i)) on
// [0, size(R)): where T is a layout function, max_common_vector(A, B) is the
// size n of the first mode of T's canonical (coalesced) form when its stride
// is 1, else 1; max_common_layout(A, B) has size n and the values R(i). Where
// T is no layout function, A o R has no answer and both refuse; where T's
// layout is not representable (its span passes int64) both may refuse.
Outcome max_common(const Algebra& alg, const std::vector<Arg>& args) {
  const Layout& a = std::get<Layout>(args[0]);
  const Layout& b = std::get<Layout>(args[1]);
  if (!representable(a) || !representable(b) || cosize(a) > (i128{1} << 40))
    return vacuous("near the int64 edge");
  const Layout r = oracle::from_leaves(right_inverse_chain(b));
  const auto n_r = oracle::size(r);
  if (!n_r || *n_r > limit()) return vacuous("too large for the oracle");
  const Leaves rl = oracle::leaves(r);
  const auto values = composed_values(a, r);
  if (!values) return vacuous("a value past int64");
  const std::vector<int64_t>& t = *values;
  const auto fit = oracle::fit_layout(t, IntTuple(*n_r));
  int64_t n = 1;
  if (fit) {
    const Leaves c = oracle::coalesced(oracle::leaves(*fit));
    if (!c.empty() && c[0].d == 1) n = c[0].s;
  }
  int64_t got_n;
  Layout got;
  try {
    got_n = alg.max_common_vector(a, b);
    got = alg.max_common_layout(a, b);
  } catch (const Error& e) {
    // A o R has no layout, or none whose span fits int64 (the library's
    // representability rule, as COMP-COMPLETE): the refusal is due.
    if (!fit || !representable(*fit)) return std::nullopt;
    return refused("MAX-COMMON", args, "max_common_vector/layout", e);
  }
  if (!fit)
    return fail("MAX-COMMON", args,
                "A o right_inverse(B) is no layout function, yet max_common_vector gave " +
                    std::to_string(got_n));
  if (got_n != n)
    return fail("MAX-COMMON", args,
                "max_common_vector gave " + std::to_string(got_n) + ", expected " +
                    std::to_string(n) + " (R = " + show(r) + ")");
  if (oracle::size(got) != n)
    return fail("MAX-COMMON", args,
                "max_common_layout gave " + show(got) + ", not of size " + std::to_string(n));
  return pointwise(
      "MAX-COMMON", args,
      [&] { return "max_common_layout = " + show(got) + " is not R(i) (R = " + show(r) + ")"; },
      got, n, [&](int64_t i) { return value(rl, i); });
}

// WITH-SHAPE: with_shape(L, S) = L o make_layout_left(S): it answers exactly
// when a layout compatible with S equals L on [0, size(S)) (L naturally
// extended; oracle::fit_layout), and then its values are L(i).
Outcome with_shape_law(const Algebra& alg, const std::vector<Arg>& args) {
  const Layout& l = std::get<Layout>(args[0]);
  const IntTuple& s = std::get<IntTuple>(args[1]);
  if (!representable(l) || cosize(l) > (i128{1} << 40)) return vacuous("near the int64 edge");
  for (int64_t v : leaf_values(s))
    if (v < 1) return vacuous("not a shape");
  const i128 n = size(s);
  if (n > limit()) return vacuous("too large for the oracle");
  const Leaves ll = oracle::leaves(l);
  std::vector<int64_t> t(static_cast<std::size_t>(n));
  for (int64_t i = 0; i < static_cast<int64_t>(n); ++i) {
    const auto v = oracle::eval(ll, i);
    if (!v) return vacuous("a value past int64");
    t[static_cast<std::size_t>(i)] = *v;
  }
  const auto w = oracle::fit_layout(t, s);
  if (w && !representable(*w)) return vacuous("the answer's offsets pass int64");
  Layout r;
  try {
    r = alg.with_shape(l, s);
  } catch (const Error& e) {
    if (!w) return std::nullopt;
    return fail(
        "WITH-SHAPE", args,
        "with_shape refused, but " + show(*w) + " is compatible with S and equals L: " + e.what());
  }
  if (!w)
    return fail(
        "WITH-SHAPE", args,
        "no layout compatible with S equals L on [0, size(S)), yet with_shape gave " + show(r));
  if (!is_compatible(s, r.shape()))
    return fail(
        "WITH-SHAPE", args,
        "S is not compatible with shape(with_shape(L, S)) = " + layout::to_string(r.shape()));
  if (oracle::size(r) != static_cast<int64_t>(n))
    return fail("WITH-SHAPE", args, "with_shape gave " + show(r) + ", not of size(S)");
  return pointwise(
      "WITH-SHAPE", args, [&] { return "with_shape gave " + show(r) + ", not L(i)"; }, r,
      static_cast<int64_t>(n), [&](int64_t i) { return t[static_cast<std::size_t>(i)]; });
}

}  // namespace

Outcome post_composition(const std::string& law, const std::vector<Arg>& args, const Layout& a,
                         const Tiler& b, const Layout& r) {
  switch (b.kind) {
    case Tiler::Kind::layout:
      if (!is_compatible(b.layout.shape(), r.shape()))
        return fail(law, args,
                    "shape(B) = " + layout::to_string(b.layout.shape()) +
                        " is not compatible with shape(A o B) = " + layout::to_string(r.shape()));
      return check_composed(law, args, a, b.layout, r, "A o B");
    case Tiler::Kind::underscore: {
      const auto ta = table(a), tr = table(r);
      if (!ta || !tr) return vacuous("too large for the oracle");
      if (*ta != *tr) return fail(law, args, "a `_` mode gave " + show(r) + ", not A's mode");
      return std::nullopt;
    }
    case Tiler::Kind::tuple:
      break;
  }
  const int rank_a = oracle::rank(a.shape());
  if (b.rank() > rank_a)
    return fail(law, args,
                "a tiler of rank " + std::to_string(b.rank()) + " > rank(A) gave " + show(r) +
                    ": it had to refuse");
  if (oracle::rank(r.shape()) != b.rank())
    return fail(law, args,
                "A o B = " + show(r) + " does not have rank(B) = " + std::to_string(b.rank()) +
                    " modes (A's modes past the tiler are dropped)");
  bool checked = false;
  for (int k = 0; k < b.rank(); ++k) {
    const Outcome o = post_composition(law, args, oracle::mode(a, k),
                                       b.elems[static_cast<std::size_t>(k)], oracle::mode(r, k));
    if (o) return o;
    checked = checked || o.held();
  }
  return checked || b.rank() == 0 ? Outcome() : vacuous("too large for the oracle");
}

std::vector<Law> composition_laws() {
  using K = ArgKind;
  return {
      {"COMP-FN",
       "where defined: size(A o B) = size(B) and (A o B)(i) = A(B(i)) for i < size(B)",
       "composition",
       "composable pairs, random nested, compact, B past size(A), negative B stride",
       {K::layout, K::layout},
       guard(comp_fn)},
      {"COMP-COMPAT",
       "where defined: shape(B) is compatible with shape(A o B)",
       "composition",
       "composable pairs, tuple-shaped B",
       {K::layout, K::layout},
       guard(comp_compat)},
      {"COMP-ID",
       "A o size(A):1 is never refused and equals A on [0, size(A))",
       "composition",
       "random nested, gaps, stride 0, negative strides",
       {K::layout},
       guard(comp_id)},
      {"COMP-LINEAR",
       "A(i) = i*d for all i >= 0 and B with strides >= 0: A o B is never refused and is d*B(i)",
       "composition",
       "linear A (i*d, split or nested; d past 2^32, d < 0), B of every class with strides >= 0",
       {K::layout, K::layout},
       guard(comp_linear)},
      {"COMP-TILER",
       "tiler B: a tuple of rank r <= rank(A) gives rank r with R_k(j) = A_k(B_k(j)) (`_`: A_k); "
       "rank r > rank(A) refused; a layout tiler is COMP-FN",
       "composition (tiler)",
       "by-mode tilers, `_`, tilers of integers",
       {K::layout, K::tiler},
       guard(comp_tiler)},
      {"COMP-REFUSE",
       "a refusal is never replaced by a wrong answer: composition, and the tile of "
       "logical_divide and zipped_divide, refuse or are A(B(i)) pointwise",
       "composition, logical_divide, zipped_divide",
       "near misses (carries across A's boundaries, non-divisible walks), composable pairs",
       {K::layout, K::layout},
       guard(comp_refuse)},
      {"MAX-COMMON",
       "R = right_inverse(B): max_common_vector(A, B) = the size of the first mode of the "
       "canonical form of A(R(i)) when its stride is 1, else 1; max_common_layout(A, B) = R on "
       "[0, n); both refuse where A o R has no layout",
       "max_common_vector, max_common_layout",
       "composable pairs, random nested, compact, permuted, negative strides",
       {K::layout, K::layout},
       guard(max_common)},
      {"WITH-SHAPE",
       "with_shape(L, S) = L o make_layout_left(S) answers iff a layout compatible with S equals "
       "L on [0, size(S)) (oracle: fit_layout), and then is L(i) there",
       "with_shape",
       "shapes that factor size(L) or a divisor of it, random small shapes",
       {K::layout, K::int_tuple},
       guard(with_shape_law)},
  };
}

}  // namespace props
