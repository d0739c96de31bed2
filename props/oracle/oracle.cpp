#include "oracle.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace props::oracle {

namespace {

using layout::ItNode;

constexpr wide kSaturate = wide{1} << 100;
constexpr wide kBound = wide{1} << 125;

wide abs_wide(wide x) { return x < 0 ? -x : x; }

// The node of top-level element k of the tuple node p.
const ItNode* child(const ItNode* p, int k) {
  if (!p->tuple) return p;
  const ItNode* c = p + 1;
  for (int j = 0; j < k; ++j) c += c->span;
  return c;
}

IntTuple subtree(const ItNode* p) {
  IntTuple t;
  t.raw().clear();
  t.raw().append(p, static_cast<std::size_t>(p->span));
  return t;
}

int depth_of(const ItNode* p) {
  if (!p->tuple) return 0;
  int d = 0;
  const ItNode* c = p + 1;
  for (int64_t k = 0; k < p->v; ++k, c += c->span) d = std::max(d, depth_of(c));
  return d + 1;
}

wide mul_saturating(wide r, int64_t v) {
  const wide a = abs_wide(v);
  if (a != 0 && r > kSaturate / a) return kSaturate;
  return r * v;
}

}  // namespace

// ---- structure -------------------------------------------------------------------

Leaves leaves(const Layout& l) {
  Leaves out;
  const ItNode* s = l.shape().root();
  const ItNode* d = l.stride().root();
  for (std::size_t k = 0; k < l.shape().node_count(); ++k)
    if (!s[k].tuple) out.push_back({s[k].v, d[k].v});
  return out;
}

Ints leaf_values(const IntTuple& t) {
  Ints out;
  const ItNode* p = t.root();
  for (std::size_t k = 0; k < t.node_count(); ++k)
    if (!p[k].tuple) out.push_back(p[k].v);
  return out;
}

int rank(const IntTuple& t) { return t.root()->tuple ? static_cast<int>(t.root()->v) : 1; }

int depth(const IntTuple& t) { return depth_of(t.root()); }

IntTuple element(const IntTuple& t, int k) {
  if (k < 0 || k >= rank(t))
    throw std::out_of_range("oracle::element: no element " + std::to_string(k));
  return subtree(child(t.root(), k));
}

Layout mode(const Layout& l, int k) { return make(element(l.shape(), k), element(l.stride(), k)); }

bool congruent(const IntTuple& a, const IntTuple& b) {
  if (a.node_count() != b.node_count()) return false;
  const ItNode* p = a.root();
  const ItNode* q = b.root();
  for (std::size_t k = 0; k < a.node_count(); ++k)
    if (p[k].tuple != q[k].tuple || p[k].span != q[k].span || (p[k].tuple && p[k].v != q[k].v))
      return false;
  return true;
}

IntTuple tuple_of(const std::vector<IntTuple>& elems) {
  IntTuple r;  // ()
  for (const IntTuple& e : elems) {
    r.raw().append(e.root(), e.node_count());
    ++r.raw()[0].v;
    r.raw()[0].span += static_cast<int32_t>(e.node_count());
  }
  return r;
}

Layout make(const IntTuple& shape, const IntTuple& stride) {
  return Layout::unchecked(shape, stride);
}

Layout from_leaves(const Leaves& lv) {
  if (lv.empty()) return make(1, 0);
  if (lv.size() == 1) return make(lv[0].s, lv[0].d);
  Ints s, d;
  for (const Leaf& x : lv) {
    s.push_back(x.s);
    d.push_back(x.d);
  }
  return make(flat_tuple(s), flat_tuple(d));
}

// ---- size and cosize -----------------------------------------------------------------

wide size_wide(const IntTuple& t) {
  wide r = 1;
  for (int64_t v : leaf_values(t)) r = mul_saturating(r, v);
  return r;
}

std::optional<int64_t> size(const Layout& l) {
  wide r = 1;
  for (const Leaf& x : leaves(l)) {
    r = mul_saturating(r, x.s);
    if (r > INT64_MAX || r < INT64_MIN) return std::nullopt;
  }
  return static_cast<int64_t>(r);
}

