// Internal: the mutant files each contribute a list (mutants.cpp gathers them).
#pragma once

#include <memory>
#include <vector>

#include "mutants.hpp"

namespace props::mutants {

template <class T>
std::function<std::unique_ptr<Algebra>()> maker() {
  return [] { return std::make_unique<T>(); };
}

std::vector<Mutant> flat_mutants();     // flat_mutants.cpp: divider, FlatLayout
std::vector<Mutant> refusal_mutants();  // refusal_mutants.cpp: needless refusals (issue 12)
std::vector<Mutant> cast_mutants();     // cast_mutants.cpp: upcast, downcast, recast, byte swizzle
std::vector<Mutant>
structure_mutants();  // structure_mutants.cpp: slicing, profiles, complement, ...

}  // namespace props::mutants
