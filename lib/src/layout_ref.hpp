// Internal: a non-owning view of a (sub)layout inside node arrays, so that the
// by-mode operations can walk A's modes and append results without building a
// Layout value per mode.
#pragma once

#include "layout/checked.hpp"
#include "layout/layout.hpp"
#include "layout/tiler.hpp"
#include "refusal.hpp"

namespace layout::detail {

// cosize (1 + sum (s-1)|d|) of the layout with these n shape and stride nodes
// into out; false past int64 (layout.cpp).
bool cosize_of(const ItNode* s, const ItNode* d, std::size_t n, int64_t& out);
// Adds leaf s:d's term (s-1)|d| of the cosize to r; false past int64. A size-1
// leaf adds nothing, whatever its stride (even -2^63).
inline bool add_cosize_term(int64_t s, int64_t d, int64_t& r) {
  if (s == 1) return true;
  int64_t term;
  return d != INT64_MIN && !__builtin_mul_overflow(s - 1, d < 0 ? -d : d, &term) &&
         !__builtin_add_overflow(r, term, &r);
}

// crd2idx(x, shape, stride) for an integer x >= 0 on the subtree (s, d), as
// crd2idx computes it: x split into the modes' digits colexicographically
// (the mode holding the last leaf takes the quotient), each leaf's term x * d
// in int64 added to sum in 128 bits. false, with the overflowing product in
// (bad_x, bad_d), when a term passes int64; the caller checks the total
// (layout.cpp: crd2idx's integer case, and the slicing offsets).
__extension__ typedef __int128 crd_sum;
bool integer_offset_terms(int64_t x, const ItNode* s, const ItNode* d, crd_sum& sum, int64_t& bad_x,
                          int64_t& bad_d);

struct LayoutRef {
  const ItNode* s;  // shape subtree root
  const ItNode* d;  // stride subtree root (congruent)

  explicit LayoutRef(const Layout& l) : s(l.shape().root()), d(l.stride().root()) {}
  LayoutRef(const ItNode* shape, const ItNode* stride) : s(shape), d(stride) {}

