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
// Cost: the chains are the orderings of the prime factors of each n in
// (X/2, X] (607 for X = 256, 29,148 for X = 4096); a chain that fails costs
// a few rows (about 0.5 us).
#include <algorithm>
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
  wide mul(wide a, wide b) {
    const uwide ma = mag(a), mb = mag(b);
    if (ma != 0 && mb > kBound / ma) {
      overflow = true;
      return 0;
    }
    return fit(ma * mb, (a < 0) != (b < 0));
  }
  wide add(wide a, wide b) {  // |a|, |b| <= 2^125: the sum fits in 127 bits
    const wide r = a + b;
    return fit(mag(r), r < 0);
  }
  wide sub(wide a, wide b) { return add(a, -b); }
};

struct Search {
  const std::vector<int64_t>& x;  // A(i), i < size(A)
  int64_t max_abs;                // X
  std::vector<int64_t> primes;
  std::vector<int64_t> chain{1};
  bool undecided = false;
  std::optional<Modes> found;

  // The system for the current chain; true when solved (found set).
  bool solve() {
    const std::size_t c = chain.size();
    std::vector<wide> u(c * c, 0);  // U, column-major: u[col * c + row]
    for (std::size_t k = 0; k < c; ++k) u[k * c + k] = 1;
    std::vector<wide> y(c, 0), row(c), h(c);
    Wide w;
    std::size_t r = 0;                                              // pivots so far: y[0..r) fixed
    auto add_col = [&](std::size_t to, std::size_t from, wide q) {  // col_to -= q * col_from
      for (std::size_t k = 0; k < c; ++k)
        u[to * c + k] = w.sub(u[to * c + k], w.mul(q, u[from * c + k]));
      h[to] = w.sub(h[to], w.mul(q, h[from]));
    };
    auto swap_col = [&](std::size_t a, std::size_t b) {
      for (std::size_t k = 0; k < c; ++k) std::swap(u[a * c + k], u[b * c + k]);
      std::swap(h[a], h[b]);
    };
    for (std::size_t i = 0; i < x.size(); ++i) {
      const int64_t v = x[i] < 0 ? -x[i] : x[i];
      for (std::size_t k = 0; k < c; ++k) row[k] = (x[i] < 0 ? -1 : 1) * (v / chain[k]);
      for (std::size_t col = 0; col < c; ++col) {
        wide t = 0;
        for (std::size_t k = 0; k < c; ++k) t = w.add(t, w.mul(row[k], u[col * c + k]));
        h[col] = t;
      }
      for (std::size_t j = r + 1; j < c && !w.overflow; ++j) {  // Euclid: one nonzero at column r
        while (h[j] != 0 && !w.overflow) {
          add_col(r, j, h[r] / h[j]);
          swap_col(r, j);
        }
      }
      wide rem = static_cast<wide>(i);
      for (std::size_t col = 0; col < r; ++col) rem = w.sub(rem, w.mul(h[col], y[col]));
      if (w.overflow) {
        undecided = true;
        return false;
      }
      if (r < c && h[r] != 0) {
        if (rem % h[r] != 0) return false;
        y[r] = rem / h[r];
        ++r;
      } else if (rem != 0) {
        return false;
      }
    }
    // f = U y, then the strides e_k.
    Modes m;
    wide e_prev = 0;
    for (std::size_t k = 0; k < c; ++k) {
      wide f = 0;
      for (std::size_t col = 0; col < r; ++col) f = w.add(f, w.mul(u[col * c + k], y[col]));
      const wide radix = k == 0 ? 0 : chain[k] / chain[k - 1];
      const wide e = w.add(f, w.mul(radix, e_prev));
      if (w.overflow || e > INT64_MAX || e < INT64_MIN) {
        undecided = true;
        return false;
      }
      const int64_t size = k + 1 < c ? chain[k + 1] / chain[k] : max_abs / chain[k] + 1;
      m.push_back({size, static_cast<int64_t>(e)});
      e_prev = e;
    }
    for (std::size_t i = 0; i < x.size(); ++i)  // the construction is exact; check it anyway
      if (eval_extended(m, x[i]) != static_cast<int64_t>(i)) return false;
    found = coalesce_modes(m);
    return true;
  }

  bool walk() {
    const int64_t p = chain.back();
    if (p > max_abs / 2) return solve();  // maximal: no prime fits above p
    for (int64_t q : primes) {
      if (q > max_abs / p) break;
      chain.push_back(p * q);
      const bool done = walk();
      chain.pop_back();
      if (done) return true;
    }
    return false;
  }
};

}  // namespace

LeftInverseResult left_inverse_search(const std::vector<int64_t>& x, int64_t max_abs) {
  Search s{x, max_abs, {}, {1}, false, std::nullopt};
  std::vector<bool> composite(static_cast<std::size_t>(max_abs) + 1, false);
  for (int64_t q = 2; q <= max_abs; ++q) {
    if (composite[static_cast<std::size_t>(q)]) continue;
    s.primes.push_back(q);
    for (int64_t k = q * q; k <= max_abs; k += q) composite[static_cast<std::size_t>(k)] = true;
  }
  s.walk();
  if (s.found) return {LeftInverseResult::found, from_modes(*s.found)};
  return {s.undecided ? LeftInverseResult::undecided : LeftInverseResult::none, Layout()};
}

}  // namespace layout::detail
