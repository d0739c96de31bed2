// The exact construction of a left inverse where the symbolic rule of
// inverse.cpp does not apply (the strides, sorted, do not chain, or A mixes
// signs), by a search over every layout that could be one.
//
// Every layout L, evaluated on x >= 0 with the natural extension, is
//   L(x) = sum_k f_k * floor(x / P_k),   1 = P_0 | P_1 | ... | P_m,
// with f_0 = e_0 and f_k = e_k - r_{k-1} e_{k-1} for its radices r_k = P_{k+1}/P_k
// and strides e_k; conversely every such sum is a layout. L(-x) = -L(x). On
// offsets |x| <= X only the P_k <= X matter, and the functions of a chain are
// among those of every chain that contains it. Every chain lies in a maximal
// one (each ratio prime, 2*P_m > X), so a left inverse exists iff for one
// maximal chain the integer system sum_k f_k sgn(x_i) floor(|x_i|/P_k) = i
// (x_i = A(i)) has a solution. It is solved exactly by unimodular column
// operations (an incremental column Hermite form): each row either fixes one
// new unknown (it must divide) or is already determined (it must agree).
//
// The chains are walked as a tree of prefixes, eliminating the rows in order of
// |x_i|: a row with |x| < 2 P_k has no coefficient on the elements past P_k, so
// the rows up to there are decided by the prefix, and a prefix they refute is
// dropped with every chain that extends it. Cost: the maximal chains are the
// orderings of the prime factors of each n in (X/2, X] (607 for X = 256,
// 29,148 for X = 4096); pruning the prefixes makes the search about 10x faster
// than solving every maximal chain (docs/PERFORMANCE.md, "left_inverse search").
// The search runs in int64 first and, where any value overflows, again in
// 128 bits: exact integers either way, so both passes decide the same.
#include <algorithm>
#include <array>
#include <optional>
#include <vector>

#include "algebra_core.hpp"
#include "layout/checked.hpp"
#include "layout/coalesce.hpp"

namespace layout::detail {

namespace {

__extension__ typedef __int128 wide;
__extension__ typedef unsigned __int128 uwide;

// 128-bit arithmetic that keeps every value within 2^125 in magnitude and
// records when a result would not (the search then gives up on the chain:
// undecided). No compiler builtin: clang lowers a 128-bit overflow check to a
// compiler-rt call that libgcc lacks.
struct Wide {
  using value = wide;
  static constexpr bool kRetry = false;  // an overflow leaves the chain undecided
  static constexpr uwide kBound = uwide{1} << 125;
  bool overflow = false;
  static uwide mag(wide a) {
    return a < 0 ? uwide{0} - static_cast<uwide>(a) : static_cast<uwide>(a);
  }
  wide fit(uwide m, bool negative) {
    if (m > kBound) {
      overflow = true;
      return 0;
    }
    return negative ? -static_cast<wide>(m) : static_cast<wide>(m);
  }
  static bool small(wide a) { return static_cast<int32_t>(a) == a; }
  wide mul(wide a, wide b) {
    if (small(a) && small(b)) return static_cast<int64_t>(a) * static_cast<int64_t>(b);
    const uwide ma = mag(a), mb = mag(b);
    // Below 2^62 and 2^63 the product is below 2^125; past them, the exact bound
    // (a 128-bit division, the search's hottest instruction otherwise).
    if (((ma >> 62) != 0 || (mb >> 63) != 0) && ma != 0 && mb > kBound / ma) {
      overflow = true;
      return 0;
    }
    return fit(ma * mb, (a < 0) != (b < 0));
  }
  wide add(wide a, wide b) {  // |a|, |b| <= 2^125: the sum fits in 127 bits
    if (small(a) && small(b)) return static_cast<int64_t>(a) + static_cast<int64_t>(b);
    const wide r = a + b;
    return fit(mag(r), r < 0);
  }
  wide sub(wide a, wide b) { return add(a, -b); }
  // a / b and a % b (truncated, as C++'s): in 64 bits where both fit.
  static bool narrow(wide a, wide b) {
    return a >= INT64_MIN && a <= INT64_MAX && b >= INT64_MIN && b <= INT64_MAX &&
           !(a == INT64_MIN && b == -1);
  }
  wide quot(wide a, wide b) const {
    return narrow(a, b) ? static_cast<int64_t>(a) / static_cast<int64_t>(b) : a / b;
  }
  wide rem(wide a, wide b) const {
    return narrow(a, b) ? static_cast<int64_t>(a) % static_cast<int64_t>(b) : a % b;
  }
};

// The same operations in int64, the first pass: exact while nothing
// overflows; any overflow sets the flag and the whole search is redone in
// Wide (kRetry), so both passes decide the same.
struct Narrow {
  using value = int64_t;
  static constexpr bool kRetry = true;
  bool overflow = false;
  int64_t mul(int64_t a, int64_t b) {
    int64_t r;
    if (__builtin_mul_overflow(a, b, &r)) overflow = true;
    return r;
  }
  int64_t add(int64_t a, int64_t b) {
    int64_t r;
    if (__builtin_add_overflow(a, b, &r)) overflow = true;
    return r;
  }
  int64_t sub(int64_t a, int64_t b) {
    int64_t r;
    if (__builtin_sub_overflow(a, b, &r)) overflow = true;
    return r;
  }
  int64_t quot(int64_t a, int64_t b) {
    if (b == -1) return sub(0, a);  // INT64_MIN / -1 overflows
    return a / b;
  }
  int64_t rem(int64_t a, int64_t b) const { return b == -1 ? 0 : a % b; }
};

// The system of rows x_i -> i over one chain, eliminated row by row: an
// incremental column Hermite form. Each row either fixes one new unknown (it
// must divide) or is already determined (it must agree). Columns (chain
// elements) can be appended while every row so far has a zero coefficient on
// them: U grows by an identity column and stays a valid reduction.
enum Status { solved, inconsistent, overflow };

template <class Arith>
struct Elimination {
  using V = typename Arith::value;
  std::size_t cap;    // the most columns
  std::size_t c = 0;  // columns: the chain's length
  std::vector<V> u;   // U, column-major: u[col * cap + row]
  std::vector<V> y, h;
  std::vector<V> g;               // U[:, <r] y: the fixed columns' part of f = U y
  std::array<int64_t, 64> row{};  // the row being added (a chain has at most 63 ratios)
  Arith w;
  std::size_t r = 0;  // pivots so far: y[0..r) fixed

