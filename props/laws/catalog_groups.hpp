// Internal: the law catalog is assembled from groups, one file each.
#pragma once

#include <vector>

#include "law.hpp"

namespace props {

std::vector<Law> headline_laws();  // COAL-FN, COMP-TILE, COMP-ASSOC

}  // namespace props
