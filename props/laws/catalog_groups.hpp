// Internal: the law catalog is assembled from groups, one file each.
#pragma once

#include <vector>

#include "law.hpp"

namespace props {

std::vector<Law> headline_laws();      // COAL-FN, COMP-TILE, COMP-ASSOC
std::vector<Law> coord_laws();         // coordinates, eval, size, cosize, compact layouts
std::vector<Law> coalesce_laws();      // canonical form, by-mode coalesce, filter
std::vector<Law> composition_laws();   // pointwise, compatibility, identities, refusals
std::vector<Law> complement_laws();    // disjoint, ordered, bounded
std::vector<Law> inverse_laws();       // right and left inverses
std::vector<Law> divide_laws();        // logical divide and its regroupings
std::vector<Law> product_laws();       // logical, blocked, raked products and regroupings
std::vector<Law> swizzle_laws();       // swizzle
std::vector<Law> notation_laws();      // print / parse
std::vector<Law> refusal_laws();       // messages, overflow
std::vector<Law> structure_laws();     // rank, depth, flatten, compact layouts, IntTuple utilities
std::vector<Law> slice_laws();         // slice, local_tile, local_partition
std::vector<Law> flat_laws();          // FlatLayout and MagicDivider
std::vector<Law> completeness_laws();  // refuse only what no layout can answer
std::vector<Law> cast_laws();          // upcast, downcast, recast_layout, byte-address swizzle

}  // namespace props
