#include "postconditions.hpp"

#include <algorithm>
#include <vector>

#include "oracle.hpp"

namespace layoutcheck {

using layout::IntTuple;
using layout::Layout;
using layout::Tiler;

namespace {

std::string at(int64_t i) { return "(" + std::to_string(i) + ")"; }

Violation same_function(const Layout& a, const Layout& r) {
  if (a.size() != r.size())
    return "size " + std::to_string(r.size()) + ", expected " + std::to_string(a.size());
  const CheckIndices idx(a.size());
  for (int64_t k = 0; k < idx.count(); ++k) {
    const int64_t i = idx[k];
    if (a(i) != r(i))
      return "R" + at(i) + " = " + std::to_string(r(i)) + ", A" + at(i) + " = " +
             std::to_string(a(i));
  }
  return std::nullopt;
}

Violation prefixed(const std::string& where, Violation v) {
  if (v) return where + ": " + *v;
  return v;
}

// The tiling claim of complement: A's modes with stride != 0 and size > 1,
// sorted by stride, each start where the previous one ends times an integer
// (E_{j-1} | d_j), and the last end E divides M. Returns E, or nullopt.
std::optional<int64_t> tiling_end(const Layout& a, int64_t m) {
  std::vector<std::pair<int64_t, int64_t>> modes;  // (stride, size)
  const auto s = a.shape().leaves();
  const auto d = a.stride().leaves();
  for (std::size_t k = 0; k < s.size(); ++k) {
    if (d[k] < 0) return std::nullopt;
    if (d[k] != 0 && s[k] > 1) modes.emplace_back(d[k], s[k]);
  }
  std::stable_sort(modes.begin(), modes.end(),
                   [](const auto& x, const auto& y) { return x.first < y.first; });
  int64_t end = 1;
  for (const auto& [stride, size] : modes) {
    if (stride % end != 0) return std::nullopt;
    if (__builtin_mul_overflow(stride, size, &end)) return std::nullopt;
  }
  if (m % end != 0) return std::nullopt;
  return end;
}

Table sorted_image(const Layout& l) {
  Table t = table_of(l);
  std::sort(t.begin(), t.end());
  t.erase(std::unique(t.begin(), t.end()), t.end());
  return t;
}

// shape_div of the subtree a by the integer b, carrying the rest of b along
// (shared/reference/cute-semantics.md §1); `exact` turns false at a step where
// neither divides the other.
IntTuple shape_div_fold(const IntTuple& a, int64_t& b, bool& exact) {
  if (a.is_int()) {
    const int64_t x = a.value();
    if (x <= 0 || b <= 0) {
      exact = false;
      return 0;
    }
    if (x % b != 0 && b % x != 0) exact = false;
    const int64_t q = x / b + (x % b != 0 ? 1 : 0);
    b = b / x + (b % x != 0 ? 1 : 0);
    return q;
  }
  layout::TupleBuilder out;
  for (int i = 0; i < a.rank(); ++i) out.add(shape_div_fold(a[i], b, exact));
  return out.done();
}

std::optional<IntTuple> shape_div_reference(const IntTuple& a, const IntTuple& b, bool& exact) {
  if (b.is_tuple() && a.is_tuple()) {
    if (a.rank() != b.rank()) return std::nullopt;
    layout::TupleBuilder out;
    for (int i = 0; i < a.rank(); ++i) {
      auto e = shape_div_reference(a[i], b[i], exact);
      if (!e) return std::nullopt;
      out.add(*e);
    }
    return out.done();
  }
  int64_t d = 1;
  bool overflow = false;
  b.for_each_leaf([&](int64_t v) { overflow = overflow || __builtin_mul_overflow(d, v, &d); });
  if (overflow) return std::nullopt;
  return shape_div_fold(a, d, exact);
}

}  // namespace

Violation check_composition(const Layout& a, const Tiler& b, const Layout& r) {
  switch (b.kind) {
    case Tiler::Kind::underscore:
      return prefixed("a `_` mode must be A's mode unchanged", same_function(a, r));
    case Tiler::Kind::layout: {
      const Layout& bl = b.layout;
      if (!shape_compatible(bl.shape(), r.shape()))
        return "shape " + layout::to_string(r.shape()) + " is not compatible with B's shape " +
               layout::to_string(bl.shape());
      const Table want = compose_table(a, bl);
      for (int64_t i = 0; i < bl.size(); ++i)
        if (r(i) != want[static_cast<std::size_t>(i)])
          return "R" + at(i) + " = " + std::to_string(r(i)) + " but A(B" + at(i) + ") = A(" +
                 std::to_string(bl(i)) + ") = " + std::to_string(want[static_cast<std::size_t>(i)]);
      return std::nullopt;
    }
    case Tiler::Kind::tuple:
      break;
  }
  if (b.rank() > a.rank())
    throw NotVerifiable("the tiler has more modes than A; the composition must be refused");
  if (r.rank() != b.rank())
    return "rank " + std::to_string(r.rank()) + ", but the tiler has " + std::to_string(b.rank()) +
           " modes (A's modes past the tiler are dropped)";
  for (int k = 0; k < b.rank(); ++k)
    if (Violation v = check_composition(a[k], b.elems[static_cast<std::size_t>(k)], r[k]))
      return prefixed("mode " + std::to_string(k), v);
  return std::nullopt;
}

Violation check_complement(const Layout& a, std::optional<int64_t> cotarget, const Layout& r) {
  const Table image = sorted_image(a);
  const Table rt = table_of(r);
  for (std::size_t i = 1; i < rt.size(); ++i) {
    if (rt[i] <= rt[i - 1])
      return "not strictly increasing: R" + at(static_cast<int64_t>(i) - 1) + " = " +
             std::to_string(rt[i - 1]) + ", R" + at(static_cast<int64_t>(i)) + " = " +
             std::to_string(rt[i]);
    if (std::binary_search(image.begin(), image.end(), rt[i]))
      return "R" + at(static_cast<int64_t>(i)) + " = " + std::to_string(rt[i]) + " is in A's image";
  }
  int64_t pairs;
  if (__builtin_mul_overflow(static_cast<int64_t>(image.size()), static_cast<int64_t>(rt.size()),
                             &pairs) ||
      pairs > kTableLimit)
    throw TooLarge("image(A) + R has too many offsets to enumerate");
  Table sums;
  sums.reserve(static_cast<std::size_t>(pairs));
  for (int64_t y : rt)
    for (int64_t x : image) {
      int64_t v;
      if (__builtin_add_overflow(x, y, &v)) return "an offset of (A, R) overflows int64";
      sums.push_back(v);
    }
  std::sort(sums.begin(), sums.end());
  const auto dup = std::adjacent_find(sums.begin(), sums.end());
  if (dup != sums.end()) return "(A, R) reaches offset " + std::to_string(*dup) + " twice";
  if (cotarget) {
    if (std::optional<int64_t> end = tiling_end(a, *cotarget)) {
      const int64_t want = std::max(*cotarget, *end);
      if (static_cast<int64_t>(sums.size()) != want || sums.front() != 0 || sums.back() != want - 1)
        return "(A, R) must be a bijection onto [0, " + std::to_string(want) +
               ") (A's strides form a divisible chain ending at " + std::to_string(*end) +
               ", which divides M), but it covers " + std::to_string(sums.size()) +
               " offsets in [" + std::to_string(sums.front()) + ", " + std::to_string(sums.back()) +
               "]";
    }
  }
  return std::nullopt;
}

Violation check_right_inverse(const Layout& l, const Layout& r, int64_t min_size) {
  if (r.size() < min_size)
    return "size " + std::to_string(r.size()) + " < min_size " + std::to_string(min_size);
  const Table rt = table_of(r);
  for (std::size_t i = 0; i < rt.size(); ++i)
    if (l(rt[i]) != static_cast<int64_t>(i))
      return "L(R" + at(static_cast<int64_t>(i)) + ") = L(" + std::to_string(rt[i]) +
             ") = " + std::to_string(l(rt[i])) + ", not " + std::to_string(i);
  return std::nullopt;
}

Violation check_left_inverse(const Layout& l, const Layout& r) {
  const Table lt = table_of(l);
  for (std::size_t i = 0; i < lt.size(); ++i)
    if (r(lt[i]) != static_cast<int64_t>(i))
      return "R(L" + at(static_cast<int64_t>(i)) + ") = R(" + std::to_string(lt[i]) +
             ") = " + std::to_string(r(lt[i])) + ", not " + std::to_string(i);
  return std::nullopt;
}

Violation check_shape_div(const IntTuple& a, const IntTuple& b, const IntTuple& r) {
  bool exact = true;
  const std::optional<IntTuple> want = shape_div_reference(a, b, exact);
  if (!want || !exact)
    return "no result exists (ranks differ or a step divides neither way); it must be refused";
  if (r != *want)
    return "got " + layout::to_string(r) + ", the fold gives " + layout::to_string(*want);
  return std::nullopt;
}

Layout checked_complement(const Layout& b, int64_t cotarget) {
  const std::string piece =
      "complement(" + layout::to_string(b) + ", " + std::to_string(cotarget) + ")";
  Layout c;
  try {
    c = layout::complement(b, cotarget);
  } catch (const layout::Error& e) {
    throw NotVerifiable("the definition needs " + piece +
                        ", which the library refuses: " + e.what());
  }
  if (Violation v = check_complement(b, cotarget, c))
    throw NotVerifiable("the definition's piece " + piece + " = " + layout::to_string(c) +
                        " is not a valid complement: " + *v);
  return c;
}

}  // namespace layoutcheck
