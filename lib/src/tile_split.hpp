// Internal: the by-mode machinery shared by divides and products.
//
// A tiled operation (divide or product) turns each mode of A it applies to
// into two halves, the tile T and the rest R. The zipped/tiled/flat variants
// only regroup those halves:
//   zipped: (T, R)   tiled: (T, R_0, R_1, ...)   flat: (T_0, ..., R_0, ...)
// Everything works on node arrays: a split is appended as the pair node
// (T, R), and the variants copy its subtrees into place, so that no
// intermediate Layout value is built.
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

// Appends x's modes one by one (x itself when it is an integer layout).
inline void append_spliced(LayoutRef x, IntTuple::Nodes& rs, IntTuple::Nodes& rd) {
  if (!x.s->tuple) {
    x.append_to(rs, rd);
    return;
  }
  for (int i = 0; i < x.rank(); ++i) x[i].append_to(rs, rd);
}

// The variants from the pair node p = (T, R), appended to rs/rd.
inline void append_zipped(LayoutRef p, IntTuple::Nodes& rs, IntTuple::Nodes& rd) {
  p.append_to(rs, rd);
}
inline void append_tiled(LayoutRef p, IntTuple::Nodes& rs, IntTuple::Nodes& rd) {
  const LayoutRef rest = p[1];
  OpenTuple t(rs, rd, 1 + rest.rank());
  p[0].append_to(rs, rd);
  append_spliced(rest, rs, rd);
  t.close();
}
inline void append_flat(LayoutRef p, IntTuple::Nodes& rs, IntTuple::Nodes& rd) {
  const LayoutRef tile = p[0], rest = p[1];
  OpenTuple t(rs, rd, tile.rank() + rest.rank());
  append_spliced(tile, rs, rd);
  append_spliced(rest, rs, rd);
  t.close();
}

// Appends variant(split of A by B) for one of the append_* above; false:
// refused (fail()).
template <class Leaf, class Under, class Variant>
[[nodiscard]] bool split_variant(const Layout& a, const Tiler& b, const Leaf& leaf,
                                 const Under& under, Variant variant, IntTuple::Nodes& rs,
                                 IntTuple::Nodes& rd) {
  IntTuple::Nodes ps, pd;
  if (!split_into(LayoutRef(a), b, leaf, under, ps, pd)) return false;
  rs.reserve(ps.size() + 1);
  rd.reserve(pd.size() + 1);
  variant(LayoutRef(ps.data(), pd.data()), rs, rd);
  return true;
}

}  // namespace layout::detail
