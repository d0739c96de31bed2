#include "layout/divide.hpp"

#include "algebra_core.hpp"
#include "layout_ref.hpp"
#include "leaf_tile.hpp"
#include "mode_sink.hpp"
#include "refusal.hpp"
#include "tile_split.hpp"

namespace layout {

namespace detail {

namespace {

// Appends the pair (B's tree with leaf k replaced by result k, the rest's nr
// results as one mode or a flat tuple) in one extension of rs/rd, where every
// one of B's nb leaves and the rest's nr leaves composed to exactly one mode
// (c holds nb + nr modes); false (nothing appended) otherwise. The nodes of
// OpenTuple + emit_composed_tree + emit_flat on those results.
[[gnu::always_inline]] inline bool emit_pair_one_mode_each(const FastComposed& c, std::size_t nb,
                                                           std::size_t nr, const ItNode* bs,
                                                           const ItNode* bd, IntTuple::Nodes& rs,
                                                           IntTuple::Nodes& rd) {
  if (c.modes.size() != nb + nr) return false;
  const auto span_b = static_cast<std::size_t>(bs->span);
  const std::size_t rest_nodes = nr == 1 ? 1 : nr + 1;
  const std::size_t total = 1 + span_b + rest_nodes;
  ItNode* ps = rs.extend(total);
  ItNode* pd = rd.extend(total);
  put_tuple_node(ps, pd, 2, total);
  const Mode* m = put_replacing_leaves(ps, pd, bs, bd, c.modes.data());
  ps += span_b;
  pd += span_b;
  if (nr != 1) {
    put_tuple_node(ps, pd, static_cast<int64_t>(nr), nr + 1);
  }
  for (std::size_t k = 0; k < nr; ++k, ++m) {
    ps[k] = {m->s, 1, 0};
    pd[k] = {m->d, 1, 0};
  }
  return true;
}

// divide_into on the common inputs (B with at most kFastLeaves leaves, its
// complement by the walk, A o (B, complement) by compose_leaves_fast): the
// same nodes without the frames; false where the general path decides. With
// kInRange (outside the operation's frame, which checks the whole result),
// also false where the result's leaves, the composed modes, are out of range.
template <bool kInRange>
[[gnu::always_inline]] inline bool divide_fast(LayoutRef a, const Layout& b, IntTuple::Nodes& rs,
                                               IntTuple::Nodes& rd) {
  return attempt_fast(rs, rd, [&] {
    const ItNode* bs = b.shape().root();
    const ItNode* bd = b.stride().root();
    Mode leaves[2 * kFastLeaves + 1];  // B's leaves, then the complement's
    Mode moving[kFastLeaves];
    std::size_t nb = 0, nm = 0;
    if (!gather_leaves(bs, bd, b.shape().node_count(), leaves, nb) ||
        !moving_modes(ModeSpan(leaves, nb), moving, nm))
      return false;
    // A's extension modes (A one leaf: that leaf), whose sizes multiply to size(A).
    FixedVector<Mode, kFastAModes> am;
    int64_t size_a = a.s->v;
    if (a.s->tuple) {
      if (!extension_modes_fast(a, am)) return false;
      size_a = 1;
      for (const Mode& m : am)
        if (__builtin_mul_overflow(size_a, m.s, &size_a)) return false;
    }
    ModeArraySink rest(leaves + nb);
    if (!complement_walk(moving, nm, size_a, rest)) return false;
    std::size_t nr = rest.size();
    if (nr == 0) leaves[nb + nr++] = {1, 0};
    FastComposed c;
    const ModeSpan all(leaves, nb + nr);
    if (!(a.s->tuple ? compose_leaves_fast(am, all, c) : compose_leaves_fast_leaf(a.d->v, all, c)))
      return false;
    if (kInRange && !representable(c.modes.data(), c.modes.size())) return false;
    if (emit_pair_one_mode_each(c, nb, nr, bs, bd, rs, rd)) return true;
    if (!bs->tuple) {  // B a leaf: (T, R), each the flat modes of its results, in one extension
      const std::size_t nt = flat_nodes(c, 0, 1), nrest = flat_nodes(c, 1, nr);
      const std::size_t total = 1 + nt + nrest;
      ItNode* ps = rs.extend(total);
      ItNode* pd = rd.extend(total);
      put_tuple_node(ps, pd, 2, total);
      put_flat(c, 0, 1, nt, ps, pd);
      put_flat(c, 1, nr, nrest, ps, pd);
      return true;
    }
    OpenTuple pair(rs, rd, 2);
    emit_composed_tree(c, nb, bs, bd, rs, rd);
    std::size_t next = nb;
    emit_flat(c, next, nr, rs, rd);
    pair.close();
    return true;
  });
}

}  // namespace

// Appends logical_divide(A, B) for a layout B: the pair
// (A o B, A o complement(B, size(A))), composed at the level of modes (the same
// walk and no-carry check as composition). false: refused (fail()). With
// kTryFast, divide_fast first; without, where it has just given up on the
// same A and B (a divide by a layout B at the public boundary): the general
// path appends the same nodes wherever divide_fast would.
template <bool kTryFast>
bool divide_into(LayoutRef a, const Layout& b, IntTuple::Nodes& rs, IntTuple::Nodes& rd) {
  if (kTryFast && divide_fast<false>(a, b, rs, rd)) return true;
  Modes leaves = flat_modes(b);  // B's leaves, then the complement's
  const int64_t size_a = a.size();
  Modes rest;
  {
    const auto in_complement = step([&](std::string& out) {
      out += "complement(" + to_string(b) + ", " + std::to_string(size_a) + "): ";
    });
    if (!complement_modes(leaves, size_a, rest)) return false;
  }
  if (rest.empty()) rest.push_back({1, 0});
  const Modes am = extension_modes(a);
  leaves.append(rest.data(), rest.size());
  const auto in_composition = step([&](std::string& out) {
    out += "composition(" + to_string(a.copy()) + ", (" + to_string(b) + ", " +
           to_string(from_modes(rest)) + ")): ";
  });
  Composed c;
  if (!compose_leaves(am, leaves, c)) return false;
  OpenTuple pair(rs, rd, 2);
  std::size_t next = 0;
  emit_tree(c, next, b.shape().root(), rs, rd);
  emit_flat(c, next, rest.size(), rs, rd);
  pair.close();
  return true;
}

namespace {

// The split of A by `_` (CuTe's zip2_by): a rank-2 mode is already a (tile,
// rest) pair. C++ compiles nothing else; there pycute's rule applies: the
// tile 1:0 with the whole mode as the rest.
bool divide_underscore(LayoutRef a, IntTuple::Nodes& rs, IntTuple::Nodes& rd) {
  if (a.s->tuple && a.rank() == 2) {
    a.append_to(rs, rd);
    return true;
  }
  OpenTuple pair(rs, rd, 2);
  rs.push_back({1, 1, 0});
  rd.push_back({0, 1, 0});
  a.append_to(rs, rd);
  pair.close();
  return true;
}

template <class Guard>
auto logical(const Layout& a, const Tiler& b, Guard guard) {
  return guard("logical_divide", binary_operands(a, b), [&](auto& rs, auto& rd) {
    // A layout B: divide_in_range has just given up on A and B.
    return b.is_layout()
               ? tiler_into(LayoutRef(a), b, /*keep_rest=*/true, divide_into<false>, rs, rd)
               : tiler_into(LayoutRef(a), b, /*keep_rest=*/true, divide_into<true>, rs, rd);
  });
}

template <class Guard>
auto split(const char* op, const Layout& a, const Tiler& b, detail::Regroup how, Guard guard) {
  return guard(op, binary_operands(a, b), [&](auto& rs, auto& rd) {
    return b.is_layout()  // as in logical()
               ? split_variant(a, b, divide_into<false>, divide_underscore, how, rs, rd)
               : split_variant(a, b, divide_into<true>, divide_underscore, how, rs, rd);
  });
}

}  // namespace

bool zipped_divide_status(const Layout& a, const Tiler& b, Layout& z) {
  auto operands = binary_operands(a, b);
  auto body = [&](IntTuple::Nodes& rs, IntTuple::Nodes& rd) {
    return split_variant(a, b, divide_into<true>, divide_underscore, Regroup::zipped, rs, rd);
  };
  bool ok = false;
  z = build_in_frame("zipped_divide", operands, body, ok);
  return ok;
}

}  // namespace detail

using detail::FastThrowing;
using detail::FastTrying;

namespace {

// divide_into's fast path at the public boundary (outside the frame: the
// range checked there).
constexpr auto divide_in_range = [](const Layout& a, const Layout& b, IntTuple::Nodes& rs,
                                    IntTuple::Nodes& rd) {
  return detail::divide_fast<true>(detail::LayoutRef(a), b, rs, rd);
};

// divide_into's fast path for a mode of a tuple tiler (by_tiler checks the
// whole result's range): a leaf mode by a leaf first by divide_leaf's rule.
constexpr auto divide_mode_fast = [](detail::LayoutRef a, const Layout& b, IntTuple::Nodes& rs,
                                     IntTuple::Nodes& rd) {
  return detail::leaf_pair(a, b, detail::divide_leaf_rule, rs, rd) ||
         detail::divide_fast<false>(a, b, rs, rd);
};

// The general paths' by-mode walks over the fast paths, for a tuple tiler.
constexpr auto logical_tuple_fast = [](const Layout& a, const Tiler& b, IntTuple::Nodes& rs,
                                       IntTuple::Nodes& rd) {
  return detail::tiler_into<true>(detail::LayoutRef(a), b, /*keep_rest=*/true, divide_mode_fast, rs,
                                  rd);
};
auto split_tuple_fast(detail::Regroup how) {  // written regrouped (split_into)
  return [how](const Layout& a, const Tiler& b, IntTuple::Nodes& rs, IntTuple::Nodes& rd) {
    return detail::split_into<true>(detail::LayoutRef(a), b, divide_mode_fast,
                                    detail::divide_underscore, rs, rd, how);
  };
}

// The divide `form` by a tile of leaves on leaf modes, computed directly.
auto leaf_tile_divide(detail::TileForm form) {
  return [form](const Layout& a, const Tiler& b, IntTuple::Nodes& rs, IntTuple::Nodes& rd) {
    return detail::split_by_leaf_tile(detail::LayoutRef(a), b, form, detail::divide_leaf_rule, rs,
                                      rd);
  };
}

template <class Boundary>
auto logical_divide_by(const Layout& a, const Tiler& b, const Boundary& boundary) {
  return detail::by_tiler(
      a, b, divide_in_range, leaf_tile_divide(detail::TileForm::logical), logical_tuple_fast,
      [&](auto g) { return detail::logical(a, b, g); }, boundary);
}

template <class Boundary>
auto split_divide_by(const char* op, const Layout& a, const Tiler& b, detail::Regroup how,
                     const Boundary& boundary) {
  const auto form = how == detail::Regroup::zipped  ? detail::TileForm::zipped
                    : how == detail::Regroup::tiled ? detail::TileForm::tiled
                                                    : detail::TileForm::flat;
  return detail::by_tiler(
      a, b, divide_in_range, leaf_tile_divide(form), split_tuple_fast(how),
      [&](auto g) { return detail::split(op, a, b, how, g); }, boundary, &how);
}

}  // namespace

Layout logical_divide(const Layout& a, const Tiler& b) {
  return logical_divide_by(a, b, FastThrowing{});
}
Result<Layout> try_logical_divide(const Layout& a, const Tiler& b) {
  return logical_divide_by(a, b, FastTrying{});
}

Layout zipped_divide(const Layout& a, const Tiler& b) {
  return split_divide_by("zipped_divide", a, b, detail::Regroup::zipped, FastThrowing{});
}
Result<Layout> try_zipped_divide(const Layout& a, const Tiler& b) {
  return split_divide_by("zipped_divide", a, b, detail::Regroup::zipped, FastTrying{});
}

Layout tiled_divide(const Layout& a, const Tiler& b) {
  return split_divide_by("tiled_divide", a, b, detail::Regroup::tiled, FastThrowing{});
}
Result<Layout> try_tiled_divide(const Layout& a, const Tiler& b) {
  return split_divide_by("tiled_divide", a, b, detail::Regroup::tiled, FastTrying{});
}

Layout flat_divide(const Layout& a, const Tiler& b) {
  return split_divide_by("flat_divide", a, b, detail::Regroup::flat, FastThrowing{});
}
Result<Layout> try_flat_divide(const Layout& a, const Tiler& b) {
  return split_divide_by("flat_divide", a, b, detail::Regroup::flat, FastTrying{});
}

}  // namespace layout
