// Divides and products checked against their definitions, built from pieces
// that are themselves checked by brute force (docs/CLI.md):
//   logical_divide(A, B) = A o (B, complement(B, size(A)))   (by mode for tuples)
//   logical_product(A, B) = (A, complement(A, size(A)*cosize(B)) o B)
// and the zipped / tiled / flat regroupings and blocked / raked products.
// Each complement comes from the library and must pass check_complement;
// every composition is evaluated pointwise (A(B(i))), never by the library.
#pragma once

#include <string_view>
#include <vector>

#include "oracle.hpp"
#include "postconditions.hpp"

namespace layoutcheck {

// What a result must be: its values at every index and its top-level mode sizes.
struct Definition {
  Table values;
  std::vector<int64_t> mode_sizes;
};

// op is one of logical/zipped/tiled/flat_divide, logical/zipped/tiled_product.
Definition tiler_definition(std::string_view op, const layout::Layout& a, const layout::Tiler& b);
Definition blocked_raked_definition(bool raked, const layout::Layout& a, const layout::Layout& b);

// Same size, same top-level mode sizes, same value at every index.
Violation check_definition(const Definition& def, const layout::Layout& r);

}  // namespace layoutcheck
