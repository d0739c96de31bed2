#include "layout/composition.hpp"

#include "algebra_core.hpp"
#include "layout/checked.hpp"
#include "layout/coalesce.hpp"
#include "layout/error.hpp"
#include "layout_ref.hpp"
#include "refusal.hpp"

namespace layout {

using detail::refuse;

namespace {

std::string mode_str(int64_t s, int64_t d) { return std::to_string(s) + ":" + std::to_string(d); }

// A o (s:d) for A given by its extension-preserving coalesced modes `a`
// (the last one unbounded). Appends the result modes to `out`.
//   pre:  a non-empty.
//   post: with R the appended modes, R(i) = A(d*i) for 0 <= i < s, or refuses.
void compose_leaf(const Modes& a, int64_t s, int64_t d, Modes& out) {
  if (s == 1) return;
  if (d == 0) {
    out.push_back({s, 0});
    return;
  }
  if (d < 0) {
    // A(-x) = -A(x) (odd extension), so A o s:d is A o s:|d| with negated strides.
    const std::size_t first = out.size();
    compose_leaf(a, s, checked::abs(d), out);
    for (std::size_t k = first; k < out.size(); ++k) out[k].d = checked::sub(0, out[k].d);
    return;
  }
  int64_t rest_s = s;
  int64_t rest_d = d;
  for (std::size_t j = 0; j + 1 < a.size() && rest_s > 1; ++j) {
    const int64_t aj = a[j].s;
    if (rest_d % aj == 0) {  // B steps over mode j entirely: its digit stays 0
      rest_d /= aj;
      continue;
    }
    int64_t last;  // rest_d * (rest_s - 1): B's last element relative to mode j
    if (!__builtin_mul_overflow(rest_d, rest_s - 1, &last) && last < aj) {
      out.push_back({rest_s, checked::mul(rest_d, a[j].d)});  // B ends inside mode j
      return;
    }
    if (aj % rest_d != 0)
      refuse("stride divisibility: B's stride " + std::to_string(rest_d) +
             " (relative to A's mode " + mode_str(aj, a[j].d) +
             ") neither divides nor is a multiple of that mode's size " + std::to_string(aj) +
             ", and B runs past it");
    const int64_t n = aj / rest_d;
    if (rest_s % n != 0)
      refuse("shape divisibility: B's remaining size " + std::to_string(rest_s) +
             " is not a multiple of the " + std::to_string(n) + " elements that A's mode " +
             mode_str(aj, a[j].d) + " holds");
    out.push_back({n, checked::mul(rest_d, a[j].d)});
    rest_s /= n;
    rest_d = 1;
  }
  if (rest_s > 1) out.push_back({rest_s, checked::mul(rest_d, a.back().d)});
}

// Largest value of (d * i) mod p for 0 <= i < s (d >= 0, s >= 1, p >= 2), or an
// upper bound of it where the exact value would cost more than a short loop.
int64_t max_residue(int64_t s, int64_t d, int64_t p) {
  if (d % p == 0) return 0;
  int64_t last;
  if (!__builtin_mul_overflow(d, s - 1, &last) && last < p) return last;
  const int64_t g = checked::gcd(d, p);
  if (s >= p / g || s > 65536) return p - g;
  const int64_t step = d % p;
  int64_t x = 0, best = 0;
  for (int64_t i = 1; i < s; ++i) {
    x = x >= p - step ? x - (p - step) : x + step;  // (x + step) mod p
    if (x > best) best = x;
  }
  return best;
}

}  // namespace

namespace detail {

// The leaves of B add up without a carry across any boundary of A, so that
// A(sum of leaf images) = sum of A(leaf image): for every prefix product P of
// A's bounded modes, the largest residues mod P of the leaves sum below P.
void check_no_carry(const Modes& a, const Modes& leaves) {
  int moving = 0;
  for (const Mode& m : leaves) moving += m.s != 1 && m.d != 0;
  if (moving < 2) return;  // one moving leaf cannot carry into anything
  int64_t max_value = 0;   // largest value of B
  for (const Mode& m : leaves) {
    if (m.s == 1 || m.d == 0) continue;
    if (m.d < 0) refuse("B has several modes and a negative stride " + mode_str(m.s, m.d));
    max_value = checked::add(max_value, checked::mul(m.s - 1, m.d));
  }
  int64_t p = 1;
  for (std::size_t j = 0; j + 1 < a.size(); ++j) {
    if (__builtin_mul_overflow(p, a[j].s, &p) || p > max_value) return;  // no carry possible
    int64_t sum = 0;
    for (const Mode& m : leaves) {
      if (m.s == 1 || m.d == 0) continue;
      if (!__builtin_add_overflow(sum, max_residue(m.s, m.d, p), &sum) && sum < p) continue;
      std::string parts;  // the refusal names every leaf's largest residue
      for (const Mode& x : leaves)
        if (x.s != 1 && x.d != 0)
          parts += (parts.empty() ? "" : " + ") + std::to_string(max_residue(x.s, x.d, p));
      refuse("the modes of B overlap across A's mode boundary " + std::to_string(p) +
             " (their largest residues mod " + std::to_string(p) + " add to " + parts +
             " >= " + std::to_string(p) + "), so the per-mode results would carry");
    }
  }
}

// Result of A o B for layout B: B's profile, each leaf s:d replaced by the
// coalesced modes of A o s:d (an integer layout or a flat tuple).
void compose_tree(const Modes& a, const ItNode* s, const ItNode* d, IntTuple::Nodes& rs,
                  IntTuple::Nodes& rd) {
  if (!s->tuple) {
    Modes out;
    compose_leaf(a, s->v, d->v, out);
    out = coalesce_modes(out);
    if (out.empty()) out.push_back({1, 0});
    if (out.size() > 1) {  // a flat tuple of the modes
      const auto n = static_cast<int32_t>(out.size());
      rs.push_back({n, n + 1, 1});
      rd.push_back({n, n + 1, 1});
    }
    for (const Mode& m : out) {
      rs.push_back({m.s, 1, 0});
      rd.push_back({m.d, 1, 0});
    }
    return;
  }
  std::size_t hs = rs.size(), hd = rd.size();
  rs.push_back(*s);
  rd.push_back(*d);
  const ItNode* cs = s + 1;
  const ItNode* cd = d + 1;
  for (int64_t k = 0; k < s->v; ++k, cs += cs->span, cd += cd->span)
    compose_tree(a, cs, cd, rs, rd);
  rs[hs].span = static_cast<int32_t>(rs.size() - hs);
  rd[hd].span = static_cast<int32_t>(rd.size() - hd);
}

void compose_flat(const Modes& a, const Modes& b, IntTuple::Nodes& rs, IntTuple::Nodes& rd) {
  if (b.size() == 1) {
    const ItNode s{b[0].s, 1, 0}, d{b[0].d, 1, 0};
    compose_tree(a, &s, &d, rs, rd);
    return;
  }
  const auto n = static_cast<int32_t>(b.size());
  const std::size_t hs = rs.size(), hd = rd.size();
  rs.push_back({n, 1, 1});
  rd.push_back({n, 1, 1});
  for (const Mode& m : b) {
    const ItNode s{m.s, 1, 0}, d{m.d, 1, 0};
    compose_tree(a, &s, &d, rs, rd);
  }
  rs[hs].span = static_cast<int32_t>(rs.size() - hs);
  rd[hd].span = static_cast<int32_t>(rd.size() - hd);
}

Modes extension_modes(const Modes& flat) {
  Modes am = coalesce_modes(flat, /*keep_extension=*/true);
  if (am.empty()) am.push_back({1, 0});  // A = ():() is the constant 0
  return am;
}

}  // namespace detail

namespace {

using detail::check_no_carry;
using detail::compose_tree;
using detail::LayoutRef;

// Appends A o B (layout B) for A's extension modes `am`.
void compose_layout_into(const Modes& am, const Layout& b, IntTuple::Nodes& rs,
                         IntTuple::Nodes& rd) {
  if (b.shape().is_tuple()) check_no_carry(am, flat_modes(b));
  compose_tree(am, b.shape().root(), b.stride().root(), rs, rd);
}

}  // namespace

Layout composition(const Layout& a, const Layout& b) {
  return detail::guarded_binary("composition", a, b, [&] {
    const Modes am = detail::extension_modes(flat_modes(a));
    return detail::build([&](auto& rs, auto& rd) { compose_layout_into(am, b, rs, rd); });
  });
}

Layout composition(const Layout& a, const Tiler& b) {
  return detail::guarded_binary("composition", a, b, [&] {
    return detail::build([&](auto& rs, auto& rd) {
      auto leaf = [](LayoutRef x, const Layout& l, auto& s, auto& d) {
        compose_layout_into(detail::extension_modes(x.modes()), l, s, d);
      };
      detail::tiler_into(LayoutRef(a), b, /*keep_rest=*/false, leaf, rs, rd);
    });
  });
}

}  // namespace layout
