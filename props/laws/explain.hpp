// The expected and actual values behind a counterexample of a function law,
// for reports (layoutcheck --report, cli/draw/report.hpp): the law's
// function evaluated by the oracle (expected) and through the algebra under
// test (actual) at every index of its domain, arranged like a layout so that
// the values can be drawn as a grid. Only for the laws that compare two
// functions index by index; the others have no explanation (std::nullopt)
// and a report shows the counterexample's one index instead.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "algebra.hpp"
#include "law.hpp"

namespace props {

struct Explanation {
  std::string caption;  // e.g. "A(B(i)) against (A o B)(i) = (3,2):(1,1)"
  Layout arrangement;   // the values' index i is drawn where this layout's index i is
  std::vector<std::optional<int64_t>> expected, actual;  // one per index; nullopt: undefined
};

// At most this many values (a larger domain has no explanation).
inline constexpr int64_t kExplainLimit = int64_t{1} << 12;

// COAL-FN, COMP-FN, COMP-REFUSE, COMP-COMPLETE, COMP-ASSOC, EVAL-ORACLE,
// FLAT-EVAL, RINV-FN, LINV-FN, LINV-COMPLETE, LDIV-DEF (a single-layout
// tiler), SWZ-LAYOUT, CPL-EXACT and COMP-TILE (hits per offset of [0, M)). pre: args fit law's
// argument kinds. std::nullopt for any other law, when the algebra refuses, or past the limit.
std::optional<Explanation> explain(const std::string& law, const Algebra& alg,
                                   const std::vector<Arg>& args);

}  // namespace props
