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

}  // namespace

std::optional<Explanation> explain(const std::string& law, const Algebra& alg,
                                   const std::vector<Arg>& args) {
  try {
    if (law == "COMP-FN" || law == "COMP-REFUSE" || law == "COMP-COMPLETE")
      return explain_composition(alg, args);
    if (law == "COMP-ASSOC") return explain_assoc(alg, args);
    if (law == "CPL-EXACT" || law == "COMP-TILE") return explain_complement(alg, args);
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
