// tiled_product(A, tiler) with CuTe (tiler_table.hpp).
#include "tiler_table.hpp"

namespace adapters::cute_runtime {

Layout tiler_tiled_product(const Layout& a, const Tiler& b) {
  const auto f = [](const auto& x, const auto& t) { return answer(cute::tiled_product(x, t)); };
  if (b.is_layout()) return product_by_layout("tiled_product", a, b.layout, f);
  return tiler_dispatch<RegroupProductOk>("tiled_product", a, b, f);
}

}  // namespace adapters::cute_runtime
