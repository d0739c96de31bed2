// Coordinates, evaluation, size and cosize against the oracle:
// COORD-ROUNDTRIP, COORD-AGREE, EVAL-ORACLE, SIZE-ORACLE, COSIZE-ORACLE, COMPACT-BIJ.
#include "catalog_groups.hpp"
#include "law_util.hpp"
#include "refusal_as_value.hpp"

namespace props {

namespace {

using namespace util;

bool valid_shape(const IntTuple& s) {
  bool ok = true;
  s.for_each_leaf([&](int64_t v) { ok = ok && v >= 1; });
  return ok && s.num_leaves() > 0 && util::size(s) <= limit();
}

// COORD-ROUNDTRIP: idx2crd(i, S) is the colexicographic digits of i
// (congruent with S; the last leaf takes the quotient past the domain), and
// crd2idx of it with the compact-left strides gives i back.
Outcome coord_roundtrip(const Algebra& alg, const std::vector<Arg>& args) {
  const IntTuple& s = std::get<IntTuple>(args[0]);
  if (!valid_shape(s)) return vacuous("outside the precondition");
  const int64_t n = static_cast<int64_t>(util::size(s));
  const Ints sizes = leaf_values(s);
  const IntTuple left = compact_left(s);
  for (int64_t i = 0; i < n + n / 2 + 2; ++i) {
    IntTuple c;
    int64_t back = 0, colex = 0;
    try {
      c = alg.idx2crd(i, s);
      back = alg.crd2idx(c, s, left);
      colex = alg.crd2idx(c, s);
    } catch (const Error& e) {
      return fail("COORD-ROUNDTRIP", args, std::string("refused a valid index: ") + e.what(), i);
    }
    const IntTuple want = with_leaves(s, digits(i, sizes));
    if (c != want)
      return fail("COORD-ROUNDTRIP", args,
                  "idx2crd gave " + layout::to_string(c) + ", expected " + layout::to_string(want),
                  i);
    if (back != i)
      return fail("COORD-ROUNDTRIP", args,
                  "crd2idx(" + layout::to_string(c) + ", S, " + layout::to_string(left) +
                      ") is not the index",
                  i, i, back);
    if (colex != i)
      return fail("COORD-ROUNDTRIP", args,
                  "crd2idx(" + layout::to_string(c) + ", S), the colexicographic index, is not i",
                  i, i, colex);
  }
  return std::nullopt;
}

// COORD-AGREE: the integer, per-mode, hierarchical and flat coordinates of i
// all evaluate to L(i) under crd2idx.
Outcome coord_agree(const Algebra& alg, const std::vector<Arg>& args) {
  const Layout& l = std::get<Layout>(args[0]);
  const auto want = table(l);
  if (!want) return vacuous("too large for the oracle or outside the evaluator");
  const IntTuple& s = l.shape();
  const Ints sizes = leaf_values(s);
  const IntTuple flat_s = flat_tuple(sizes);
  const IntTuple flat_d = flat_tuple(leaf_values(l.stride()));
  const oracle::Leaves lv = oracle::leaves(l);
  // Sizes of the top-level modes, for the per-mode coordinate.
  Ints mode_sizes;
  for (int k = 0; k < s.rank(); ++k) mode_sizes.push_back(static_cast<int64_t>(util::size(s[k])));
  for (int64_t i = 0; i < static_cast<int64_t>(want->size()); ++i) {
    const int64_t w = (*want)[static_cast<std::size_t>(i)];
    const Ints dg = digits(i, sizes);
    const IntTuple hier = with_leaves(s, dg);
    const IntTuple flat = flat_tuple(dg);
    const IntTuple as_int(i);
    const IntTuple per_mode = s.is_int() ? as_int : flat_tuple(digits(i, mode_sizes));
    // (name, coordinate, shape, stride) of each form
    const struct {
      const char* name;
      const IntTuple& c;
      const IntTuple& s;
      const IntTuple& d;
    } forms[] = {
        {"integer", as_int, s, l.stride()},
        {"per-mode", per_mode, s, l.stride()},
        {"hierarchical", hier, s, l.stride()},
        {"flat", flat, flat_s, flat_d},
    };
    for (const auto& [name, c, fs, fd] : forms) {
      int64_t got = 0;
      try {
        got = alg.crd2idx(c, fs, fd);
      } catch (const Error& e) {
        if (intermediate_overflow(lv, i)) continue;
        return fail("COORD-AGREE", args, std::string(name) + " coordinate refused: " + e.what(), i);
      }
      if (got != w)
        return fail("COORD-AGREE", args, std::string(name) + " coordinate gives another value", i,
                    w, got);
    }
  }
  return std::nullopt;
}

// EVAL-ORACLE: eval(L, i) = L(i) on the domain, past it (natural extension)
// and at -i (odd extension); a value that does not fit in int64 is refused
// (a refusal is also allowed when an intermediate term or partial sum passes int64).
Outcome eval_oracle(const Algebra& alg, const std::vector<Arg>& args) {
  const Layout& l = std::get<Layout>(args[0]);
  const auto n = oracle::size(l);
  if (!n) return vacuous("too large for the oracle or outside the evaluator");
  const Leaves lv = oracle::leaves(l);
  std::vector<int64_t> idx;
  const int64_t span = std::min<int64_t>(*n, limit());
  for (int64_t i = 0; i < span; ++i) idx.push_back(i);
  for (int64_t i = 0; i < 64 && i < *n; ++i) {  // the far end, past it, negatives
    idx.push_back(*n - 1 - i);
    if (*n <= INT64_MAX - i) idx.push_back(*n + i);
    idx.push_back(-i);
  }
  for (int64_t i : idx) {
    const auto want = oracle::eval(lv, i);
    // Most of the negative indices are refused: as values, without a throw.
    const layout::Result<int64_t> r = refusal_as_value(
        alg, [&] { return layout::try_eval(l, i); },
        [&] { return layout::Result<int64_t>(alg.eval(l, i)); });
    if (!r) {
      if (!want || intermediate_overflow(lv, i)) continue;  // checked int64 refuses: right
      return fail("EVAL-ORACLE", args, std::string("eval refused: ") + r.error().what(), i, *want);
    }
    const int64_t got = *r;
    if (!want)
      return fail("EVAL-ORACLE", args, "the value overflows int64 and was not refused", i,
                  std::nullopt, got);
    if (got != *want) return fail("EVAL-ORACLE", args, "eval disagrees", i, *want, got);
  }
  return std::nullopt;
}

// SIZE-ORACLE: size(L) is the product of the shape leaves.
Outcome size_oracle(const Algebra& alg, const std::vector<Arg>& args) {
  const Layout& l = std::get<Layout>(args[0]);
  const auto want = oracle::size(l);
  if (!want) return vacuous("too large for the oracle or outside the evaluator");
  int64_t got = 0;
  try {
    got = alg.size(l);
  } catch (const Error& e) {
    return fail("SIZE-ORACLE", args, std::string("size refused: ") + e.what());
  }
  if (got != *want)
    return fail("SIZE-ORACLE", args, "size is not the product of the shape", std::nullopt, *want,
                got);
  return std::nullopt;
}

// COSIZE-ORACLE: cosize(L) = 1 + sum (s-1)|d|, refused when that passes int64;
// for non-negative strides it is 1 + the largest value.
Outcome cosize_oracle(const Algebra& alg, const std::vector<Arg>& args) {
  const Layout& l = std::get<Layout>(args[0]);
  const i128 want = util::cosize(l);
  int64_t got = 0;
  try {
    got = alg.cosize(l);
  } catch (const Error& e) {
    if (want > INT64_MAX) return vacuous("refused");
    return fail("COSIZE-ORACLE", args, std::string("cosize refused: ") + e.what());
  }
  if (want > INT64_MAX)
    return fail("COSIZE-ORACLE", args, "cosize overflows int64 and was not refused", std::nullopt,
                std::nullopt, got);
  if (got != static_cast<int64_t>(want))
    return fail("COSIZE-ORACLE", args, "cosize is not 1 + sum (s-1)|d|", std::nullopt,
                static_cast<int64_t>(want), got);
  if (const auto t = table(l)) {
    bool nonneg = true;
    for (const oracle::Leaf& x : oracle::leaves(l)) nonneg = nonneg && x.d >= 0;
    const int64_t top = *std::max_element(t->begin(), t->end());
    if (nonneg && top + 1 != got)
      return fail("COSIZE-ORACLE", args, "cosize is not 1 + the largest value", std::nullopt,
                  top + 1, got);
  }
  return std::nullopt;
}

// COMPACT-BIJ: the compact left (prefix products) and right (row-major)
// layouts of a shape S are bijections onto [0, size(S)); the left one is the
// identity.
Outcome compact_bij(const Algebra& alg, const std::vector<Arg>& args) {
  const IntTuple& s = std::get<IntTuple>(args[0]);
  if (!valid_shape(s)) return vacuous("outside the precondition");
  const int64_t n = static_cast<int64_t>(util::size(s));
  for (const bool left : {true, false}) {
    const Layout l = Layout::unchecked(s, left ? compact_left(s) : compact_right(s));
    std::vector<char> seen(static_cast<std::size_t>(n), 0);
    for (int64_t i = 0; i < n; ++i) {
      int64_t v = 0;
      try {
        v = alg.eval(l, i);
      } catch (const Error& e) {
        return fail("COMPACT-BIJ", args, std::string("eval refused: ") + e.what(), i);
      }
      const std::string which = left ? "compact left " : "compact right ";
      if (left && v != i)
        return fail("COMPACT-BIJ", args, which + show(l) + " is not the identity", i, i, v);
      if (v < 0 || v >= n)
        return fail("COMPACT-BIJ", args, which + show(l) + " leaves [0, size)", i, std::nullopt, v);
      if (seen[static_cast<std::size_t>(v)]++)
        return fail("COMPACT-BIJ", args, which + show(l) + " repeats an offset", i, std::nullopt,
                    v);
    }
  }
  return std::nullopt;
}

}  // namespace

std::vector<Law> coord_laws() {
  using K = ArgKind;
  return {
      {"COORD-ROUNDTRIP",
       "idx2crd(i, S) = the colexicographic digits of i (last leaf takes the quotient past the "
       "domain); crd2idx(idx2crd(i, S), S, compact_left(S)) = crd2idx(idx2crd(i, S), S) = i",
       "idx2crd, crd2idx",
       "random nested shapes, size-1 modes",
       {K::int_tuple},
       guard(coord_roundtrip)},
      {"COORD-AGREE",
       "integer, per-mode, hierarchical and flat coordinates of i all give L(i) under crd2idx",
       "crd2idx",
       "random nested, compact, gaps, stride 0, negative strides",
       {K::layout},
       guard(coord_agree)},
      {"EVAL-ORACLE",
       "eval(L, i) = L(i) for i in [0, size), past it (natural extension) and at -i; values (or "
       "intermediate terms) past "
       "int64 refused",
       "eval",
       "random nested, negative strides, large values",
       {K::layout},
       guard(eval_oracle)},
      {"SIZE-ORACLE",
       "size(L) = product of the shape leaves",
       "size",
       "random nested, size-1 modes, large values, huge shapes (past 2^32, to the int64 edge)",
       {K::layout},
       guard(size_oracle)},
      {"COSIZE-ORACLE",
       "cosize(L) = 1 + sum (s-1)|d| (= 1 + max L(i) for non-negative strides); refused past int64",
       "cosize",
       "random nested, stride 0, negative strides, large values and huge shapes",
       {K::layout},
       guard(cosize_oracle)},
      {"COMPACT-BIJ",
       "S:compact_left(S) is the identity on [0, size(S)); S:compact_right(S) a bijection onto it",
       "eval",
       "random nested shapes, size-1 modes",
       {K::int_tuple},
       guard(compact_bij)},
  };
}

}  // namespace props
