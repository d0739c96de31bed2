#include "layout/recast.hpp"

#include <numeric>

#include "refusal.hpp"

namespace layout {

using detail::refuse;

namespace {

// Applies f(s, d) -> (s', d') to every leaf; shape and stride are congruent,
// so their node arrays line up.
template <class F>
Layout per_leaf(const Layout& l, F f) {
  IntTuple s = l.shape(), d = l.stride();
  auto& sn = s.raw();
  auto& dn = d.raw();
  for (std::size_t k = 0; k < sn.size(); ++k)
    if (!sn[k].tuple) f(sn[k].v, dn[k].v, static_cast<int>(k));
  return Layout::unchecked(std::move(s), std::move(d));
}

Layout upcast_impl(const Layout& l, int64_t n) {
  if (n < 1) refuse("N must be >= 1");
  return per_leaf(l, [n](int64_t& s, int64_t& d, int) {
    if (d == 0) return;
    // |d| as unsigned: INT64_MIN has a magnitude too.
    const uint64_t a = d < 0 ? uint64_t{0} - static_cast<uint64_t>(d) : static_cast<uint64_t>(d);
    const uint64_t un = static_cast<uint64_t>(n);
    if (a % un != 0 && un % a != 0)
      refuse("the stride " + std::to_string(d) + " neither divides nor is a multiple of " +
             std::to_string(n) + " (CuTe's divisibility condition)");
    const uint64_t per = (un + a - 1) / a;  // narrow strides per wide element, >= 1
    s = static_cast<int64_t>((static_cast<uint64_t>(s) + per - 1) / per);
    const uint64_t q = (a + un - 1) / un;  // <= 2^63
    d = d < 0 ? static_cast<int64_t>(uint64_t{0} - q) : static_cast<int64_t>(q);
  });
}

Layout downcast_impl(const Layout& l, int64_t n) {
  if (n < 1) refuse("N must be >= 1");
  bool unit = false;
  for (const Mode& m : flat_modes(l)) unit = unit || m.d == 1;
  if (!unit) refuse("no mode has stride 1 (CuTe: downcast requires adjacent elements)");
  return per_leaf(l, [n](int64_t& s, int64_t& d, int) {
    if (d == 1 || d == -1)
      s = checked::mul(s, n);
    else
      d = checked::mul(d, n);
  });
}

}  // namespace

Layout upcast(const Layout& l, int64_t n) {
  return detail::guarded(
      "upcast", [&] { return to_string(l) + ", " + std::to_string(n); },
      [&] { return upcast_impl(l, n); });
}

Layout downcast(const Layout& l, int64_t n) {
  return detail::guarded(
      "downcast", [&] { return to_string(l) + ", " + std::to_string(n); },
      [&] { return downcast_impl(l, n); });
}

Layout recast_layout(const Layout& l, int64_t old_bits, int64_t new_bits) {
  return detail::guarded(
      "recast_layout",
      [&] {
        return to_string(l) + ", " + std::to_string(old_bits) + ", " + std::to_string(new_bits);
      },
      [&] {
        if (old_bits < 1 || new_bits < 1) refuse("element widths must be >= 1 bit");
        const int64_t g = std::gcd(old_bits, new_bits);
        const int64_t p = new_bits / g, q = old_bits / g;
        if (p == 1 && q == 1) return l;
        if (p == 1) return downcast_impl(l, q);
        if (q == 1) return upcast_impl(l, p);
        return downcast_impl(upcast_impl(l, p), q);
      });
}

}  // namespace layout
