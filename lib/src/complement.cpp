#include "layout/complement.hpp"

#include "algebra_core.hpp"
#include "layout/checked.hpp"
#include "layout/coalesce.hpp"
#include "mode_sink.hpp"
#include "refusal.hpp"

namespace layout {

namespace detail {

bool complement_modes(ModeSpan a, int64_t cotarget, Modes& out) {
  if (cotarget < 1) return fail("the cotarget must be >= 1");
  Mode small[16];
  Modes large;
  Mode* m = small;
  if (a.size() > 16) {
    large.resize(a.size());
    m = large.data();
  }
  std::size_t n = 0;
  for (const Mode& x : a) {
    if (x.s == 1 || x.d == 0) continue;  // contributes no offset
    if (x.d < 0) return fail("complement needs non-negative strides");
    m[n++] = x;
  }
  sort_small(m, m + n, [](const Mode& x) { return x.d; });
  out.clear();
  out.reserve(n + 1);
  int64_t end = 1;  // E_{j-1}: one past the previous mode's last offset step
  for (std::size_t k = 0; k < n; ++k) {
    const Mode x = m[k];
    if (x.d < end)
      return fail("A is not injective or interleaves: after sorting by stride, mode " +
                  std::to_string(x.s) + ":" + std::to_string(x.d) + " starts before the end " +
                  std::to_string(end) + " of the modes below it");
    out.push_back({x.d / end, end});
    if (!mul_ok(x.s, x.d, end)) return false;
  }
  out.push_back({checked::ceil_div(cotarget, end), end});
  coalesce_tail(out, 0);
  return true;
}

}  // namespace detail

namespace {

// Appends complement(A, cotarget) as a flat layout; false: refused.
bool complement_into(const Layout& a, int64_t cotarget, IntTuple::Nodes& rs, IntTuple::Nodes& rd) {
  Modes m;
  if (!detail::complement_modes(flat_modes(a), cotarget, m)) return false;
  detail::CoalescingSink sink(rs, rd, m.size());  // m is coalesced: a plain copy
  for (const Mode& x : m) (void)sink.add(x.s, x.d);
  sink.finish();
  return true;
}

template <class Guard>
auto complement_general(const Layout& a, int64_t cotarget, Guard guard) {
  return guard(
      "complement", [&] { return to_string(a) + ", " + std::to_string(cotarget); },
      [&](auto& rs, auto& rd) { return complement_into(a, cotarget, rs, rd); });
}

template <class Guard>
auto complement_whole(const Layout& a, Guard guard) {
  return guard(
      "complement", [&] { return to_string(a); },
      [&](auto& rs, auto& rd) { return complement_into(a, filter(a).cosize(), rs, rd); });
}

// complement(A, M) into rs/rd without a container, on the common inputs: at
// most kFastModes moving modes, every step in range. Returns false for
// anything else (rs/rd then hold garbage), which the general path computes
// or refuses with its message; where it returns true, rs:rd is what the
// general path returns.
[[gnu::always_inline]] inline bool complement_fast(const Layout& a, int64_t cotarget,
                                                   IntTuple::Nodes& rs, IntTuple::Nodes& rd) {
  constexpr int kFastModes = 8;
  Mode m[kFastModes];
  int n = 0;
  const ItNode* s = a.shape().root();
  const ItNode* d = a.stride().root();
  for (std::size_t k = 0, nodes = a.shape().node_count(); k < nodes; ++k) {
    if (s[k].tuple || s[k].v == 1 || d[k].v == 0) continue;
    if (d[k].v < 0 || n == kFastModes) return false;
    m[n++] = {s[k].v, d[k].v};
  }
  detail::CoalescingSink sink(rs, rd, static_cast<std::size_t>(n) + 1);
  int64_t e = 1;  // E_n
  if (!detail::complement_walk(m, static_cast<std::size_t>(n), cotarget, sink, &e)) return false;
  sink.finish();
  // The result is in range when M + E_n is: its largest offset is
  //   sum_j (floor(d_j / E_{j-1}) - 1) E_{j-1} + (ceil(M / E_n) - 1) E_n
  //   <= sum_j (d_j - E_{j-1}) + M - 1 < (E_n - 1) + M - 1    (d_j <= E_j / 2),
  // and it is injective, so its size is at most that offset + 1; coalescing
  // changes neither. Else the exact check.
  int64_t bound;
  return !__builtin_add_overflow(cotarget, e, &bound) ||
         detail::representable(rs.data(), rd.data(), rs.size());
}

}  // namespace

Layout complement(const Layout& a, int64_t cotarget) {
  return detail::fast_or_general(
      [&](IntTuple::Nodes& rs, IntTuple::Nodes& rd) {
        return complement_fast(a, cotarget, rs, rd);
      },
      [&](auto guard) { return complement_general(a, cotarget, guard); });
}

Result<Layout> try_complement(const Layout& a, int64_t cotarget) {
  return detail::fast_or_result(
      [&](IntTuple::Nodes& rs, IntTuple::Nodes& rd) {
        return complement_fast(a, cotarget, rs, rd);
      },
      [&](auto guard) { return complement_general(a, cotarget, guard); });
}

Layout complement(const Layout& a) { return complement_whole(a, detail::Throwing{}); }

Result<Layout> try_complement(const Layout& a) { return complement_whole(a, detail::Trying{}); }

}  // namespace layout
