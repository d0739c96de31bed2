#include "catalog_groups.hpp"

namespace props {

const std::vector<Law>& catalog() {
  static const std::vector<Law> all = [] {
    std::vector<Law> out;
    for (auto group :
         {headline_laws, coord_laws, coalesce_laws, composition_laws, complement_laws, inverse_laws,
          divide_laws, product_laws, swizzle_laws, notation_laws, refusal_laws, structure_laws,
          slice_laws, flat_laws, completeness_laws, cast_laws})
      for (Law& l : group()) out.push_back(std::move(l));
    return out;
  }();
  return all;
}

}  // namespace props
