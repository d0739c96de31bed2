// composition(A, B), A's profiles 0-10 (composition_table.hpp).
#include "composition_table.hpp"

namespace adapters::cute_runtime {

Layout composition_0(int ka, int kb, const Layout& a, const Layout& b) {
  return composition_range<0, 11>(ka, kb, a, b);
}

Layout composition_layouts(int ka, int kb, const Layout& a, const Layout& b) {
  if (ka < 11) return composition_0(ka, kb, a, b);
  if (ka < 21) return composition_1(ka, kb, a, b);
  if (ka < 31) return composition_2(ka, kb, a, b);
  return composition_3(ka, kb, a, b);
}

}  // namespace adapters::cute_runtime
