#include "layout/product.hpp"

#include <algorithm>

#include "algebra_core.hpp"
#include "layout/checked.hpp"
#include "refusal.hpp"
#include "tile_split.hpp"

namespace layout {

using detail::LayoutRef;
using detail::OpenTuple;
using detail::refuse;

namespace {

// Appends the copies of A laid out by B: complement(A, size(A)*cosize(B)) o B.
void copies_into(LayoutRef a, const Layout& b, IntTuple::Nodes& rs, IntTuple::Nodes& rd) {
  const int64_t cotarget = checked::mul(a.size(), b.cosize());
  Modes c = [&] {
    const auto in_complement = detail::step([&](std::string& out) {
      out += "complement(" + to_string(a.copy()) + ", " + std::to_string(cotarget) + "): ";
    });
    return detail::complement_modes(a.modes(), cotarget);
  }();
  if (c.empty()) c.push_back({1, 0});  // complement 1:0 (already coalesced)
  const auto in_composition = detail::step([&](std::string& out) {
    out += "composition(" + to_string(from_modes(c)) + ", " + to_string(b) + "): ";
  });
  detail::Composed composed;
  detail::compose_leaves(c, flat_modes(b), composed);
  std::size_t next = 0;
  detail::emit_tree(composed, next, b.shape().root(), rs, rd);
}

Layout copies_of(const Layout& a, const Layout& b) {
  return Layout::build([&](auto& rs, auto& rd) { copies_into(LayoutRef(a), b, rs, rd); });
}

// The pair (A, copies of A laid out by B).
void product_pair(LayoutRef a, const Layout& b, IntTuple::Nodes& rs, IntTuple::Nodes& rd) {
  OpenTuple pair(rs, rd, 2);
  a.append_to(rs, rd);
  copies_into(a, b, rs, rd);
  pair.close();
}

// `_` (CuTe's zip2_by) keeps the mode, which must already be a (block,
// copies) pair.
void product_underscore(LayoutRef a, IntTuple::Nodes& rs, IntTuple::Nodes& rd) {
  if (!a.s->tuple || a.rank() != 2)
    refuse("'_' in a zipped or tiled product tiler takes the mode " + to_string(a.copy()) +
           " as an already split (block, copies) pair, as CuTe does; it has rank " +
           std::to_string(a.rank()) + ", not 2");
  a.append_to(rs, rd);
}

// blocked (raked = false) and raked products: pad both to rank R, then pair
// mode i of A' with mode i of the copies C o B'.
Layout zip_product(const Layout& a, const Layout& b, bool raked) {
  const int r = std::max(a.rank(), b.rank());
  const Layout pa = r == 1 ? a : append_to_rank(a, r);
  const Layout pb = r == 1 ? b : append_to_rank(b, r);
  const Layout copies = copies_of(pa, pb);
  auto pair = [&](const Layout& block, const Layout& copy) {
    return raked ? concat_modes({&copy, &block}) : concat_modes({&block, &copy});
  };
  TupleBuilder s, d;
  for (int i = 0; i < r; ++i) {
    Layout m = r == 1 ? pair(pa, copies) : pair(pa[i], copies[i]);
    s.add(m.shape());
    d.add(m.stride());
  }
  return Layout::unchecked(s.done(), d.done());
}

}  // namespace

Layout logical_product(const Layout& a, const Tiler& b) {
  return detail::guarded_binary("logical_product", a, b, [&] {
    return Layout::build([&](auto& rs, auto& rd) {
      detail::tiler_into(LayoutRef(a), b, /*keep_rest=*/true, product_pair, rs, rd);
    });
  });
}

Layout zipped_product(const Layout& a, const Tiler& b) {
  return detail::guarded_binary("zipped_product", a, b, [&] {
    return detail::split_variant(a, b, product_pair, product_underscore, detail::append_zipped);
  });
}

Layout tiled_product(const Layout& a, const Tiler& b) {
  return detail::guarded_binary("tiled_product", a, b, [&] {
    return detail::split_variant(a, b, product_pair, product_underscore, detail::append_tiled);
  });
}

Layout blocked_product(const Layout& a, const Layout& b) {
  return detail::guarded_binary("blocked_product", a, b, [&] { return zip_product(a, b, false); });
}

Layout raked_product(const Layout& a, const Layout& b) {
  return detail::guarded_binary("raked_product", a, b, [&] { return zip_product(a, b, true); });
}

}  // namespace layout
