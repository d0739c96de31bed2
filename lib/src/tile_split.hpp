// Internal: the by-mode machinery shared by divides and products.
//
// A tiled operation (divide or product) turns each mode of A it applies to
// into two halves, the tile T and the rest R. The zipped/tiled/flat variants
// only regroup those halves:
//   zipped: (T, R)   tiled: (T, R_0, R_1, ...)   flat: (T_0, ..., R_0, ...)
#pragma once

#include "layout/layout.hpp"
#include "layout/tiler.hpp"
#include "layout_ref.hpp"
#include "refusal.hpp"

namespace layout::detail {

struct Split {
  Layout tile;
  Layout rest;
};

inline void require_rank(const Layout& a, const Tiler& b) {
  require_tiler_rank(b.rank(), a.rank());
}

inline void add_mode(TupleBuilder& s, TupleBuilder& d, const Layout& m) {
  s.add(m.shape());
  d.add(m.stride());
}

// Mode i of A becomes f(A_i, B_i) for i < rank(B); the other modes are kept.
template <class F>
Layout by_mode(const Layout& a, const Tiler& b, F f) {
  require_rank(a, b);
  TupleBuilder s, d;
  for (int i = 0; i < a.rank(); ++i) {
    if (i < b.rank()) {
      const auto in_mode = mode_step(i);
      add_mode(s, d, f(a[i], b.elems[static_cast<std::size_t>(i)]));
    } else {
      add_mode(s, d, a[i]);
    }
  }
  return Layout::unchecked(s.done(), d.done());
}

// T = (T_0, .., T_{r-1}), R = (R_0, .., R_{r-1}, A_r, ..) for a tuple tiler.
template <class F>
Split split_by_mode(const Layout& a, const Tiler& b, F f) {
  require_rank(a, b);
  TupleBuilder ts, td, rs, rd;
  for (int i = 0; i < a.rank(); ++i) {
    if (i < b.rank()) {
      Split part;
      {
        const auto in_mode = mode_step(i);
        part = f(a[i], b.elems[static_cast<std::size_t>(i)]);
      }
      add_mode(ts, td, part.tile);
      add_mode(rs, rd, part.rest);
    } else {
      add_mode(rs, rd, a[i]);
    }
  }
  return {Layout::unchecked(ts.done(), td.done()), Layout::unchecked(rs.done(), rd.done())};
}

inline void add_spliced(TupleBuilder& s, TupleBuilder& d, const Layout& m) {
  if (m.shape().is_int()) {
    add_mode(s, d, m);
    return;
  }
  for (int i = 0; i < m.rank(); ++i) add_mode(s, d, m[i]);
}

inline Layout zipped(const Split& x) {
  TupleBuilder s, d;
  add_mode(s, d, x.tile);
  add_mode(s, d, x.rest);
  return Layout::unchecked(s.done(), d.done());
}

inline Layout tiled(const Split& x) {
  TupleBuilder s, d;
  add_mode(s, d, x.tile);
  add_spliced(s, d, x.rest);
  return Layout::unchecked(s.done(), d.done());
}

inline Layout flat(const Split& x) {
  TupleBuilder s, d;
  add_spliced(s, d, x.tile);
  add_spliced(s, d, x.rest);
  return Layout::unchecked(s.done(), d.done());
}

}  // namespace layout::detail
