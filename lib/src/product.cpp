#include "layout/product.hpp"

#include <algorithm>

#include "algebra_core.hpp"
#include "layout_ref.hpp"
#include "leaf_tile.hpp"
#include "mode_sink.hpp"
#include "refusal.hpp"
#include "tile_split.hpp"

namespace layout {

using detail::LayoutRef;
using detail::OpenTuple;
using detail::put_tuple_node;

namespace {

// The copies of A laid out by B, complement(A, size(A)*cosize(B)) o B, on the
// common inputs (A and B with at most kFastLeaves leaves, the complement by
// the walk, its composition by compose_leaves_fast): composed holds the
// result modes of B's nb leaves, in order. false where the general path
// decides (copies_into).
[[gnu::always_inline]] inline bool copies_composed_fast(LayoutRef a, LayoutRef b,
                                                        detail::FastComposed& composed,
                                                        std::size_t& nb) {
  using namespace detail;
  Mode leaves[kFastLeaves], moving[kFastLeaves], c[kFastLeaves + 1];
  std::size_t n = 0, nm = 0;
  int64_t cosize_b = 0, cotarget = 0;
  if (!gather_leaves(a.s, a.d, static_cast<std::size_t>(a.s->span), leaves, n) ||
      !moving_modes(ModeSpan(leaves, n), moving, nm) ||
      !cosize_of(b.s, b.d, static_cast<std::size_t>(b.s->span), cosize_b) ||
      __builtin_mul_overflow(a.size(), cosize_b, &cotarget))
    return false;
  ModeArraySink sink(c);
  if (!complement_walk(moving, nm, cotarget, sink)) return false;
  std::size_t nc = sink.size();
  if (nc == 0) c[nc++] = {1, 0};
  return gather_leaves(b.s, b.d, static_cast<std::size_t>(b.s->span), leaves, nb) &&
         compose_leaves_fast(ModeSpan(c, nc), ModeSpan(leaves, nb), composed);
}

// Whether a product's result is representable whose leaves are A's, the
// composed modes of the copies and 1:0 pads (detail::representable).
[[gnu::always_inline]] inline bool product_in_range(LayoutRef a,
                                                    const detail::FastComposed& composed) {
  detail::RangeSum sum;
  for (int32_t k = 0; k < a.s->span; ++k)
    if (!a.s[k].tuple && !sum.add(a.s[k].v, a.d[k].v)) return false;
  for (const Mode& m : composed.modes)
    if (!sum.add(m.s, m.d)) return false;
  return sum.span_fits();
}

// The fast paths of the products: the copies of A laid out by B composed
// (copies_composed_fast) and, with kInRange (outside the operation's frame,
// which checks the whole result), in range together with A's leaves; then
// emit(composed, nb) appends the nodes. false where the general path decides.
template <bool kInRange, class Emit>
[[gnu::always_inline]] inline bool product_fast(LayoutRef a, LayoutRef b, IntTuple::Nodes& rs,
                                                IntTuple::Nodes& rd, const Emit& emit) {
  return detail::attempt_fast(
      rs, rd, [&]() __attribute__((always_inline)) {
        detail::FastComposed composed;
        std::size_t nb = 0;
        if (!copies_composed_fast(a, b, composed, nb) ||
            (kInRange && !product_in_range(a, composed)))
          return false;
        emit(composed, nb);
        return true;
      });
}

// copies_into on the common inputs: the same nodes without the frames.
[[gnu::always_inline]] inline bool copies_fast(LayoutRef a, LayoutRef b, IntTuple::Nodes& rs,
                                               IntTuple::Nodes& rd) {
  return product_fast<false>(a, b, rs, rd, [&](const detail::FastComposed& c, std::size_t nb) {
    detail::emit_composed_tree(c, nb, b.s, b.d, rs, rd);
  });
}

// Appends the copies of A laid out by B: complement(A, size(A)*cosize(B)) o B.
// false: refused (fail()). With try_fast, copies_fast first (a by-mode walk's
// modes); without, where the same fast path has just given up on A and B
// (a product by a layout B, blocked and raked products): the general path
// appends the same nodes wherever copies_fast would.
bool copies_into(LayoutRef a, LayoutRef b, IntTuple::Nodes& rs, IntTuple::Nodes& rd,
                 bool try_fast) {
  if (try_fast && copies_fast(a, b, rs, rd)) return true;
  int64_t cotarget;  // size(A) * cosize(B): past int64 a refusal, as a status
  if (!detail::mul_ok(a.size(), b.cosize(), cotarget)) return false;
  Modes c;
  {
    const auto in_complement = detail::step([&](std::string& out) {
      out += "complement(" + to_string(a.copy()) + ", " + std::to_string(cotarget) + "): ";
    });
    if (!detail::complement_modes(a.modes(), cotarget, c)) return false;
  }
  if (c.empty()) c.push_back({1, 0});  // complement 1:0 (already coalesced)
  const auto in_composition = detail::step([&](std::string& out) {
    out += "composition(" + to_string(from_modes(c)) + ", " + to_string(b.copy()) + "): ";
  });
  detail::Composed composed;
  if (!detail::compose_leaves(c, b.modes(), composed)) return false;
  std::size_t next = 0;
  detail::emit_tree(composed, next, b.s, rs, rd);
  return true;
}

// The pair (A, copies of A laid out by B), the copies' fast path first
// where kTryFast (copies_into).
template <bool kTryFast>
bool product_pair(LayoutRef a, const Layout& b, IntTuple::Nodes& rs, IntTuple::Nodes& rd) {
  OpenTuple pair(rs, rd, 2);
  a.append_to(rs, rd);
  if (!copies_into(a, LayoutRef(b), rs, rd, kTryFast)) return false;
  pair.close();
  return true;
}

// product_pair on the common inputs, with kInRange in range (checked here:
// outside the operation's frame); false where the general path decides.
template <bool kInRange>
bool pair_fast(LayoutRef la, LayoutRef lb, IntTuple::Nodes& rs, IntTuple::Nodes& rd) {
  return product_fast<kInRange>(la, lb, rs, rd, [&](const detail::FastComposed& c, std::size_t nb) {
    if (c.modes.size() == nb) {  // each of B's leaves one mode: one extension of rs/rd
      const auto span_a = static_cast<std::size_t>(la.s->span);
      const auto total = 1 + span_a + static_cast<std::size_t>(lb.s->span);
      ItNode* ps = rs.extend(total);
      ItNode* pd = rd.extend(total);
      put_tuple_node(ps, pd, 2, total);
      std::copy_n(la.s, span_a, ps);
      std::copy_n(la.d, span_a, pd);
      detail::put_replacing_leaves(ps + span_a, pd + span_a, lb.s, lb.d, c.modes.data());
      return;
    }
    OpenTuple pair(rs, rd, 2);
    la.append_to(rs, rd);
    detail::emit_composed_tree(c, nb, lb.s, lb.d, rs, rd);
    pair.close();
  });
}
bool product_pair_fast(const Layout& a, const Layout& b, IntTuple::Nodes& rs, IntTuple::Nodes& rd) {
  return pair_fast<true>(LayoutRef(a), LayoutRef(b), rs, rd);
}

// `_` (CuTe's zip2_by) keeps the mode, which must already be a (block,
// copies) pair.
bool product_underscore(LayoutRef a, IntTuple::Nodes& rs, IntTuple::Nodes& rd) {
  if (!a.s->tuple || a.rank() != 2)
    return detail::fail("'_' in a zipped or tiled product tiler takes the mode " +
                        to_string(a.copy()) +
                        " as an already split (block, copies) pair, as CuTe does; it has rank " +
                        std::to_string(a.rank()) + ", not 2");
  a.append_to(rs, rd);
  return true;
}

// The by-mode walks over the fast paths, for a tuple tiler (by_tiler checks
// the whole result's range): product_pair's (a leaf mode by a leaf first by
// product_leaf's rule) and product_underscore's, the latter false (the
// general path refuses) where the mode is not a pair.
bool pair_mode_fast(LayoutRef a, const Layout& b, IntTuple::Nodes& rs, IntTuple::Nodes& rd) {
  return detail::leaf_pair(a, b, detail::product_leaf_rule, rs, rd) ||
         pair_fast<false>(a, LayoutRef(b), rs, rd);
}
bool underscore_mode_fast(LayoutRef a, IntTuple::Nodes& rs, IntTuple::Nodes& rd) {
  if (!a.s->tuple || a.rank() != 2) return false;
  a.append_to(rs, rd);
  return true;
}
bool logical_tuple_fast(const Layout& a, const Tiler& b, IntTuple::Nodes& rs, IntTuple::Nodes& rd) {
  return detail::tiler_into<true>(LayoutRef(a), b, /*keep_rest=*/true, pair_mode_fast, rs, rd);
}
auto split_tuple_fast(detail::Regroup how) {  // written regrouped (split_into)
  return [how](const Layout& a, const Tiler& b, IntTuple::Nodes& rs, IntTuple::Nodes& rd) {
    return detail::split_into<true>(LayoutRef(a), b, pair_mode_fast, underscore_mode_fast, rs, rd,
                                    how);
  };
}

// The product `form` by a tile of leaves on leaf modes, computed directly.
auto leaf_tile_product(detail::TileForm form) {
  return [form](const Layout& a, const Tiler& b, IntTuple::Nodes& rs, IntTuple::Nodes& rd) {
    return detail::split_by_leaf_tile(LayoutRef(a), b, form, detail::product_leaf_rule, rs, rd);
  };
}

// l padded to rank n (append_to_rank) in s/d, or l itself where that changes
// nothing (n = 1 keeps l as is).
LayoutRef padded(const Layout& l, int n, IntTuple::Nodes& s, IntTuple::Nodes& d) {
  if (!detail::pads_to_rank(l, n)) return LayoutRef(l);
  detail::append_padded(LayoutRef(l), n, s, d);
  return {s.data(), d.data()};
}

// Appends ((X_0, Y_0), ..., (X_{r-1}, Y_{r-1})) for the blocks X_i = block(i)
// and the copies Y_i = copy(i), each pair swapped when raked: its node count
// first, then every node written into one extension. put_copy(y, ps, pd)
// writes the nodes of copy y (put_nodes: as they are).
inline void put_nodes(LayoutRef l, ItNode*& ps, ItNode*& pd) {
  for (int32_t k = 0; k < l.s->span; ++k) {
    *ps++ = l.s[k];
    *pd++ = l.d[k];
  }
}
template <class Block, class Copy, class PutCopy>
void append_zip_pairs(int r, bool raked, const Block& block, const Copy& copy,
                      const PutCopy& put_copy, IntTuple::Nodes& rs, IntTuple::Nodes& rd) {
  int32_t total = 1 + r;
  for (int i = 0; i < r; ++i) total += block(i).s->span + copy(i).s->span;
  ItNode* ps = rs.extend(static_cast<std::size_t>(total));
  ItNode* pd = rd.extend(static_cast<std::size_t>(total));
  put_tuple_node(ps, pd, r, static_cast<std::size_t>(total));
  for (int i = 0; i < r; ++i) {
    const LayoutRef x = block(i), y = copy(i);
    put_tuple_node(ps, pd, 2, static_cast<std::size_t>(1 + x.s->span + y.s->span));
    if (raked) {
      put_copy(y, ps, pd);
      put_nodes(x, ps, pd);
    } else {
      put_nodes(x, ps, pd);
      put_copy(y, ps, pd);
    }
  }
}

// zip_product_into on the common inputs, without padding A and B, in range
// (checked here: the fast path runs outside the operation's frame). The
// copies C o B by copies_composed_fast (C o B' is C o B padded with 1:0
// modes, as B' is B padded with 1:0 leaves, which compose to 1:0), and mode i
// of a padded layout read off the unpadded one. Where each leaf of B composes
// to one mode, mode i of the copies is B's mode i with its leaves replaced by
// those modes, written straight into the pairs. The same nodes as the general
// path; false where it decides (copies_into, or an operand is the empty
// tuple: at R = 1 it is padded to (1):(0) and used whole).
bool zip_product_fast(const Layout& a, const Layout& b, bool raked, IntTuple::Nodes& rs,
                      IntTuple::Nodes& rd) {
  if (a.rank() == 0 || b.rank() == 0) return false;
  const int r = std::max(a.rank(), b.rank());
  const LayoutRef la(a), lb(b);
  return product_fast<true>(la, lb, rs, rd, [&](const detail::FastComposed& c, std::size_t nb) {
    static constexpr ItNode kUnitShape{1, 1, 0}, kUnitStride{0, 1, 0};
    // Mode i of l padded to rank r, given l's profile (the copies have B's):
    // l itself where r = 1 or for mode 0 of an integer-shaped l, 1:0 past its
    // modes.
    const auto mode = [&](LayoutRef l, const ItNode* profile, int i) {
      if (r == 1) return l;
      if (!profile->tuple) return i == 0 ? l : LayoutRef(&kUnitShape, &kUnitStride);
      return i < profile->v ? l[i] : LayoutRef(&kUnitShape, &kUnitStride);
    };
    const auto block = [&](int i) { return mode(la, la.s, i); };
    if (nb != 0 && c.ends[nb - 1] != static_cast<int32_t>(nb)) {
      // A leaf composed to several modes: the copies' tree first.
      IntTuple::Nodes cs, cd;
      detail::emit_composed_tree(c, nb, lb.s, lb.d, cs, cd);
      const LayoutRef copies(cs.data(), cd.data());
      append_zip_pairs(
          r, raked, block, [&](int i) { return mode(copies, lb.s, i); }, put_nodes, rs, rd);
      return;
    }
    const Mode* next = c.modes.data();  // the next leaf's mode
    const auto put_replaced = [&](LayoutRef y, ItNode*& ps, ItNode*& pd) {
      if (y.s == &kUnitShape) {  // a pad: 1:0
        put_nodes(y, ps, pd);
        return;
      }
      for (int32_t k = 0; k < y.s->span; ++k, ++ps, ++pd) {
        *ps = y.s[k];
        *pd = y.d[k];
        if (y.s[k].tuple) continue;
        ps->v = next->s;
        pd->v = (next++)->d;
      }
    };
    append_zip_pairs(
        r, raked, block, [&](int i) { return mode(lb, lb.s, i); }, put_replaced, rs, rd);
  });
}

// blocked (raked = false) and raked products: pad both to rank R, then pair
// mode i of A' with mode i of the copies C o B' (as a tuple of R pairs).
bool zip_product_into(const Layout& a, const Layout& b, bool raked, IntTuple::Nodes& rs,
                      IntTuple::Nodes& rd) {
  const int r = std::max(a.rank(), b.rank());
  IntTuple::Nodes as, ad, bs, bd;  // A and B padded, where padding changes them
  const LayoutRef pa = padded(a, r, as, ad);
  const LayoutRef pb = padded(b, r, bs, bd);
  IntTuple::Nodes cs, cd;
  if (!copies_into(pa, pb, cs, cd, /*try_fast=*/false)) return false;  // zip_product_fast gave up
  const LayoutRef copies(cs.data(), cd.data());
  // Mode i of a layout padded to rank r (itself where r = 1).
  const auto modes_of = [r](LayoutRef l) { return [r, l](int i) { return r == 1 ? l : l[i]; }; };
  append_zip_pairs(r, raked, modes_of(pa), modes_of(copies), put_nodes, rs, rd);
  return true;
}

template <class Guard>
auto logical(const Layout& a, const Tiler& b, Guard guard) {
  return guard("logical_product", detail::binary_operands(a, b), [&](auto& rs, auto& rd) {
    // A layout B: product_pair_fast has just given up on A and B.
    return b.is_layout() ? detail::tiler_into(LayoutRef(a), b, /*keep_rest=*/true,
                                              product_pair<false>, rs, rd)
                         : detail::tiler_into(LayoutRef(a), b, /*keep_rest=*/true,
                                              product_pair<true>, rs, rd);
  });
}

template <class Guard>
auto split(const char* op, const Layout& a, const Tiler& b, detail::Regroup how, Guard guard) {
  return guard(op, detail::binary_operands(a, b), [&](auto& rs, auto& rd) {
    return b.is_layout()  // as in logical()
               ? detail::split_variant(a, b, product_pair<false>, product_underscore, how, rs, rd)
               : detail::split_variant(a, b, product_pair<true>, product_underscore, how, rs, rd);
  });
}

template <class Guard>
auto zip(const char* op, const Layout& a, const Layout& b, bool raked, Guard guard) {
  return guard(op, detail::binary_operands(a, b),
               [&](auto& rs, auto& rd) { return zip_product_into(a, b, raked, rs, rd); });
}

// blocked and raked products: the fast path, else the general one in the frame.
template <class Boundary>
auto zip_product(const char* op, const Layout& a, const Layout& b, bool raked,
                 const Boundary& boundary) {
  return boundary([&](IntTuple::Nodes& rs,
                      IntTuple::Nodes& rd) { return zip_product_fast(a, b, raked, rs, rd); },
                  [&](auto guard) { return zip(op, a, b, raked, guard); });
}

}  // namespace

using detail::FastThrowing;
using detail::FastTrying;

namespace {

template <class Boundary>
auto split_product_by(const char* op, const Layout& a, const Tiler& b, detail::Regroup how,
                      const Boundary& boundary) {
  const auto form =
      how == detail::Regroup::zipped ? detail::TileForm::zipped : detail::TileForm::tiled;
  return detail::by_tiler(
      a, b, product_pair_fast, leaf_tile_product(form), split_tuple_fast(how),
      [&](auto g) { return split(op, a, b, how, g); }, boundary, &how);
}

}  // namespace

Layout logical_product(const Layout& a, const Tiler& b) {
  return detail::by_tiler(
      a, b, product_pair_fast, leaf_tile_product(detail::TileForm::logical), logical_tuple_fast,
      [&](auto g) { return logical(a, b, g); }, FastThrowing{});
}
Result<Layout> try_logical_product(const Layout& a, const Tiler& b) {
  return detail::by_tiler(
      a, b, product_pair_fast, leaf_tile_product(detail::TileForm::logical), logical_tuple_fast,
      [&](auto g) { return logical(a, b, g); }, FastTrying{});
}

Layout zipped_product(const Layout& a, const Tiler& b) {
  return split_product_by("zipped_product", a, b, detail::Regroup::zipped, FastThrowing{});
}
Result<Layout> try_zipped_product(const Layout& a, const Tiler& b) {
  return split_product_by("zipped_product", a, b, detail::Regroup::zipped, FastTrying{});
}

Layout tiled_product(const Layout& a, const Tiler& b) {
  return split_product_by("tiled_product", a, b, detail::Regroup::tiled, FastThrowing{});
}
Result<Layout> try_tiled_product(const Layout& a, const Tiler& b) {
  return split_product_by("tiled_product", a, b, detail::Regroup::tiled, FastTrying{});
}

Layout blocked_product(const Layout& a, const Layout& b) {
  return zip_product("blocked_product", a, b, false, FastThrowing{});
}
Result<Layout> try_blocked_product(const Layout& a, const Layout& b) {
  return zip_product("blocked_product", a, b, false, FastTrying{});
}

Layout raked_product(const Layout& a, const Layout& b) {
  return zip_product("raked_product", a, b, true, FastThrowing{});
}
Result<Layout> try_raked_product(const Layout& a, const Layout& b) {
  return zip_product("raked_product", a, b, true, FastTrying{});
}

}  // namespace layout
