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

// Appends the split (T, R) of A by the tiler B as a pair node: a layout B
// goes to leaf(A, B, rs, rd) and `_` to under(A, rs, rd), each appending the
// pair and returning false when refused; a tuple B splits mode by mode,
// T = (T_0, .., T_{r-1}) and R = (R_0, .., R_{r-1}, A_r, ..).
//   pre (tuple B): rank(B) <= rank(A), else refused. false: refused (fail()).
template <class Leaf, class Under>
[[nodiscard]] bool split_into(LayoutRef a, const Tiler& b, const Leaf& leaf, const Under& under,
                              IntTuple::Nodes& rs, IntTuple::Nodes& rd) {
  switch (b.kind) {
    case Tiler::Kind::layout:
      return leaf(a, b.layout, rs, rd);
    case Tiler::Kind::underscore:
      return under(a, rs, rd);
    case Tiler::Kind::tuple:
      break;
  }
  if (!tiler_rank_fits(b.rank(), a.rank())) return false;
  IntTuple::Nodes ps, pd;  // the modes' pairs, one after the other
  for (int i = 0; i < b.rank(); ++i) {
    const auto in_mode = mode_step(i);
    if (!split_into(a[i], b.elems[static_cast<std::size_t>(i)], leaf, under, ps, pd)) return false;
  }
  OpenTuple pair(rs, rd, 2);
  for (int half = 0; half < 2; ++half) {
    OpenTuple t(rs, rd, half == 0 ? b.rank() : a.rank());
    const ItNode* s = ps.data();
    const ItNode* d = pd.data();
    for (int i = 0; i < b.rank(); ++i, s += s->span, d += d->span)
      LayoutRef(s, d)[half].append_to(rs, rd);
    for (int i = b.rank(); half == 1 && i < a.rank(); ++i) a[i].append_to(rs, rd);
    t.close();
  }
  pair.close();
  return true;
}

// The regroupings of a split (T, R).
enum class Regroup { zipped, tiled, flat };

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
  if (!split_into(LayoutRef(a), b, leaf, under, rs, rd)) return false;
  regroup(rs, rd, how);
  return true;
}

}  // namespace layout::detail