wide cosize(const Layout& l) {
  wide r = 1;
  for (const Leaf& x : leaves(l)) {
    r += static_cast<wide>(x.s - 1) * abs_wide(x.d);  // |.| < 2^127
    if (r > kSaturate) return kSaturate;
  }
  return r;
}

bool representable(const Layout& l) { return cosize(l) - 1 <= INT64_MAX; }

// ---- evaluation ---------------------------------------------------------------------

std::optional<wide> eval_wide(const Leaves& leaves, wide x) {
  if (x > kBound || x < -kBound) return std::nullopt;
  const std::size_t n = leaves.size();
  if (n == 0) return wide{0};
  const bool negative = x < 0;
  wide rest = negative ? -x : x;  // < 2^125
  wide value = 0;
  for (std::size_t k = 0; k < n; ++k) {
    const wide digit = k + 1 < n ? next_digit(rest, leaves[k].s) : rest;
    // |d| <= 2^63: a digit <= 2^63 gives a term of at most 2^126, which fits;
    // a larger digit (< 2^125) is checked by division first.
    const wide d = leaves[k].d;
    if (digit > (wide{1} << 63) && d != 0 && digit > kBound / abs_wide(d)) return std::nullopt;
    const wide term = digit * d;
    if (term > kBound || term < -kBound) return std::nullopt;
    value += term;
    if (value > kBound || value < -kBound) return std::nullopt;
  }
  return negative ? -value : value;
}

std::optional<int64_t> eval(const Leaves& leaves, int64_t i) {
  const std::optional<wide> v = eval_wide(leaves, i);
  if (!v || *v > INT64_MAX || *v < INT64_MIN) return std::nullopt;
  return static_cast<int64_t>(*v);
}

std::optional<int64_t> eval(const Layout& l, int64_t i) { return eval(leaves(l), i); }

bool intermediate_overflow(const Leaves& lv, int64_t i) {
  const wide lo = INT64_MIN, hi = INT64_MAX;
  wide x = i < 0 ? -static_cast<wide>(i) : static_cast<wide>(i);
  wide sum = 0;
  for (std::size_t k = 0; k < lv.size(); ++k) {
    const wide digit = k + 1 == lv.size() ? x : next_digit(x, lv[k].s);
    const wide term = digit * lv[k].d;  // < 2^64 * 2^63
    sum += term;
    if (term < lo || term > hi || sum < lo || sum > hi) return true;
  }
  return false;
}

std::vector<int64_t> table(const Layout& l, int64_t limit) {
  const std::optional<int64_t> n = size(l);
  if (!n || *n > limit) throw TooLarge{};
  ValueWalk walk(leaves(l));
  std::vector<int64_t> out(static_cast<std::size_t>(*n));
  for (int64_t i = 0; i < *n; ++i, walk.next()) {
    const std::optional<int64_t> v = walk.value64();
    if (!v) throw Unrepresentable{};
    out[static_cast<std::size_t>(i)] = *v;
  }
  return out;
}

// ---- coordinates -------------------------------------------------------------------------

std::optional<IntTuple> idx2crd(const IntTuple& i, const IntTuple& shape) {
  if (i.root()->tuple) {
    if (!shape.root()->tuple || rank(i) != rank(shape)) return std::nullopt;
    std::vector<IntTuple> out;
    for (int k = 0; k < rank(i); ++k) {
      auto c = oracle::idx2crd(element(i, k), element(shape, k));
      if (!c) return std::nullopt;
      out.push_back(std::move(*c));
    }
    return tuple_of(out);
  }
  if (i.root()->v < 0) return std::nullopt;
  const Ints s = leaf_values(shape);
  Ints digits;
  wide rest = i.root()->v;
  for (std::size_t k = 0; k < s.size(); ++k)
    digits.push_back(static_cast<int64_t>(k + 1 < s.size() ? next_digit(rest, s[k]) : rest));
  if (s.empty()) return shape;  // () or nested empty tuples: no digit
  return with_leaves(shape, digits);
}