  int rank() const { return s->tuple ? static_cast<int>(s->v) : 1; }
  // Mode i (mode 0 of an integer-shaped layout is the layout itself).
  LayoutRef operator[](int i) const { return {IntTuple::child(s, i), IntTuple::child(d, i)}; }
  int64_t size() const {
    int64_t r = 1;
    for (int32_t k = 0; k < s->span; ++k)
      if (!s[k].tuple) r = checked::mul(r, s[k].v);
    return r;
  }
  // Layout::cosize() (the same Error past int64).
  int64_t cosize() const {
    int64_t r = 0;
    return cosize_of(s, d, static_cast<std::size_t>(s->span), r) ? r : copy().cosize();
  }
  Modes modes() const {
    Modes m;
    for (int32_t k = 0; k < s->span; ++k)
      if (!s[k].tuple) m.push_back({s[k].v, d[k].v});
    return m;
  }
  Layout copy() const {
    return Layout::unchecked(IntTuple::from_nodes(s), IntTuple::from_nodes(d));
  }
  // Appends this subtree to the node arrays.
  void append_to(IntTuple::Nodes& rs, IntTuple::Nodes& rd) const {
    rs.append(s, static_cast<std::size_t>(s->span));
    rd.append(d, static_cast<std::size_t>(d->span));
  }
};

// append_to_rank(l, n) != l: l has fewer than n modes, or is an integer-shaped
// layout and n > 1 (layout.cpp).
bool pads_to_rank(const Layout& l, int n);
// Appends append_to_rank(l, n) (for l with pads_to_rank(l, n)) to the node arrays.
void append_padded(LayoutRef l, int n, IntTuple::Nodes& rs, IntTuple::Nodes& rd);

// Writes the tuple node {arity, span} at *ps and *pd and steps both. Two
// stores from registers: the chained `*ps++ = *pd++ = node` reloads *pd as
// one 16-byte load of a node just stored in parts, which store-to-load
// forwarding cannot serve (a stall of about 10-20 cycles per node,
// docs/PERFORMANCE.md, issue 17).
inline void put_tuple_node(ItNode*& ps, ItNode*& pd, int64_t arity, std::size_t span) {
  const ItNode n{arity, static_cast<int32_t>(span), 1};
  *ps++ = n;
  *pd++ = n;
}

// A tiler of rank r applies to a layout of rank >= r (false: refused; with
// kFast, a fast path's walk, false without fail()).
template <bool kFast = false>
[[nodiscard]] inline bool tiler_rank_fits(int tiler_rank, int layout_rank) {
  if (tiler_rank <= layout_rank) return true;
  if constexpr (kFast) return false;
  return fail("the tiler has " + std::to_string(tiler_rank) + " modes but A has only " +
              std::to_string(layout_rank));
}

// f() -> bool for mode i of a by-mode walk, inside the step that names mode i
// in a refusal (a fast path's walk, kFast, names none).
template <bool kFast, class F>
[[nodiscard]] bool in_mode(int i, const F& f) {
  if constexpr (kFast) {
    return f();
  } else {
    const auto step = mode_step(i);
    return f();
  }
}

// A's modes from mode i on: their nodes, the tail of A's node arrays (none
// where i >= rank(A)).
struct Tail {
  const ItNode* s;
  const ItNode* d;
  std::size_t nodes;
};
inline Tail tail_of(LayoutRef a, int i) {
  const ItNode* s = i < a.rank() ? IntTuple::child(a.s, i) : a.s + a.s->span;
  return {s, a.d + (s - a.s), static_cast<std::size_t>(a.s + a.s->span - s)};
}

// Opens a tuple of n elements at the end of rs/rd; close() fixes its span.
struct OpenTuple {
  IntTuple::Nodes& rs;
  IntTuple::Nodes& rd;
  std::size_t hs, hd;
  OpenTuple(IntTuple::Nodes& s, IntTuple::Nodes& d, int64_t n)
      : rs(s), rd(d), hs(s.size()), hd(d.size()) {
    rs.push_back({n, 1, 1});
    rd.push_back({n, 1, 1});
  }
  void close() {
    rs[hs].span = static_cast<int32_t>(rs.size() - hs);
    rd[hd].span = static_cast<int32_t>(rd.size() - hd);
  }
};

// Appends op(A, B) for a tiler B: a layout B goes to leaf(A, B, rs, rd) ->
// bool, `_` keeps A, a tuple applies mode by mode. A's modes past rank(B) are
// kept when keep_rest (divides) and dropped otherwise (composition, as CuTe
// C++ does). false: refused (fail()). kFast: a fast path's walk (leaf is a
// fast path, false where the general path decides): no steps named, and a
// tiler of too high a rank is false without fail().
template <bool kFast = false, class Leaf>
[[nodiscard]] bool tiler_into(LayoutRef a, const Tiler& b, bool keep_rest, const Leaf& leaf,
                              IntTuple::Nodes& rs, IntTuple::Nodes& rd) {
  switch (b.kind) {
    case Tiler::Kind::layout:
      return leaf(a, b.layout, rs, rd);
    case Tiler::Kind::underscore:
      a.append_to(rs, rd);
      return true;
    case Tiler::Kind::tuple:
      break;
  }
  if (!tiler_rank_fits<kFast>(b.rank(), a.rank())) return false;
  const int n = keep_rest ? a.rank() : b.rank();
  OpenTuple t(rs, rd, n);
  for (int i = 0; i < n; ++i) {
    if (i >= b.rank()) {
      a[i].append_to(rs, rd);
      continue;
    }
    const Tiler& bi = b.elems[static_cast<std::size_t>(i)];
    if (!in_mode<kFast>(i, [&] { return tiler_into<kFast>(a[i], bi, keep_rest, leaf, rs, rd); }))
      return false;
  }
  t.close();
  return true;
}

}  // namespace layout::detail