  explicit Elimination(std::size_t columns)
      : cap(columns), u(cap * cap, 0), y(cap, 0), h(cap, 0), g(cap, 0) {}
  void extend() {
    u[c * cap + c] = 1;
    ++c;
  }
  void add_col(std::size_t to, std::size_t from, V q) {  // col_to -= q * col_from
    for (std::size_t k = 0; k < c; ++k)
      u[to * cap + k] = w.sub(u[to * cap + k], w.mul(q, u[from * cap + k]));
    h[to] = w.sub(h[to], w.mul(q, h[from]));
  }
  void swap_col(std::size_t a, std::size_t b) {
    for (std::size_t k = 0; k < c; ++k) std::swap(u[a * cap + k], u[b * cap + k]);
    std::swap(h[a], h[b]);
  }
  // Adds the row sum_k f_k sgn(x) floor(|x|/P_k) = i over the chain P.
  Status add(const std::vector<int64_t>& chain, int64_t x, int64_t i) {
    const int64_t v = x < 0 ? -x : x;
    std::size_t n = 0;  // the coefficients floor(v / P_k) that are not 0
    for (; n < c && chain[n] <= v; ++n) row[n] = (x < 0 ? -1 : 1) * (v / chain[n]);
    // Only columns r.. still change; the fixed ones enter through g = U[:, <r] y.
    for (std::size_t col = r; col < c; ++col) {
      V t = 0;
      for (std::size_t k = 0; k < n; ++k) t = w.add(t, w.mul(row[k], u[col * cap + k]));
      h[col] = t;
    }
    for (std::size_t j = r + 1; j < c && !w.overflow; ++j) {  // Euclid: one nonzero at column r
      while (h[j] != 0 && !w.overflow) {
        add_col(r, j, w.quot(h[r], h[j]));
        swap_col(r, j);
      }
    }
    V rem = static_cast<V>(i);
    for (std::size_t k = 0; k < n; ++k) rem = w.sub(rem, w.mul(row[k], g[k]));
    if (w.overflow) return overflow;
    if (r < c && h[r] != 0) {
      if (w.rem(rem, h[r]) != 0) return inconsistent;
      y[r] = w.quot(rem, h[r]);
      for (std::size_t k = 0; k < c; ++k) g[k] = w.add(g[k], w.mul(u[r * cap + k], y[r]));
      ++r;
      if (w.overflow) return overflow;
    } else if (rem != 0) {
      return inconsistent;
    }
    return solved;
  }
};

template <class Arith>
struct Search {
  using V = typename Arith::value;
  const std::vector<int64_t>& x;  // A(i), i < size(A)
  int64_t max_abs;                // X
  const std::vector<int64_t>& primes;
  const std::vector<std::size_t>& by_abs;
  std::size_t columns;  // the longest chain: 1 + floor(log2 X)
  // The indices i by |x_i| (by_abs). The rows with |x| < 2 P_k (a prefix of
  // this order) have floor(|x|/P_j) = 0 for every P_j past P_k of a chain
  // extending the current one: they decide the chain's prefix alone, and a
  // prefix they refute is not extended.
  std::vector<int64_t> chain{1};
  bool undecided = false;
  bool retry = false;  // Narrow overflowed: the search is to be redone in Wide
  std::optional<Modes> found;

  Search(const std::vector<int64_t>& offsets, int64_t bound, const std::vector<int64_t>& p,
         const std::vector<std::size_t>& order, std::size_t cols)
      : x(offsets), max_abs(bound), primes(p), by_abs(order), columns(cols) {}