std::optional<wide> crd_value(const IntTuple& c, const IntTuple& shape, const IntTuple& stride) {
  if (!c.root()->tuple) {
    if (c.root()->v < 0) return std::nullopt;
    return eval_wide(leaves(make(shape, stride)), c.root()->v);
  }
  if (!shape.root()->tuple || rank(c) != rank(shape)) return std::nullopt;
  wide sum = 0;
  for (int k = 0; k < rank(c); ++k) {
    const auto v = crd_value(element(c, k), element(shape, k), element(stride, k));
    if (!v) return std::nullopt;
    sum += *v;
    if (sum > kBound || sum < -kBound) return std::nullopt;
  }
  return sum;
}

std::optional<wide> crd_index(const IntTuple& c, const IntTuple& shape) {
  return crd_value(c, shape, compact_left(shape));
}

bool compatible(const IntTuple& a, const IntTuple& b) {
  if (!a.root()->tuple) return static_cast<wide>(a.root()->v) == size_wide(b);
  if (!b.root()->tuple || rank(a) != rank(b)) return false;
  for (int k = 0; k < rank(a); ++k)
    if (!oracle::compatible(element(a, k), element(b, k))) return false;
  return true;
}

IntTuple compact_left(const IntTuple& t) {
  Ints p;
  wide run = 1;
  for (int64_t s : leaf_values(t)) {
    p.push_back(static_cast<int64_t>(std::min<wide>(run, INT64_MAX)));
    run = mul_saturating(run, s);
  }
  return with_leaves(t, p);
}

IntTuple compact_right(const IntTuple& t) {
  const Ints s = leaf_values(t);
  Ints p = s;
  wide run = 1;
  for (std::size_t k = s.size(); k-- > 0;) {
    p[k] = static_cast<int64_t>(std::min<wide>(run, INT64_MAX));
    run = mul_saturating(run, s[k]);
  }
  return with_leaves(t, p);
}

// ---- swizzle ---------------------------------------------------------------------------

bool swizzle_valid(int64_t b, int64_t m, int64_t s) {
  const int64_t as = s < 0 ? -s : s;
  return b >= 0 && m >= 0 && as >= b && b <= 63 && m <= 63 && as <= 63 && m + b + as <= 63;
}

int64_t swizzle(int64_t b, int64_t m, int64_t s, int64_t x) {
  const uint64_t u = static_cast<uint64_t>(x);
  uint64_t out = u;
  for (int64_t k = 0; k < 64; ++k) {
    int64_t src = -1;
    if (s > 0 && k >= m && k < m + b) src = k + s;
    if (s < 0 && k >= m - s && k < m - s + b) src = k + s;
    if (src >= 0 && src < 64 && ((u >> src) & 1u)) out ^= uint64_t{1} << k;
  }
  return static_cast<int64_t>(out);
}

// ---- coalesce and complement ---------------------------------------------------------

Leaves coalesced(const Leaves& lv) {
  Leaves out;
  for (const Leaf& x : lv) {
    if (x.s == 1) continue;
    if (!out.empty() && static_cast<wide>(out.back().s) * out.back().d == x.d)
      out.back().s *= x.s;  // a product of sizes of one layout: fits when its size does
    else
      out.push_back(x);
  }
  return out;
}

Chain chain(const Layout& a) {
  Chain c;
  for (const Leaf& x : leaves(a))
    if (x.s > 1 && x.d != 0) c.modes.push_back(x);
  std::stable_sort(c.modes.begin(), c.modes.end(), [](auto& x, auto& y) { return x.d < y.d; });
  for (const Leaf& x : c.modes) {
    if (x.d < 0 || x.d < c.end) c.ordered = false;
    if (c.ordered && x.d % c.end != 0) c.divisible = false;
    c.end = static_cast<wide>(x.s) * x.d;  // |.| < 2^126
  }
  c.divisible = c.divisible && c.ordered;
  return c;
}

