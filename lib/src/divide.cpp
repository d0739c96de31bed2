#include "layout/divide.hpp"

#include "algebra_core.hpp"
#include "refusal.hpp"
#include "tile_split.hpp"

namespace layout {

using detail::refuse;

namespace detail {

// logical_divide by a layout: A o (B, complement(B, size(A))), composed at the
// level of modes (the same walk and no-carry check as composition).
Layout divide_by_layout(const Layout& a, const Layout& b) {
  const Modes bm = flat_modes(b);
  Modes rest;
  try {
    rest = complement_modes(bm, a.size());
  } catch (const Refusal& r) {
    refuse("complement(" + to_string(b) + ", " + std::to_string(a.size()) + "): " + r.condition);
  }
  const Modes am = extension_modes(a);
  Modes leaves = bm;
  leaves.append(rest.data(), rest.size());
  if (rest.empty()) leaves.push_back({1, 0});
  try {
    check_no_carry(am, leaves);
    IntTuple rs, rd;  // (A o B, A o rest)
    auto& s = rs.raw();
    auto& d = rd.raw();
    s[0] = d[0] = {2, 1, 1};
    compose_tree(am, b.shape().root(), b.stride().root(), s, d);
    if (rest.empty()) rest.push_back({1, 0});
    compose_flat(am, rest, s, d);
    s[0].span = static_cast<int32_t>(s.size());
    d[0].span = static_cast<int32_t>(d.size());
    return Layout::unchecked(std::move(rs), std::move(rd));
  } catch (const Refusal& r) {
    refuse("composition(" + to_string(a) + ", (" + to_string(b) + ", " +
           to_string(from_modes(rest)) + ")): " + r.condition);
  }
}

Split split_divide(const Layout& a, const Tiler& b) {
  switch (b.kind) {
    case Tiler::Kind::layout: {
      Layout d = divide_by_layout(a, b.layout);
      return {d[0], d[1]};
    }
    case Tiler::Kind::underscore:
      return {Layout(), a};  // the tile 1:0, the whole mode as the rest
    case Tiler::Kind::tuple:
      break;
  }
  return split_by_mode(a, b, split_divide);
}

}  // namespace detail

namespace {

Layout logical_divide_impl(const Layout& a, const Tiler& b) {
  switch (b.kind) {
    case Tiler::Kind::layout:
      return detail::divide_by_layout(a, b.layout);
    case Tiler::Kind::underscore:
      return a;
    case Tiler::Kind::tuple:
      break;
  }
  return detail::by_mode(a, b, logical_divide_impl);
}


}  // namespace

Layout logical_divide(const Layout& a, const Tiler& b) {
  return detail::guarded_binary("logical_divide", a, b, [&] { return logical_divide_impl(a, b); });
}

Layout zipped_divide(const Layout& a, const Tiler& b) {
  return detail::guarded_binary("zipped_divide", a, b,
                        [&] { return detail::zipped(detail::split_divide(a, b)); });
}

Layout tiled_divide(const Layout& a, const Tiler& b) {
  return detail::guarded_binary("tiled_divide", a, b,
                        [&] { return detail::tiled(detail::split_divide(a, b)); });
}

Layout flat_divide(const Layout& a, const Tiler& b) {
  return detail::guarded_binary("flat_divide", a, b,
                        [&] { return detail::flat(detail::split_divide(a, b)); });
}

}  // namespace layout
