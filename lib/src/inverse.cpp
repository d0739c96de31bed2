#include "layout/inverse.hpp"

#include "layout/checked.hpp"
#include "layout/coalesce.hpp"
#include "refusal.hpp"

namespace layout {

using detail::refuse;

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

Layout right_inverse_impl(const Layout& a) {
  Modes out;
  int64_t next = 1;  // the next offset the chain must reach
  for (const Placed& x : placed_modes_by_stride(a)) {
    if (x.d < next) continue;  // stride 0, negative, or overlapping the chain: skip
    if (x.d > next) break;     // a gap: offsets from `next` on are not contiguous
    out.push_back({x.s, x.p});
    next = checked::mul(x.s, x.d);
  }
  return from_modes(coalesce_modes(out));
}

Layout left_inverse_impl(const Layout& a);

// All strides <= 0: with A = -A' (A' the layout with negated strides) and the odd
// extension L(-y) = -L(y), L = -left_inverse(A') satisfies L(A(i)) = L'(A'(i)) = i.
Layout negate_strides(const Layout& a) {
  IntTuple d = a.stride();
  for (ItNode& n : d.raw())
    if (!n.tuple) n.v = checked::sub(0, n.v);
  return Layout::unchecked(a.shape(), std::move(d));
}

Layout left_inverse_impl(const Layout& a) {
  bool negative = false, positive = false;
  for (const Mode& x : flat_modes(a)) {
    negative = negative || (x.s > 1 && x.d < 0);
    positive = positive || (x.s > 1 && x.d > 0);
  }
  if (negative && positive) refuse("A mixes positive and negative strides");
  if (negative) return negate_strides(left_inverse_impl(negate_strides(a)));
  auto m = placed_modes_by_stride(a);
  if (m.empty()) return Layout();  // size(A) == 1: A(0) = 0, and 1:0 maps 0 to 0
  for (const Placed& x : m) {
    if (x.d == 0) refuse("A is not injective: mode " + std::to_string(x.s) + ":0 repeats offsets");
  }
  // L reads an offset in the mixed radix (d_0, d_1/d_0, ..., d_k/d_{k-1}, s_k):
  // the digit below d_0 is dropped and digit j+1 is the coordinate of mode j.
  Modes out;
  out.push_back({m[0].d, 0});
  for (std::size_t j = 0; j + 1 < m.size(); ++j) {
    const Placed& x = m[j];
    const Placed& y = m[j + 1];
    if (y.d % x.d != 0 || y.d / x.d < x.s)
      refuse("no layout inverts A: after sorting by stride, mode " + std::to_string(y.s) + ":" +
             std::to_string(y.d) + " does not start at a multiple of the stride " +
             std::to_string(x.d) + " at or past the end of mode " + std::to_string(x.s) + ":" +
             std::to_string(x.d) + (y.d / x.d < x.s ? " (A is not injective or interleaves)" : ""));
    out.push_back({y.d / x.d, x.p});
  }
  out.push_back({m.back().s, m.back().p});
  return from_modes(coalesce_modes(out));
}

}  // namespace

Layout right_inverse(const Layout& a) {
  return detail::guarded(
      "right_inverse", [&] { return to_string(a); }, [&] { return right_inverse_impl(a); });
}

Layout left_inverse(const Layout& a) {
  return detail::guarded(
      "left_inverse", [&] { return to_string(a); }, [&] { return left_inverse_impl(a); });
}

}  // namespace layout
