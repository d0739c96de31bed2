// composition(A, B), A's profiles 11-20 (composition_table.hpp).
#include "composition_table.hpp"

namespace adapters::cute_runtime {

Layout composition_1(int ka, int kb, const Layout& a, const Layout& b) {
  return composition_range<11, 21>(ka, kb, a, b);
}

}  // namespace adapters::cute_runtime
