// nullspace(L): the kernel of a layout, as CuTe defines it.
#pragma once

#include "layout/layout.hpp"

namespace layout {

// nullspace(L): the leaves of L (flattened, in order) whose stride is 0, each
// with its colexicographic position stride (the product of the sizes of the
// leaves before it): one leaf -> s:p, several -> the flat tuple, none -> 1:0.
//   post: L(N(i)) = 0 and 0 <= N(i) < size(L) for every i < size(N); N is
//         injective; size(N) = size(L) / size(filter(L)) (the product of the
//         sizes of the stride-0 leaves).
// Never refused (the positions are below size(L), which fits in int64).
Layout nullspace(const Layout& l);

}  // namespace layout
