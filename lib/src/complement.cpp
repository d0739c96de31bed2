#include "layout/complement.hpp"

#include "algebra_core.hpp"
#include "layout/checked.hpp"
#include "layout/coalesce.hpp"
#include "refusal.hpp"

namespace layout {

using detail::refuse;

namespace detail {

Modes complement_modes(const Modes& a, int64_t cotarget) {
  if (cotarget < 1) refuse("the cotarget must be >= 1");
  Modes m;
  for (const Mode& x : a) {
    if (x.s == 1 || x.d == 0) continue;  // contributes no offset
    if (x.d < 0) refuse("complement needs non-negative strides");
    m.push_back(x);
  }
  sort_small(m.begin(), m.end(), [](const Mode& x) { return x.d; });
  Modes out;
  int64_t end = 1;  // E_{j-1}: one past the previous mode's last offset step
  for (const Mode& x : m) {
    if (x.d < end)
      refuse("A is not injective or interleaves: after sorting by stride, mode " +
             std::to_string(x.s) + ":" + std::to_string(x.d) + " starts before the end " +
             std::to_string(end) + " of the modes below it");
    out.push_back({x.d / end, end});
    end = checked::mul(x.s, x.d);
  }
  out.push_back({checked::ceil_div(cotarget, end), end});
  return coalesce_modes(out);
}

}  // namespace detail

namespace {

Layout complement_impl(const Layout& a, int64_t cotarget) {
  return from_modes(detail::complement_modes(flat_modes(a), cotarget));
}

}  // namespace

Layout complement(const Layout& a, int64_t cotarget) {
  return detail::guarded(
      "complement", [&] { return to_string(a) + ", " + std::to_string(cotarget); },
      [&] { return complement_impl(a, cotarget); });
}

Layout complement(const Layout& a) {
  return detail::guarded(
      "complement", [&] { return to_string(a); },
      [&] { return complement_impl(a, filter(a).cosize()); });
}

}  // namespace layout
