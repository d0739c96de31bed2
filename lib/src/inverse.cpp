#include "layout/inverse.hpp"

#include <algorithm>
#include <string>
#include <vector>

#include "algebra_core.hpp"
#include "layout/checked.hpp"
#include "layout/coalesce.hpp"
#include "mode_sink.hpp"
#include "refusal.hpp"

namespace layout {

using detail::fail;

namespace {

// A coalesced mode with its colexicographic position stride p (the product of
// the sizes of the modes before it): coordinate c of this mode is index c*p.
struct Placed {
  int64_t s, d, p;
};

SmallVector<Placed, 16> placed_modes_by_stride(const Layout& a) {
  Modes m = coalesce_modes(flat_modes(a));
  SmallVector<Placed, 16> out;
  int64_t p = 1;
  for (const Mode& x : m) {
    out.push_back({x.s, x.d, p});
    p = checked::mul(p, x.s);
  }
  sort_small(out.begin(), out.end(), [](const Placed& x) { return x.d; });
  return out;
}

// Writes r into the result's node arrays (the operation answered).
bool put(const Layout& r, IntTuple::Nodes& rs, IntTuple::Nodes& rd) {
  rs = r.shape().nodes();
  rd = r.stride().nodes();
  return true;
}

// right_inverse(A) into empty node arrays; never refuses (an overflow of the
// chain's position strides throws Overflow, which the boundary formats).
bool right_inverse_into(const Layout& a, IntTuple::Nodes& rs, IntTuple::Nodes& rd) {
  Modes out;
  int64_t next = 1;  // the next offset the chain must reach
  for (const Placed& x : placed_modes_by_stride(a)) {
    if (x.d < next) continue;  // stride 0, negative, or overlapping the chain: skip
    if (x.d > next) break;     // a gap: offsets from `next` on are not contiguous
    out.push_back({x.s, x.p});
    next = checked::mul(x.s, x.d);
  }
  return put(from_modes(coalesce_modes(out)), rs, rd);
}

// All strides <= 0: with A = -A' (A' the layout with negated strides) and the odd
// extension L(-y) = -L(y), L = -left_inverse(A') satisfies L(A(i)) = L'(A'(i)) = i.
// A mode of size 1 adds nothing to A's function: its stride becomes 0 (it may
// be INT64_MIN, whose negation does not exist).
Layout negate_strides(const Layout& a) {
  IntTuple d = a.stride();
  const auto& s = a.shape().nodes();
  auto& n = d.raw();
  for (std::size_t k = 0; k < n.size(); ++k)
    if (!n[k].tuple) n[k].v = s[k].v == 1 ? 0 : checked::sub(0, n[k].v);
  return Layout::unchecked(a.shape(), std::move(d));
}

// What the symbolic rule decided.
enum class Chain { applied, not_applicable, refused };

// The symbolic rule: strides >= 0 that, sorted, chain (d_{j+1} a multiple of
// d_j, at or past the end s_j*d_j). applied: out is the inverse;
// not_applicable (with why) where the rule does not apply; refused (fail()
// recorded) where A repeats offsets. sign = -1: a is A with negated strides
// (the messages name A's own modes).
Chain left_inverse_chain(const Layout& a, int64_t sign, Layout& out, std::string& why) {
  auto mode = [sign](int64_t sz, int64_t d) {
    return std::to_string(sz) + ":" + std::to_string(sign * d);
  };
  auto m = placed_modes_by_stride(a);
  if (m.empty()) {  // size(A) == 1: A(0) = 0, and 1:0 maps 0 to 0
    out = Layout();
    return Chain::applied;
  }
  for (const Placed& x : m) {
    if (x.d == 0) {
      (void)fail("A is not injective: mode " + mode(x.s, 0) + " repeats offsets");
      return Chain::refused;
    }
  }
  // L reads an offset in the mixed radix (d_0, d_1/d_0, ..., d_k/d_{k-1}, s_k):
  // the digit below d_0 is dropped and digit j+1 is the coordinate of mode j.
  Modes r;
  r.push_back({m[0].d, 0});
  for (std::size_t j = 0; j + 1 < m.size(); ++j) {
    const Placed& x = m[j];
    const Placed& y = m[j + 1];
    if (y.d % x.d == 0 && y.d / x.d < x.s) {  // y's first step is a step of x's
      (void)fail("A is not injective: mode " + mode(y.s, y.d) + " steps to " +
                 std::to_string(sign * y.d) + ", which mode " + mode(x.s, x.d) +
                 " reaches at its coordinate " + std::to_string(y.d / x.d));
      return Chain::refused;
    }
    if (y.d % x.d != 0) {
      why = "after sorting by |stride|, mode " + mode(y.s, y.d) +
            " does not start at a multiple of the stride of mode " + mode(x.s, x.d);
      return Chain::not_applicable;
    }
    r.push_back({y.d / x.d, x.p});
  }
  r.push_back({m.back().s, m.back().p});
  out = from_modes(coalesce_modes(r));
  return Chain::applied;
}

// A(i) for every i < size(A) (n of them), by an odometer over A's flat modes:
// one addition per index, a carry per wrapped coordinate. Every partial sum
// lies between A's most negative and largest offset, so nothing overflows
// where those fit in int64.
std::vector<int64_t> offsets(const Layout& a, int64_t n) {
  Modes m;
  for (const Mode& x : flat_modes(a))
    if (x.s != 1) m.push_back(x);
  std::vector<int64_t> x(static_cast<std::size_t>(n));
  SmallVector<int64_t, 16> c;
  c.resize(m.size());  // zeros
  int64_t v = 0;
  for (std::size_t i = 0; i < x.size(); ++i) {
    x[i] = v;
    for (std::size_t k = 0; k < m.size(); ++k) {  // the next coordinate
      if (++c[k] < m[k].s) {
        v += m[k].d;
        break;
      }
      c[k] = 0;
      v -= (m[k].s - 1) * m[k].d;
    }
  }
  return x;
}

// left_inverse(A) into empty node arrays; false after fail() when no layout
// is a left inverse of A (or the search cannot decide).
bool left_inverse_into(const Layout& a, IntTuple::Nodes& rs, IntTuple::Nodes& rd) {
  bool negative = false, positive = false;
  int64_t pos_sum = 0, neg_sum = 0;  // the largest and the most negative offset, negated
  for (const Mode& x : flat_modes(a)) {
    if (x.s == 1 || x.d == 0) continue;
    (x.d < 0 ? negative : positive) = true;
    int64_t& sum = x.d < 0 ? neg_sum : pos_sum;  // saturated: past the search limit anyway
    int64_t term;
    if (x.d == INT64_MIN || __builtin_mul_overflow(x.s - 1, x.d < 0 ? -x.d : x.d, &term) ||
        __builtin_add_overflow(sum, term, &sum))
      sum = INT64_MAX;
  }
  Layout out;
  std::string why = "A mixes positive and negative strides";
  if (!(negative && positive)) {  // one sign: the symbolic rule on A, or on -A
    const int64_t sign = negative ? -1 : 1;
    switch (left_inverse_chain(negative ? negate_strides(a) : a, sign, out, why)) {
      case Chain::applied:
        return put(negative ? negate_strides(out) : out, rs, rd);
      case Chain::refused:
        return false;
      case Chain::not_applicable:
        break;
    }
  }
  for (const Mode& x : flat_modes(a))
    if (x.s > 1 && x.d == 0)
      return fail("A is not injective: mode " + std::to_string(x.s) + ":0 repeats offsets");
  // No symbolic rule: the exact search over the offsets [-X, X]. First
  // injectivity, which is cheap to decide even past the search's bound.
  const int64_t max_abs = std::max(pos_sum, neg_sum);
  const int64_t n = a.size();
  if (max_abs < INT64_MAX / 2 && n > 2 * max_abs + 1)  // injective A has at most 2X + 1 offsets
    return fail("A is not injective: its " + std::to_string(n) + " indices take at most " +
                std::to_string(2 * max_abs + 1) + " offsets");
  std::vector<int64_t> x;
  if (max_abs < INT64_MAX && n <= detail::kExactLimit) {
    x = offsets(a, n);
    std::vector<int64_t> sorted = x;
    std::sort(sorted.begin(), sorted.end());
    const auto repeat = std::adjacent_find(sorted.begin(), sorted.end());
    if (repeat != sorted.end()) {  // the first two indices with that offset
      const auto i = std::find(x.begin(), x.end(), *repeat);
      const auto j = std::find(i + 1, x.end(), *repeat);
      return fail("A is not injective: A(" + std::to_string(i - x.begin()) + ") = A(" +
                  std::to_string(j - x.begin()) + ") = " + std::to_string(*repeat));
    }
  }
  if (max_abs > detail::kInverseSearchLimit)
    return fail("not decided for A with offsets up to " + std::to_string(max_abs) + " > " +
                std::to_string(detail::kInverseSearchLimit) +
                " where no symbolic rule applies: " + why);
  const detail::LeftInverseResult r = detail::left_inverse_search(x, max_abs);
  if (r.kind == detail::LeftInverseResult::found) return put(r.inverse, rs, rd);
  if (r.kind == detail::LeftInverseResult::undecided)
    return fail("not decided: the search for a left inverse over the offsets up to " +
                std::to_string(max_abs) + " needs values past 2^125 (" + why + ")");
  return fail(
      "no layout inverts A: no layout L has L(A(i)) = i for every i (an exhaustive search "
      "over the layouts on the offsets up to " +
      std::to_string(max_abs) + "; " + why + ")");
}

// The fast paths, outside the operation's frame: the general paths' rules on
// A's coalesced modes in a stack buffer, the result streamed into its node
// arrays (from_modes(coalesce_modes(...)) is what a CoalescingSink writes) and
// its range checked; false where the general path decides (a size-1 A, a
// stride of the other sign or 0, a chain that does not apply or refuses, an
// overflow, more than kFastLeaves leaves).

// placed_modes_by_stride into m[0, n).
bool placed_fast(const Layout& a, Placed* m, std::size_t& n) {
  Mode leaves[detail::kFastLeaves], c[detail::kFastLeaves];
  std::size_t nl = 0;
  if (!detail::gather_leaves(a.shape().root(), a.stride().root(), a.shape().node_count(), leaves,
                             nl))
    return false;
  detail::ModeArraySink sink(c);  // coalesce_modes
  for (std::size_t k = 0; k < nl; ++k)
    if (!sink.add(leaves[k].s, leaves[k].d)) return false;
  n = sink.size();
  int64_t p = 1;
  for (std::size_t k = 0; k < n; ++k) {
    m[k] = {c[k].s, c[k].d, p};
    if (__builtin_mul_overflow(p, c[k].s, &p)) return false;
  }
  sort_small(m, m + n, [](const Placed& x) { return x.d; });
  return true;
}

bool right_inverse_fast(const Layout& a, IntTuple::Nodes& rs, IntTuple::Nodes& rd) {
  Placed m[detail::kFastLeaves];
  std::size_t n = 0;
  if (!placed_fast(a, m, n)) return false;
  detail::CoalescingSink sink(rs, rd, n);
  int64_t next = 1;
  for (std::size_t k = 0; k < n; ++k) {
    const Placed& x = m[k];
    if (x.d < next) continue;
    if (x.d > next) break;
    if (!sink.add(x.s, x.p) || __builtin_mul_overflow(x.s, x.d, &next)) return false;
  }
  sink.finish();
  return detail::representable(rs.data(), rd.data(), rs.size());
}

// left_inverse by the chain rule for strides > 0 (the leaves of size 1 aside).
bool left_inverse_fast(const Layout& a, IntTuple::Nodes& rs, IntTuple::Nodes& rd) {
  const ItNode* s = a.shape().root();
  const ItNode* d = a.stride().root();
  for (std::size_t k = 0; k < a.shape().node_count(); ++k)
    if (!s[k].tuple && s[k].v != 1 && d[k].v <= 0) return false;
  Placed m[detail::kFastLeaves];
  std::size_t n = 0;
  if (!placed_fast(a, m, n) || n == 0) return false;
  detail::CoalescingSink sink(rs, rd, n + 1);
  if (!sink.add(m[0].d, 0)) return false;
  for (std::size_t j = 0; j + 1 < n; ++j) {
    const Placed& x = m[j];
    const Placed& y = m[j + 1];
    if (y.d % x.d != 0 || y.d / x.d < x.s || !sink.add(y.d / x.d, x.p)) return false;
  }
  if (!sink.add(m[n - 1].s, m[n - 1].p)) return false;
  sink.finish();
  return detail::representable(rs.data(), rd.data(), rs.size());
}

template <class Guard>
auto right_inverse_guarded(const Layout& a, Guard guard) {
  return guard(
      "right_inverse", [&] { return to_string(a); },
      [&](auto& rs, auto& rd) { return right_inverse_into(a, rs, rd); });
}

template <class Guard>
auto left_inverse_guarded(const Layout& a, Guard guard) {
  return guard(
      "left_inverse", [&] { return to_string(a); },
      [&](auto& rs, auto& rd) { return left_inverse_into(a, rs, rd); });
}

}  // namespace

Layout right_inverse(const Layout& a) {
  return detail::fast_or_general(
      [&](IntTuple::Nodes& rs, IntTuple::Nodes& rd) { return right_inverse_fast(a, rs, rd); },
      [&](auto guard) { return right_inverse_guarded(a, guard); });
}

Result<Layout> try_right_inverse(const Layout& a) {
  return detail::fast_or_result(
      [&](IntTuple::Nodes& rs, IntTuple::Nodes& rd) { return right_inverse_fast(a, rs, rd); },
      [&](auto guard) { return right_inverse_guarded(a, guard); });
}

Layout left_inverse(const Layout& a) {
  return detail::fast_or_general(
      [&](IntTuple::Nodes& rs, IntTuple::Nodes& rd) { return left_inverse_fast(a, rs, rd); },
      [&](auto guard) { return left_inverse_guarded(a, guard); });
}

Result<Layout> try_left_inverse(const Layout& a) {
  return detail::fast_or_result(
      [&](IntTuple::Nodes& rs, IntTuple::Nodes& rd) { return left_inverse_fast(a, rs, rd); },
      [&](auto guard) { return left_inverse_guarded(a, guard); });
}

}  // namespace layout
