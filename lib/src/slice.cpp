#include "layout/slice.hpp"

#include "layout/checked.hpp"
#include "layout/divide.hpp"
#include "refusal.hpp"

namespace layout {

using detail::refuse;

namespace {

bool has_underscore(const Term& t) {
  if (t.kind == Term::Kind::underscore) return true;
  if (t.kind != Term::Kind::tuple) return false;
  for (const Term& e : t.elems)
    if (has_underscore(e)) return true;
  return false;
}

// Adds the kept pieces of l under coordinate c to (s, d) and returns the
// offset of the fixed part.
int64_t slice_into(const Layout& l, const Term& c, TupleBuilder& s, TupleBuilder& d) {
  switch (c.kind) {
    case Term::Kind::underscore:
      s.add(l.shape());
      d.add(l.stride());
      return 0;
    case Term::Kind::integer:
      if (c.value < 0) refuse("coordinates must be >= 0");
      return crd2idx(c.value, l.shape(), l.stride());
    case Term::Kind::layout:
      refuse("a slicing coordinate holds integers, '_' and tuples, not layouts");
    case Term::Kind::tuple:
      break;
  }
  if (static_cast<int>(c.elems.size()) != l.rank() || (l.shape().is_int() && c.elems.size() != 1))
    refuse("the coordinate has " + std::to_string(c.elems.size()) + " modes but the layout has " +
           std::to_string(l.rank()));
  int64_t offset = 0;
  for (int i = 0; i < l.rank(); ++i) {
    const Term& ci = c.elems[static_cast<std::size_t>(i)];
    if (ci.kind == Term::Kind::tuple && has_underscore(ci)) {
      TupleBuilder ps, pd;  // a tuple coordinate with `_` keeps one nested piece
      offset = checked::add(offset, slice_into(l[i], ci, ps, pd));
      s.add(ps.done());
      d.add(pd.done());
    } else {
      offset = checked::add(offset, slice_into(l[i], ci, s, d));
    }
  }
  return offset;
}

Sliced unwrap(IntTuple s, IntTuple d, int64_t offset) {
  if (s.is_tuple() && s.rank() == 1) return {Layout::unchecked(s[0], d[0]), offset};
  if (s.is_tuple() && s.rank() == 0) return {Layout(), offset};
  return {Layout::unchecked(std::move(s), std::move(d)), offset};
}

Sliced slice_impl(const Layout& l, const Term& c) {
  if (c.kind == Term::Kind::underscore) return {l, 0};
  TupleBuilder s, d;
  int64_t offset = slice_into(l, c, s, d);
  return unwrap(s.done(), d.done(), offset);
}

// The smallest index i of the thread layout P with P(i) = tid. Thread layouts
// up to 2^20 threads are searched exhaustively; larger ones are decoded digit
// by digit ((tid / d) mod s per mode of coalesce(P)), which finds the index
// when P is compact up to a permutation of its modes.
int64_t thread_index(const Layout& p, int64_t tid) {
  constexpr int64_t kSearchLimit = int64_t{1} << 20;
  if (p.size() <= kSearchLimit) {
    for (int64_t i = 0; i < p.size(); ++i)
      if (p(i) == tid) return i;
  } else {
    int64_t index = 0, position = 1;
    for (const Mode& m : flat_modes(p)) {
      if (m.d > 0) index = checked::add(index, checked::mul((tid / m.d) % m.s, position));
      position = checked::mul(position, m.s);
    }
    if (p(index) == tid) return index;
  }
  refuse("no coordinate of the thread layout maps to " + std::to_string(tid));
}

}  // namespace

Sliced slice(const Layout& l, const Term& coord) {
  return detail::guarded(
      "slice",
      [&] {
        std::string out = to_string(l);
        out += ", ";
        append_string(out, coord);
        return out;
      },
      [&] { return slice_impl(l, coord); });
}

Sliced local_tile(const Layout& l, const Tiler& tile, const IntTuple& coord) {
  return detail::guarded(
      "local_tile", [&] { return to_string(l) + ", " + to_string(tile) + ", " + to_string(coord); },
      [&]() -> Sliced {
        Layout z = zipped_divide(l, tile);
        Layout rest = z[1];
        return {z[0], crd2idx(coord, rest.shape(), rest.stride())};
      });
}

Sliced local_partition(const Layout& l, const Layout& threads, int64_t tid) {
  return detail::guarded(
      "local_partition",
      [&] { return to_string(l) + ", " + to_string(threads) + ", " + std::to_string(tid); },
      [&]() -> Sliced {
        if (tid < 0) refuse("the thread index must be >= 0");
        const IntTuple coord = idx2crd(thread_index(threads, tid), threads.shape());
        // Tile by the thread layout's shape, one n:1 tiler per top-level mode.
        TupleBuilder flat_coord;
        std::vector<Tiler> tiler;
        for (int i = 0; i < threads.rank(); ++i) {
          IntTuple si = threads.shape()[i];
          flat_coord.add_int(crd2idx(coord[i], si));
          tiler.emplace_back(Layout(product(si), 1));
        }
        Tiler t = threads.shape().is_int() ? tiler[0] : Tiler::tuple(std::move(tiler));
        IntTuple c = threads.shape().is_int() ? IntTuple(coord.value()) : flat_coord.done();
        Layout z = zipped_divide(l, t);
        Layout tile = z[0];
        return {z[1], crd2idx(c, tile.shape(), tile.stride())};
      });
}

}  // namespace layout
