#include "oracle.hpp"

namespace layoutcheck {

namespace {

void require_table_size(int64_t n, const char* what) {
  if (n > kTableLimit)
    throw TooLarge(std::string(what) + " has " + std::to_string(n) +
                   " elements, more than the oracle enumerates (" + std::to_string(kTableLimit) +
                   ")");
}

// Product of the leaves, or -1 past int64.
int64_t leaf_product(const layout::IntTuple& t) {
  int64_t p = 1;
  bool overflow = false;
  t.for_each_leaf([&](int64_t v) { overflow = overflow || __builtin_mul_overflow(p, v, &p); });
  return overflow ? -1 : p;
}

}  // namespace

Table table_of(const layout::Layout& l) {
  const int64_t n = l.size();
  require_table_size(n, "a layout");
  Table t(static_cast<std::size_t>(n));
  for (int64_t i = 0; i < n; ++i) t[static_cast<std::size_t>(i)] = l(i);
  return t;
}

Table compose_table(const layout::Layout& a, const layout::Layout& b) {
  const int64_t n = b.size();
  require_table_size(n, "a composition");
  Table t(static_cast<std::size_t>(n));
  for (int64_t i = 0; i < n; ++i) t[static_cast<std::size_t>(i)] = a(b(i));
  return t;
}

Table colex_sum(const std::vector<Table>& parts) {
  int64_t n = 1;
  for (const Table& p : parts)
    if (__builtin_mul_overflow(n, static_cast<int64_t>(p.size()), &n)) n = kTableLimit + 1;
  require_table_size(n, "a combined layout");
  Table t(static_cast<std::size_t>(n), 0);
  int64_t period = 1;  // product of the sizes of the parts before this one
  for (const Table& p : parts) {
    const int64_t m = static_cast<int64_t>(p.size());
    for (int64_t i = 0; i < n; ++i) {
      int64_t v;
      if (__builtin_add_overflow(t[static_cast<std::size_t>(i)],
                                 p[static_cast<std::size_t>((i / period) % m)], &v))
        throw std::overflow_error("a combined layout's value overflows int64");
      t[static_cast<std::size_t>(i)] = v;
    }
    period *= m;
  }
  return t;
}

Table unit_table() { return Table{0}; }

CheckIndices::CheckIndices(int64_t n) : n_(n), count_(n), head_(n), step_(1) {
  if (n <= kTableLimit) return;
  count_ = kTableLimit;
  head_ = kTableLimit / 2;
  step_ = (n - 1 - head_) / (kTableLimit - head_);  // >= 1 because n > kTableLimit
}

int64_t CheckIndices::operator[](int64_t k) const {
  if (k < head_) return k;
  if (k == count_ - 1) return n_ - 1;
  return head_ + (k - head_ + 1) * step_;
}

std::vector<int64_t> top_mode_sizes(const layout::Layout& l) {
  std::vector<int64_t> sizes;
  for (int i = 0; i < l.rank(); ++i) sizes.push_back(l[i].size());
  return sizes;
}

std::string sizes_notation(const std::vector<int64_t>& sizes) {
  std::string out = "(";
  for (std::size_t i = 0; i < sizes.size(); ++i) {
    if (i) out += ',';
    out += std::to_string(sizes[i]);
  }
  return out + ")";
}

bool shape_compatible(const layout::IntTuple& a, const layout::IntTuple& b) {
  if (a.is_int()) return a.value() == leaf_product(b);
  if (!b.is_tuple() || a.rank() != b.rank()) return false;
  for (int i = 0; i < a.rank(); ++i)
    if (!shape_compatible(a[i], b[i])) return false;
  return true;
}

}  // namespace layoutcheck
