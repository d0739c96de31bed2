// Host-side builder of FlatLayout: mode merging and range validation.
#include "layout/flat_layout.hpp"

#include <limits>

#include "layout/checked.hpp"
#include "layout/error.hpp"
#include "refusal.hpp"

namespace layout {

namespace {

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

FlatLayout build(const Layout& l, const Modes& modes) {
  const std::string who = to_string(l);
  if (modes.size() > static_cast<std::size_t>(kMaxFlatRank))
    detail::raise("make_flat", who,
                  std::to_string(modes.size()) + " modes exceed the flat maximum of " +
                      std::to_string(kMaxFlatRank));
  FlatLayout f{};
  f.rank = static_cast<int>(modes.size());
  const int last = f.rank - 1;
  int64_t size = 1, lo = 0, hi = 0;               // over all modes
  int64_t inner = 1, inner_lo = 0, inner_hi = 0;  // over modes k < last
  try {
    for (int k = 0; k < f.rank; ++k) {
      const Mode m = modes[static_cast<std::size_t>(k)];
      f.shape[k] = m.s;
      f.stride[k] = m.d;
      f.div[k] = MagicDivider::make(static_cast<uint64_t>(m.s));  // 1 <= s < 2^63
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
  const uint128_t limit = (static_cast<uint128_t>(qmax) + 1) * static_cast<uint64_t>(inner) - 1;
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
