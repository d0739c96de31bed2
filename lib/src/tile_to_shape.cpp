#include "layout/checked.hpp"
#include "layout/coalesce.hpp"
#include "layout/product.hpp"
#include "refusal.hpp"

namespace layout {

namespace {

Layout tile_to_shape_impl(const Layout& block, const IntTuple& target, const IntTuple* order) {
  const int r = target.rank();
  if (block.rank() > r)
    detail::refuse("the block has " + std::to_string(block.rank()) + " modes but the target only " +
                   std::to_string(r));
  const Layout padded = r == 1 ? block : append_to_rank(block, r);
  TupleBuilder counts;
  for (int i = 0; i < r; ++i) {
    const int64_t b = r == 1 ? padded.size() : padded[i].size();
    const int64_t t = r == 1 ? product(target) : product(target[i]);
    if (t % b != 0)
      detail::refuse("mode " + std::to_string(i) + ": the block's size " + std::to_string(b) +
                     " does not divide the target's " + std::to_string(t));
    counts.add_int(t / b);
  }
  const IntTuple shape = r == 1 ? IntTuple(product(target) / padded.size()) : counts.done();
  const Layout copies = order ? make_ordered_layout(shape, *order) : make_layout_left(shape);
  return coalesce(blocked_product(padded, copies), shape);
}

std::string operands(const Layout& b, const IntTuple& t, const IntTuple* o) {
  return to_string(b) + ", " + to_string(t) + (o ? ", " + to_string(*o) : "");
}

}  // namespace

Layout tile_to_shape(const Layout& block, const IntTuple& target) {
  return detail::guarded(
      "tile_to_shape", [&] { return operands(block, target, nullptr); },
      [&] { return tile_to_shape_impl(block, target, nullptr); });
}

Layout tile_to_shape(const Layout& block, const IntTuple& target, const IntTuple& order) {
  return detail::guarded(
      "tile_to_shape", [&] { return operands(block, target, &order); },
      [&] { return tile_to_shape_impl(block, target, &order); });
}

}  // namespace layout