  // An overflow of a whole chain's system: undecided in Wide (the walk goes
  // on); in Narrow the walk stops (true) and is redone in Wide.
  bool overflowed() {
    if constexpr (Arith::kRetry) {
      retry = true;
      return true;
    } else {
      undecided = true;
      return false;
    }
  }

  // The system for the current (maximal) chain, rows in index order; true when
  // solved (found set) or when the walk must stop (retry).
  bool solve() {
    Elimination<Arith> e(chain.size());
    for (std::size_t k = 0; k < chain.size(); ++k) e.extend();
    for (std::size_t i = 0; i < x.size(); ++i) {
      const Status s = e.add(chain, x[i], static_cast<int64_t>(i));
      if (s == overflow) return overflowed();
      if (s != solved) return false;
    }
    // f = U y (the free unknowns 0), which the elimination kept as g; then the
    // strides e_k.
    const std::size_t c = chain.size();
    Arith& w = e.w;
    Modes m;
    V e_prev = 0;
    for (std::size_t k = 0; k < c; ++k) {
      const V f = e.g[k];
      const V radix = k == 0 ? 0 : chain[k] / chain[k - 1];
      const V stride = w.add(f, w.mul(radix, e_prev));
      if (w.overflow) return overflowed();
      if constexpr (sizeof(V) > sizeof(int64_t))
        if (stride > INT64_MAX || stride < INT64_MIN) return overflowed();
      const int64_t size = k + 1 < c ? chain[k + 1] / chain[k] : max_abs / chain[k] + 1;
      m.push_back({size, static_cast<int64_t>(stride)});
      e_prev = stride;
    }
    for (std::size_t i = 0; i < x.size(); ++i)  // the construction is exact; check it anyway
      if (eval_extended(m, x[i]) != static_cast<int64_t>(i)) return false;
    found = coalesce_modes(m);
    return true;
  }

  // levels[d]: the rows by_abs[0..next) eliminated over the chain without its
  // last element (depth d = its length - 1; proving: no overflow so far). Adds
  // the rows the chain decides; false when they have no solution (a proof for
  // every chain extending it; after an overflow nothing is pruned). One state
  // per depth, assigned from the parent's: no allocation per chain.
  std::vector<Elimination<Arith>> levels;
  bool walk(std::size_t depth, std::size_t next, bool proving) {
    Elimination<Arith>& e = levels[depth];
    const int64_t p = chain.back();
    const bool maximal = p > max_abs / 2;  // no prime fits above p
    e.extend();
    for (; proving && next < by_abs.size(); ++next) {
      const int64_t xi = x[by_abs[next]];
      if ((xi < 0 ? -xi : xi) > (maximal ? max_abs : 2 * p - 1)) break;
      const Status s = e.add(chain, xi, static_cast<int64_t>(by_abs[next]));
      if (s == inconsistent) return false;
      if constexpr (Arith::kRetry)
        if (s == overflow) return overflowed();
      proving = s == solved;  // after an overflow in Wide: no pruning below, no verdict
    }
    if (maximal) return solve();
    for (int64_t q : primes) {
      if (q > max_abs / p) break;
      chain.push_back(p * q);
      levels[depth + 1] = e;
      const bool done = walk(depth + 1, next, proving);
      chain.pop_back();
      if (done) return true;
    }
    return false;
  }

  // The whole search: true when it ran to the end in this arithmetic.
  bool run() {
    levels.assign(columns + 1, Elimination<Arith>(columns));
    walk(0, 0, true);
    return !retry;
  }
};

}  // namespace

LeftInverseResult left_inverse_search(const std::vector<int64_t>& x, int64_t max_abs) {
  std::vector<std::size_t> by_abs(x.size());
  for (std::size_t i = 0; i < x.size(); ++i) by_abs[i] = i;
  std::stable_sort(by_abs.begin(), by_abs.end(), [&](std::size_t a, std::size_t b) {
    return (x[a] < 0 ? -x[a] : x[a]) < (x[b] < 0 ? -x[b] : x[b]);
  });
  std::size_t columns = 1;
  for (int64_t p = 2; p <= max_abs; p *= 2) ++columns;
  std::vector<int64_t> primes;
  std::vector<bool> composite(static_cast<std::size_t>(max_abs) + 1, false);
  for (int64_t q = 2; q <= max_abs; ++q) {
    if (composite[static_cast<std::size_t>(q)]) continue;
    primes.push_back(q);
    for (int64_t k = q * q; k <= max_abs; k += q) composite[static_cast<std::size_t>(k)] = true;
  }
  // First in int64 (most systems stay small); where anything overflows, the
  // whole search again in 128 bits, whose answer stands.
  const auto result = [](const auto& s) -> LeftInverseResult {
    if (s.found) return {LeftInverseResult::found, from_modes(*s.found)};
    return {s.undecided ? LeftInverseResult::undecided : LeftInverseResult::none, Layout()};
  };
  Search<Narrow> narrow{x, max_abs, primes, by_abs, columns};
  if (narrow.run()) return result(narrow);
  Search<Wide> wide{x, max_abs, primes, by_abs, columns};
  (void)wide.run();
  return result(wide);
}

}  // namespace layout::detail
