// composition(A, B), A's profiles 21-30 (composition_table.hpp).
#include "composition_table.hpp"

namespace adapters::cute_runtime {

Layout composition_2(int ka, int kb, const Layout& a, const Layout& b) {
  return composition_range<21, 31>(ka, kb, a, b);
}

}  // namespace adapters::cute_runtime
