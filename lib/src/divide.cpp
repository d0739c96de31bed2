#include "layout/divide.hpp"

#include "layout/complement.hpp"
#include "layout/composition.hpp"
#include "refusal.hpp"
#include "tile_split.hpp"

namespace layout {

using detail::refuse;

namespace detail {

// logical_divide by a layout: A o (B, complement(B, size(A))).
Layout divide_by_layout(const Layout& a, const Layout& b) {
  Layout rest = complement(b, a.size());
  return composition(a, concat_modes({&b, &rest}));
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
