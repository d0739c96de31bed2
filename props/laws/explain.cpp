#include "explain.hpp"

#include <exception>
#include <map>

#include "oracle.hpp"

namespace props {

namespace {

using Values = std::vector<std::optional<int64_t>>;

bool too_big(const Layout& l) {
  const auto n = oracle::size(l);
  return !n || *n > kExplainLimit || *n < 1;
}

// The values of r over [0, n) by the oracle (nullopt where r is undefined).
Values values(const Layout& r, int64_t n) {
  Values v;
  for (int64_t i = 0; i < n; ++i) v.push_back(oracle::eval(r, i));
  return v;
}

// f(g(i)) for the oracle's g values, where g's value lies in f's domain or
// its natural extension.
Values compose(const Layout& f, const Values& g) {
  Values v;
  for (const auto& x : g) v.push_back(x ? oracle::eval(f, *x) : std::nullopt);
  return v;
}

Values identity(int64_t n) {
  Values v;
  for (int64_t i = 0; i < n; ++i) v.push_back(i);
  return v;
}

std::optional<Explanation> explain_composition(const Algebra& alg, const std::vector<Arg>& args) {
  const Layout& a = std::get<Layout>(args[0]);
  const Layout& b = std::get<Layout>(args[1]);
  if (too_big(b)) return std::nullopt;
  const Layout r = alg.composition(a, b);
  const int64_t n = *oracle::size(b);
  return Explanation{"A(B(i)) against (A o B)(i), A o B = " + alg.print(r), b,
                     compose(a, values(b, n)), values(r, n)};
}

std::optional<Explanation> explain_assoc(const Algebra& alg, const std::vector<Arg>& args) {
  const Layout& a = std::get<Layout>(args[0]);
  const Layout& b = std::get<Layout>(args[1]);
  const Layout& c = std::get<Layout>(args[2]);
  if (too_big(c)) return std::nullopt;
  const Layout ab_c = alg.composition(alg.composition(a, b), c);
  const int64_t n = *oracle::size(c);
  return Explanation{"A(B(C(i))) against ((A o B) o C)(i) = " + alg.print(ab_c), c,
                     compose(a, compose(b, values(c, n))), values(ab_c, n)};
}

// CPL-EXACT: (A, C) with C = complement(A, M) hits each offset of [0, M) once.
std::optional<Explanation> explain_complement(const Algebra& alg, const std::vector<Arg>& args) {
  const Layout& a = std::get<Layout>(args[0]);
  const int64_t m = std::get<int64_t>(args[1]);
  if (m < 1 || m > kExplainLimit || too_big(a)) return std::nullopt;
  const Layout c = alg.complement(a, m);
  if (too_big(c) || *oracle::size(a) * *oracle::size(c) > kExplainLimit) return std::nullopt;
  std::map<int64_t, int64_t> hits;
  for (const auto& x : values(a, *oracle::size(a)))
    for (const auto& y : values(c, *oracle::size(c)))
      if (x && y) ++hits[*x + *y];
  Values want(static_cast<std::size_t>(m), 1), got;
  for (int64_t k = 0; k < m; ++k) got.push_back(hits.count(k) ? hits[k] : 0);
  return Explanation{"hits of each offset k in [0, M) by (A, C), C = complement(A, M) = " +
                         alg.print(c) + ": each exactly once",
                     layout::parse_layout(std::to_string(m) + ":1"), want, got};
}

// LDIV-DEF for a single-layout tiler B: logical_divide(A, B)(i) =
// A((B, C)(i)), C = complement(B, size(A)), (B, C)(i) = B(i mod size B) +
// C(i div size B).
std::optional<Explanation> explain_divide(const Algebra& alg, const std::vector<Arg>& args) {
  const Layout& a = std::get<Layout>(args[0]);
  const layout::Tiler& t = std::get<layout::Tiler>(args[1]);
  if (!t.is_layout() || too_big(a) || too_big(t.layout)) return std::nullopt;
  const auto c = oracle::complement(t.layout, *oracle::size(a));
  if (!c) return std::nullopt;
  const Layout r = alg.logical_divide(a, t);
  if (too_big(r)) return std::nullopt;
  const int64_t n = *oracle::size(r), sb = *oracle::size(t.layout);
  const int64_t defined = sb * *oracle::size(oracle::from_leaves(*c));  // the definition's size
  Values want;
  for (int64_t i = 0; i < n; ++i) {
    if (i >= defined) {  // past the definition's domain: no expected value
      want.push_back(std::nullopt);
      continue;
    }
    const auto b = oracle::eval(t.layout, i % sb);
    const auto ci = oracle::eval(*c, i / sb);
    want.push_back(b && ci ? oracle::eval(a, *b + *ci) : std::nullopt);
  }
  return Explanation{
      "A((B, complement(B, size A))(i)) against logical_divide(A, B)(i) = " + alg.print(r), r, want,
      values(r, n)};
}

// SWZ-LAYOUT: (Sw o L)(i) = Sw(L(i)).
std::optional<Explanation> explain_swizzle(const Algebra& alg, const std::vector<Arg>& args) {
  const IntTuple& bms = std::get<IntTuple>(args[0]);
  const Layout& l = std::get<Layout>(args[1]);
  if (bms.rank() != 3 || too_big(l)) return std::nullopt;
  const auto v = oracle::leaf_values(bms);
  if (v.size() != 3 || !oracle::swizzle_valid(v[0], v[1], v[2])) return std::nullopt;
  const int64_t n = *oracle::size(l);
  Values want, got;
  for (int64_t i = 0; i < n; ++i) {
    const auto x = oracle::eval(l, i);
    want.push_back(x ? std::optional<int64_t>(oracle::swizzle(v[0], v[1], v[2], *x))
                     : std::nullopt);
    got.push_back(alg.swizzle_layout(static_cast<int>(v[0]), static_cast<int>(v[1]),
                                     static_cast<int>(v[2]), l, i));
  }
  return Explanation{"Sw(L(i)) by the oracle against the swizzled layout's (Sw o L)(i)", l, want,
                     got};
}

}  // namespace

std::optional<Explanation> explain(const std::string& law, const Algebra& alg,
                                   const std::vector<Arg>& args) {
  try {
    if (law == "COMP-FN" || law == "COMP-REFUSE" || law == "COMP-COMPLETE")
      return explain_composition(alg, args);
    if (law == "COMP-ASSOC") return explain_assoc(alg, args);
    if (law == "CPL-EXACT" || law == "COMP-TILE") return explain_complement(alg, args);
    if (law == "LDIV-DEF") return explain_divide(alg, args);
    if (law == "SWZ-LAYOUT") return explain_swizzle(alg, args);
    const Layout* l = args.empty() ? nullptr : std::get_if<Layout>(&args[0]);
    if (l == nullptr || too_big(*l)) return std::nullopt;
    const int64_t n = *oracle::size(*l);
    if (law == "COAL-FN") {
      const Layout r = alg.coalesce(*l);
      return Explanation{"L(i) against coalesce(L)(i), coalesce(L) = " + alg.print(r), *l,
                         values(*l, n), values(r, n)};
    }
    if (law == "EVAL-ORACLE") {
      Values got;
      for (int64_t i = 0; i < n; ++i) got.push_back(alg.eval(*l, i));
      return Explanation{"L(i) by the oracle against eval(L, i)", *l, values(*l, n), got};
    }
    if (law == "RINV-FN") {
      const Layout r = alg.right_inverse(*l);
      if (too_big(r)) return std::nullopt;
      const int64_t k = *oracle::size(r);
      return Explanation{"i against A(R(i)), R = right_inverse(A) = " + alg.print(r), r,
                         identity(k), compose(*l, values(r, k))};
    }
    if (law == "FLAT-EVAL") {  // the flat layouts' F(i) over L's domain
      const layout::FlatLayout f = alg.make_flat(*l);
      Values got;
      for (int64_t i = 0; i < n; ++i) got.push_back(alg.flat_eval(f, static_cast<uint64_t>(i)));
      return Explanation{"L(i) by the oracle against F(i), F = make_flat(L)", *l, values(*l, n),
                         got};
    }
    if (law == "LINV-FN" || law == "LINV-COMPLETE") {
      const Layout r = alg.left_inverse(*l);
      return Explanation{"i against L(A(i)), L = left_inverse(A) = " + alg.print(r), *l,
                         identity(n), compose(r, values(*l, n))};
    }
  } catch (const std::exception&) {  // a refusal, an overflow, an adapter's failure: no table
  }
  return std::nullopt;
}

}  // namespace props
