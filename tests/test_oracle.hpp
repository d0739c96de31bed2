// The unit tests' view of the brute-force oracle: gtest predicates and random
// layouts over props/oracle (the one oracle of the project; it never calls the
// library's evaluation: Layout::operator(), crd2idx, idx2crd, flat_modes,
// size, cosize, coalesce, ...), so the tests compare the algebra against an
// independent implementation.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <optional>
#include <random>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "layout/algebra.hpp"
#include "oracle.hpp"  // props/oracle

namespace oracle {

using layout::IntTuple;
using layout::Layout;

// ---- parsing shorthands (the parser itself is tested in notation_test) ------
inline Layout L(std::string_view s) { return layout::parse_layout(s); }
inline layout::Tiler T(std::string_view s) { return layout::parse_tiler(s); }
inline IntTuple I(std::string_view s) { return layout::parse_int_tuple(s); }
inline std::string str(const Layout& l) { return layout::to_string(l); }
inline std::string str(const IntTuple& t) { return layout::to_string(t); }

// ---- the oracle (props/oracle), in the forms the tests use ---------------------
// Values past int64 throw OracleOverflow (a test of representable inputs never
// expects one).
struct OracleOverflow : std::overflow_error {
  OracleOverflow() : std::overflow_error("oracle: int64 overflow") {}
};
namespace po = props::oracle;

inline std::vector<int64_t> leaves(const IntTuple& t) {
  const po::Ints v = po::leaf_values(t);
  return {v.begin(), v.end()};
}

// The leaves (s_k, d_k) of a layout.
struct Flat {
  std::vector<int64_t> s, d;
};
inline Flat flat(const Layout& l) {
  Flat f;
  for (const po::Leaf& x : po::leaves(l)) {
    f.s.push_back(x.s);
    f.d.push_back(x.d);
  }
  return f;
}

// Product of the leaves.
inline int64_t product(const IntTuple& t) {
  const po::wide p = po::size_wide(t);
  if (p > INT64_MAX || p < INT64_MIN) throw OracleOverflow();
  return static_cast<int64_t>(p);
}
inline int64_t size(const Layout& l) { return oracle::product(l.shape()); }

// 1 + sum (s_k - 1) * |d_k| (DESIGN.md §2).
inline int64_t cosize(const Layout& l) {
  const po::wide c = po::cosize(l);
  if (c > INT64_MAX) throw OracleOverflow();
  return static_cast<int64_t>(c);
}

inline int depth(const IntTuple& t) { return po::depth(t); }

// L(i) with the natural extension for i >= 0 and L(-i) = -L(i).
inline int64_t eval(const Flat& f, int64_t i) {
  po::Leaves lv;
  for (std::size_t k = 0; k < f.s.size(); ++k) lv.push_back({f.s[k], f.d[k]});
  const auto v = po::eval(lv, i);
  if (!v) throw OracleOverflow();
  return *v;
}
inline int64_t eval(const Layout& l, int64_t i) { return eval(flat(l), i); }

// Every value L(0), ..., L(size-1).
inline std::vector<int64_t> table(const Layout& l) {
  try {
    return po::table(l, int64_t{1} << 24);
  } catch (const po::TooLarge&) {
    throw std::length_error("oracle: layout too large to enumerate");
  } catch (const po::Unrepresentable&) {
    throw OracleOverflow();
  }
}

// The natural (hierarchical) coordinate of index i in shape.
inline IntTuple coord(int64_t i, const IntTuple& shape) {
  const auto c = po::idx2crd(i, shape);
  if (!c) throw std::invalid_argument("oracle: no coordinate");
  return *c;
}

// Value of coordinate c (integer, per-mode or hierarchical, any mixture).
inline int64_t eval_coord(const IntTuple& c, const IntTuple& shape, const IntTuple& stride) {
  const auto v = po::crd_value(c, shape, stride);
  if (!v) throw std::invalid_argument("oracle: coordinate does not fit the shape");
  if (*v > INT64_MAX || *v < INT64_MIN) throw OracleOverflow();
  return static_cast<int64_t>(*v);
}
inline int64_t eval_coord(const Layout& l, const IntTuple& c) {
  return eval_coord(c, l.shape(), l.stride());
}

inline bool compatible(const IntTuple& a, const IntTuple& b) { return po::compatible(a, b); }

// Checked arithmetic for the tests' own generators.
inline int64_t mul(int64_t a, int64_t b) {
  int64_t r;
  if (__builtin_mul_overflow(a, b, &r)) throw OracleOverflow();
  return r;
}

// ---- gtest predicates ---------------------------------------------------------------
// R(i) == f(i) for all 0 <= i < n (R evaluated by the oracle).
inline ::testing::AssertionResult Pointwise(const Layout& r, int64_t n,
                                            const std::function<int64_t(int64_t)>& f) {
  Flat fr = flat(r);
  for (int64_t i = 0; i < n; ++i) {
    int64_t got = eval(fr, i);
    int64_t want = f(i);
    if (got != want)
      return ::testing::AssertionFailure()
             << str(r) << " at i = " << i << " is " << got << ", expected " << want;
  }
  return ::testing::AssertionSuccess();
}

// Same size and the same value at every index of the domain.
inline ::testing::AssertionResult SameFunction(const Layout& a, const Layout& b) {
  if (size(a) != size(b))
    return ::testing::AssertionFailure()
           << str(a) << " has size " << size(a) << " but " << str(b) << " has size " << size(b);
  Flat fb = flat(b);
  auto r = Pointwise(a, size(a), [&](int64_t i) { return eval(fb, i); });
  if (!r) return r << " (compared with " << str(b) << ")";
  return r;
}

// Same function and the same top-level mode sizes (the vectors' "equal" rule).
inline ::testing::AssertionResult SameFunctionAndModes(const Layout& got, const Layout& want) {
  auto same = SameFunction(got, want);
  if (!same) return same;
  if (want.shape().is_tuple()) {
    if (!got.shape().is_tuple() || got.rank() != want.rank())
      return ::testing::AssertionFailure() << str(got) << " and " << str(want) << " differ in rank";
    for (int k = 0; k < want.rank(); ++k)
      if (oracle::product(got.shape()[k]) != oracle::product(want.shape()[k]))
        return ::testing::AssertionFailure()
               << str(got) << " and " << str(want) << " differ in the size of mode " << k;
  }
  return ::testing::AssertionSuccess();
}

// R = A o B: R(i) == A(B(i)) for i < size(B), A naturally extended; size(R) ==
// size(B) and shape(B) compatible with shape(R).
inline ::testing::AssertionResult IsComposition(const Layout& a, const Layout& b, const Layout& r) {
  if (size(r) != size(b))
    return ::testing::AssertionFailure()
           << str(r) << " has size " << size(r) << ", B = " << str(b) << " has " << size(b);
  if (!oracle::compatible(b.shape(), r.shape()))
    return ::testing::AssertionFailure()
           << "shape of B " << str(b.shape()) << " is not compatible with " << str(r.shape());
  Flat fa = flat(a), fb = flat(b);
  auto res = Pointwise(r, size(b), [&](int64_t i) { return eval(fa, eval(fb, i)); });
  if (!res) return res << " (A = " << str(a) << ", B = " << str(b) << ")";
  return res;
}

// Runs f; success when it throws layout::Error (optionally with the given op()),
// or when it returns a layout that satisfies check.
template <class F>
::testing::AssertionResult RefusedWith(F&& f, const std::string& op) {
  try {
    auto r = f();
    (void)r;
    return ::testing::AssertionFailure() << "expected layout::Error(" << op << "), got a result";
  } catch (const layout::Error& e) {
    if (!op.empty() && e.op() != op)
      return ::testing::AssertionFailure()
             << "error op is '" << e.op() << "', expected '" << op << "': " << e.what();
    if (std::string(e.what()).empty() || e.condition().empty())
      return ::testing::AssertionFailure() << "refusal carries no message";
    return ::testing::AssertionSuccess();
  }
}

// The multiset of values of L on its domain, sorted.
inline std::vector<int64_t> sorted_image(const Layout& l) {
  std::vector<int64_t> t = table(l);
  std::sort(t.begin(), t.end());
  return t;
}

// ---- deterministic random layouts for property checks ---------------------------
// A random shape tree (depth <= max_depth, rank <= 3 per level, leaves 1..max_leaf).
inline IntTuple random_shape(std::mt19937& g, int max_depth, int64_t max_leaf) {
  std::uniform_int_distribution<int> kind(0, 2);
  if (max_depth == 0 || kind(g) == 0) return std::uniform_int_distribution<int64_t>(1, max_leaf)(g);
  std::uniform_int_distribution<int> rank(1, 3);
  std::vector<IntTuple> e;
  for (int k = rank(g); k > 0; --k) e.push_back(random_shape(g, max_depth - 1, max_leaf));
  return IntTuple::tuple(e);
}

// A stride congruent with shape; strides drawn from [lo, hi].
inline IntTuple random_stride_like(std::mt19937& g, const IntTuple& shape, int64_t lo, int64_t hi) {
  if (shape.is_int()) return std::uniform_int_distribution<int64_t>(lo, hi)(g);
  std::vector<IntTuple> e;
  for (int k = 0; k < shape.rank(); ++k) e.push_back(random_stride_like(g, shape[k], lo, hi));
  return IntTuple::tuple(e);
}

inline Layout random_layout(std::mt19937& g, int max_depth = 2, int64_t max_leaf = 4,
                            int64_t lo = 0, int64_t hi = 24) {
  IntTuple s = random_shape(g, max_depth, max_leaf);
  return Layout(s, random_stride_like(g, s, lo, hi));
}

// A compact layout with its leaves permuted in a random order (a bijection onto
// [0, size)).
inline Layout random_permuted_compact(std::mt19937& g, int max_depth = 2, int64_t max_leaf = 4) {
  IntTuple s = random_shape(g, max_depth, max_leaf);
  std::vector<int64_t> sl = leaves(s);
  std::vector<std::size_t> order(sl.size());
  for (std::size_t k = 0; k < order.size(); ++k) order[k] = k;
  std::shuffle(order.begin(), order.end(), g);
  std::vector<int64_t> d(sl.size());
  int64_t run = 1;
  for (std::size_t k : order) {
    d[k] = run;
    run = mul(run, sl[k]);
  }
  // Rebuild a stride tree congruent with s from the leaf list.
  std::size_t pos = 0;
  std::function<IntTuple(const IntTuple&)> build = [&](const IntTuple& t) -> IntTuple {
    if (t.is_int()) return d[pos++];
    std::vector<IntTuple> e;
    for (int k = 0; k < t.rank(); ++k) e.push_back(build(t[k]));
    return IntTuple::tuple(e);
  };
  return Layout(s, build(s));
}

// A layout of leaf modes (rank 1 to 4, sizes in [1, max_size]; strides in
// [min_stride, max_stride], or compact column-major) and a tile of leaves on
// its first modes (sizes in [1, max_tile], strides in [-1, max_tile]): the
// direct tile paths' inputs. With `mixed`, about a third of the elements are
// two-mode layouts instead (the by-mode walk, whose leaf modes take the
// leaf rule). B_i is `modes[i]`.
struct LeafTile {
  Layout a;
  std::vector<Layout> modes;
  layout::Tiler tile;
  std::string text;  // "A by <...>", for traces
};
inline LeafTile random_leaf_tile(std::mt19937& g, int64_t max_size, int64_t min_stride,
                                 int64_t max_stride, int64_t max_tile, bool compact,
                                 bool mixed = false) {
  std::uniform_int_distribution<int64_t> size(1, max_size), stride(min_stride, max_stride),
      tile_size(1, max_tile), tile_stride(-1, max_tile);
  const int ra = std::uniform_int_distribution<int>(1, 4)(g);
  std::string s = "(", d = "(";
  int64_t run = 1;
  for (int i = 0; i < ra; ++i) {
    const int64_t si = size(g);
    s += (i ? "," : "") + std::to_string(si);
    d += (i ? "," : "") + std::to_string(compact ? run : stride(g));
    run *= si;
  }
  LeafTile c{L(s + "):" + d + ")"), {}, {}, {}};
  const int rb = std::uniform_int_distribution<int>(1, ra)(g);
  std::string t = "<";
  const auto leaf = [&] {
    return std::pair(std::to_string(tile_size(g)), std::to_string(tile_stride(g)));
  };
  for (int i = 0; i < rb; ++i) {
    const auto [s0, d0] = leaf();
    if (mixed && std::uniform_int_distribution<int>(0, 2)(g) == 0) {
      const auto [s1, d1] = leaf();
      c.modes.push_back(L("(" + s0 + "," + s1 + "):(" + d0 + "," + d1 + ")"));
    } else {
      c.modes.push_back(L(s0 + ":" + d0));
    }
    t += (i ? "," : "") + layout::to_string(c.modes.back());
  }
  c.tile = T(t + ">");
  c.text = layout::to_string(c.a) + " by " + t + ">";
  return c;
}

}  // namespace oracle
