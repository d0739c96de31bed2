// Internal: composition, the divides and the products by a tile of leaves on
// modes that are leaves, how kernels tile a matrix ((M,N):(1,M) by
// <bM:1,bN:1>): each mode's result computed in registers by the fast paths'
// own rules, the result's range checked on those modes, then every node
// written in one pass. The same nodes as the by-mode walk over the fast paths
// (tiler_into/split_into with divide_fast, the products' pair_fast,
// compose_fast); false, with nothing written, wherever that walk could differ
// or give up.
#pragma once

#include "algebra_core.hpp"
#include "layout_ref.hpp"
#include "mode_sink.hpp"
#include "quick_div.hpp"
#include "refusal.hpp"

namespace layout::detail {

// The tiles the direct path takes: at most this many modes.
inline constexpr int kLeafTileModes = 8;

// Calls f(i, A_i, B_i) (-> bool) for each mode i < rank(B) of a tile B of
// leaves on A's leaf modes (rank(B) <= rank(A), kLeafTileModes at most);
// false for any other tiler, or as soon as f returns false. The shapes are
// checked first, so that a tile with a nested element or `_` (the by-mode
// walk's) costs no f.
template <class F>
[[gnu::always_inline]] inline bool for_each_leaf_tile(LayoutRef a, const Tiler& b, const F& f) {
  if (!b.is_tuple()) return false;
  const int rb = b.rank();
  if (rb > a.rank() || rb > kLeafTileModes) return false;
  const ItNode* const s0 = a.s->tuple ? a.s + 1 : a.s;  // mode 0's root (A itself for a leaf A)
  const ItNode* const d0 = a.s->tuple ? a.d + 1 : a.d;
  const Tiler* const t0 = b.elems.data();
  for (int i = 0; i < rb; ++i) {  // modes 0..i-1 leaves: mode i is node i
    if (s0[i].tuple || !t0[i].is_layout() || t0[i].layout.shape().root()->tuple) return false;
  }
  for (int i = 0; i < rb; ++i) {
    const Layout& t = t0[i].layout;
    if (!f(i, Mode{s0[i].v, d0[i].v}, Mode{t.shape().root()->v, t.stride().root()->v}))
      return false;
  }
  return true;
}

// One mode's split by a leaf of a tile: the first half t (one mode) and the
// second r[0, nr) (one mode, or two as a flat tuple).
struct LeafSplit {
  Mode t;
  Mode r[2];
  int nr;
};

// complement(m, cotarget) for one leaf m, as complement_walk streams it into
// a ModeArraySink (m moves: (d:1 unless d = 1), (ceil(cotarget / (s d)) :
// s d unless 1); else (cotarget:1 unless 1)) into out[0, n); false where the
// fast paths give up (a negative stride that moves, s d past int64).
//   pre: cotarget >= 1.
[[gnu::always_inline]] inline bool complement_leaf(Mode m, int64_t cotarget, Mode* out, int& n) {
  n = 0;
  int64_t end = 1;
  if (m.s != 1 && m.d != 0) {
    if (m.d < 0) return false;
    if (m.d != 1) out[n++] = {m.d, 1};
    if (__builtin_mul_overflow(m.s, m.d, &end)) return false;
  }
  const int64_t q = ceil_quot(cotarget, end);
  if (q != 1) out[n++] = {q, end};
  return true;
}

// logical_divide(s_a:d_a, s_b:d_b) as divide_fast computes it: t, B's leaf
// composed, and r, complement(B, s_a) composed (1:0 where empty); false
// where divide_fast gives up.
[[gnu::always_inline]] inline bool divide_leaf(Mode a, Mode b, LeafSplit& out) {
  Mode rest[2];
  int n = 0;
  if (!complement_leaf(b, a.s, rest, n)) return false;
  if (n == 0) rest[n++] = {1, 0};
  if (!compose_leaf_linear(b, a.d, out.t)) return false;
  for (int k = 0; k < n; ++k)
    if (!compose_leaf_linear(rest[k], a.d, out.r[k])) return false;
  out.nr = n;
  return true;
}

// logical_product(s_a:d_a, s_b:d_b) as the products' fast path computes it
// (copies_composed_fast, then the pair): t = A's leaf, r = the copies
// complement(A, s_a cosize(B)) o B; false where it gives up, and where the
// complement has two modes (its composition is the walk's, not linear).
[[gnu::always_inline]] inline bool product_leaf(Mode a, Mode b, LeafSplit& out) {
  int64_t cosize_b = 1, cotarget;
  if (!add_cosize_term(b.s, b.d, cosize_b) || __builtin_mul_overflow(a.s, cosize_b, &cotarget))
    return false;
  Mode c[2];
  int n = 0;
  if (!complement_leaf(a, cotarget, c, n) || n == 2) return false;
  if (n == 0) c[0] = {1, 0};
  out.t = a;
  out.nr = 1;
  return compose_leaf_linear(b, c[0].d, out.r[0]);
}

// The two rules as function objects (split_by_leaf_tile's and leaf_pair's
// `split`), inlined where they are passed.
inline constexpr auto divide_leaf_rule = [](Mode a, Mode b, LeafSplit& x) {
  return divide_leaf(a, b, x);
};
inline constexpr auto product_leaf_rule = [](Mode a, Mode b, LeafSplit& x) {
  return product_leaf(a, b, x);
};

// The nodes of a split's rest R and of its pair (T, R).
inline std::size_t rest_nodes(const LeafSplit& x) { return x.nr == 2 ? 3 : 1; }
inline std::size_t pair_nodes(const LeafSplit& x) { return 2 + rest_nodes(x); }

// Writers of the result's nodes, front to back.
struct NodeWriter {
  ItNode* ps;
  ItNode* pd;
  // Inlined: each call is a few stores, and g++ stops inlining these into the
  // larger callers on its own.
  [[gnu::always_inline]] void tuple(int64_t arity, std::size_t span) {
    put_tuple_node(ps, pd, arity, span);
  }
  [[gnu::always_inline]] void leaf(Mode m) {
    *ps++ = {m.s, 1, 0};
    *pd++ = {m.d, 1, 0};
  }
  [[gnu::always_inline]] void rest(const LeafSplit& x) {  // one mode, or a flat tuple of two
    if (x.nr == 2) tuple(2, 3);
    for (int k = 0; k < x.nr; ++k) leaf(x.r[k]);
  }
  [[gnu::always_inline]] void pair(const LeafSplit& x) {  // (T, R)
    tuple(2, pair_nodes(x));
    leaf(x.t);
    rest(x);
  }
  [[gnu::always_inline]] void copy(const Tail& t) {
    for (std::size_t k = 0; k < t.nodes; ++k) {
      *ps++ = t.s[k];
      *pd++ = t.d[k];
    }
  }
};

// The pair (T, R) of a leaf mode A split by a leaf B, appended to rs/rd as
// the by-mode walks' fast paths append it (divide_fast, the products'
// pair_fast; the walk checks the whole result's range): split(A, B,
// LeafSplit&) (divide_leaf, product_leaf); false, with nothing written, for
// any other A or B and where split gives up (the fast path then decides).
template <class Split>
[[gnu::always_inline]] inline bool leaf_pair(LayoutRef a, const Layout& b, const Split& split,
                                             IntTuple::Nodes& rs, IntTuple::Nodes& rd) {
  const ItNode* bs = b.shape().root();
  LeafSplit x;
  if (a.s->tuple || bs->tuple || !split(Mode{a.s->v, a.d->v}, Mode{bs->v, b.stride().root()->v}, x))
    return false;
  const std::size_t total = pair_nodes(x);
  NodeWriter{rs.extend(total), rd.extend(total)}.pair(x);
  return true;
}

// The form written: logical, the tuple of pairs (T_i, R_i) and A's modes past
// the tile (logical_divide, logical_product); the split regrouped otherwise.
enum class TileForm { logical, zipped, tiled, flat };

// The operation `form` of A by the tile B of leaves, each mode's pair by
// split(A_i, B_i, LeafSplit&) -> bool (divide_leaf, product_leaf), appended
// to the empty rs/rd in range; false (nothing written) where the by-mode walk
// decides.
template <class Split>
bool split_by_leaf_tile(LayoutRef a, const Tiler& b, TileForm form, const Split& split,
                        IntTuple::Nodes& rs, IntTuple::Nodes& rd) {
  LeafSplit x[kLeafTileModes];
  RangeSum sum;
  std::size_t r_nodes = 0;  // the rests' nodes
  if (!for_each_leaf_tile(a, b, [&](int i, Mode ai, Mode bi) {
        LeafSplit& xi = x[i];
        if (!split(ai, bi, xi) || !sum.add(xi.t.s, xi.t.d)) return false;
        for (int k = 0; k < xi.nr; ++k)
          if (!sum.add(xi.r[k].s, xi.r[k].d)) return false;
        r_nodes += rest_nodes(xi);
        return true;
      }))
    return false;
  const int rb = b.rank(), ra = a.rank();
  const Tail tail = tail_of(a, rb);
  for (std::size_t k = 0; k < tail.nodes; ++k)
    if (!tail.s[k].tuple && !sum.add(tail.s[k].v, tail.d[k].v)) return false;
  if (!sum.span_fits()) return false;
  const auto urb = static_cast<std::size_t>(rb);
  std::size_t total = 0;
  switch (form) {
    case TileForm::logical:
      total = 1 + 2 * urb + r_nodes + tail.nodes;
      break;
    case TileForm::zipped:
      total = 3 + urb + r_nodes + tail.nodes;
      break;
    case TileForm::tiled:
      total = 2 + urb + r_nodes + tail.nodes;
      break;
    case TileForm::flat:
      total = 1 + urb + r_nodes + tail.nodes;
      break;
  }
  NodeWriter w{rs.extend(total), rd.extend(total)};
  if (form == TileForm::logical) {  // (D_0, .., D_{rb-1}, A_rb, ..), D_i = (T_i, R_i)
    w.tuple(ra, total);
    for (int i = 0; i < rb; ++i) w.pair(x[i]);
    w.copy(tail);
    return true;
  }
  switch (form) {  // the root, and T's root where it is kept
    case TileForm::zipped:
      w.tuple(2, total);
      w.tuple(rb, 1 + urb);
      break;
    case TileForm::tiled:
      w.tuple(1 + ra, total);
      w.tuple(rb, 1 + urb);
      break;
    default:
      w.tuple(rb + ra, total);
      break;
  }
  for (int i = 0; i < rb; ++i) w.leaf(x[i].t);
  if (form == TileForm::zipped) w.tuple(ra, 1 + r_nodes + tail.nodes);
  for (int i = 0; i < rb; ++i) w.rest(x[i]);
  w.copy(tail);
  return true;
}

// A o B for the tile B of leaves (A's modes past rank(B) dropped), appended to
// the empty rs/rd in range; false (nothing written) where the by-mode walk
// decides.
inline bool compose_by_leaf_tile(LayoutRef a, const Tiler& b, IntTuple::Nodes& rs,
                                 IntTuple::Nodes& rd) {
  Mode c[kLeafTileModes];
  RangeSum sum;
  if (!for_each_leaf_tile(a, b,
                          [&](int i, Mode ai, Mode bi) {
                            return compose_leaf_linear(bi, ai.d, c[i]) && sum.add(c[i].s, c[i].d);
                          }) ||
      !sum.span_fits())
    return false;
  const int rb = b.rank();
  const auto total = static_cast<std::size_t>(1 + rb);
  NodeWriter w{rs.extend(total), rd.extend(total)};
  w.tuple(rb, total);
  for (int i = 0; i < rb; ++i) w.leaf(c[i]);
  return true;
}

}  // namespace layout::detail
