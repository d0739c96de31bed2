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
    // A term or a partial sum past 2^125: out of bounds. |d| <= 2^63, so a
    // digit <= 2^63 (every digit of an int64 index) gives a term of at most
    // 2^126, which fits; a larger digit (< 2^125) is checked by division
    // first (a library call, off the int64 path), as the product may not fit.
    const wide d = leaves[k].d;
    if (digit > (wide{1} << 63) && d != 0 && digit > bound / (d < 0 ? -d : d)) return std::nullopt;
    const wide term = digit * d;
    if (term > bound || term < -bound) return std::nullopt;
    value += term;
    if (value > bound || value < -bound) return std::nullopt;
  }
  return negative ? -value : value;
}

std::optional<int64_t> eval(const Leaves& leaves, int64_t i) {
  const std::optional<wide> v = eval_wide(leaves, i);
  if (!v || *v > INT64_MAX || *v < INT64_MIN) return std::nullopt;
  return static_cast<int64_t>(*v);
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
