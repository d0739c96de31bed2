#include "definitions.hpp"

#include <algorithm>

namespace layoutcheck {

using layout::Layout;
using layout::Tiler;

namespace {

// The two halves of a divided or multiplied mode: (tile, rest) for divides,
// (A, copies) for products, with the top-level mode sizes each half has when
// it is spliced (tiled / flat).
struct Halves {
  Table first, second;
  std::vector<int64_t> first_modes, second_modes;
};

using HalvesOf = Halves (*)(const Layout&, const Tiler&);

int64_t checked_product(int64_t a, int64_t b) {
  int64_t r;
  if (__builtin_mul_overflow(a, b, &r))
    throw NotVerifiable("the definition's cotarget " + std::to_string(a) + " * " +
                        std::to_string(b) + " overflows int64; the operation must be refused");
  return r;
}

int64_t size_of(const Table& t) { return static_cast<int64_t>(t.size()); }

void require_rank(const Layout& a, const Tiler& t) {
  if (t.rank() > a.rank())
    throw NotVerifiable("the tiler has " + std::to_string(t.rank()) + " modes and A only " +
                        std::to_string(a.rank()) + "; the operation must be refused");
}

// Mode k of a tuple tiler gives (first_k, second_k); A's modes past the tiler
// join the second half: ((first_0, ...), (second_0, ..., A_r, ...)).
Halves by_mode(const Layout& a, const Tiler& t, HalvesOf halves_of) {
  require_rank(a, t);
  std::vector<Table> firsts, seconds;
  Halves h;
  for (int k = 0; k < t.rank(); ++k) {
    Halves sub = halves_of(a[k], t.elems[static_cast<std::size_t>(k)]);
    h.first_modes.push_back(size_of(sub.first));
    h.second_modes.push_back(size_of(sub.second));
    firsts.push_back(std::move(sub.first));
    seconds.push_back(std::move(sub.second));
  }
  for (int k = t.rank(); k < a.rank(); ++k) {
    seconds.push_back(table_of(a[k]));
    h.second_modes.push_back(a[k].size());
  }
  h.first = colex_sum(firsts);
  h.second = colex_sum(seconds);
  return h;
}

Halves divide_halves(const Layout& a, const Tiler& t) {
  switch (t.kind) {
    case Tiler::Kind::layout: {
      const Layout c = checked_complement(t.layout, a.size());
      return {compose_table(a, t.layout), compose_table(a, c), top_mode_sizes(t.layout),
              top_mode_sizes(c)};
    }
    case Tiler::Kind::underscore:  // the tile 1:0, the whole mode as the rest
      return {unit_table(), table_of(a), {1}, {a.size()}};
    case Tiler::Kind::tuple:
      break;
  }
  return by_mode(a, t, divide_halves);
}

Halves product_halves(const Layout& a, const Tiler& t) {
  switch (t.kind) {
    case Tiler::Kind::layout: {
      const Layout& b = t.layout;
      const Layout c = checked_complement(a, checked_product(a.size(), b.cosize()));
      return {table_of(a), compose_table(c, b), top_mode_sizes(a), top_mode_sizes(b)};
    }
    case Tiler::Kind::underscore:  // the mode alone, one copy
      return {table_of(a), unit_table(), top_mode_sizes(a), {1}};
    case Tiler::Kind::tuple:
      break;
  }
  return by_mode(a, t, product_halves);
}

// logical_divide / logical_product: a layout tiler gives (first, second); a
// tuple tiler works mode by mode and keeps A's other modes; `_` keeps A.
Definition logical(const Layout& a, const Tiler& t, HalvesOf halves_of) {
  switch (t.kind) {
    case Tiler::Kind::layout: {
      const Halves h = halves_of(a, t);
      return {colex_sum({h.first, h.second}), {size_of(h.first), size_of(h.second)}};
    }
    case Tiler::Kind::underscore:
      return {table_of(a), top_mode_sizes(a)};
    case Tiler::Kind::tuple:
      break;
  }
  require_rank(a, t);
  std::vector<Table> modes;
  Definition d;
  for (int k = 0; k < a.rank(); ++k) {
    Table m = k < t.rank() ? logical(a[k], t.elems[static_cast<std::size_t>(k)], halves_of).values
                           : table_of(a[k]);
    d.mode_sizes.push_back(size_of(m));
    modes.push_back(std::move(m));
  }
  d.values = colex_sum(modes);
  return d;
}

enum class Grouping { zipped, tiled, flat };

Definition regrouped(const Layout& a, const Tiler& t, HalvesOf halves_of, Grouping g) {
  const Halves h = halves_of(a, t);
  Definition d{colex_sum({h.first, h.second}), {}};
  if (g == Grouping::flat)
    d.mode_sizes = h.first_modes;
  else
    d.mode_sizes.push_back(size_of(h.first));
  if (g == Grouping::zipped)
    d.mode_sizes.push_back(size_of(h.second));
  else
    d.mode_sizes.insert(d.mode_sizes.end(), h.second_modes.begin(), h.second_modes.end());
  return d;
}

Layout padded(const Layout& l, int rank) {
  if (rank == 1) return l;
  std::vector<Layout> modes;
  for (int k = 0; k < rank; ++k) modes.push_back(k < l.rank() ? l[k] : Layout());
  return layout::make_layout(modes);
}

}  // namespace

Definition tiler_definition(std::string_view op, const Layout& a, const Tiler& b) {
  if (op == "logical_divide") return logical(a, b, divide_halves);
  if (op == "zipped_divide") return regrouped(a, b, divide_halves, Grouping::zipped);
  if (op == "tiled_divide") return regrouped(a, b, divide_halves, Grouping::tiled);
  if (op == "flat_divide") return regrouped(a, b, divide_halves, Grouping::flat);
  if (op == "logical_product") return logical(a, b, product_halves);
  if (op == "zipped_product") return regrouped(a, b, product_halves, Grouping::zipped);
  if (op == "tiled_product") return regrouped(a, b, product_halves, Grouping::tiled);
  throw NotVerifiable("no definition for " + std::string(op));
}

Definition blocked_raked_definition(bool raked, const Layout& a, const Layout& b) {
  const int rank = std::max(a.rank(), b.rank());
  const Layout ap = padded(a, rank);
  const Layout bp = padded(b, rank);
  const Layout c = checked_complement(ap, checked_product(a.size(), b.cosize()));
  // (C o B')_i = C o B'_i is only C o B' when the per-mode images add up
  // without a carry; otherwise C o B' has no layout and the product none.
  std::vector<Table> copies;
  for (int i = 0; i < rank; ++i) copies.push_back(compose_table(c, bp[i]));
  if (colex_sum(copies) != compose_table(c, bp))
    throw NotVerifiable("C o B' with C = complement(" + layout::to_string(ap) +
                        ") = " + layout::to_string(c) +
                        " is not the sum of its per-mode pieces (a carry), so no product exists");
  Definition d;
  std::vector<Table> modes;
  for (int i = 0; i < rank; ++i) {
    const Table ai = table_of(ap[i]);
    Table m = raked ? colex_sum({copies[static_cast<std::size_t>(i)], ai})
                    : colex_sum({ai, copies[static_cast<std::size_t>(i)]});
    d.mode_sizes.push_back(size_of(m));
    modes.push_back(std::move(m));
  }
  d.values = colex_sum(modes);
  return d;
}

Violation check_definition(const Definition& def, const Layout& r) {
  if (r.size() != size_of(def.values))
    return "size " + std::to_string(r.size()) + ", the definition has " +
           std::to_string(def.values.size());
  const std::vector<int64_t> modes = top_mode_sizes(r);
  if (modes != def.mode_sizes)
    return "top-level modes of sizes " + sizes_notation(modes) + ", the definition has " +
           sizes_notation(def.mode_sizes);
  for (int64_t i = 0; i < r.size(); ++i)
    if (r(i) != def.values[static_cast<std::size_t>(i)])
      return "R(" + std::to_string(i) + ") = " + std::to_string(r(i)) + ", the definition gives " +
             std::to_string(def.values[static_cast<std::size_t>(i)]);
  return std::nullopt;
}

}  // namespace layoutcheck
