// Internal: the mode-level building blocks of composition and complement,
// shared by the divides and products so that they do not build intermediate
// Layout values. They run inside the frame of the public operation that calls
// them; a refusal is a status, a [[nodiscard]] bool false after detail::fail()
// recorded the Error (refusal.hpp), and an overflow throws Overflow.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "layout/checked.hpp"
#include "layout/layout.hpp"
#include "layout_ref.hpp"

namespace layout::detail {

// The fast paths' buffers: at most N elements on the stack, uninitialized
// until written; the count is 32-bit so that stores to int64 elements cannot
// alias it (a SmallVector's count is reloaded after each store). A push_back
// past N keeps nothing and sets `lost`: the fast path then gives up. Small N
// keeps the frames small (ASan poisons a whole frame on each call).
template <class T, std::size_t N>
struct FixedVector {
  T v[N];
  std::uint32_t n = 0;
  bool lost = false;
  static constexpr std::size_t capacity() { return N; }
  std::size_t size() const { return n; }
  T* data() { return v; }
  const T* data() const { return v; }
  T& operator[](std::size_t i) { return v[i]; }
  const T& operator[](std::size_t i) const { return v[i]; }
  T& back() { return v[n - 1]; }
  const T& back() const { return v[n - 1]; }
  const T* begin() const { return v; }
  const T* end() const { return v + n; }
  void push_back(const T& x) {
    if (n == N) [[unlikely]] {
      lost = true;
      return;
    }
    v[n++] = x;
  }
  void pop_back() { --n; }
  void resize(std::size_t k) { n = static_cast<std::uint32_t>(k); }  // pre: k <= size()
};

// A read-only view of modes (a Modes, a FixedVector or a stack array).
struct ModeSpan {
  const Mode* p;
  std::size_t n;
  ModeSpan(const Modes& m) : p(m.data()), n(m.size()) {}  // NOLINT: a Modes is a span
  ModeSpan(const Mode* first, std::size_t count) : p(first), n(count) {}
  template <std::size_t N>
  ModeSpan(const FixedVector<Mode, N>& v) : p(v.data()), n(v.size()) {}  // NOLINT: a span
  std::size_t size() const { return n; }
  const Mode& operator[](std::size_t i) const { return p[i]; }
  const Mode& back() const { return p[n - 1]; }
  const Mode* begin() const { return p; }
  const Mode* end() const { return p + n; }
};

struct LayoutRef;
// A's modes for composing into A, from its nodes: its flat modes coalesced, a
// trailing size-1 mode kept so the natural extension is unchanged, never
// empty (():() becomes 1:0).
Modes extension_modes(LayoutRef a);
// The same into a fast path's buffer; false where they do not fit.
inline constexpr std::size_t kFastAModes = 16;
bool extension_modes_fast(LayoutRef a, FixedVector<Mode, kFastAModes>& out);

// Inputs the exact construction of composition decides: a leaf of B, or all
// of B where its leaves may carry, with at most this many indices.
inline constexpr int64_t kExactLimit = int64_t{1} << 16;

// A o B per leaf of B: leaf k of `leaves` (B's flat modes, in order) becomes
// the modes [ends[k-1], ends[k]) of `modes`, canonical (coalesced; 1:0 for none).
struct ComposedView {
  const Mode* modes;
  const int32_t* ends;
};
struct Composed {
  Modes modes;
  SmallVector<int32_t, 16> ends;
  operator ComposedView() const { return {modes.data(), ends.data()}; }  // NOLINT
};
//   pre:  a = A's modes, the last unbounded (A naturally extended, odd).
//   post: sum over k of the leaf results at B's coordinates equals A(B(i)) for
//         every i < size(B), or refuses (no such layout, or not decided past
//         kExactLimit, or overflow).
[[nodiscard]] bool compose_leaves(ModeSpan a, ModeSpan leaves, Composed& out);
// Appends B's shape tree (root s) with each leaf replaced by its result modes
// (one mode: an integer leaf, more: a flat tuple), from result `next` on.
void emit_tree(ComposedView c, std::size_t& next, const ItNode* s, IntTuple::Nodes& rs,
               IntTuple::Nodes& rd);
// Appends the next n results as one mode: the single result, or a flat tuple of them.
void emit_flat(ComposedView c, std::size_t& next, std::size_t n, IntTuple::Nodes& rs,
               IntTuple::Nodes& rd);
// The nodes emit_flat appends for results [next, next + n): a root where
// n > 1, and per result its modes, under a root of their own where there are
// several.
[[gnu::always_inline]] inline std::size_t flat_nodes(ComposedView c, std::size_t next,
                                                     std::size_t n) {
  const int32_t* ends = c.ends + next;
  std::size_t count = n > 1;
  for (std::size_t k = 0, prev = next == 0 ? 0 : ends[-1]; k < n; prev = ends[k++]) {
    const std::size_t m = ends[k] - prev;
    count += m + (m > 1);
  }
  return count;
}
// Writes those `count` nodes (flat_nodes) at ps/pd and moves them past.
[[gnu::always_inline]] inline void put_flat(ComposedView c, std::size_t next, std::size_t n,
                                            std::size_t count, ItNode*& ps, ItNode*& pd) {
  const int32_t* ends = c.ends + next;
  const int32_t first = next == 0 ? 0 : ends[-1];
  if (n > 1) put_tuple_node(ps, pd, static_cast<int64_t>(n), count);
  const Mode* mode = c.modes + first;
  for (std::size_t k = 0, prev = first; k < n; prev = ends[k++]) {
    const auto m = static_cast<int32_t>(ends[k] - prev);
    if (m > 1) put_tuple_node(ps, pd, m, static_cast<std::size_t>(m) + 1);
    for (int32_t j = 0; j < m; ++j, ++mode) {
      *ps++ = {mode->s, 1, 0};
      *pd++ = {mode->d, 1, 0};
    }
  }
}

// The fast paths: on the common inputs, the general path's steps and result
// without its containers, frames and refusal formatting. A fast function
// returns false where the general path decides (it computes the answer by
// another rule, or refuses); it never refuses itself.
inline constexpr std::size_t kFastLeaves = 16;
// The leaves of the layout with these shape and stride nodes (n of each), in
// order, into out[0, count); false past kFastLeaves of them.
inline bool gather_leaves(const ItNode* s, const ItNode* d, std::size_t n, Mode* out,
                          std::size_t& count) {
  count = 0;
  for (std::size_t k = 0; k < n; ++k) {
    if (s[k].tuple) continue;
    if (count == kFastLeaves) return false;
    out[count++] = {s[k].v, d[k].v};
  }
  return true;
}
// The leaves that move (s != 1, d != 0) into out[0, count); false on a
// negative stride (complement refuses it).
bool moving_modes(ModeSpan leaves, Mode* out, std::size_t& count);
// Composed in the fast paths' buffers (a leaf gives at most one mode per
// mode of A; results with more modes than these go the general path).
inline constexpr std::size_t kFastModes = 32;
struct FastComposed {
  FixedVector<Mode, kFastModes> modes;
  FixedVector<int32_t, 2 * kFastLeaves + 1> ends;
  operator ComposedView() const { return {modes.data(), ends.data()}; }  // NOLINT
};
// compose_leaves on small inputs: the symbolic walk, and for a leaf without
// a symbolic rule the exact construction up to kFastExact indices; the
// no-carry proof, else the sum checked on B's domain up to kFastExact
// indices. False where a step would refuse or needs more indices, or the
// result might not fit the buffers.
//   pre: a coalesced: s_j != 1 but for the last mode, and no s_j d_j =
//        d_{j+1} (extension_modes, a ModeArraySink's complement).
bool compose_leaves_fast(ModeSpan a, ModeSpan leaves, FastComposed& out);
// compose_leaves_walk for A of one mode, the unbounded d_A (A(x) = x d_A), on
// one leaf: s:d becomes s:(d d_A), 1:0 for s = 1, s:0 for d = 0, no carry possible.
// The walk's own steps and results: a negative d composes |d| and negates;
// false where it overflows (a product past int64, or -2^63 negated).
[[gnu::always_inline]] inline bool compose_leaf_linear(Mode leaf, int64_t d_a, Mode& m) {
  m = {1, 0};
  if (leaf.s != 1) {
    m.s = leaf.s;
    if (leaf.d > 0) {
      if (__builtin_mul_overflow(leaf.d, d_a, &m.d)) return false;
    } else if (leaf.d < 0) {
      int64_t up;
      if (leaf.d == INT64_MIN || __builtin_mul_overflow(-leaf.d, d_a, &up) || up == INT64_MIN)
        return false;
      m.d = -up;
    }
  }
  return true;
}
// The same for each of the leaves, into out (one mode each); false also where
// the modes do not fit.
//   pre: leaves.size() <= out.ends.capacity().
[[gnu::always_inline]] inline bool compose_leaves_linear(int64_t d_a, ModeSpan leaves,
                                                         FastComposed& out) {
  for (const Mode& leaf : leaves) {
    Mode m;
    if (!compose_leaf_linear(leaf, d_a, m)) return false;
    out.modes.push_back(m);
    out.ends.push_back(static_cast<int32_t>(out.modes.size()));
  }
  return !out.modes.lost;
}

// compose_leaves_fast for A of one leaf s_A:d_A, whose extension modes are
// that one mode: the same result without gathering them.
[[gnu::always_inline]] inline bool compose_leaves_fast_leaf(int64_t d_a, ModeSpan leaves,
                                                            FastComposed& out) {
  return leaves.size() <= out.ends.capacity() && compose_leaves_linear(d_a, leaves, out);
}
// emit_tree of B's tree (shape root s, stride root d) for c whose first nb
// results are B's leaves: where each is one mode, B's nodes with the leaves
// replaced.
void emit_composed_tree(ComposedView c, std::size_t nb, const ItNode* s, const ItNode* d,
                        IntTuple::Nodes& rs, IntTuple::Nodes& rd);
// Writes the span(s) nodes of the tree with shape root s and stride root d
// to ps/pd with leaf k's value replaced by modes[k] (its size into ps, its
// stride into pd); returns the mode after the last used.
[[gnu::always_inline]] inline const Mode* put_replacing_leaves(ItNode* ps, ItNode* pd,
                                                               const ItNode* s, const ItNode* d,
                                                               const Mode* modes) {
  const auto nodes = static_cast<std::size_t>(s->span);
  for (std::size_t k = 0; k < nodes; ++k) {
    ps[k] = s[k];
    pd[k] = d[k];
    if (s[k].tuple) continue;
    ps[k].v = modes->s;
    pd[k].v = (modes++)->d;
  }
  return modes;
}
// Runs the fast path f() -> bool appending to rs/rd; where it returns false
// or a checked step overflows, rs/rd are cut back to what they held and the
// answer is false.
template <class F>
[[gnu::always_inline]] inline bool attempt_fast(IntTuple::Nodes& rs, IntTuple::Nodes& rd, F&& f) {
  const std::size_t base = rs.size();
  try {
    if (f()) return true;
  } catch (const Overflow&) {
  }
  rs.resize(base);
  rd.resize(base);
  return false;
}

// compose_exact.cpp: the exact construction on the definition.
// A(x) for modes a (the last unbounded), A(-x) = -A(x); checked.
int64_t eval_extended(ModeSpan a, int64_t x);
// Appends the canonical modes of c -> A(c*d) on [0, s), or refuses (no layout).
[[nodiscard]] bool compose_exact_leaf(ModeSpan a, int64_t s, int64_t d, Modes& out);
// A(B(i)) = sum_k A(c_k(i)*d_k) for every i < size(B), or refuses with the index.
[[nodiscard]] bool check_additive(ModeSpan a, ModeSpan leaves);
// The two for the fast paths, on at most kFastExact indices (of the leaf; of
// B): the same steps and modes, but false (out as it was, nothing recorded)
// where the general path refuses, and also past kFastExact indices of B
// (compose_exact_leaf_fast's caller bounds s); where out has no room, its
// `lost` flag is set.
inline constexpr int64_t kFastExact = 64;
bool compose_exact_leaf_fast(ModeSpan a, int64_t s, int64_t d, FixedVector<Mode, kFastModes>& out);
bool check_additive_fast(ModeSpan a, ModeSpan leaves);

// left_inverse_search.cpp: a left inverse of the layout with the values x
// (A(i) for i < size(A), distinct, |x_i| <= max_abs, max_abs >= 1), found by an
// exact search over every layout (the decision is exact; undecided only where
// intermediate values pass 2^125 or an int64 stride would not hold the answer).
struct LeftInverseResult {
  enum Kind { found, none, undecided } kind;
  Layout inverse;
};
LeftInverseResult left_inverse_search(const std::vector<int64_t>& x, int64_t max_abs);
// Offsets up to which left_inverse searches.
inline constexpr int64_t kInverseSearchLimit = 4096;

// The coalesced modes of complement(A, cotarget) for A's flat modes `a`.
[[nodiscard]] bool complement_modes(ModeSpan a, int64_t cotarget, Modes& out);

// Coalesces m[first, end) in place: size-1 modes dropped, s0:d0, s1:d1
// merged when d1 = s0*d0 (coalesce_modes on the tail, without a copy).
void coalesce_tail(Modes& m, std::size_t first);

}  // namespace layout::detail