std::optional<Leaves> complement(const Layout& a, int64_t cotarget) {
  const Chain c = chain(a);
  if (cotarget < 1 || !c.ordered || c.end > INT64_MAX) return std::nullopt;
  Leaves modes;
  wide end = 1;
  for (const Leaf& x : c.modes) {
    modes.push_back({static_cast<int64_t>(x.d / end), static_cast<int64_t>(end)});
    end = static_cast<wide>(x.s) * x.d;
  }
  const wide last = (cotarget + end - 1) / end;
  modes.push_back({static_cast<int64_t>(last), static_cast<int64_t>(end)});
  // The result's span must fit: sum (s-1) d <= INT64_MAX.
  wide span = 0;
  for (const Leaf& x : modes) span += static_cast<wide>(x.s - 1) * x.d;
  if (span > INT64_MAX) return std::nullopt;
  return coalesced(modes);
}

// ---- fitting ---------------------------------------------------------------------------

std::optional<IntTuple> fit_strides(const std::vector<int64_t>& t, const IntTuple& shape) {
  const Ints s = leaf_values(shape);
  if (static_cast<wide>(t.size()) != size_wide(shape) || t.empty()) return std::nullopt;
  Ints d;
  int64_t prefix = 1;
  for (int64_t x : s) {
    d.push_back(x > 1 ? t[static_cast<std::size_t>(prefix)] - t[0] : 0);
    prefix *= x;  // <= t.size()
  }
  if (t[0] != 0) return std::nullopt;
  Leaves lv;
  for (std::size_t k = 0; k < s.size(); ++k) lv.push_back({s[k], d[k]});
  for (std::size_t i = 0; i < t.size(); ++i)
    if (eval_wide(lv, static_cast<wide>(i)) != static_cast<wide>(t[i])) return std::nullopt;
  return with_leaves(shape, d);
}

namespace {

// A flat layout (p_0, p_1, ...):(d_0, ...) with prime sizes equal to f on
// [0, n), appended to out; false when none exists. Exact: if f = L for some
// layout L, splitting L's first mode of size > 1 at a prime p gives a first
// mode p:d_0 and a remainder g(q) = f(p q) that is again a layout; every
// prime dividing n is tried (backtracking), so the search fails only when no
// layout exists.
bool fit_1d(const std::vector<int64_t>& f, Leaves& out) {
  const std::size_t n = f.size();
  if (n == 1) return f[0] == 0;
  std::vector<std::size_t> primes;
  for (std::size_t m = n, p = 2; m > 1; ++p) {
    if (p * p > m) p = m;
    if (m % p == 0) {
      primes.push_back(p);
      while (m % p == 0) m /= p;
    }
  }
  for (std::size_t p : primes) {
    const wide d = static_cast<wide>(f[1]) - f[0];
    bool ok = f[0] == 0;
    for (std::size_t i = 0; ok && i < n; ++i)
      ok = static_cast<wide>(f[i]) == static_cast<wide>(i % p) * d + f[p * (i / p)];
    if (!ok || d > INT64_MAX || d < INT64_MIN) continue;
    std::vector<int64_t> g(n / p);
    for (std::size_t q = 0; q < g.size(); ++q) g[q] = f[p * q];
    const std::size_t mark = out.size();
    out.push_back({static_cast<int64_t>(p), static_cast<int64_t>(d)});
    if (fit_1d(g, out)) return true;
    out.resize(mark);
  }
  return false;
}

// Builds R's shape and stride from the structure's tree, leaf k replaced by
// parts[k] (none: 1:0; one: s:d; several: a flat tuple).
void build_fitted(const IntTuple& structure, const std::vector<Leaves>& parts, std::size_t& next,
                  IntTuple& shape, IntTuple& stride) {
  if (!structure.root()->tuple) {
    const Leaves& p = parts[next++];
    if (p.empty()) {
      shape = 1;
      stride = 0;
    } else if (p.size() == 1) {
      shape = p[0].s;
      stride = p[0].d;
    } else {
      const Layout l = from_leaves(p);
      shape = l.shape();
      stride = l.stride();
    }
    return;
  }
  std::vector<IntTuple> s, d;
  for (int k = 0; k < rank(structure); ++k) {
    IntTuple sk, dk;
    build_fitted(element(structure, k), parts, next, sk, dk);
    s.push_back(sk);
    d.push_back(dk);
  }
  shape = tuple_of(s);
  stride = tuple_of(d);
}

}  // namespace

