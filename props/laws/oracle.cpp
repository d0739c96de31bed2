#include "oracle.hpp"

namespace props::oracle {

namespace {
__extension__ typedef __int128 i128;  // GCC/Clang extension; only inside the oracle
}  // namespace

Leaves leaves(const layout::Layout& l) {
  Leaves out;
  const layout::ItNode* s = l.shape().root();
  const layout::ItNode* d = l.stride().root();
  for (std::size_t k = 0; k < l.shape().node_count(); ++k)
    if (!s[k].tuple) out.push_back({s[k].v, d[k].v});
  return out;
}

std::optional<int64_t> size(const layout::Layout& l) {
  i128 r = 1;
  for (const Leaf& x : leaves(l)) {
    r *= x.s;
    if (r > INT64_MAX) return std::nullopt;
  }
  return static_cast<int64_t>(r);
}

std::optional<int64_t> eval(const Leaves& leaves, int64_t i) {
  const std::size_t n = leaves.size();
  if (n == 0) return 0;
  const Leaf* lv = leaves.data();
  const bool negative = i < 0;
  // |i| <= 2^63 fits in uint64: the digits come from 64-bit division (the
  // 128-bit one is a library call), the sum of the terms is kept in 128 bits.
  uint64_t x = negative ? uint64_t{0} - static_cast<uint64_t>(i) : static_cast<uint64_t>(i);
  i128 value = 0;
  for (std::size_t k = 0; k < n; ++k) {
    uint64_t digit = x;
    if (k + 1 < n) {
      const uint64_t s = static_cast<uint64_t>(lv[k].s);  // >= 1
      digit = x % s;
      x /= s;
    }
    value += static_cast<i128>(digit) * lv[k].d;  // |digit| <= 2^63: |term| <= 2^126
    if (value > (i128{1} << 125) || value < -(i128{1} << 125)) return std::nullopt;
  }
  if (negative) value = -value;
  if (value > INT64_MAX || value < INT64_MIN) return std::nullopt;
  return static_cast<int64_t>(value);
}

std::optional<wide> eval_wide(const Leaves& leaves, wide x) {
  const wide bound = wide{1} << 125;
  if (x > bound || x < -bound) return std::nullopt;
  const std::size_t n = leaves.size();
  if (n == 0) return wide{0};
  const bool negative = x < 0;
  wide rest = negative ? -x : x;  // < 2^125
  wide value = 0;
  for (std::size_t k = 0; k < n; ++k) {
    const wide digit = k + 1 < n ? next_digit(rest, leaves[k].s) : rest;
    // |digit| < 2^125 and |d| <= 2^63: the product may not fit; past 2^125
    // in either factor's product the value is out of bounds anyway.
    const wide d = leaves[k].d;
    if (d != 0 && digit > bound / (d < 0 ? -d : d)) return std::nullopt;
    value += digit * d;
    if (value > bound || value < -bound) return std::nullopt;
  }
  return negative ? -value : value;
}

std::optional<int64_t> eval(const layout::Layout& l, int64_t i) { return eval(leaves(l), i); }

std::vector<int64_t> table(const layout::Layout& l, int64_t limit) {
  const std::optional<int64_t> n = size(l);
  if (!n || *n > limit) throw TooLarge{};
  const Leaves lv = leaves(l);
  std::vector<int64_t> out(static_cast<std::size_t>(*n));
  for (int64_t i = 0; i < *n; ++i) {
    const std::optional<int64_t> v = eval(lv, i);
    if (!v) throw Unrepresentable{};
    out[static_cast<std::size_t>(i)] = *v;
  }
  return out;
}

}  // namespace props::oracle
