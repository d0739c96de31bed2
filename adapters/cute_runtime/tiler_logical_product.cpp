// logical_product(A, tiler) with CuTe (tiler_table.hpp).
#include "tiler_table.hpp"

namespace adapters::cute_runtime {

Layout tiler_logical_product(const Layout& a, const Tiler& b) {
  const auto f = [](const auto& x, const auto& t) { return answer(cute::logical_product(x, t)); };
  if (b.is_layout()) return product_by_layout("logical_product", a, b.layout, f);
  return tiler_dispatch<ProductOk>("logical_product", a, b, f);
}

}  // namespace adapters::cute_runtime
