// composition(A, B), A's profiles 31-40 (composition_table.hpp).
#include "composition_table.hpp"

namespace adapters::cute_runtime {

Layout composition_3(int ka, int kb, const Layout& a, const Layout& b) {
  return composition_range<31, 41>(ka, kb, a, b);
}

}  // namespace adapters::cute_runtime
