#include "layout/product.hpp"

#include <algorithm>

#include "algebra_core.hpp"
#include "layout_ref.hpp"
#include "mode_sink.hpp"
#include "refusal.hpp"
#include "tile_split.hpp"

namespace layout {

using detail::LayoutRef;
using detail::OpenTuple;

namespace {

// copies_into on the common inputs (A and B with at most kFastLeaves leaves,
// the complement by the walk, its composition by compose_leaves_fast): the
// same nodes without the frames; false where the general path decides.
[[gnu::always_inline]] inline bool copies_fast(LayoutRef a, LayoutRef b, IntTuple::Nodes& rs,
                                               IntTuple::Nodes& rd) {
  using namespace detail;
  return attempt_fast(
      rs, rd, [&]() __attribute__((always_inline)) {
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
        FastComposed composed;
        if (!gather_leaves(b.s, b.d, static_cast<std::size_t>(b.s->span), leaves, n) ||
            !compose_leaves_fast(ModeSpan(c, nc), ModeSpan(leaves, n), composed))
          return false;
        emit_composed_tree(composed, n, b.s, b.d, rs, rd);
        return true;
      });
}

// Appends the copies of A laid out by B: complement(A, size(A)*cosize(B)) o B.
// false: refused (fail()).
bool copies_into(LayoutRef a, LayoutRef b, IntTuple::Nodes& rs, IntTuple::Nodes& rd) {
  if (copies_fast(a, b, rs, rd)) return true;
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

// The pair (A, copies of A laid out by B).
bool product_pair(LayoutRef a, const Layout& b, IntTuple::Nodes& rs, IntTuple::Nodes& rd) {
  OpenTuple pair(rs, rd, 2);
  a.append_to(rs, rd);
  if (!copies_into(a, LayoutRef(b), rs, rd)) return false;
  pair.close();
  return true;
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

// l padded to rank n (append_to_rank) in s/d, or l itself where that changes
// nothing (n = 1 keeps l as is).
LayoutRef padded(const Layout& l, int n, IntTuple::Nodes& s, IntTuple::Nodes& d) {
  if (!detail::pads_to_rank(l, n)) return LayoutRef(l);
  detail::append_padded(LayoutRef(l), n, s, d);
  return {s.data(), d.data()};
}

// Appends ((X_0, Y_0), ..., (X_{r-1}, Y_{r-1})) for the blocks X_i = block(i)
// and the copies Y_i = copy(i), each pair swapped when raked: its node count
// first, then every node written into one extension.
template <class Block, class Copy>
void append_zip_pairs(int r, bool raked, const Block& block, const Copy& copy, IntTuple::Nodes& rs,
                      IntTuple::Nodes& rd) {
  int32_t total = 1 + r;
  for (int i = 0; i < r; ++i) total += block(i).s->span + copy(i).s->span;
  ItNode* ps = rs.extend(static_cast<std::size_t>(total));
  ItNode* pd = rd.extend(static_cast<std::size_t>(total));
  *ps++ = *pd++ = {r, total, 1};
  const auto put = [&](const LayoutRef& l) {
    for (int32_t k = 0; k < l.s->span; ++k) {
      *ps++ = l.s[k];
      *pd++ = l.d[k];
    }
  };
  for (int i = 0; i < r; ++i) {
    const LayoutRef x = block(i), y = copy(i);
    *ps++ = *pd++ = {2, 1 + x.s->span + y.s->span, 1};
    put(raked ? y : x);
    put(raked ? x : y);
  }
}

// zip_product_into on the common inputs, without padding A and B: the copies
// C o B by copies_fast (C o B' is C o B padded with 1:0 modes, as B' is B
// padded with 1:0 leaves, which compose to 1:0), and mode i of a padded
// layout read off the unpadded one. The same nodes; false (nothing appended)
// where copies_fast leaves the copies to the general path, or an operand is
// the empty tuple (at R = 1 it is padded to (1):(0) and used whole).
bool zip_product_fast(const Layout& a, const Layout& b, int r, bool raked, IntTuple::Nodes& rs,
                      IntTuple::Nodes& rd) {
  if (a.rank() == 0 || b.rank() == 0) return false;
  IntTuple::Nodes cs, cd;
  if (!copies_fast(LayoutRef(a), LayoutRef(b), cs, cd)) return false;
  static constexpr ItNode kUnitShape{1, 1, 0}, kUnitStride{0, 1, 0};
  // Mode i of l padded to rank r, given l's profile (the copies have B's):
  // l itself where r = 1 or for mode 0 of an integer-shaped l, 1:0 past its
  // modes.
  const auto mode = [&](LayoutRef l, const ItNode* profile, int i) {
    if (r == 1) return l;
    if (!profile->tuple) return i == 0 ? l : LayoutRef(&kUnitShape, &kUnitStride);
    return i < profile->v ? l[i] : LayoutRef(&kUnitShape, &kUnitStride);
  };
  const LayoutRef la(a), copies(cs.data(), cd.data());
  const ItNode* pa = a.shape().root();
  const ItNode* pb = b.shape().root();
  append_zip_pairs(
      r, raked, [&](int i) { return mode(la, pa, i); }, [&](int i) { return mode(copies, pb, i); },
      rs, rd);
  return true;
}

// blocked (raked = false) and raked products: pad both to rank R, then pair
// mode i of A' with mode i of the copies C o B' (as a tuple of R pairs).
bool zip_product_into(const Layout& a, const Layout& b, bool raked, IntTuple::Nodes& rs,
                      IntTuple::Nodes& rd) {
  const int r = std::max(a.rank(), b.rank());
  if (zip_product_fast(a, b, r, raked, rs, rd)) return true;
  IntTuple::Nodes as, ad, bs, bd;  // A and B padded, where padding changes them
  const LayoutRef pa = padded(a, r, as, ad);
  const LayoutRef pb = padded(b, r, bs, bd);
  IntTuple::Nodes cs, cd;
  if (!copies_into(pa, pb, cs, cd)) return false;
  const LayoutRef copies(cs.data(), cd.data());
  // Mode i of a layout padded to rank r (itself where r = 1).
  const auto modes_of = [r](LayoutRef l) { return [r, l](int i) { return r == 1 ? l : l[i]; }; };
  append_zip_pairs(r, raked, modes_of(pa), modes_of(copies), rs, rd);
  return true;
}

template <class Guard>
auto logical(const Layout& a, const Tiler& b, Guard guard) {
  return guard("logical_product", detail::binary_operands(a, b), [&](auto& rs, auto& rd) {
    return detail::tiler_into(LayoutRef(a), b, /*keep_rest=*/true, product_pair, rs, rd);
  });
}

template <class Guard>
auto split(const char* op, const Layout& a, const Tiler& b, detail::Regroup how, Guard guard) {
  return guard(op, detail::binary_operands(a, b), [&](auto& rs, auto& rd) {
    return detail::split_variant(a, b, product_pair, product_underscore, how, rs, rd);
  });
}

template <class Guard>
auto zip(const char* op, const Layout& a, const Layout& b, bool raked, Guard guard) {
  return guard(op, detail::binary_operands(a, b),
               [&](auto& rs, auto& rd) { return zip_product_into(a, b, raked, rs, rd); });
}

}  // namespace

using detail::Throwing;
using detail::Trying;

Layout logical_product(const Layout& a, const Tiler& b) { return logical(a, b, Throwing{}); }
Result<Layout> try_logical_product(const Layout& a, const Tiler& b) {
  return logical(a, b, Trying{});
}

Layout zipped_product(const Layout& a, const Tiler& b) {
  return split("zipped_product", a, b, detail::Regroup::zipped, Throwing{});
}
Result<Layout> try_zipped_product(const Layout& a, const Tiler& b) {
  return split("zipped_product", a, b, detail::Regroup::zipped, Trying{});
}

Layout tiled_product(const Layout& a, const Tiler& b) {
  return split("tiled_product", a, b, detail::Regroup::tiled, Throwing{});
}
Result<Layout> try_tiled_product(const Layout& a, const Tiler& b) {
  return split("tiled_product", a, b, detail::Regroup::tiled, Trying{});
}

Layout blocked_product(const Layout& a, const Layout& b) {
  return zip("blocked_product", a, b, false, Throwing{});
}
Result<Layout> try_blocked_product(const Layout& a, const Layout& b) {
  return zip("blocked_product", a, b, false, Trying{});
}

Layout raked_product(const Layout& a, const Layout& b) {
  return zip("raked_product", a, b, true, Throwing{});
}
Result<Layout> try_raked_product(const Layout& a, const Layout& b) {
  return zip("raked_product", a, b, true, Trying{});
}

}  // namespace layout
