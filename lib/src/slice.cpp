#include "layout/slice.hpp"

#include <type_traits>

#include "layout/checked.hpp"
#include "layout/divide.hpp"
#include "layout_ref.hpp"
#include "refusal.hpp"
#include "tile_split.hpp"

namespace layout {

using detail::fail;

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

// offset = crd2idx(x, shape(l), stride(l)) as a status: false after fail()
// with the Error that crd2idx's own frame would give ("crd2idx(x, shape,
// stride): a * b overflows int64" or "...: the offset passes int64", named by
// the enclosing operations), without a throw.
bool offset_of(int64_t x, detail::LayoutRef l, int64_t& offset) {
  detail::crd_sum sum = 0;
  int64_t bad_x = 0, bad_d = 0;
  const bool terms = detail::integer_offset_terms(x, l.s, l.d, sum, bad_x, bad_d);
  if (terms && sum <= INT64_MAX && sum >= INT64_MIN) {
    offset = static_cast<int64_t>(sum);
    return true;
  }
  std::string operands = std::to_string(x);
  operands += ", ";
  append_string(operands, IntTuple::from_nodes(l.s));
  operands += ", ";
  append_string(operands, IntTuple::from_nodes(l.d));
  return fail(
      detail::format_through(detail::Pending{true, "crd2idx", std::move(operands),
                                             terms ? "the offset passes int64"
                                                   : checked::overflow_text(bad_x, " * ", bad_d)},
                             detail::FrameBase::top()));
}

// Adds the kept pieces of l under c to (s, d), flattened as CuTe's lift_slice
// does, and sets `offset` to the offset of the fixed part; false after fail()
// when c does not fit l or the offset passes int64 (a refusal as a status: no
// unwinding through the recursion, no throw).
bool slice_into(detail::LayoutRef l, const Term& c, TupleBuilder& s, TupleBuilder& d,
                int64_t& offset) {
  offset = 0;
  switch (c.kind) {
    case Term::Kind::underscore:
      s.add_nodes(l.s);
      d.add_nodes(l.d);
      return true;
    case Term::Kind::integer:
      if (c.value < 0) return fail("coordinates must be >= 0");
      return offset_of(c.value, l, offset);
    case Term::Kind::layout:
      return fail("a slicing coordinate holds integers, '_' and tuples, not layouts");
    case Term::Kind::tuple:
      break;
  }
  if (static_cast<int>(c.elems.size()) != l.rank() || (!l.s->tuple && c.elems.size() != 1))
    return fail("the coordinate has " + std::to_string(c.elems.size()) +
                " modes but the layout has " + std::to_string(l.rank()));
  for (int i = 0; i < l.rank(); ++i) {
    int64_t part = 0;
    if (!slice_into(l[i], c.elems[static_cast<std::size_t>(i)], s, d, part) ||
        !detail::add_ok(offset, part, offset))
      return false;
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
  if (!slice_into(detail::LayoutRef(l), c, s, d, offset)) return false;
  r = {Layout::unchecked(s.done(), d.done()), offset};
  return true;
}

// The pieces of dice(p, x) appended to out in order; Rank and Elem read x as
// a tuple (Rank is -1 for a non-tuple x). false after fail().
template <class X, class Rank, class Elem>
bool dice_into(const Term& p, const X& x, std::vector<X>& out, Rank rank, Elem elem) {
  switch (p.kind) {
    case Term::Kind::underscore:
      return true;
    case Term::Kind::integer:
      out.push_back(x);
      return true;
    case Term::Kind::layout:
      return fail("a projection holds integers, X (or '_') and tuples, not layouts");
    case Term::Kind::tuple:
      break;
  }
  const int r = rank(x);
  if (r != static_cast<int>(p.elems.size()))
    return fail("the projection has " + std::to_string(p.elems.size()) + " modes but its operand " +
                (r < 0 ? std::string("is not a tuple") : "has " + std::to_string(r)));
  for (int i = 0; i < r; ++i)
    if (!dice_into(p.elems[static_cast<std::size_t>(i)], elem(x, i), out, rank, elem)) return false;
  return true;
}

int term_rank(const Term& t) {
  return t.kind == Term::Kind::tuple ? static_cast<int>(t.elems.size()) : -1;
}
const Term& term_elem(const Term& t, int i) { return t.elems[static_cast<std::size_t>(i)]; }
int tuple_rank(const IntTuple& t) { return t.is_tuple() ? t.rank() : -1; }
IntTuple tuple_elem(const IntTuple& t, int i) { return t[i]; }
int tiler_rank(const Tiler& x) { return x.is_tuple() ? x.rank() : -1; }
const Tiler& tiler_elem(const Tiler& x, int i) { return x.elems[static_cast<std::size_t>(i)]; }

// dice(p, c) into out; false after fail().
bool dice_term(const Term& p, const Term& c, Term& out) {
  if (p.kind == Term::Kind::integer) {
    out = c;
    return true;
  }
  std::vector<Term> pieces;
  if (!dice_into(p, c, pieces, term_rank, term_elem)) return false;
  out = tuple_of(std::move(pieces));
  return true;
}

bool dice_layout(const Term& p, const Layout& l, Layout& out) {
  if (p.kind == Term::Kind::integer) {
    out = l;
    return true;
  }
  std::vector<IntTuple> shapes, strides;
  if (!dice_into(p, l.shape(), shapes, tuple_rank, tuple_elem) ||
      !dice_into(p, l.stride(), strides, tuple_rank, tuple_elem))
    return false;
  TupleBuilder s, d;
  for (const IntTuple& e : shapes) s.add(e);
  for (const IntTuple& e : strides) d.add(e);
  out = Layout(s.done(), d.done());
  return true;
}

bool dice_tiler(const Term& p, const Tiler& t, Tiler& out) {
  if (p.kind == Term::Kind::integer) {
    out = t;
    return true;
  }
  if (t.is_layout()) {
    Layout l;
    if (!dice_layout(p, t.layout, l)) return false;
    out = Tiler(std::move(l));
    return true;
  }
  std::vector<Tiler> pieces;
  if (!dice_into(p, t, pieces, tiler_rank, tiler_elem)) return false;
  out = Tiler::tuple(std::move(pieces));
  return true;
}

// The smallest index i of the thread layout P with P(i) = tid, into index.
// Thread layouts up to 2^20 threads are searched exhaustively; larger ones
// are decoded digit by digit ((tid / d) mod s per mode of coalesce(P)), which
// finds the index when P is compact up to a permutation of its modes. false
// after fail().
bool thread_index(const Layout& p, int64_t tid, int64_t& index) {
  constexpr int64_t kSearchLimit = int64_t{1} << 20;
  if (p.size() <= kSearchLimit) {
    for (int64_t i = 0; i < p.size(); ++i)
      if (p(i) == tid) {
        index = i;
        return true;
      }
  } else {
    int64_t at = 0, position = 1;
    for (const Mode& m : flat_modes(p)) {
      if (m.d > 0) at = checked::add(at, checked::mul((tid / m.d) % m.s, position));
      position = checked::mul(position, m.s);
    }
    if (p(at) == tid) {
      index = at;
      return true;
    }
  }
  return fail("no coordinate of the thread layout maps to " + std::to_string(tid));
}

// CuTe's get_hier_coord(tid) as an index of P ((tid / d) mod s per leaf, 0 for
// a leaf of size 1) when every digit is a coordinate and P maps it to tid;
// otherwise the smallest index with P(i) = tid. false after fail().
bool thread_coordinate(const Layout& p, int64_t tid, int64_t& index) {
  int64_t at = 0, position = 1;
  bool decoded = true;
  for (const Mode& m : flat_modes(p)) {
    if (m.s != 1) {
      const int64_t digit = m.d == 0 ? -1 : (tid / m.d) % m.s;
      if (digit < 0) {
        decoded = false;
        break;
      }
      at = checked::add(at, checked::mul(digit, position));
    }
    position = checked::mul(position, m.s);
  }
  if (decoded && p(at) == tid) {
    index = at;
    return true;
  }
  return thread_index(p, tid, index);
}

int mode_rank(const Layout& z, int i) { return detail::LayoutRef(z)[i].rank(); }

// local_tile's body into r; false after fail().
bool local_tile_status(const Layout& l, const Tiler& tile, const Term& coord,
                       const std::optional<Term>& proj, Sliced& r) {
  // The tile and coordinate as given, or diced by proj (copied only then).
  const Tiler* t = &tile;
  const Term* c = &coord;
  Tiler diced_tile;
  Term diced_coord;
  if (proj) {
    if (!dice_tiler(*proj, tile, diced_tile) || !dice_term(*proj, coord, diced_coord)) return false;
    t = &diced_tile;
    c = &diced_coord;
  }
  Layout z;
  if (!detail::zipped_divide_status(l, *t, z)) return false;
  const int r1 = mode_rank(z, 1);
  if (c->kind == Term::Kind::tuple && static_cast<int>(c->elems.size()) > r1)
    return fail("the coordinate has " + std::to_string(c->elems.size()) +
                " modes but the rest of the division has " + std::to_string(r1));
  Term rest = *c;
  while (rest.kind == Term::Kind::tuple && static_cast<int>(rest.elems.size()) < r1)
    rest.elems.push_back(underscore());
  return slice_status(z, tuple_of({underscores(mode_rank(z, 0)), std::move(rest)}), r);
}

// local_partition's body into r; false after fail().
bool local_partition_status(const Layout& l, const Layout& threads, int64_t tid,
                            const std::optional<Term>& proj, Sliced& r) {
  if (tid < 0) return fail("the thread index must be >= 0");
  // The thread's coordinate in the whole P, then projected: CuTe's
  // get_flat_coord on dice(p, P) reads the same digits of the kept leaves.
  int64_t index = 0;
  if (!thread_coordinate(threads, tid, index)) return false;
  const IntTuple coord = idx2crd(index, threads.shape());
  const Layout* kept_threads = &threads;  // dice(proj, P), copied only with a proj
  Layout diced;
  if (proj) {
    if (!dice_layout(*proj, threads, diced)) return false;
    kept_threads = &diced;
  }
  const Layout& p = *kept_threads;
  Term c;
  Tiler tiler;
  if (p.shape().is_int()) {
    c.value = crd2idx(coord, p.shape());
    tiler = Layout(p.size(), 1);
  } else {
    // One n:1 tiler and one colexicographic coordinate per top-level mode:
    // the pieces of the coordinate that the projection keeps.
    std::vector<IntTuple> kept;
    if (proj && proj->kind != Term::Kind::integer) {  // an integer keeps everything
      if (!dice_into(*proj, coord, kept, tuple_rank, tuple_elem)) return false;
    } else {
      for (int i = 0; i < p.rank(); ++i) kept.push_back(coord[i]);
    }
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
  Layout z;
  if (!detail::zipped_divide_status(l, tiler, z)) return false;
  const int r0 = mode_rank(z, 0);
  if (c.kind == Term::Kind::tuple && static_cast<int>(c.elems.size()) > r0)
    return fail("the thread coordinate has " + std::to_string(c.elems.size()) +
                " modes but the tile has " + std::to_string(r0));
  while (c.kind == Term::Kind::tuple && static_cast<int>(c.elems.size()) < r0)
    c.elems.push_back(underscore());
  return slice_status(z, tuple_of({std::move(c), underscores(mode_rank(z, 1))}), r);
}

// The operands "l, b, c[, proj]" of local_tile and local_partition,
// formatted only on a refusal.
template <class B, class C>
auto local_operands(const Layout& l, const B& b, const C& c, const std::optional<Term>& proj) {
  return [&l, &b, &c, &proj] {
    std::string out;
    out.reserve(128);
    append_string(out, l);
    out += ", ";
    append_string(out, b);
    out += ", ";
    if constexpr (std::is_integral_v<C>) {
      out += std::to_string(c);
    } else {
      append_string(out, c);
    }
    if (proj) {
      out += ", ";
      append_string(out, *proj);
    }
    return out;
  };
}

template <class X>
auto dice_operands(const Term& proj, const X& x) {
  return [&proj, &x] { return to_string(proj) + ", " + to_string(x); };
}

}  // namespace

Sliced slice(const Layout& l, const Term& coord) {
  return detail::guarded_value<Sliced>("slice", detail::binary_operands(l, coord),
                                       [&](Sliced& r) { return slice_status(l, coord, r); });
}

Result<Sliced> try_slice(const Layout& l, const Term& coord) {
  return detail::guarded_status<Sliced>("slice", detail::binary_operands(l, coord),
                                        [&](Sliced& r) { return slice_status(l, coord, r); });
}

Term dice(const Term& proj, const Term& coord) {
  return detail::guarded_value<Term>("dice", dice_operands(proj, coord),
                                     [&](Term& r) { return dice_term(proj, coord, r); });
}
Result<Term> try_dice(const Term& proj, const Term& coord) {
  return detail::guarded_status<Term>("dice", dice_operands(proj, coord),
                                      [&](Term& r) { return dice_term(proj, coord, r); });
}

Tiler dice(const Term& proj, const Tiler& tiler) {
  return detail::guarded_value<Tiler>("dice", dice_operands(proj, tiler),
                                      [&](Tiler& r) { return dice_tiler(proj, tiler, r); });
}
Result<Tiler> try_dice(const Term& proj, const Tiler& tiler) {
  return detail::guarded_status<Tiler>("dice", dice_operands(proj, tiler),
                                       [&](Tiler& r) { return dice_tiler(proj, tiler, r); });
}

Layout dice(const Term& proj, const Layout& l) {
  return detail::guarded_value<Layout>("dice", dice_operands(proj, l),
                                       [&](Layout& r) { return dice_layout(proj, l, r); });
}
Result<Layout> try_dice(const Term& proj, const Layout& l) {
  return detail::guarded_status<Layout>("dice", dice_operands(proj, l),
                                        [&](Layout& r) { return dice_layout(proj, l, r); });
}

Sliced local_tile(const Layout& l, const Tiler& tile, const Term& coord,
                  const std::optional<Term>& proj) {
  return detail::guarded_value<Sliced>(
      "local_tile", local_operands(l, tile, coord, proj),
      [&](Sliced& r) { return local_tile_status(l, tile, coord, proj, r); });
}
Result<Sliced> try_local_tile(const Layout& l, const Tiler& tile, const Term& coord,
                              const std::optional<Term>& proj) {
  return detail::guarded_status<Sliced>(
      "local_tile", local_operands(l, tile, coord, proj),
      [&](Sliced& r) { return local_tile_status(l, tile, coord, proj, r); });
}

Sliced local_partition(const Layout& l, const Layout& threads, int64_t tid,
                       const std::optional<Term>& proj) {
  return detail::guarded_value<Sliced>(
      "local_partition", local_operands(l, threads, tid, proj),
      [&](Sliced& r) { return local_partition_status(l, threads, tid, proj, r); });
}
Result<Sliced> try_local_partition(const Layout& l, const Layout& threads, int64_t tid,
                                   const std::optional<Term>& proj) {
  return detail::guarded_status<Sliced>(
      "local_partition", local_operands(l, threads, tid, proj),
      [&](Sliced& r) { return local_partition_status(l, threads, tid, proj, r); });
}

}  // namespace layout
