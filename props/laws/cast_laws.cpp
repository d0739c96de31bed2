// Element-width changes and the byte-address swizzle: UPCAST-DEF,
// DOWNCAST-DEF, RECAST-DEF, SWIZZLE-BYTES.
#include <algorithm>
#include <numeric>

#include "catalog_groups.hpp"
#include "law_util.hpp"
#include "refusal_as_value.hpp"

namespace props {

namespace {

using namespace util;

// A per-leaf rule's result on the oracle's side: the layout, or why CuTe's
// rule has none (nullopt layout).
struct Cast {
  std::optional<Layout> layout;
  std::string why;
};

template <class F>
Cast per_leaf(const Layout& l, F f) {
  std::vector<int64_t> s, d;
  for (const oracle::Leaf& x : oracle::leaves(l)) {
    i128 ns = x.s, nd = x.d;
    if (std::string why = f(ns, nd); !why.empty()) return {std::nullopt, why};
    if (ns > INT64_MAX || nd > INT64_MAX || nd < INT64_MIN) return {std::nullopt, "past int64"};
    s.push_back(static_cast<int64_t>(ns));
    d.push_back(static_cast<int64_t>(nd));
  }
  return {oracle::make(with_leaves(l.shape(), s), with_leaves(l.shape(), d)), ""};
}

i128 ceil_div(i128 a, i128 b) { return (a + b - 1) / b; }

// CuTe's upcast<N> per leaf: stride 0 kept; else (ceil(s / ceil(N/|d|)),
// sign(d) ceil(|d|/N)) where N | d or d | N.
Cast upcast_def(const Layout& l, int64_t n) {
  if (n < 1) return {std::nullopt, "N < 1"};
  return per_leaf(l, [n](i128& s, i128& d) -> std::string {
    if (d == 0) return "";
    const i128 a = d < 0 ? -d : d;
    if (a % n != 0 && n % a != 0) return "a stride neither divides nor is a multiple of N";
    s = ceil_div(s, ceil_div(n, a));
    d = (d < 0 ? -1 : 1) * ceil_div(a, n);
    return "";
  });
}

// CuTe's downcast<N> per leaf: (s N, d) for d = +-1, else (s, d N); needs a
// leaf of stride 1.
Cast downcast_def(const Layout& l, int64_t n) {
  if (n < 1) return {std::nullopt, "N < 1"};
  const oracle::Leaves lv = oracle::leaves(l);
  if (std::none_of(lv.begin(), lv.end(), [](const oracle::Leaf& x) { return x.d == 1; }))
    return {std::nullopt, "no leaf of stride 1"};
  return per_leaf(l, [n](i128& s, i128& d) -> std::string {
    if (d == 1 || d == -1)
      s *= n;
    else
      d *= n;
    return "";
  });
}

// The cast as a value: the reference algebra through its try_* twin `twin`
// (no throw per refused case), any other through its function `call`.
template <class Twin, class Call>
std::function<layout::Result<Layout>()> as_value(const Algebra& alg, Twin twin, Call call) {
  return [&alg, twin, call] {
    return refusal_as_value(alg, twin, [&] { return layout::Result<Layout>(call()); });
  };
}

// A cast result against its definition: the same layout exactly (CuTe's
// structure), refused exactly where the definition has none. `run` gives
// the result or the refusal as a value (as_value).
Outcome check_cast(const std::string& law, const std::vector<Arg>& args, const std::string& op,
                   const Cast& want, const std::function<layout::Result<Layout>()>& run,
                   std::optional<Layout>& got) {
  if (!representable(std::get<Layout>(args[0]))) return vacuous("operands not representable");
  Cast def = want;
  if (def.layout && !representable(*def.layout)) def = {std::nullopt, "offsets past int64"};
  const layout::Result<Layout> r = run();
  if (!r) {
    if (!def.layout) return vacuous("refused");
    return refused(law, args, op, r.error());
  }
  got = *r;
  if (!def.layout)
    return fail(law, args, op + " gave " + show(*got) + ", but CuTe's rule has none: " + def.why);
  if (show(*got) != show(*def.layout))
    return fail(law, args, op + " gave " + show(*got) + ", expected " + show(*def.layout));
  return std::nullopt;
}

i128 floor_div(i128 a, i128 b) { return a / b - ((a % b != 0) && ((a < 0) != (b < 0)) ? 1 : 0); }

// UPCAST-DEF: upcast(L, N) is CuTe's per-leaf rule exactly (refused where a
// moving leaf's stride neither divides nor is a multiple of N); and where L
// is injective, every moving leaf has N | d, or 0 < d | N with N | s d, and at
// most one has d < N, its image is { floor(L(i) / N) }: the wide elements
// that hold L's. (Two leaves below N carry into the next wide element:
// (2,3):(3,2) holds narrow offset 7 of wide element 1, the rule gives 1:1 and
// 1:1, CuTe's answer too.)
Outcome upcast_law(const Algebra& alg, const std::vector<Arg>& args) {
  const Layout& l = std::get<Layout>(args[0]);
  const int64_t n = std::get<int64_t>(args[1]);
  std::optional<Layout> got;
  if (auto bad = check_cast(
          "UPCAST-DEF", args, "upcast", upcast_def(l, n),
          as_value(
              alg, [&] { return layout::try_upcast(l, n); }, [&] { return alg.upcast(l, n); }),
          got);
      bad || !got)
    return bad;
  const auto t = table(l);
  const auto u = table(*got);
  if (!t || !u) return vacuous("too large for the oracle");
  int below_n = 0;  // moving leaves with 0 < d < N
  for (const oracle::Leaf& x : oracle::leaves(l)) {
    const i128 a = x.d < 0 ? -static_cast<i128>(x.d) : x.d;
    // A partial wide element, or a negative stride below N (its run from 0
    // down straddles a wide element's edge): the image rule does not apply.
    if (x.d != 0 && a % n != 0 && (x.d < 0 || n % a != 0 || (static_cast<i128>(x.s) * a) % n != 0))
      return std::nullopt;
    if (x.s != 1 && x.d != 0 && a % n != 0) ++below_n;
  }
  if (below_n > 1) return std::nullopt;  // their sum may carry into the next wide element
  std::vector<int64_t> old = *t;
  std::sort(old.begin(), old.end());
  if (std::adjacent_find(old.begin(), old.end()) != old.end()) return std::nullopt;
  std::vector<int64_t> want, have = *u;
  for (int64_t v : old) want.push_back(static_cast<int64_t>(floor_div(v, n)));
  want.erase(std::unique(want.begin(), want.end()), want.end());
  std::sort(have.begin(), have.end());
  have.erase(std::unique(have.begin(), have.end()), have.end());
  if (want != have)
    return fail("UPCAST-DEF", args,
                "upcast gave " + show(*got) + ", whose image is not the wide elements of L's");
  return std::nullopt;
}

// DOWNCAST-DEF: downcast(L, N) is CuTe's per-leaf rule exactly (refused
// where no leaf has stride 1, or past int64); and where exactly one leaf has
// |d| = 1 (and d = 1), its values are the multiset { N L(i) + k : k < N }.
Outcome downcast_law(const Algebra& alg, const std::vector<Arg>& args) {
  const Layout& l = std::get<Layout>(args[0]);
  const int64_t n = std::get<int64_t>(args[1]);
  std::optional<Layout> got;
  if (auto bad = check_cast(
          "DOWNCAST-DEF", args, "downcast", downcast_def(l, n),
          as_value(
              alg, [&] { return layout::try_downcast(l, n); }, [&] { return alg.downcast(l, n); }),
          got);
      bad || !got)
    return bad;
  const oracle::Leaves lv = oracle::leaves(l);
  if (std::count_if(lv.begin(), lv.end(),
                    [](const oracle::Leaf& x) { return x.d == 1 || x.d == -1; }) != 1)
    return std::nullopt;
  const auto t = table(l);
  const auto d = table(*got);
  if (!t || !d) return vacuous("too large for the oracle");
  std::vector<i128> want, have(d->begin(), d->end());
  for (int64_t v : *t)
    for (int64_t k = 0; k < n; ++k) want.push_back(static_cast<i128>(v) * n + k);
  std::sort(want.begin(), want.end());
  std::sort(have.begin(), have.end());
  if (want != have)
    return fail("DOWNCAST-DEF", args,
                "downcast gave " + show(*got) + ", whose values are not N L(i) + k, k < N");
  return std::nullopt;
}

// RECAST-DEF: with new/old = p/q in lowest terms, recast_layout(L, old, new)
// is L, upcast(L, p), downcast(L, q) or downcast(upcast(L, p), q), each by
// CuTe's per-leaf rule; refused exactly where that has none.
Outcome recast_law(const Algebra& alg, const std::vector<Arg>& args) {
  const Layout& l = std::get<Layout>(args[0]);
  const int64_t from = std::get<int64_t>(args[1]), to = std::get<int64_t>(args[2]);
  Cast want{std::nullopt, "an element width < 1"};
  if (from >= 1 && to >= 1) {
    const int64_t g = std::gcd(from, to), p = to / g, q = from / g;
    want = p == 1 ? Cast{l, ""} : upcast_def(l, p);
    if (q != 1 && want.layout) want = downcast_def(*want.layout, q);
  }
  std::optional<Layout> got;
  return check_cast("RECAST-DEF", args, "recast_layout", want,
                    as_value(
                        alg, [&] { return layout::try_recast_layout(l, from, to); },
                        [&] { return alg.recast_layout(l, from, to); }),
                    got);
}

// SWIZZLE-BYTES: for every index i (up to 4096), the byte-address swizzle of
// `bits`-bit elements at L(i) is a' / bits with a = L(i) bits and a' = 8
// Sw(a >> 3) + (a & 7), refused exactly where L(i) < 0 or bits ∤ a'; and for
// bits = 8 2^k with k <= M it equals the element-unit Sw<B, M-k, S>(L(i)).
Outcome swizzle_bytes_law(const Algebra& alg, const std::vector<Arg>& args) {
  const IntTuple& p = std::get<IntTuple>(args[0]);
  const int64_t bits = std::get<int64_t>(args[1]);
  const Layout& l = std::get<Layout>(args[2]);
  if (!p.is_tuple() || oracle::rank(p) != 3) return vacuous("not (B,M,S)");
  const int64_t b = oracle::element(p, 0).value(), m = oracle::element(p, 1).value(),
                s = oracle::element(p, 2).value();
  if (!oracle::swizzle_valid(b, m, s)) return vacuous("an invalid swizzle (SWIZZLE-* laws)");
  if (!representable(l)) return vacuous("operands not representable");
  const auto n = oracle::size(l);
  if (!n) return vacuous("size past int64");
  const oracle::Leaves lv = oracle::leaves(l);
  int k = -1;  // bits = 8 * 2^k
  for (int e = 0; e <= m && e < 40; ++e)
    if (bits == (int64_t{8} << e)) k = e;
  for (int64_t i = 0; i < std::min<int64_t>(*n, 4096); ++i) {
    const auto x = oracle::eval(lv, i);
    if (!x) return vacuous("a value past int64");
    std::optional<int64_t> want;
    const i128 a = static_cast<i128>(*x) * bits;
    if (bits >= 1 && *x >= 0 && a <= INT64_MAX) {
      const i128 swizzled =
          static_cast<i128>(oracle::swizzle(b, m, s, static_cast<int64_t>(a >> 3))) * 8 + (a & 7);
      if (swizzled % bits == 0 && swizzled <= INT64_MAX)
        want = static_cast<int64_t>(swizzled / bits);
    }
    int64_t got = 0;
    try {
      got = alg.swizzle_bytes(static_cast<int>(b), static_cast<int>(m), static_cast<int>(s), bits,
                              l, i);
    } catch (const Error& e) {
      if (!want) continue;
      return refused("SWIZZLE-BYTES", args, "swizzle_bytes", e);
    }
    if (!want)
      return fail(
          "SWIZZLE-BYTES", args,
          "the swizzled address of L(i) is no element offset, but it gave " + std::to_string(got),
          i);
    if (got != *want)
      return fail("SWIZZLE-BYTES", args, "not the element at the swizzled byte address", i, *want,
                  got);
    if (k >= 0 && got != oracle::swizzle(b, m - k, s, *x))
      return fail("SWIZZLE-BYTES", args, "not the element-unit Sw<B, M-k, S>(L(i))", i,
                  oracle::swizzle(b, m - k, s, *x), got);
  }
  return std::nullopt;
}

}  // namespace

std::vector<Law> cast_laws() {
  using K = ArgKind;
  return {
      {"UPCAST-DEF",
       "upcast(L, N) = CuTe's per-leaf rule: stride 0 kept, else (ceil(s / ceil(N/|d|)), "
       "sign(d) ceil(|d|/N)), refused iff a moving stride neither divides nor is a multiple of "
       "N; L injective with whole wide elements (N | d, or 0 < d | N with N | s d; at most one "
       "d < N): image = { floor(L(i) / N) }",
       "upcast",
       "strides that are multiples and divisors of N, partial wide elements, stride 0, "
       "negative strides, strides that fit neither way",
       {K::layout, K::integer},
       guard(upcast_law)},
      {"DOWNCAST-DEF",
       "downcast(L, N) = CuTe's per-leaf rule: (s N, d) for d = +-1, else (s, d N), refused "
       "iff no leaf has stride 1 (or past int64); one unit leaf: values = { N L(i) + k : k < N }",
       "downcast",
       "layouts with one, several and no stride-1 leaves, negative unit strides, stride 0",
       {K::layout, K::integer},
       guard(downcast_law)},
      {"RECAST-DEF",
       "recast_layout(L, a, b) with b/a = p/q in lowest terms = L, upcast(L, p), "
       "downcast(L, q) or downcast(upcast(L, p), q) by CuTe's rules; refused iff they are",
       "recast_layout, upcast, downcast",
       "element widths 1, 4, 8, 16, 32, 64 and ratios that are not powers of two",
       {K::layout, K::integer, K::integer},
       guard(recast_law)},
      {"SWIZZLE-BYTES",
       "swizzle_bytes(Sw, bits, L(i)) = a'/bits, a = L(i) bits, a' = 8 Sw(a >> 3) + (a & 7); "
       "refused iff L(i) < 0 or bits does not divide a'; = Sw<B, M-k, S>(L(i)) for bits = 8 "
       "2^k, k <= M",
       "swizzle_bytes",
       "GMMA swizzles Sw<0..3,4,3> and random ones, element widths 1 to 128 bits, negative "
       "offsets",
       {K::int_tuple, K::integer, K::layout},
       guard(swizzle_bytes_law)},
  };
}

}  // namespace props
