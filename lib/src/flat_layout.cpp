// Host-side builder of FlatLayout: mode merging and range validation.
#include "layout/flat_layout.hpp"

#include <limits>

#include "layout/checked.hpp"
#include "layout/error.hpp"
#include "refusal.hpp"

namespace layout {

namespace {

__extension__ typedef __int128 int128;  // no -Wpedantic for the g++/clang extension

// Flat modes with the same naturally extended function and no removable mode:
//   drops every size-1 mode except the last (a size-1 mode k < r-1 has digit
//   i mod 1 = 0 and divides by 1); merges s0:d0, s1:d1 with d1 = s0 d0 into
//   (s0 s1):d0 (digits c0 + s0 c1 = i mod s0 s1, or the whole quotient when the
//   pair is last). post: at least one mode; R(i) = L(i) for every i >= 0.
Modes merge_modes(const Modes& in) {
  Modes out;
  const std::size_t n = in.size();
  for (std::size_t k = 0; k < n; ++k) {
    const Mode m = in[k];
    if (m.s == 1 && k + 1 < n) continue;
    if (!out.empty()) {
      Mode& prev = out.back();
      int64_t end = 0;  // prev.s * prev.d; no merge when it overflows
      if (!__builtin_mul_overflow(prev.s, prev.d, &end) && end == m.d) {
        prev.s *= m.s;  // <= size(L), which fits in int64
        continue;
      }
    }
    out.push_back(m);
  }
  if (out.empty()) out.push_back({1, 0});  // L = () : size 1, L(i) = 0
  return out;
}

// The largest value of sign * P(r) over 0 <= r <= bound, where P is the
// layout of modes[0, last) (sign = +1 or -1): digit by digit from the most
// significant mode, either below bound's digit there (and every lower digit
// free: its best extreme) or equal to it; r = bound itself is the last
// candidate. pre: bound < the product of their sizes.
int128 inner_extreme(const Modes& modes, int last, uint64_t bound, int sign) {
  int128 free_best[kMaxFlatRank + 1] = {0};  // best over any digits of modes [0, k)
  uint64_t weight[kMaxFlatRank] = {0};       // product of the sizes of modes [0, k)
  uint64_t w = 1;
  for (int k = 0; k < last; ++k) {
    const Mode m = modes[static_cast<std::size_t>(k)];
    const int128 top = static_cast<int128>(m.s - 1) * m.d * sign;
    weight[k] = w;
    free_best[k + 1] = free_best[k] + (top > 0 ? top : 0);
    w *= static_cast<uint64_t>(m.s);  // <= size(L) < 2^63
  }
  int128 best = std::numeric_limits<int64_t>::min(), tight = 0;
  for (int k = last - 1; k >= 0; --k) {
    const Mode m = modes[static_cast<std::size_t>(k)];
    const uint64_t digit = bound / weight[k] % static_cast<uint64_t>(m.s);
    if (digit > 0) {  // a digit c < digit here, the lower ones free
      const int128 below = static_cast<int128>(digit - 1) * m.d * sign;
      const int128 c = tight + (below > 0 ? below : 0) + free_best[k];
      if (c > best) best = c;
    }
    tight += static_cast<int128>(digit) * m.d * sign;
  }
  return tight > best ? tight : best;
}

FlatLayout build(const Layout& l, const Modes& modes) {
  const std::string who = to_string(l);
  if (modes.size() > static_cast<std::size_t>(kMaxFlatRank))
    detail::raise("make_flat", who,
                  std::to_string(modes.size()) + " modes exceed the flat maximum of " +
                      std::to_string(kMaxFlatRank));
  FlatLayout f{};
  f.rank = static_cast<int>(modes.size());
  f.pow2 = 1;
  const int last = f.rank - 1;
  int64_t size = 1, lo = 0, hi = 0;               // over all modes
  int64_t inner = 1, inner_lo = 0, inner_hi = 0;  // over modes k < last
  try {
    for (int k = 0; k < f.rank; ++k) {
      const Mode m = modes[static_cast<std::size_t>(k)];
      f.shape[k] = m.s;
      f.stride[k] = m.d;
      f.div[k] = MagicDivider::make(static_cast<uint64_t>(m.s));  // 1 <= s < 2^63
      if (k < last && (m.s & (m.s - 1)) != 0) f.pow2 = 0;
      if (k == last) {
        inner = size;
        inner_lo = lo;
        inner_hi = hi;
      }
      size = checked::mul(size, m.s);
      // The extreme digit is s-1 on the sign of d: the range is the sum of the
      // negative resp. positive terms (all of one sign, so a partial overflow
      // means the total overflows: the check is exact).
      const int64_t term = checked::mul(m.s - 1, m.d);
      if (term < 0)
        lo = checked::add(lo, term);
      else
        hi = checked::add(hi, term);
    }
  } catch (const Overflow& e) {
    detail::raise("make_flat", who, std::string("offsets do not fit in int64: ") + e.what());
  }
  f.size = size;
  f.min_offset = lo;
  f.max_offset = hi;

  // Natural extension: for i = q * inner + r (r < inner) the offset is
  // P(r) + q d_last with P(r) in [inner_lo, inner_hi]. All of block q fits iff
  // q <= qmax below; max_index = (qmax + 1) inner - 1, saturated at 2^64 - 1.
  const int64_t dl = f.stride[last];
  constexpr uint64_t kAll = std::numeric_limits<uint64_t>::max();
  uint64_t qmax = kAll;
  if (dl > 0)
    qmax = static_cast<uint64_t>(std::numeric_limits<int64_t>::max() - inner_hi) /
           static_cast<uint64_t>(dl);
  else if (dl < 0)  // (inner_lo - INT64_MIN) / |dl|, both formed in uint64
    qmax = (static_cast<uint64_t>(inner_lo) + (uint64_t{1} << 63)) /
           (uint64_t{0} - static_cast<uint64_t>(dl));
  uint128_t limit = (static_cast<uint128_t>(qmax) + 1) * static_cast<uint64_t>(inner) - 1;
  if (limit < kAll && limit + static_cast<uint64_t>(inner) > kAll) {
    // Block qmax + 1 is cut at index 2^64 - 1: where every index it still
    // has (r <= bound) fits, no index past max_index fails.
    const uint64_t bound = kAll - static_cast<uint64_t>(limit + 1);
    const int128 base = (static_cast<int128>(qmax) + 1) * dl;
    const bool fits =
        dl > 0
            ? inner_extreme(modes, last, bound, 1) + base <= std::numeric_limits<int64_t>::max()
            : base - inner_extreme(modes, last, bound, -1) >= std::numeric_limits<int64_t>::min();
    if (fits) limit = kAll;
  }
  f.max_index = limit > kAll ? kAll : static_cast<uint64_t>(limit);
  return f;
}

}  // namespace

FlatLayout make_flat(const Layout& l) { return build(l, merge_modes(flat_modes(l))); }

FlatLayout make_flat_unmerged(const Layout& l) {
  Modes m = flat_modes(l);
  if (m.empty()) m.push_back({1, 0});
  return build(l, m);
}

}  // namespace layout
