#include "layout/recast.hpp"

#include <numeric>

#include "refusal.hpp"

namespace layout {

using detail::fail;

namespace {

// Applies f(s, d) -> bool (false: refused) to every leaf into out; shape and
// stride are congruent, so their node arrays line up. false after fail().
template <class F>
bool per_leaf(const Layout& l, Layout& out, F f) {
  IntTuple s = l.shape(), d = l.stride();
  auto& sn = s.raw();
  auto& dn = d.raw();
  for (std::size_t k = 0; k < sn.size(); ++k)
    if (!sn[k].tuple && !f(sn[k].v, dn[k].v)) return false;
  out = Layout::unchecked(std::move(s), std::move(d));
  return true;
}

bool upcast_status(const Layout& l, int64_t n, Layout& out) {
  if (n < 1) return fail("N must be >= 1");
  return per_leaf(l, out, [n](int64_t& s, int64_t& d) {
    if (d == 0) return true;
    // |d| as unsigned: INT64_MIN has a magnitude too.
    const uint64_t a = d < 0 ? uint64_t{0} - static_cast<uint64_t>(d) : static_cast<uint64_t>(d);
    const uint64_t un = static_cast<uint64_t>(n);
    if (a % un != 0 && un % a != 0)
      return fail("the stride " + std::to_string(d) + " neither divides nor is a multiple of " +
                  std::to_string(n) + " (CuTe's divisibility condition)");
    const uint64_t per = (un + a - 1) / a;  // narrow strides per wide element, >= 1
    s = static_cast<int64_t>((static_cast<uint64_t>(s) + per - 1) / per);
    const uint64_t q = (a + un - 1) / un;  // <= 2^63
    d = d < 0 ? static_cast<int64_t>(uint64_t{0} - q) : static_cast<int64_t>(q);
    return true;
  });
}

bool downcast_status(const Layout& l, int64_t n, Layout& out) {
  if (n < 1) return fail("N must be >= 1");
  bool unit = false;
  for (const Mode& m : flat_modes(l)) unit = unit || m.d == 1;
  if (!unit) return fail("no mode has stride 1 (CuTe: downcast requires adjacent elements)");
  return per_leaf(l, out, [n](int64_t& s, int64_t& d) {
    if (d == 1 || d == -1)
      s = checked::mul(s, n);
    else
      d = checked::mul(d, n);
    return true;
  });
}

bool recast_status(const Layout& l, int64_t old_bits, int64_t new_bits, Layout& out) {
  if (old_bits < 1 || new_bits < 1) return fail("element widths must be >= 1 bit");
  const int64_t g = std::gcd(old_bits, new_bits);
  const int64_t p = new_bits / g, q = old_bits / g;
  if (p == 1 && q == 1) {
    out = l;
    return true;
  }
  if (p == 1) return downcast_status(l, q, out);
  if (q == 1) return upcast_status(l, p, out);
  Layout wide;
  return upcast_status(l, p, wide) && downcast_status(wide, q, out);
}

auto cast_operands(const Layout& l, const int64_t& n) {
  return [&l, &n] { return to_string(l) + ", " + std::to_string(n); };
}

auto recast_operands(const Layout& l, const int64_t& old_bits, const int64_t& new_bits) {
  return [&l, &old_bits, &new_bits] {
    return to_string(l) + ", " + std::to_string(old_bits) + ", " + std::to_string(new_bits);
  };
}

}  // namespace

Layout upcast(const Layout& l, int64_t n) {
  return detail::guarded_value<Layout>("upcast", cast_operands(l, n),
                                       [&](Layout& r) { return upcast_status(l, n, r); });
}
Result<Layout> try_upcast(const Layout& l, int64_t n) {
  return detail::guarded_status<Layout>("upcast", cast_operands(l, n),
                                        [&](Layout& r) { return upcast_status(l, n, r); });
}

Layout downcast(const Layout& l, int64_t n) {
  return detail::guarded_value<Layout>("downcast", cast_operands(l, n),
                                       [&](Layout& r) { return downcast_status(l, n, r); });
}
Result<Layout> try_downcast(const Layout& l, int64_t n) {
  return detail::guarded_status<Layout>("downcast", cast_operands(l, n),
                                        [&](Layout& r) { return downcast_status(l, n, r); });
}

Layout recast_layout(const Layout& l, int64_t old_bits, int64_t new_bits) {
  return detail::guarded_value<Layout>(
      "recast_layout", recast_operands(l, old_bits, new_bits),
      [&](Layout& r) { return recast_status(l, old_bits, new_bits, r); });
}
Result<Layout> try_recast_layout(const Layout& l, int64_t old_bits, int64_t new_bits) {
  return detail::guarded_status<Layout>(
      "recast_layout", recast_operands(l, old_bits, new_bits),
      [&](Layout& r) { return recast_status(l, old_bits, new_bits, r); });
}

}  // namespace layout
