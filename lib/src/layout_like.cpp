#include "layout/layout.hpp"
#include "refusal.hpp"

namespace layout {

Layout make_layout_like(const Layout& l) {
  return detail::guarded(
      "make_layout_like", [&] { return to_string(l); },
      [&] {
        // filter_zeros: a stride-0 leaf takes no room (size 1 in the order).
        IntTuple shape = l.shape();
        const ItNode* d = l.stride().root();
        for (std::size_t k = 0; k < shape.node_count(); ++k)
          if (!d[k].tuple && d[k].v == 0) shape.raw()[k].v = 1;
        IntTuple stride = make_ordered_layout(shape, l.stride()).stride();
        for (std::size_t k = 0; k < stride.node_count(); ++k)
          if (!d[k].tuple && d[k].v == 0) stride.raw()[k].v = 0;
        return Layout::unchecked(l.shape(), std::move(stride));
      });
}

}  // namespace layout
