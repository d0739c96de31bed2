// Slicing: SLICE-DEF, LTILE-DEF, LPART-DEF.
#include "catalog_groups.hpp"
#include "definitions.hpp"
#include "law_util.hpp"

namespace props {

namespace {

using namespace util;

bool has_underscore(const Term& t) {
  if (t.kind == Term::Kind::underscore) return true;
  if (t.kind != Term::Kind::tuple) return false;
  for (const Term& e : t.elems)
    if (has_underscore(e)) return true;
  return false;
}

// What slice(L, c) must give: the kept pieces (the `_` places, a tuple
// coordinate holding `_` keeping one nested piece) and the offset, L at c
// with `_` read as 0.
struct SliceDef {
  std::vector<IntTuple> s, d;
  i128 offset = 0;
  bool partial = false;  // a per-mode value or a partial sum passes int64
};

// false: c does not fit (a negative integer, a layout, a rank mismatch): refused.
bool slice_into(const IntTuple& shape, const IntTuple& stride, const Term& c, SliceDef& out,
                std::vector<IntTuple>& s, std::vector<IntTuple>& d) {
  switch (c.kind) {
    case Term::Kind::underscore:
      s.push_back(shape);
      d.push_back(stride);
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
  for (int k = 0; k < oracle::rank(shape); ++k) {
    const Term& ck = c.elems[static_cast<std::size_t>(k)];
    const IntTuple sk = oracle::element(shape, k), dk = oracle::element(stride, k);
    if (ck.kind == Term::Kind::tuple && has_underscore(ck)) {
      std::vector<IntTuple> is, id;
      if (!slice_into(sk, dk, ck, out, is, id)) return false;
      s.push_back(oracle::tuple_of(is));
      d.push_back(oracle::tuple_of(id));
    } else if (!slice_into(sk, dk, ck, out, s, d)) {
      return false;
    }
  }
  return true;
}

// The result layout (a rank-1 top level unwrapped, none: 1:0) and offset;
// nullopt when c does not fit L.
std::optional<std::pair<Layout, SliceDef>> slice_def(const Layout& l, const Term& c) {
  SliceDef def;
  if (c.kind == Term::Kind::underscore) return std::make_pair(l, def);
  std::vector<IntTuple> s, d;
  if (!slice_into(l.shape(), l.stride(), c, def, s, d)) return std::nullopt;
  if (s.empty()) return std::make_pair(oracle::make(1, 0), def);
  if (s.size() == 1) return std::make_pair(oracle::make(s[0], d[0]), def);
  return std::make_pair(oracle::make(oracle::tuple_of(s), oracle::tuple_of(d)), def);
}

// SLICE-DEF: slice(L, c) keeps exactly the modes marked `_` (structure and
// strides), with offset L(c with `_` read as 0); refused exactly when c does
// not fit L (or the offset passes int64).
Outcome slice_law(const Algebra& alg, const std::vector<Arg>& args) {
  const Layout& l = std::get<Layout>(args[0]);
  const Term& c = std::get<Term>(args[1]);
  const auto want = slice_def(l, c);
  Sliced got;
  try {
    got = alg.slice(l, c);
  } catch (const Error& e) {
    if (!want || want->second.partial) return vacuous("refused");
    return refused("SLICE-DEF", args, "slice", e);
  }
  if (!want)
    return fail("SLICE-DEF", args,
                "the coordinate does not fit L, but slice gave " + show(got.layout) + " + " +
                    std::to_string(got.offset));
  if (want->second.partial && (want->second.offset > INT64_MAX || want->second.offset < INT64_MIN))
    return fail("SLICE-DEF", args, "the offset passes int64 and was not refused");
  if (got.layout != want->first)
    return fail("SLICE-DEF", args,
                "slice gave " + show(got.layout) + ", the `_` modes are " + show(want->first));
  if (got.offset != static_cast<int64_t>(want->second.offset))
    return fail("SLICE-DEF", args, "slice's offset is not L at c with `_` read as 0", std::nullopt,
                static_cast<int64_t>(want->second.offset), got.offset);
  return std::nullopt;
}

// The colexicographic index of c among modes of the given sizes (c an
// integer, or a flat tuple of their rank with c_k < size_k for all but the
// last); nullopt outside that.
std::optional<i128> flat_index(const IntTuple& c, const std::vector<int64_t>& sizes) {
  if (c.is_int()) {
    if (c.value() < 0) return std::nullopt;
    return c.value();
  }
  if (oracle::rank(c) != static_cast<int>(sizes.size()) || oracle::depth(c) != 1)
    return std::nullopt;
  i128 index = 0, prefix = 1;
  for (std::size_t k = 0; k < sizes.size(); ++k) {
    const int64_t ck = oracle::element(c, static_cast<int>(k)).value();
    if (ck < 0 || (k + 1 < sizes.size() && ck >= sizes[k])) return std::nullopt;
    index += ck * prefix;
    prefix *= sizes[k];
  }
  return index;
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
// n, R with the given top-level mode sizes (checked when there are two or more).
Outcome check_sliced(const std::string& law, const std::vector<Arg>& args, const std::string& op,
                     const Sliced& got, const std::vector<i128>& values, const defs::Modes& modes) {
  const int64_t n = static_cast<int64_t>(values.size());
  if (oracle::size(got.layout) != n)
    return fail(law, args,
                op + " gave " + show(got.layout) + ", not " + std::to_string(n) + " elements");
  if (modes.size() >= 2 && !defs::matches(defs::top_mode_sizes(got.layout), modes))
    return fail(law, args, op + " gave " + show(got.layout) + ", other top-level mode sizes");
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

// LTILE-DEF: where zipped_divide(L, T) is defined and c is an integer or a
// flat per-mode coordinate of its rest, local_tile(L, T, c) is the tile mode
// (mode sizes those of T) with offset rest(c): R(j) + offset = Z(j, c); it is
// never refused then.
Outcome ltile_law(const Algebra& alg, const std::vector<Arg>& args) {
  const Layout& l = std::get<Layout>(args[0]);
  const Tiler& t = std::get<Tiler>(args[1]);
  const IntTuple& c = std::get<IntTuple>(args[2]);
  if (!representable(l) || !representable(t)) return vacuous("operands not representable");
  const auto z = zipped_def(l, t);
  if (!z) return vacuous("zipped_divide has no result");
  std::vector<int64_t> rest_sizes;
  for (const defs::ModeGroup& g : z->second_modes) rest_sizes.push_back(g.size);
  const auto rc = flat_index(c, t.is_tuple() ? rest_sizes : std::vector<int64_t>{});
  Sliced got;
  try {
    got = alg.local_tile(l, t, c);
  } catch (const Error& e) {
    if (!rc || *rc >= static_cast<i128>(z->second.size())) return vacuous("refused");
    try {
      (void)alg.zipped_divide(l, t);
    } catch (const Error&) {
      return vacuous("refused");  // the division itself refused
    }
    return refused("LTILE-DEF", args, "local_tile", e);
  }
  if (!rc || *rc >= static_cast<i128>(z->second.size()))
    return vacuous("a coordinate outside the evaluator");
  std::vector<i128> values(z->first.size());
  for (std::size_t j = 0; j < values.size(); ++j)
    values[j] = z->first[j] + z->second[static_cast<std::size_t>(*rc)];
  defs::Modes modes;
  if (t.is_tuple()) modes = z->first_modes;
  return check_sliced("LTILE-DEF", args, "local_tile", got, values, modes);
}

// LPART-DEF: with i the smallest index of the thread layout P with P(i) = t
// (refused when there is none), local_partition(L, P, t) is the rest of
// zipped_divide(L, (size(P_0):1, size(P_1):1, ...)) at tile i: R(j) + offset
// = Z(i, j), R with the rest's mode sizes; never refused where that
// zipped_divide is defined.
Outcome lpart_law(const Algebra& alg, const std::vector<Arg>& args) {
  const Layout& l = std::get<Layout>(args[0]);
  const Layout& p = std::get<Layout>(args[1]);
  const int64_t tid = std::get<int64_t>(args[2]);
  if (!representable(l) || !representable(p)) return vacuous("operands not representable");
  const auto tp = table(p);
  if (!tp) return vacuous("too large for the oracle");
  // A thread id is >= 0 (docs/SEMANTICS.md): a negative one has no thread,
  // even where P's negative strides reach it.
  std::optional<int64_t> index;
  for (std::size_t i = 0; tid >= 0 && i < tp->size() && !index; ++i)
    if ((*tp)[i] == tid) index = static_cast<int64_t>(i);
  Tiler tiler;
  if (p.shape().is_int()) {
    tiler = Tiler(oracle::make(p.shape().value(), 1));
  } else {
    std::vector<Tiler> e;
    for (int k = 0; k < oracle::rank(p.shape()); ++k)
      e.emplace_back(
          oracle::make(static_cast<int64_t>(oracle::size_wide(oracle::element(p.shape(), k))), 1));
    tiler = Tiler::tuple(std::move(e));
  }
  Sliced got;
  try {
    got = alg.local_partition(l, p, tid);
  } catch (const Error& e) {
    if (!index) return vacuous("refused");
    try {
      (void)alg.zipped_divide(l, tiler);
    } catch (const Error&) {
      return vacuous("refused");
    }
    return refused("LPART-DEF", args, "local_partition", e);
  }
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
  defs::Modes modes;
  if (tiler.is_tuple()) modes = z->second_modes;
  return check_sliced("LPART-DEF", args, "local_partition", got, values, modes);
}

}  // namespace

std::vector<Law> slice_laws() {
  using K = ArgKind;
  return {
      {"SLICE-DEF",
       "slice(L, c) keeps exactly the modes of L marked `_` (a tuple coordinate with `_` keeps "
       "one nested piece; rank 1 unwrapped; none: 1:0) with offset L(c, `_` = 0); refused iff "
       "c does not fit L or the offset passes int64",
       "slice",
       "random nested layouts with coordinates of `_`, integers and tuples, mismatched ranks, "
       "negative entries",
       {K::layout, K::coordinate},
       guard(slice_law)},
      {"LTILE-DEF",
       "where zipped_divide(L, T) is defined: local_tile(L, T, c) = (Z(., c) - Z(0, c)) + Z(0, "
       "c) with Z its definition and c an index or per-mode coordinate of the rest; tile mode "
       "sizes (size(T_0), ..); never refused then",
       "local_tile, zipped_divide",
       "divisible and non-divisible tilers, by-mode tilers with `_`, coordinates past the rest",
       {K::layout, K::tiler, K::int_tuple},
       guard(ltile_law)},
      {"LPART-DEF",
       "t >= 0 and i the smallest index with P(i) = t (else refused): local_partition(L, P, t) = "
       "Z(i, .) - "
       "Z(i, 0) + offset Z(i, 0), Z = zipped_divide(L, (size(P_k):1)_k) by its definition; the "
       "rest's mode sizes; never refused where Z is defined",
       "local_partition, zipped_divide",
       "compact, permuted and strided thread layouts, thread ids past the image",
       {K::layout, K::layout, K::integer},
       guard(lpart_law)},
  };
}

}  // namespace props
