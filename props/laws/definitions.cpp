#include "definitions.hpp"

#include <algorithm>

namespace props::defs {

namespace {

constexpr wide kBound = wide{1} << 125;

Modes modes_of(const Layout& l, bool refined);

std::string show(const Layout& l) { return layout::to_string(l); }

void require_size(wide n, int64_t limit) {
  if (n > limit) throw oracle::TooLarge{};
}

int64_t size_of(const Table& t) { return static_cast<int64_t>(t.size()); }

// l(i) for 0 <= i < size(l).
Table table_of(const Layout& l, int64_t limit) {
  const wide n = oracle::size_wide(l.shape());
  require_size(n, limit);
  const oracle::Leaves lv = oracle::leaves(l);
  Table t(static_cast<std::size_t>(n));
  for (std::size_t i = 0; i < t.size(); ++i) {
    const auto v = oracle::eval_wide(lv, static_cast<wide>(i));
    if (!v) throw oracle::Unrepresentable{};
    t[i] = *v;
  }
  return t;
}

// a(b(i)) for 0 <= i < size(b), a naturally extended past its domain.
Table compose_table(const Layout& a, const Layout& b, int64_t limit) {
  const Table tb = table_of(b, limit);
  const oracle::Leaves la = oracle::leaves(a);
  Table t(tb.size());
  for (std::size_t i = 0; i < t.size(); ++i) {
    const auto v = oracle::eval_wide(la, tb[i]);
    if (!v) throw oracle::Unrepresentable{};
    t[i] = *v;
  }
  return t;
}

// The table of the layout whose top-level modes are `parts` (parts[0]
// fastest): value(i) = sum over k of parts[k](digit k of i).
Table colex_sum(const std::vector<Table>& parts, int64_t limit) {
  wide n = 1;
  for (const Table& p : parts) n *= static_cast<wide>(p.size());  // each <= limit
  require_size(n, limit);
  Table t(static_cast<std::size_t>(n), 0);
  std::size_t period = 1;  // product of the sizes of the parts before this one
  for (const Table& p : parts) {
    for (std::size_t i = 0; i < t.size(); ++i) {
      t[i] += p[(i / period) % p.size()];
      if (t[i] > kBound || t[i] < -kBound) throw oracle::Unrepresentable{};
    }
    period *= p.size();
  }
  return t;
}

Table unit_table() { return Table{0}; }

// a * b for sizes and cosizes (saturated at 2^100 each): saturated past int64.
wide cotarget(wide a, wide b) {
  return a > INT64_MAX || b > INT64_MAX ? wide{INT64_MAX} + 1 : a * b;
}

Layout complement_of(const Layout& x, wide cotarget, const char* what) {
  if (cotarget > INT64_MAX) throw NotDefined{std::string(what) + ": the cotarget passes int64"};
  const auto c = oracle::complement(x, static_cast<int64_t>(cotarget));
  if (!c)
    throw NotDefined{std::string(what) + ": complement(" + show(x) + ", " +
                     std::to_string(static_cast<int64_t>(cotarget)) + ") is not defined"};
  return oracle::from_leaves(*c);
}

int rank_of(const Layout& a) { return oracle::rank(a.shape()); }

void require_rank(const Layout& a, const Tiler& t) {
  if (t.rank() > rank_of(a))
    throw NotDefined{"the tiler has " + std::to_string(t.rank()) + " modes and A only " +
                     std::to_string(rank_of(a))};
}

using HalvesOf = Halves (*)(const Layout&, const Tiler&, int64_t);

// Mode k of a tuple tiler gives (first_k, second_k); A's modes past the tiler
// join the second half: ((first_0, ...), (second_0, ..., A_r, ...)).
Halves by_mode(const Layout& a, const Tiler& t, HalvesOf halves_of, int64_t limit) {
  require_rank(a, t);
  std::vector<Table> firsts, seconds;
  Halves h;
  for (int k = 0; k < t.rank(); ++k) {
    Halves sub = halves_of(oracle::mode(a, k), t.elems[static_cast<std::size_t>(k)], limit);
    h.first_modes.push_back({size_of(sub.first)});
    h.second_modes.push_back({size_of(sub.second)});
    firsts.push_back(std::move(sub.first));
    seconds.push_back(std::move(sub.second));
  }
  for (int k = t.rank(); k < rank_of(a); ++k) {
    seconds.push_back(table_of(oracle::mode(a, k), limit));
    h.second_modes.push_back({size_of(seconds.back())});
  }
  h.first = colex_sum(firsts, limit);
  h.second = colex_sum(seconds, limit);
  return h;
}

// logical_divide / logical_product: a layout tiler gives (first, second); a
// tuple tiler works mode by mode and keeps A's other modes; `_` keeps A.
Definition logical(const Layout& a, const Tiler& t, HalvesOf halves_of, int64_t limit) {
  switch (t.kind) {
    case Tiler::Kind::layout: {
      Halves h = halves_of(a, t, limit);
      const Modes sizes = {{size_of(h.first)}, {size_of(h.second)}};
      return {colex_sum({h.first, h.second}, limit), sizes};
    }
    case Tiler::Kind::underscore:
      return {table_of(a, limit), modes_of(a, false)};
    case Tiler::Kind::tuple:
      break;
  }
  require_rank(a, t);
  std::vector<Table> modes;
  Definition d;
  for (int k = 0; k < rank_of(a); ++k) {
    const Layout ak = oracle::mode(a, k);
    Table m = k < t.rank()
                  ? logical(ak, t.elems[static_cast<std::size_t>(k)], halves_of, limit).values
                  : table_of(ak, limit);
    d.modes.push_back({size_of(m)});
    modes.push_back(std::move(m));
  }
  d.values = colex_sum(modes, limit);
  return d;
}

enum class Grouping { zipped, tiled, flat };

Definition regrouped(const Layout& a, const Tiler& t, HalvesOf halves_of, Grouping g,
                     int64_t limit) {
  const Halves h = halves_of(a, t, limit);
  Definition d{colex_sum({h.first, h.second}, limit), {}};
  if (g == Grouping::flat)
    d.modes = h.first_modes;
  else
    d.modes.push_back({size_of(h.first)});
  if (g == Grouping::zipped)
    d.modes.push_back({size_of(h.second)});
  else
    d.modes.insert(d.modes.end(), h.second_modes.begin(), h.second_modes.end());
  return d;
}

// l padded with 1:0 modes to the given rank (rank 1: l itself).
Layout padded(const Layout& l, int rank) {
  if (rank == 1 && rank_of(l) == 1) return l;
  std::vector<IntTuple> s, d;
  for (int k = 0; k < rank; ++k) {
    const Layout m = k < rank_of(l) ? oracle::mode(l, k) : oracle::make(1, 0);
    s.push_back(m.shape());
    d.push_back(m.stride());
  }
  return oracle::make(oracle::tuple_of(s), oracle::tuple_of(d));
}

// The top-level modes of l as groups: exact, or, for a composition with l
// (`refined`), one split group when l's shape is an integer.
Modes modes_of(const Layout& l, bool refined) {
  if (refined && !l.shape().is_tuple())
    return {{static_cast<int64_t>(oracle::size_wide(l.shape())), true}};
  Modes m;
  for (int64_t s : top_mode_sizes(l)) m.push_back({s});
  return m;
}

}  // namespace

bool matches(const std::vector<int64_t>& sizes, const Modes& groups) {
  std::size_t i = 0;
  for (const ModeGroup& g : groups) {
    if (i >= sizes.size()) return false;
    if (!g.split) {
      if (sizes[i++] != g.size) return false;
      continue;
    }
    wide p = sizes[i++];
    while (p < g.size && i < sizes.size()) p *= sizes[i++];
    if (p != g.size) return false;
  }
  return i == sizes.size();
}

std::string to_string(const Modes& groups) {
  std::string out = "(";
  for (const ModeGroup& g : groups)
    out += (out.size() > 1 ? "," : "") + std::to_string(g.size) + (g.split ? "*" : "");
  return out + ")";
}

std::vector<int64_t> top_mode_sizes(const Layout& l) {
  std::vector<int64_t> sizes;
  for (int k = 0; k < rank_of(l); ++k) {
    const wide s = oracle::size_wide(oracle::element(l.shape(), k));
    sizes.push_back(s > INT64_MAX ? INT64_MAX : static_cast<int64_t>(s));
  }
  return sizes;
}

Halves divide_halves(const Layout& a, const Tiler& t, int64_t limit) {
  switch (t.kind) {
    case Tiler::Kind::layout: {
      const Layout c = complement_of(t.layout, oracle::size_wide(a.shape()), "the rest");
      return {compose_table(a, t.layout, limit), compose_table(a, c, limit),
              modes_of(t.layout, true), modes_of(c, true)};
    }
    case Tiler::Kind::underscore: {
      // A rank-2 mode is a (tile, rest) pair (CuTe's zip2_by); any other mode
      // is the tile 1:0 with the whole mode as the rest (pycute).
      if (a.shape().is_tuple() && rank_of(a) == 2) {
        const Layout tile = oracle::mode(a, 0), rest = oracle::mode(a, 1);
        return {table_of(tile, limit), table_of(rest, limit), modes_of(tile, false),
                modes_of(rest, false)};
      }
      return {unit_table(), table_of(a, limit), {{1}}, modes_of(a, false)};
    }
    case Tiler::Kind::tuple:
      break;
  }
  return by_mode(a, t, divide_halves, limit);
}

Halves product_halves(const Layout& a, const Tiler& t, int64_t limit) {
  switch (t.kind) {
    case Tiler::Kind::layout: {
      const Layout& b = t.layout;
      const Layout c =
          complement_of(a, cotarget(oracle::size_wide(a.shape()), oracle::cosize(b)), "the copies");
      return {table_of(a, limit), compose_table(c, b, limit), modes_of(a, false),
              modes_of(b, true)};
    }
    case Tiler::Kind::underscore: {  // CuTe's zip2_by: the kept mode is a (block, copies) pair
      if (!a.shape().is_tuple() || rank_of(a) != 2)
        throw NotDefined{"`_` in a zipped/tiled product tiler needs a mode of rank 2, not " +
                         show(a)};
      const Layout block = oracle::mode(a, 0), copies = oracle::mode(a, 1);
      return {table_of(block, limit), table_of(copies, limit), modes_of(block, false),
              modes_of(copies, false)};
    }
    case Tiler::Kind::tuple:
      break;
  }
  return by_mode(a, t, product_halves, limit);
}

Definition tiler_definition(std::string_view op, const Layout& a, const Tiler& b, int64_t limit) {
  if (op == "logical_divide") return logical(a, b, divide_halves, limit);
  if (op == "zipped_divide") return regrouped(a, b, divide_halves, Grouping::zipped, limit);
  if (op == "tiled_divide") return regrouped(a, b, divide_halves, Grouping::tiled, limit);
  if (op == "flat_divide") return regrouped(a, b, divide_halves, Grouping::flat, limit);
  if (op == "logical_product") return logical(a, b, product_halves, limit);
  if (op == "zipped_product") return regrouped(a, b, product_halves, Grouping::zipped, limit);
  if (op == "tiled_product") return regrouped(a, b, product_halves, Grouping::tiled, limit);
  throw NotDefined{"no definition for " + std::string(op)};
}

Definition blocked_raked_definition(bool raked, const Layout& a, const Layout& b, int64_t limit) {
  const int rank = std::max(rank_of(a), rank_of(b));
  const Layout ap = padded(a, rank);
  const Layout bp = padded(b, rank);
  const Layout c =
      complement_of(ap, cotarget(oracle::size_wide(a.shape()), oracle::cosize(b)), "the copies");
  // (C o B')_i = C o B'_i is only C o B' when the per-mode images add up
  // without a carry; otherwise C o B' has no layout and the product none.
  std::vector<Table> copies;
  for (int i = 0; i < rank; ++i) copies.push_back(compose_table(c, oracle::mode(bp, i), limit));
  if (colex_sum(copies, limit) != compose_table(c, bp, limit))
    throw NotDefined{"C o B' with C = " + show(c) +
                     " is not the sum of its per-mode pieces (a carry), so no product exists"};
  Definition d;
  std::vector<Table> modes;
  for (int i = 0; i < rank; ++i) {
    const Table ai = table_of(oracle::mode(ap, i), limit);
    Table m = raked ? colex_sum({copies[static_cast<std::size_t>(i)], ai}, limit)
                    : colex_sum({ai, copies[static_cast<std::size_t>(i)]}, limit);
    d.modes.push_back({size_of(m)});
    modes.push_back(std::move(m));
  }
  d.values = colex_sum(modes, limit);
  return d;
}

Outcome check_definition(const std::string& law, const std::vector<Arg>& args,
                         const std::string& op, const Definition& def, const Layout& r) {
  const auto n = oracle::size(r);
  if (n != size_of(def.values))
    return fail(law, args,
                op + " gave " + show(r) + " of size " + std::to_string(n.value_or(-1)) +
                    ", the definition has " + std::to_string(def.values.size()));
  if (!matches(top_mode_sizes(r), def.modes))
    return fail(law, args,
                op + " gave " + show(r) + ", whose top-level modes are not of sizes " +
                    to_string(def.modes) + " (* : any split)");
  const oracle::Leaves lv = oracle::leaves(r);
  for (std::size_t i = 0; i < def.values.size(); ++i) {
    const wide want = def.values[i];
    const auto got = oracle::eval_wide(lv, static_cast<wide>(i));
    if (got == want) continue;
    const int64_t g =
        got && *got <= INT64_MAX && *got >= INT64_MIN ? static_cast<int64_t>(*got) : INT64_MIN;
    if (want > INT64_MAX || want < INT64_MIN)
      return fail(law, args,
                  op + " gave " + show(r) +
                      ", but its definition's value there is past int64 (it had to refuse)",
                  static_cast<int64_t>(i), std::nullopt, g);
    return fail(law, args, op + " gave " + show(r) + ", not its definition",
                static_cast<int64_t>(i), static_cast<int64_t>(want), g);
  }
  return std::nullopt;
}

}  // namespace props::defs
