#include "layout/slice.hpp"

#include "layout/checked.hpp"
#include "layout/divide.hpp"
#include "refusal.hpp"

namespace layout {

using detail::fail;
using detail::refuse;

namespace {

Term underscore() { return Term{Term::Kind::underscore, 0, {}, {}, {}}; }

Term tuple_of(std::vector<Term> elems) {
  Term t;
  t.kind = Term::Kind::tuple;
  t.elems = std::move(elems);
  return t;
}

// CuTe's repeat<R>(_): `_` itself for R = 1.
Term underscores(int r) {
  if (r == 1) return underscore();
  return tuple_of(std::vector<Term>(static_cast<std::size_t>(r), underscore()));
}

// Adds the kept pieces of l under c to (s, d), flattened as CuTe's lift_slice
// does, and sets `offset` to the offset of the fixed part; false after fail()
// when c does not fit l (a refusal as a status: no unwinding through the
// recursion). An offset past int64 throws Overflow (checked arithmetic).
bool slice_into(const Layout& l, const Term& c, TupleBuilder& s, TupleBuilder& d, int64_t& offset) {
  offset = 0;
  switch (c.kind) {
    case Term::Kind::underscore:
      s.add(l.shape());
      d.add(l.stride());
      return true;
    case Term::Kind::integer:
      if (c.value < 0) return fail("coordinates must be >= 0");
      offset = crd2idx(c.value, l.shape(), l.stride());
      return true;
    case Term::Kind::layout:
      return fail("a slicing coordinate holds integers, '_' and tuples, not layouts");
    case Term::Kind::tuple:
      break;
  }
  if (static_cast<int>(c.elems.size()) != l.rank() || (l.shape().is_int() && c.elems.size() != 1))
    return fail("the coordinate has " + std::to_string(c.elems.size()) +
                " modes but the layout has " + std::to_string(l.rank()));
  for (int i = 0; i < l.rank(); ++i) {
    int64_t part = 0;
    if (!slice_into(l[i], c.elems[static_cast<std::size_t>(i)], s, d, part)) return false;
    offset = checked::add(offset, part);
  }
  return true;
}

// slice(l, c) into r; false after fail().
bool slice_status(const Layout& l, const Term& c, Sliced& r) {
  if (c.kind == Term::Kind::underscore) {
    r = {l, 0};
    return true;
  }
  TupleBuilder s, d;
  int64_t offset = 0;
  if (!slice_into(l, c, s, d, offset)) return false;
  r = {Layout::unchecked(s.done(), d.done()), offset};
  return true;
}

// The same inside an operation that refuses by throwing (one throw).
Sliced slice_impl(const Layout& l, const Term& c) {
  Sliced r{Layout(), 0};
  if (!slice_status(l, c, r)) throw detail::take_failure();
  return r;
}

auto slice_operands(const Layout& l, const Term& coord) {
  return [&l, &coord] {
    std::string out = to_string(l);
    out += ", ";
    append_string(out, coord);
    return out;
  };
}

// The pieces of dice(p, x) in order; Rank and Elem read x as a tuple (Rank
// is -1 for a non-tuple x).
template <class X, class Rank, class Elem>
void dice_into(const Term& p, const X& x, std::vector<X>& out, Rank rank, Elem elem) {
  switch (p.kind) {
    case Term::Kind::underscore:
      return;
    case Term::Kind::integer:
      out.push_back(x);
      return;
    case Term::Kind::layout:
      refuse("a projection holds integers, X (or '_') and tuples, not layouts");
    case Term::Kind::tuple:
      break;
  }
  const int r = rank(x);
  if (r != static_cast<int>(p.elems.size()))
    refuse("the projection has " + std::to_string(p.elems.size()) + " modes but its operand " +
           (r < 0 ? std::string("is not a tuple") : "has " + std::to_string(r)));
  for (int i = 0; i < r; ++i)
    dice_into(p.elems[static_cast<std::size_t>(i)], elem(x, i), out, rank, elem);
}

template <class X, class Rank, class Elem>
std::vector<X> dice_pieces(const Term& p, const X& x, Rank rank, Elem elem) {
  std::vector<X> out;
  dice_into(p, x, out, rank, elem);
  return out;
}

int term_rank(const Term& t) {
  return t.kind == Term::Kind::tuple ? static_cast<int>(t.elems.size()) : -1;
}
const Term& term_elem(const Term& t, int i) { return t.elems[static_cast<std::size_t>(i)]; }
int tuple_rank(const IntTuple& t) { return t.is_tuple() ? t.rank() : -1; }
IntTuple tuple_elem(const IntTuple& t, int i) { return t[i]; }

Term dice_term(const Term& p, const Term& c) {
  if (p.kind == Term::Kind::integer) return c;
  return tuple_of(dice_pieces(p, c, term_rank, term_elem));
}

Layout dice_layout(const Term& p, const Layout& l) {
  if (p.kind == Term::Kind::integer) return l;
  TupleBuilder s, d;
  for (const IntTuple& e : dice_pieces(p, l.shape(), tuple_rank, tuple_elem)) s.add(e);
  for (const IntTuple& e : dice_pieces(p, l.stride(), tuple_rank, tuple_elem)) d.add(e);
  return Layout(s.done(), d.done());
}

Tiler dice_tiler(const Term& p, const Tiler& t) {
  if (p.kind == Term::Kind::integer) return t;
  if (t.is_layout()) return dice_layout(p, t.layout);
  return Tiler::tuple(dice_pieces(
      p, t, [](const Tiler& x) { return x.is_tuple() ? x.rank() : -1; },
      [](const Tiler& x, int i) { return x.elems[static_cast<std::size_t>(i)]; }));
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

// CuTe's get_hier_coord(tid) as an index of P ((tid / d) mod s per leaf, 0 for
// a leaf of size 1) when every digit is a coordinate and P maps it to tid;
// otherwise the smallest index with P(i) = tid.
int64_t thread_coordinate(const Layout& p, int64_t tid) {
  int64_t index = 0, position = 1;
  bool decoded = true;
  for (const Mode& m : flat_modes(p)) {
    if (m.s != 1) {
      const int64_t digit = m.d == 0 ? -1 : (tid / m.d) % m.s;
      if (digit < 0) {
        decoded = false;
        break;
      }
      index = checked::add(index, checked::mul(digit, position));
    }
    position = checked::mul(position, m.s);
  }
  if (decoded && p(index) == tid) return index;
  return thread_index(p, tid);
}

int mode_rank(const Layout& z, int i) { return z[i].rank(); }

}  // namespace

Sliced slice(const Layout& l, const Term& coord) {
  return detail::guarded("slice", slice_operands(l, coord), [&] { return slice_impl(l, coord); });
}

Result<Sliced> try_slice(const Layout& l, const Term& coord) {
  return detail::guarded_status<Sliced>("slice", slice_operands(l, coord),
                                        [&](Sliced& r) { return slice_status(l, coord, r); });
}

Term dice(const Term& proj, const Term& coord) {
  return detail::guarded(
      "dice", [&] { return to_string(proj) + ", " + to_string(coord); },
      [&] { return dice_term(proj, coord); });
}

Tiler dice(const Term& proj, const Tiler& tiler) {
  return detail::guarded(
      "dice", [&] { return to_string(proj) + ", " + to_string(tiler); },
      [&] { return dice_tiler(proj, tiler); });
}

Layout dice(const Term& proj, const Layout& l) {
  return detail::guarded(
      "dice", [&] { return to_string(proj) + ", " + to_string(l); },
      [&] { return dice_layout(proj, l); });
}

Sliced local_tile(const Layout& l, const Tiler& tile, const Term& coord,
                  const std::optional<Term>& proj) {
  return detail::guarded(
      "local_tile",
      [&] {
        std::string out = to_string(l) + ", " + to_string(tile) + ", " + to_string(coord);
        if (proj) out += ", " + to_string(*proj);
        return out;
      },
      [&]() -> Sliced {
        const Tiler t = proj ? dice_tiler(*proj, tile) : tile;
        const Term c = proj ? dice_term(*proj, coord) : coord;
        const Layout z = zipped_divide(l, t);
        const int r1 = mode_rank(z, 1);
        Term rest = c;
        if (c.kind == Term::Kind::tuple) {
          if (static_cast<int>(c.elems.size()) > r1)
            refuse("the coordinate has " + std::to_string(c.elems.size()) +
                   " modes but the rest of the division has " + std::to_string(r1));
          while (static_cast<int>(rest.elems.size()) < r1) rest.elems.push_back(underscore());
        }
        return slice_impl(z, tuple_of({underscores(mode_rank(z, 0)), rest}));
      });
}

Sliced local_partition(const Layout& l, const Layout& threads, int64_t tid,
                       const std::optional<Term>& proj) {
  return detail::guarded(
      "local_partition",
      [&] {
        std::string out = to_string(l) + ", " + to_string(threads) + ", " + std::to_string(tid);
        if (proj) out += ", " + to_string(*proj);
        return out;
      },
      [&]() -> Sliced {
        if (tid < 0) refuse("the thread index must be >= 0");
        // The thread's coordinate in the whole P, then projected: CuTe's
        // get_flat_coord on dice(p, P) reads the same digits of the kept leaves.
        const IntTuple coord = idx2crd(thread_coordinate(threads, tid), threads.shape());
        const Layout p = proj ? dice_layout(*proj, threads) : threads;
        Term c;
        Tiler tiler;
        if (p.shape().is_int()) {
          c.value = crd2idx(coord, p.shape());
          tiler = Layout(p.size(), 1);
        } else {
          // One n:1 tiler and one colexicographic coordinate per top-level mode:
          // the pieces of the coordinate that the projection keeps.
          std::vector<IntTuple> kept;
          if (proj && proj->kind != Term::Kind::integer)  // an integer keeps everything
            kept = dice_pieces(*proj, coord, tuple_rank, tuple_elem);
          else
            for (int i = 0; i < p.rank(); ++i) kept.push_back(coord[i]);
          std::vector<Tiler> tilers;
          c.kind = Term::Kind::tuple;
          for (int i = 0; i < p.rank(); ++i) {
            tilers.emplace_back(Layout(product(p.shape()[i]), 1));
            c.elems.push_back(Term{Term::Kind::integer,
                                   crd2idx(kept[static_cast<std::size_t>(i)], p.shape()[i]),
                                   {},
                                   {},
                                   {}});
          }
          tiler = Tiler::tuple(std::move(tilers));
        }
        const Layout z = zipped_divide(l, tiler);
        const int r0 = mode_rank(z, 0);
        if (c.kind == Term::Kind::tuple && static_cast<int>(c.elems.size()) > r0)
          refuse("the thread coordinate has " + std::to_string(c.elems.size()) +
                 " modes but the tile has " + std::to_string(r0));
        while (c.kind == Term::Kind::tuple && static_cast<int>(c.elems.size()) < r0)
          c.elems.push_back(underscore());
        return slice_impl(z, tuple_of({c, underscores(mode_rank(z, 1))}));
      });
}

}  // namespace layout