std::optional<Layout> fit_layout(const std::vector<int64_t>& t, const IntTuple& structure) {
  const Ints a = leaf_values(structure);
  if (static_cast<wide>(t.size()) != size_wide(structure) || t.empty() || t[0] != 0)
    return std::nullopt;
  // t must be the sum of its parts over the structure's leaves: t(i) =
  // sum_k f_k(digit_k(i)) with f_k(j) = t(j * P_k).
  Ints prefix;
  std::size_t run = 1;
  for (int64_t x : a) {
    prefix.push_back(static_cast<int64_t>(run));
    run *= static_cast<std::size_t>(x);
  }
  for (std::size_t i = 0; i < t.size(); ++i) {
    std::size_t rest = i;
    wide sum = 0;
    for (std::size_t k = 0; k < a.size(); ++k) {
      const std::size_t digit = rest % static_cast<std::size_t>(a[k]);
      rest /= static_cast<std::size_t>(a[k]);
      sum += t[digit * static_cast<std::size_t>(prefix[k])];
    }
    if (sum != t[i]) return std::nullopt;
  }
  std::vector<Leaves> parts;
  for (std::size_t k = 0; k < a.size(); ++k) {
    std::vector<int64_t> f(static_cast<std::size_t>(a[k]));
    for (std::size_t j = 0; j < f.size(); ++j) f[j] = t[j * static_cast<std::size_t>(prefix[k])];
    Leaves p;
    if (!fit_1d(f, p)) return std::nullopt;
    parts.push_back(std::move(p));
  }
  if (a.empty()) return make(structure, structure);  // () : ()
  IntTuple shape, stride;
  std::size_t next = 0;
  build_fitted(structure, parts, next, shape, stride);
  return make(shape, stride);
}

// ---- left inverses -----------------------------------------------------------------------
//
// Why the decision is exact. Take a layout L, flattened, with leaves
// (r_0, e_0), ..., (r_{m-1}, e_{m-1}), (r_m, e_m), and the prefix products
// P_0 = 1, P_{k+1} = P_k r_k. For x >= 0 the natural extension gives digit k
// = floor(x / P_k) mod r_k = floor(x / P_k) - r_k floor(x / P_{k+1}) for
// k < m and floor(x / P_m) for the last leaf, so
//   L(x) = sum_k f_k floor(x / P_k),  f_0 = e_0,  f_k = e_k - r_{k-1} e_{k-1};
// conversely, for a divisibility chain P and any integers f, e_0 = f_0 and
// e_k = f_k + r_{k-1} e_{k-1} give a layout with that sum (a size-1 leaf
// repeats a P_k; the terms merge). For x < 0, L(x) = -L(-x). So L(A(i)) = i
// for all i reads
//   sum_k f_k sgn(x_i) floor(|x_i| / P_k) = i,  x_i = A(i),       (*)
// and only the P_k <= X = max |x_i| matter: floor(|x| / P) = 0 for |x| < P.
// Every chain with all P_k <= X lies inside a maximal prime chain (prime
// ratios, P_m in (X/2, X]): split each ratio into primes, then append factors
// 2 while P_m * 2 <= X; a function over a sub-chain is one over the bigger
// chain with f = 0 on the extra terms. Hence a left inverse exists iff (*)
// has an integer solution f for some maximal prime chain, and each solution
// gives one (the witness). Integer solvability of (*) is decided exactly
// (solve_integer below), never by rational elimination: a rational solution
// need not give an integer one.

