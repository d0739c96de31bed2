// Slicing: SLICE-DEF, LTILE-DEF, LPART-DEF.
#include "catalog_groups.hpp"
#include "definitions.hpp"
#include "law_util.hpp"
#include "refusal_as_value.hpp"

namespace props {

namespace {

using namespace util;

// What slice(L, c) must give: the kept pieces (the `_` places, depth first;
// a tuple coordinate's pieces join its parent's list, as CuTe's lift_slice)
// and the offset, L at c with `_` read as 0.
struct SliceDef {
  std::vector<IntTuple> s, d;
  i128 offset = 0;
  bool partial = false;  // a per-mode value or a partial sum passes int64
};

// false: c does not fit (a negative integer, a layout, a rank mismatch): refused.
bool slice_into(const IntTuple& shape, const IntTuple& stride, const Term& c, SliceDef& out) {
  switch (c.kind) {
    case Term::Kind::underscore:
      out.s.push_back(shape);
      out.d.push_back(stride);
      return true;
    case Term::Kind::integer: {
      if (c.value < 0) return false;
      const auto v = oracle::crd_value(c.value, shape, stride);
      if (!v) return false;
      out.offset += *v;
      // Checked int64 arithmetic may refuse where a term or partial sum of
      // this mode's value passes int64 even if the value fits.
      out.partial =
          out.partial || *v > INT64_MAX || *v < INT64_MIN || out.offset > INT64_MAX ||
          out.offset < INT64_MIN ||
          oracle::intermediate_overflow(oracle::leaves(oracle::make(shape, stride)), c.value);
      return true;
    }
    case Term::Kind::layout:
      return false;
    case Term::Kind::tuple:
      break;
  }
  if (static_cast<int>(c.elems.size()) != oracle::rank(shape)) return false;
  for (int k = 0; k < oracle::rank(shape); ++k)
    if (!slice_into(oracle::element(shape, k), oracle::element(stride, k),
                    c.elems[static_cast<std::size_t>(k)], out))
      return false;
  return true;
}

// The result layout (every piece one top-level mode; none: `()`; c = `_`: L)
// and offset; nullopt when c does not fit L.
std::optional<std::pair<Layout, SliceDef>> slice_def(const Layout& l, const Term& c) {
  SliceDef def;
  if (c.kind == Term::Kind::underscore) return std::make_pair(l, def);
  if (!slice_into(l.shape(), l.stride(), c, def)) return std::nullopt;
  Layout r = oracle::make(oracle::tuple_of(def.s), oracle::tuple_of(def.d));
  return std::make_pair(std::move(r), std::move(def));
}

// SLICE-DEF: slice(L, c) keeps exactly the pieces marked `_` (structure and
// strides), with offset L(c with `_` read as 0); refused exactly when c does
// not fit L (or the offset passes int64).
Outcome slice_law(const Algebra& alg, const std::vector<Arg>& args) {
  const Layout& l = std::get<Layout>(args[0]);
  const Term& c = std::get<Term>(args[1]);
  const auto want = slice_def(l, c);
  // A refusal as a value (the reference algebra through try_slice: no throw).
  const layout::Result<Sliced> r = refusal_as_value(
      alg, [&] { return layout::try_slice(l, c); },
      [&] { return layout::Result<Sliced>(alg.slice(l, c)); });
  if (!r) {
    if (!want || want->second.partial) return vacuous("refused");
    return refused("SLICE-DEF", args, "slice", r.error());
  }
  const Sliced& got = *r;
  if (!want)
    return fail("SLICE-DEF", args,
                "the coordinate does not fit L, but slice gave " + show(got.layout) + " + " +
                    std::to_string(got.offset));
  if (want->second.partial && (want->second.offset > INT64_MAX || want->second.offset < INT64_MIN))
    return fail("SLICE-DEF", args, "the offset passes int64 and was not refused");
  if (got.layout != want->first)
    return fail("SLICE-DEF", args,
                "slice gave " + show(got.layout) + ", the `_` pieces are " + show(want->first));
  if (got.offset != static_cast<int64_t>(want->second.offset))
    return fail("SLICE-DEF", args, "slice's offset is not L at c with `_` read as 0", std::nullopt,
                static_cast<int64_t>(want->second.offset), got.offset);
  return std::nullopt;
}

// CuTe's dice(p, x) on the oracle's side: the pieces of x paired with a
// non-`_` entry of p, a tuple entry's pieces joining its parent's list;
// nullopt where a tuple of p meets no tuple of x of its rank. X is a tuple
// when rank_of(x) >= 0.
template <class X, class RankOf, class ElemOf>
bool dice_pieces(const Term& p, const X& x, std::vector<X>& out, RankOf rank_of, ElemOf elem_of) {
  if (p.kind == Term::Kind::underscore) return true;
  if (p.kind == Term::Kind::integer) {
    out.push_back(x);
    return true;
  }
  if (p.kind != Term::Kind::tuple || rank_of(x) != static_cast<int>(p.elems.size())) return false;
  for (int k = 0; k < rank_of(x); ++k)
    if (!dice_pieces(p.elems[static_cast<std::size_t>(k)], elem_of(x, k), out, rank_of, elem_of))
      return false;
  return true;
}

int int_tuple_rank(const IntTuple& t) { return t.is_tuple() ? oracle::rank(t) : -1; }

std::optional<IntTuple> diced(const Term& p, const IntTuple& t) {
  if (p.kind == Term::Kind::integer) return t;
  std::vector<IntTuple> e;
  if (!dice_pieces(p, t, e, int_tuple_rank, oracle::element)) return std::nullopt;
  return oracle::tuple_of(e);
}

std::optional<Term> diced(const Term& p, const Term& c) {
  if (p.kind == Term::Kind::integer) return c;
  Term out;
  out.kind = Term::Kind::tuple;
  const auto rank_of = [](const Term& x) {
    return x.kind == Term::Kind::tuple ? static_cast<int>(x.elems.size()) : -1;
  };
  const auto elem_of = [](const Term& x, int k) { return x.elems[static_cast<std::size_t>(k)]; };
  if (!dice_pieces(p, c, out.elems, rank_of, elem_of)) return std::nullopt;
  return out;
}

std::optional<Tiler> diced(const Term& p, const Tiler& t) {
  if (p.kind == Term::Kind::integer) return t;
  if (t.is_layout()) {
    const auto s = diced(p, t.layout.shape()), d = diced(p, t.layout.stride());
    if (!s || !d) return std::nullopt;
    return Tiler(oracle::make(*s, *d));
  }
  std::vector<Tiler> e;
  const auto rank_of = [](const Tiler& x) { return x.is_tuple() ? x.rank() : -1; };
  const auto elem_of = [](const Tiler& x, int k) { return x.elems[static_cast<std::size_t>(k)]; };
  if (!dice_pieces(p, t, e, rank_of, elem_of)) return std::nullopt;
  return Tiler::tuple(std::move(e));
}

std::optional<Term> projection(const std::vector<Arg>& args, std::size_t i) {
  if (args.size() <= i) return std::nullopt;
  return std::get<Term>(args[i]);
}

// zipped_divide(A, T) by its definition: the tile (first) and rest (second)
// tables and their top-level mode sizes; Z(j, r) = first[j] + second[r].
// nullopt where the division has no result.
std::optional<defs::Halves> zipped_def(const Layout& a, const Tiler& t) {
  try {
    return defs::divide_halves(a, t, limit());
  } catch (const defs::NotDefined&) {
    return std::nullopt;
  }
}

// A sliced result (layout R, offset) against R(j) + offset = values[j] for j <
// n, R with the given top-level mode sizes.
Outcome check_sliced(const std::string& law, const std::vector<Arg>& args, const std::string& op,
                     const Sliced& got, const std::vector<i128>& values, const defs::Modes& modes) {
  const int64_t n = static_cast<int64_t>(values.size());
  if (oracle::size(got.layout) != n)
    return fail(law, args,
                op + " gave " + show(got.layout) + ", not " + std::to_string(n) + " elements");
  if (!defs::matches(defs::top_mode_sizes(got.layout), modes))
    return fail(law, args,
                op + " gave " + show(got.layout) + ", whose top-level modes are not of sizes " +
                    defs::to_string(modes) + " (* : any split)");
  const i128 off = values[0];
  if (off > INT64_MAX || off < INT64_MIN)
    return fail(law, args, op + "'s offset passes int64 and was not refused");
  if (got.offset != static_cast<int64_t>(off))
    return fail(law, args, op + "'s offset is not the definition's", std::nullopt,
                static_cast<int64_t>(off), got.offset);
  return pointwise(
      law, args, [&] { return op + " gave " + show(got.layout) + " + offset, not its definition"; },
      got.layout, n,
      [&](int64_t j) {
        const i128 v = values[static_cast<std::size_t>(j)] - off;
        return v > INT64_MAX || v < INT64_MIN ? INT64_MIN : static_cast<int64_t>(v);
      });
}

// The rest coordinate of local_tile against the rest's top-level modes: per
// mode a fixed digit (below its size; the last may pass it) or -1 for a kept
// mode (`_` or past the coordinate's rank). nullopt: not a flat coordinate the
// definition reads (nested, negative, past a mode, more modes than the rest).
std::optional<std::vector<int64_t>> rest_digits(const Term& c, const defs::Modes& rest) {
  if (c.kind != Term::Kind::tuple || c.elems.size() > rest.size()) return std::nullopt;
  std::vector<int64_t> digits(rest.size(), -1);
  for (std::size_t k = 0; k < c.elems.size(); ++k) {
    const Term& ck = c.elems[k];
    if (ck.kind == Term::Kind::underscore) continue;
    if (ck.kind != Term::Kind::integer || ck.value < 0 ||
        (k + 1 < rest.size() && ck.value >= rest[k].size) || rest[k].split)
      return std::nullopt;
    digits[k] = ck.value;
  }
  return digits;
}

// LTILE-DEF: with T' = dice(p, T) and c' = dice(p, c) (no p: T, c), and Z =
// zipped_divide(L, T') by its definition (tile table F with modes F_0..,
// rest table G with modes G_0..): local_tile(L, T, c, p) has the tile's modes
// then the rest modes where c' is `_` or missing, and R(j) + offset =
// F[tile digit of j] + G[rest index of c' with j's kept digits]; an integer
// c' indexes G whole. Never refused where that is defined.
Outcome ltile_law(const Algebra& alg, const std::vector<Arg>& args) {
  const Layout& l = std::get<Layout>(args[0]);
  const Tiler& t0 = std::get<Tiler>(args[1]);
  const Term& c0 = std::get<Term>(args[2]);
  const auto proj = projection(args, 3);
  if (!representable(l) || !representable(t0)) return vacuous("operands not representable");
  const std::optional<Tiler> t = proj ? diced(*proj, t0) : t0;
  const std::optional<Term> c = proj ? diced(*proj, c0) : c0;
  const auto z = t ? zipped_def(l, *t) : std::nullopt;
  // What the definition reads: an integer c' (an index of the rest) or a flat
  // tuple c' over a by-mode tiler's rest modes.
  std::optional<std::vector<int64_t>> digits;
  std::optional<i128> whole;
  if (z && c && c->kind == Term::Kind::integer && c->value >= 0 &&
      c->value < static_cast<i128>(z->second.size()))
    whole = c->value;
  else if (z && c && t->is_tuple())
    digits = rest_digits(*c, z->second_modes);
  // The definition's values: the kept rest modes vary, the others are fixed.
  defs::Modes modes;
  std::vector<int64_t> kept_sizes, kept_at, prefix;  // kept rest modes and their places
  std::vector<i128> values;
  if (whole || digits) {
    modes = z->first_modes;
    int64_t run = 1;
    for (std::size_t k = 0; k < z->second_modes.size(); ++k) {
      prefix.push_back(run);
      run *= z->second_modes[k].size;
      if (digits && (*digits)[k] < 0) {
        modes.push_back(z->second_modes[k]);
        kept_sizes.push_back(z->second_modes[k].size);
        kept_at.push_back(static_cast<int64_t>(k));
      }
    }
    i128 base = whole ? *whole : 0;
    if (digits)
      for (std::size_t k = 0; k < digits->size(); ++k)
        if ((*digits)[k] >= 0) base += static_cast<i128>((*digits)[k]) * prefix[k];
    i128 last = base;  // the largest rest index the result reads
    for (std::size_t q = 0; q < kept_sizes.size(); ++q)
      last += static_cast<i128>(kept_sizes[q] - 1) * prefix[static_cast<std::size_t>(kept_at[q])];
    if (last >= static_cast<i128>(z->second.size())) {
      digits.reset();  // a coordinate past the rest: outside the definition
      whole.reset();
    }
    int64_t kept = 1;
    for (int64_t s : kept_sizes) kept *= s;
    // The tables are each within the oracle's limit; their product need not be.
    if ((whole || digits) && static_cast<i128>(kept) * static_cast<i128>(z->first.size()) > limit())
      return vacuous("too large for the oracle");
    for (int64_t r = 0; (whole || digits) && r < kept; ++r) {
      i128 index = base;
      int64_t rest = r;
      for (std::size_t q = 0; q < kept_sizes.size(); ++q) {
        index +=
            static_cast<i128>(rest % kept_sizes[q]) * prefix[static_cast<std::size_t>(kept_at[q])];
        rest /= kept_sizes[q];
      }
      for (std::size_t j = 0; j < z->first.size(); ++j)
        values.push_back(z->first[j] + z->second[static_cast<std::size_t>(index)]);
    }
  }
  const layout::Result<Sliced> r = refusal_as_value(
      alg, [&] { return layout::try_local_tile(l, t0, c0, proj); },
      [&] { return layout::Result<Sliced>(alg.local_tile(l, t0, c0, proj)); });
  if (!r) {
    const Error& e = r.error();
    if (!whole && !digits) return vacuous("refused");
    for (i128 v : values)
      if (v > INT64_MAX || v < INT64_MIN) return vacuous("refused: a value past int64");
    try {
      (void)alg.zipped_divide(l, *t);
    } catch (const Error&) {
      return vacuous("refused");  // the division itself refused
    }
    return refused("LTILE-DEF", args, "local_tile", e);
  }
  const Sliced& got = *r;
  if (!t || !c)
    return fail("LTILE-DEF", args, "the projection does not fit, but it gave " + show(got.layout));
  if (!whole && !digits) return vacuous("a coordinate outside the definition");
  return check_sliced("LTILE-DEF", args, "local_tile", got, values, modes);
}

// The index of thread t in P: CuTe's get_hier_coord ((t / d) mod s per leaf,
// 0 for size 1) when it is in P's domain and P maps it to t, else the
// smallest index with P(i) = t; nullopt: none (or t < 0).
std::optional<int64_t> thread_of(const Layout& p, const std::vector<int64_t>& table, int64_t tid) {
  if (tid < 0) return std::nullopt;
  int64_t index = 0, position = 1;
  bool decoded = true;
  for (const oracle::Leaf& leaf : oracle::leaves(p)) {
    if (leaf.s != 1) {
      const int64_t digit = leaf.d == 0 ? -1 : (tid / leaf.d) % leaf.s;  // C++'s / and %
      decoded = decoded && digit >= 0;
      index += decoded ? digit * position : 0;
    }
    position *= leaf.s;
  }
  if (decoded && table[static_cast<std::size_t>(index)] == tid) return index;
  for (std::size_t i = 0; i < table.size(); ++i)
    if (table[i] == tid) return static_cast<int64_t>(i);
  return std::nullopt;
}

// LPART-DEF: with t >= 0 and i the index of thread t in P (thread_of;
// refused when there is none), P' = dice(p, P) and i' the colexicographic
// index in P' of the digits of i on the leaves p keeps (no p: P' = P, i' =
// i), local_partition(L, P, t, p) is the rest of Z = zipped_divide(L,
// (size(P'_0):1, size(P'_1):1, ...)) at tile i': R(j) + offset = Z(i', j), R
// with the rest's modes; never refused where Z is defined.
Outcome lpart_law(const Algebra& alg, const std::vector<Arg>& args) {
  const Layout& p0 = std::get<Layout>(args[1]);
  const Layout& l = std::get<Layout>(args[0]);
  const int64_t tid = std::get<int64_t>(args[2]);
  const auto proj = projection(args, 3);
  if (!representable(l) || !representable(p0)) return vacuous("operands not representable");
  const auto tp = table(p0);
  if (!tp) return vacuous("too large for the oracle");
  std::optional<Layout> p = p0;
  if (proj) {
    const auto s = diced(*proj, p0.shape()), d = diced(*proj, p0.stride());
    p = s && d ? std::optional<Layout>(oracle::make(*s, *d)) : std::nullopt;
  }
  const auto full = thread_of(p0, *tp, tid);
  std::optional<int64_t> index;
  if (full && p) {  // i's coordinate in P, projected like P, then its index in P'
    const auto coord = oracle::idx2crd(*full, p0.shape());
    const auto kept = coord && proj ? diced(*proj, *coord) : coord;
    const auto at = kept ? oracle::crd_index(*kept, p->shape()) : std::nullopt;
    if (at) index = static_cast<int64_t>(*at);
  }
  Tiler tiler;
  if (p && p->shape().is_int()) {
    tiler = Tiler(oracle::make(p->shape().value(), 1));
  } else if (p) {
    std::vector<Tiler> e;
    for (int k = 0; k < oracle::rank(p->shape()); ++k)
      e.emplace_back(
          oracle::make(static_cast<int64_t>(oracle::size_wide(oracle::element(p->shape(), k))), 1));
    tiler = Tiler::tuple(std::move(e));
  }
  const layout::Result<Sliced> r = refusal_as_value(
      alg, [&] { return layout::try_local_partition(l, p0, tid, proj); },
      [&] { return layout::Result<Sliced>(alg.local_partition(l, p0, tid, proj)); });
  if (!r) {
    const Error& e = r.error();
    if (!index) return vacuous("refused");
    try {
      (void)alg.zipped_divide(l, tiler);
    } catch (const Error&) {
      return vacuous("refused");
    }
    return refused("LPART-DEF", args, "local_partition", e);
  }
  const Sliced& got = *r;
  if (!p)
    return fail("LPART-DEF", args,
                "the projection does not fit P, but it gave " + show(got.layout));
  if (!index)
    return fail("LPART-DEF", args,
                "no index of the thread layout maps to " + std::to_string(tid) + ", but it gave " +
                    show(got.layout));
  const auto z = zipped_def(l, tiler);
  if (!z)
    return fail("LPART-DEF", args, "zipped_divide has no result, but it gave " + show(got.layout));
  if (static_cast<std::size_t>(*index) >= z->first.size())
    return vacuous("a thread index past the tile");
  std::vector<i128> values(z->second.size());
  for (std::size_t j = 0; j < values.size(); ++j)
    values[j] = z->first[static_cast<std::size_t>(*index)] + z->second[j];
  return check_sliced("LPART-DEF", args, "local_partition", got, values, z->second_modes);
}

}  // namespace

std::vector<Law> slice_laws() {
  using K = ArgKind;
  return {
      {"SLICE-DEF",
       "slice(L, c) keeps exactly the pieces of L marked `_`, each one top-level mode (a tuple "
       "coordinate's pieces join its parent's list, as CuTe's lift_slice; none: `()`) with offset "
       "L(c, `_` = 0); refused iff c does not fit L or the offset passes int64",
       "slice",
       "random nested layouts with coordinates of `_`, integers and tuples, mismatched ranks, "
       "negative entries",
       {K::layout, K::coordinate},
       guard(slice_law)},
      {"LTILE-DEF",
       "with T' = dice(p, T), c' = dice(p, c) and Z = zipped_divide(L, T') by its definition: "
       "local_tile(L, T, c, p) is Z's tile modes, then its rest modes where c' is `_` or "
       "missing, at the rest coordinate c' (an integer c' indexes the rest), offset Z(0, c'); "
       "never refused then",
       "local_tile, zipped_divide",
       "divisible and non-divisible tilers, by-mode tilers with `_`, coordinates with `_`, "
       "shorter than the rest and past it, projections (1,X,1)",
       {K::layout, K::tiler, K::coordinate, K::coordinate},
       guard(ltile_law)},
      {"LPART-DEF",
       "t >= 0, i CuTe's get_hier_coord(t) when P maps it to t, else the smallest index with "
       "P(i) = t (else refused), P' = dice(p, P) and i' the index in P' of i's kept digits: "
       "local_partition(L, P, t, p) = Z(i', .) - Z(i', 0) + offset Z(i', 0), Z = "
       "zipped_divide(L, (size(P'_k):1)_k) by its definition; the rest's modes; never refused "
       "where Z is defined",
       "local_partition, zipped_divide",
       "compact, permuted, strided and broadcast thread layouts, projections, thread ids past "
       "the image",
       {K::layout, K::layout, K::integer, K::coordinate},
       guard(lpart_law)},
  };
}

}  // namespace props
