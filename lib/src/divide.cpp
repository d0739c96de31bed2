#include "layout/divide.hpp"

#include "algebra_core.hpp"
#include "layout_ref.hpp"
#include "mode_sink.hpp"
#include "refusal.hpp"
#include "tile_split.hpp"

namespace layout {

namespace detail {

namespace {

// divide_into on the common inputs (B with at most kFastLeaves leaves, its
// complement by the walk, A o (B, complement) by compose_leaves_fast): the
// same nodes without the frames; false where the general path decides.
bool divide_fast(LayoutRef a, const Layout& b, IntTuple::Nodes& rs, IntTuple::Nodes& rd) {
  return attempt_fast(rs, rd, [&] {
    const ItNode* bs = b.shape().root();
    const ItNode* bd = b.stride().root();
    Mode leaves[2 * kFastLeaves + 1];  // B's leaves, then the complement's
    Mode moving[kFastLeaves];
    std::size_t nb = 0, nm = 0;
    if (!gather_leaves(bs, bd, b.shape().node_count(), leaves, nb) ||
        !moving_modes(ModeSpan(leaves, nb), moving, nm))
      return false;
    ModeArraySink rest(leaves + nb);
    if (!complement_walk(moving, nm, a.size(), rest)) return false;
    std::size_t nr = rest.size();
    if (nr == 0) leaves[nb + nr++] = {1, 0};
    FixedVector<Mode, kFastAModes> am;
    FastComposed c;
    if (!extension_modes_fast(a, am) || !compose_leaves_fast(am, ModeSpan(leaves, nb + nr), c))
      return false;
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
// walk and no-carry check as composition). false: refused (fail()).
bool divide_into(LayoutRef a, const Layout& b, IntTuple::Nodes& rs, IntTuple::Nodes& rd) {
  if (divide_fast(a, b, rs, rd)) return true;
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
    return tiler_into(LayoutRef(a), b, /*keep_rest=*/true, divide_into, rs, rd);
  });
}

template <class Guard>
auto split(const char* op, const Layout& a, const Tiler& b, detail::Regroup how, Guard guard) {
  return guard(op, binary_operands(a, b), [&](auto& rs, auto& rd) {
    return split_variant(a, b, divide_into, divide_underscore, how, rs, rd);
  });
}

}  // namespace

bool zipped_divide_status(const Layout& a, const Tiler& b, Layout& z) {
  auto operands = binary_operands(a, b);
  auto body = [&](IntTuple::Nodes& rs, IntTuple::Nodes& rd) {
    return split_variant(a, b, divide_into, divide_underscore, Regroup::zipped, rs, rd);
  };
  bool ok = false;
  z = build_in_frame("zipped_divide", operands, body, ok);
  return ok;
}

}  // namespace detail

using detail::Throwing;
using detail::Trying;

Layout logical_divide(const Layout& a, const Tiler& b) { return detail::logical(a, b, Throwing{}); }
Result<Layout> try_logical_divide(const Layout& a, const Tiler& b) {
  return detail::logical(a, b, Trying{});
}

Layout zipped_divide(const Layout& a, const Tiler& b) {
  return detail::split("zipped_divide", a, b, detail::Regroup::zipped, Throwing{});
}
Result<Layout> try_zipped_divide(const Layout& a, const Tiler& b) {
  return detail::split("zipped_divide", a, b, detail::Regroup::zipped, Trying{});
}

Layout tiled_divide(const Layout& a, const Tiler& b) {
  return detail::split("tiled_divide", a, b, detail::Regroup::tiled, Throwing{});
}
Result<Layout> try_tiled_divide(const Layout& a, const Tiler& b) {
  return detail::split("tiled_divide", a, b, detail::Regroup::tiled, Trying{});
}

Layout flat_divide(const Layout& a, const Tiler& b) {
  return detail::split("flat_divide", a, b, detail::Regroup::flat, Throwing{});
}
Result<Layout> try_flat_divide(const Layout& a, const Tiler& b) {
  return detail::split("flat_divide", a, b, detail::Regroup::flat, Trying{});
}

}  // namespace layout