namespace {

// Magnitudes kept <= 2^60 while solving: a product of two fits in 2^120 and a
// sum of up to 64 of them in 2^126.
constexpr wide kSolveBound = wide{1} << 60;

bool in_solve_bound(wide v) { return v <= kSolveBound && v >= -kSolveBound; }

enum class Solve { solvable, unsolvable, overflow };

// Integer solvability of (*) over the chain p (p[0] = 1): M f = b with
// M[i][k] = sgn(x_i) floor(|x_i| / p_k), b_i = i. Column-style Hermite
// reduction, row by row: U is unimodular with M U lower echelon on the rows
// seen so far (columns 0..piv-1 pivot columns, the others zero on those
// rows); a new row h = M_i U is reduced over the free columns piv.. by
// unimodular column operations (Euclid: subtract multiples of the column with
// the smallest nonzero entry) to one nonzero entry g, moved to column piv.
// Columns >= piv being zero on earlier rows, the operations keep earlier rows
// in echelon form. y_piv is then forced: g must divide the row's residual
// b_i - sum_{j<piv} h_j y_j; a row with no nonzero free entry needs residual
// 0. The free y are set to 0 and f = U y; integer y <=> integer f, U being
// unimodular.
Solve solve_integer(const std::vector<int64_t>& x, const std::vector<int64_t>& p,
                    std::vector<wide>& f) {
  const std::size_t n = p.size();
  std::vector<wide> u(n * n, 0);  // u[l * n + j]: row l, column j
  for (std::size_t l = 0; l < n; ++l) u[l * n + l] = 1;
  std::vector<wide> y(n, 0), a(n), h(n);
  std::size_t piv = 0;
  auto column_axpy = [&](std::size_t dst, wide q, std::size_t src) {  // col dst -= q col src
    for (std::size_t l = 0; l < n; ++l) {
      const wide v = u[l * n + dst] - q * u[l * n + src];
      if (!in_solve_bound(v)) return false;
      u[l * n + dst] = v;
    }
    h[dst] -= q * h[src];
    return in_solve_bound(h[dst]);
  };
  for (std::size_t i = 0; i < x.size(); ++i) {
    const wide xi = x[i];
    const wide ax = xi < 0 ? -xi : xi;
    for (std::size_t k = 0; k < n; ++k) a[k] = (xi < 0 ? -1 : 1) * (ax / p[k]);
    for (std::size_t j = 0; j < n; ++j) {
      wide s = 0;
      for (std::size_t l = 0; l < n; ++l) s += a[l] * u[l * n + j];
      if (!in_solve_bound(s)) return Solve::overflow;
      h[j] = s;
    }
    wide residual = static_cast<wide>(i);
    for (std::size_t j = 0; j < piv; ++j) {
      residual -= h[j] * y[j];
      if (!in_solve_bound(residual)) return Solve::overflow;
    }
    for (;;) {  // Euclid over the free columns
      std::size_t best = n;
      int nonzero = 0;
      for (std::size_t j = piv; j < n; ++j) {
        if (h[j] == 0) continue;
        ++nonzero;
        if (best == n || abs_wide(h[j]) < abs_wide(h[best])) best = j;
      }
      if (nonzero == 0) {
        if (residual != 0) return Solve::unsolvable;
        break;
      }
      if (nonzero > 1) {
        for (std::size_t j = piv; j < n; ++j)
          if (j != best && h[j] != 0 && !column_axpy(j, h[j] / h[best], best))
            return Solve::overflow;
        continue;
      }
      if (best != piv) {
        for (std::size_t l = 0; l < n; ++l) std::swap(u[l * n + best], u[l * n + piv]);
        std::swap(h[best], h[piv]);
      }
      if (residual % h[piv] != 0) return Solve::unsolvable;
      y[piv] = residual / h[piv];
      ++piv;
      break;
    }
  }
  f.assign(n, 0);
  for (std::size_t l = 0; l < n; ++l) {
    wide s = 0;
    for (std::size_t j = 0; j < piv; ++j) s += u[l * n + j] * y[j];
    if (!in_solve_bound(s)) return Solve::overflow;
    f[l] = s;
  }
  return Solve::solvable;
}

}  // namespace

