// composition(A, tiler) with CuTe (tiler_table.hpp).
#include "tiler_table.hpp"

namespace adapters::cute_runtime {

Layout tiler_composition(const Layout& a, const Tiler& b) {
  const auto f = [](const auto& x, const auto& t) { return answer(cute::composition(x, t)); };
  return tiler_dispatch<ByModeOk>("composition", a, b, f);
}

}  // namespace adapters::cute_runtime
