// Internal: the by-mode machinery shared by divides and products.
//
// A tiled operation (divide or product) turns each mode of A it applies to
// into two halves, the tile T and the rest R. The zipped/tiled/flat variants
// only regroup those halves:
//   zipped: (T, R)   tiled: (T, R_0, R_1, ...)   flat: (T_0, ..., R_0, ...)
// Everything works on node arrays: a split is appended as the pair node
// (T, R), and the variants regroup it in place, so that no intermediate
// Layout value is built.
#pragma once

#include "layout/layout.hpp"
#include "layout/tiler.hpp"
#include "layout_ref.hpp"
#include "refusal.hpp"

namespace layout::detail {

// The regroupings of a split (T, R).
enum class Regroup { zipped, tiled, flat };

// Appends the split (T, R) of A by the tiler B as a pair node: a layout B
// goes to leaf(A, B, rs, rd) and `_` to under(A, rs, rd), each appending the
// pair and returning false when refused; a tuple B splits mode by mode,
// T = (T_0, .., T_{r-1}) and R = (R_0, .., R_{r-1}, A_r, ..), written
// regrouped as `how` says (zipped: the pair (T, R); tiled and flat: what
// regroup makes of it, without its erasures).
//   pre (tuple B): rank(B) <= rank(A), else refused. false: refused (fail()).
// kFast: a fast path's walk (leaf and under are fast paths, false where the
// general path decides): no steps named, too high a rank false without fail().
template <bool kFast = false, class Leaf, class Under>
[[nodiscard]] bool split_into(LayoutRef a, const Tiler& b, const Leaf& leaf, const Under& under,
                              IntTuple::Nodes& rs, IntTuple::Nodes& rd,
                              Regroup how = Regroup::zipped) {
  switch (b.kind) {
    case Tiler::Kind::layout:
      return leaf(a, b.layout, rs, rd);
    case Tiler::Kind::underscore:
      return under(a, rs, rd);
    case Tiler::Kind::tuple:
      break;
  }
  const int rb = b.rank();
  const int ra = a.rank();
  if (!tiler_rank_fits<kFast>(rb, ra)) return false;
  IntTuple::Nodes ps, pd;  // the modes' pairs, one after the other
  for (int i = 0; i < rb; ++i) {
    const Tiler& bi = b.elems[static_cast<std::size_t>(i)];
    if (!in_mode<kFast>(i, [&] { return split_into<kFast>(a[i], bi, leaf, under, ps, pd); }))
      return false;
  }
  // zipped ((T_0, .., T_{rb-1}), (R_0, .., R_{rb-1}, A_rb, ..)), tiled
  // ((T_0, ..), R_0, .., A_rb, ..) or flat (T_0, .., R_0, .., A_rb, ..): its
  // node counts first, then every node written into one extension of rs/rd.
  const std::size_t n = ps.size();
  std::size_t t_nodes = 0;  // the T_i's nodes
  for (std::size_t p = 0; p < n; p += static_cast<std::size_t>(ps[p].span))
    t_nodes += static_cast<std::size_t>(ps[p + 1].span);
  const std::size_t r_nodes = n - static_cast<std::size_t>(rb) - t_nodes;  // the R_i's nodes
  const Tail tail = tail_of(a, rb);                                        // A_rb, ..
  const bool t_root = how != Regroup::flat, r_root = how == Regroup::zipped;
  const std::size_t total = 1 + t_root + r_root + t_nodes + r_nodes + tail.nodes;
  ItNode* os = rs.extend(total);
  ItNode* od = rd.extend(total);
  const int arity = how == Regroup::zipped ? 2 : how == Regroup::tiled ? 1 + ra : rb + ra;
  put_tuple_node(os, od, arity, total);
  const auto put = [&](const ItNode* s, const ItNode* d, std::size_t count) {
    for (std::size_t k = 0; k < count; ++k) {
      *os++ = s[k];
      *od++ = d[k];
    }
  };
  for (int half = 0; half < 2; ++half) {
    const std::size_t nodes = half == 0 ? t_nodes : r_nodes + tail.nodes;
    if (half == 0 ? t_root : r_root) put_tuple_node(os, od, half == 0 ? rb : ra, 1 + nodes);
    for (std::size_t p = 0; p < n; p += static_cast<std::size_t>(ps[p].span)) {
      const std::size_t t = p + 1;  // T_i's root, then R_i's
      const std::size_t h = half == 0 ? t : t + static_cast<std::size_t>(ps[t].span);
      put(ps.data() + h, pd.data() + h, static_cast<std::size_t>(ps[h].span));
    }
  }
  put(tail.s, tail.d, tail.nodes);
  return true;
}

// Removes node i of a preorder node array (the subtree below it moves up one
// level: the caller fixes the enclosing counts).
inline void erase_node(IntTuple::Nodes& n, std::size_t i) {
  ItNode* p = n.data();
  for (std::size_t k = i; k + 1 < n.size(); ++k) p[k] = p[k + 1];
  n.pop_back();
}

// The pair node (T, R) that fills rs/rd regrouped in place: tiled (T, R_0, ..)
// and flat (T_0, .., R_0, ..) remove the root of R (and of T) when it is a
// tuple, splicing its modes into the pair.
inline void regroup(IntTuple::Nodes& rs, IntTuple::Nodes& rd, Regroup how) {
  if (how == Regroup::zipped) return;
  const std::size_t t = 1;                                         // T's root
  const std::size_t r = t + static_cast<std::size_t>(rs[t].span);  // R's root
  int64_t arity = 0;
  for (const std::size_t i : {r, t}) {  // R first: removing it leaves T's index alone
    if (i == t && how == Regroup::tiled) {
      ++arity;
      continue;
    }
    if (!rs[i].tuple) {
      ++arity;
      continue;
    }
    arity += rs[i].v;
    erase_node(rs, i);
    erase_node(rd, i);
  }
  const auto span = static_cast<int32_t>(rs.size());
  rs[0] = {arity, span, 1};
  rd[0] = {arity, span, 1};
}

// Appends how(split of A by B) to the empty rs/rd; false: refused (fail()).
template <class Leaf, class Under>
[[nodiscard]] bool split_variant(const Layout& a, const Tiler& b, const Leaf& leaf,
                                 const Under& under, Regroup how, IntTuple::Nodes& rs,
                                 IntTuple::Nodes& rd) {
  if (!split_into(LayoutRef(a), b, leaf, under, rs, rd, how)) return false;
  if (!b.is_tuple()) regroup(rs, rd, how);  // a tuple B's split is written regrouped
  return true;
}

// A divide or product by the tiler B at its public boundary (FastThrowing or
// FastTrying), outside the operation's frame: for a layout B the fast path
// fast(A, B, rs, rd) (in range), for a tuple B first direct(A, B, rs, rd)
// (the final nodes in range, or false with nothing written), then
// tuple_fast(A, B, rs, rd) (the by-mode walk over fast paths, which writes
// the split regrouped as `how` says) with the whole result's range checked
// here; a layout B's pair is regrouped here (how, if any); for `_`, and where
// a fast path gives up, general(guard) in the frame.
template <class Fast, class Direct, class TupleFast, class General, class Boundary>
auto by_tiler(const Layout& a, const Tiler& b, const Fast& fast, const Direct& direct,
              const TupleFast& tuple_fast, const General& general, const Boundary& boundary,
              const Regroup* how = nullptr) {
  if (b.kind == Tiler::Kind::underscore) return general(typename Boundary::Guard{});
  return boundary(
      [&](IntTuple::Nodes& rs, IntTuple::Nodes& rd) {
        if (b.is_layout()) {
          if (!fast(a, b.layout, rs, rd)) return false;
          if (how) regroup(rs, rd, *how);
        } else if (direct(a, b, rs, rd)) {
          return true;
        } else if (!tuple_fast(a, b, rs, rd) || !representable(rs.data(), rd.data(), rs.size())) {
          return false;
        }
        return true;
      },
      general);
}

// zipped_divide(a, b) as a status for the operations built on it
// (local_tile, local_partition): inside its own operation frame, as the
// public function (so a refusal names it), with the result's
// representability checked; false after fail() (divide.cpp).
[[nodiscard]] bool zipped_divide_status(const Layout& a, const Tiler& b, Layout& z);

}  // namespace layout::detail