namespace {

// Calls f(chain) on each maximal prime chain below x, in maximal_prime_chains'
// order, until f returns true; returns whether it did. One buffer for the
// chains (the left-inverse search stops at its first solvable chain).
template <class F>
bool for_each_maximal_prime_chain(int64_t x, F&& f) {
  std::vector<int64_t> chain = {1};
  if (x < 1) return f(chain);
  std::vector<int64_t> primes;  // ascending, with multiplicity
  for (int64_t n = x / 2 + 1; n <= x; ++n) {
    primes.clear();
    for (int64_t m = n, q = 2; m > 1;) {
      if (q > m / q) q = m;
      if (m % q == 0) {
        primes.push_back(q);
        m /= q;
      } else {
        ++q;
      }
    }
    do {
      chain.assign(1, 1);
      for (int64_t q : primes) chain.push_back(chain.back() * q);
      if (f(chain)) return true;
    } while (std::next_permutation(primes.begin(), primes.end()));
  }
  return false;
}

}  // namespace

std::vector<std::vector<int64_t>> maximal_prime_chains(int64_t x) {
  std::vector<std::vector<int64_t>> out;
  for_each_maximal_prime_chain(x, [&](const std::vector<int64_t>& chain) {
    out.push_back(chain);
    return false;
  });
  return out;
}

LeftInverseSearch left_inverse_exists(const Layout& a, int64_t max_image, int64_t max_size) {
  LeftInverseSearch out;
  const std::optional<int64_t> n = size(a);
  if (!n || *n > max_size) return out;  // undecided
  const Leaves lv = leaves(a);
  std::vector<int64_t> x;
  wide big = 0;
  for (int64_t i = 0; i < *n; ++i) {
    const std::optional<int64_t> v = eval(lv, i);
    if (!v) return out;  // undecided: a value past int64
    x.push_back(*v);
    big = std::max(big, abs_wide(*v));
  }
  std::vector<int64_t> sorted = x;
  std::sort(sorted.begin(), sorted.end());
  if (std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end()) {
    out.result = LeftInverseSearch::none;  // L(A(i)) = L(A(j)) for some i != j
    return out;
  }
  if (*n <= 1) {  // A(0) = 0 and L(0) = 0 for every L
    out.result = LeftInverseSearch::found;
    out.witness = make(1, 0);
    return out;
  }
  if (big > max_image || big > kSolveBound) return out;  // undecided
  const int64_t bound = static_cast<int64_t>(big);       // >= 1: injective with size >= 2
  bool overflow = false;
  std::vector<wide> f;
  // Stops at the first chain with a solution: found, or undecided where its
  // witness fails the check below.
  const bool stopped = for_each_maximal_prime_chain(bound, [&](const std::vector<int64_t>& p) {
    const Solve s = solve_integer(x, p, f);
    if (s == Solve::overflow) overflow = true;
    if (s != Solve::solvable) return false;
    // The layout of f over p: r_k = p_{k+1} / p_k, e_0 = f_0, e_k = f_k + r_{k-1} e_{k-1};
    // the last mode's size ceil((X + 1) / P_m) makes size(L) > X.
    const std::size_t m = p.size() - 1;
    Leaves w;
    wide e = 0;
    bool fits = true;
    for (std::size_t k = 0; k <= m; ++k) {
      // |f_k| <= 2^60, r_{k-1} <= X <= 2^60 and |e_{k-1}| <= 2^63: fits.
      e = k == 0 ? f[0] : f[k] + static_cast<wide>(w.back().s) * e;
      const int64_t s = k < m ? p[k + 1] / p[k] : bound / p[m] + 1;
      fits = fits && e <= INT64_MAX && e >= INT64_MIN;
      if (!fits) break;
      w.push_back({s, static_cast<int64_t>(e)});
    }
    if (!fits) {  // strides past int64: this chain's witness is not a value
      overflow = true;
      return false;
    }
    for (std::size_t i = 0; i < x.size(); ++i)
      // Cannot fail when the argument above holds; refuse to claim rather than
      // return a wrong witness.
      if (eval(w, x[i]) != static_cast<int64_t>(i)) return true;  // undecided
    out.result = LeftInverseSearch::found;
    out.witness = from_leaves(w);
    return true;
  });
  if (stopped) return out;
  if (!overflow) out.result = LeftInverseSearch::none;
  return out;
}

}  // namespace props::oracle
