// zipped_divide(A, tiler) with CuTe (tiler_table.hpp).
#include "tiler_table.hpp"

namespace adapters::cute_runtime {

Layout tiler_zipped_divide(const Layout& a, const Tiler& b) {
  const auto f = [](const auto& x, const auto& t) { return answer(cute::zipped_divide(x, t)); };
  return tiler_dispatch<RegroupOk>("zipped_divide", a, b, f);
}

}  // namespace adapters::cute_runtime
