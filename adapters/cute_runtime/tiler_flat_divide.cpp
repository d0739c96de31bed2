// flat_divide(A, tiler) with CuTe (tiler_table.hpp).
#include "tiler_table.hpp"

namespace adapters::cute_runtime {

Layout tiler_flat_divide(const Layout& a, const Tiler& b) {
  const auto f = [](const auto& x, const auto& t) { return answer(cute::flat_divide(x, t)); };
  return tiler_dispatch<RegroupOk>("flat_divide", a, b, f);
}

}  // namespace adapters::cute_runtime
