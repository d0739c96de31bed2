// The divides and products by their definitions, as tables of values computed
// by the oracle (never by the algebra under test):
//   logical_divide(A, B)  = A o (B, complement(B, size(A)))      (by mode for tuples)
//   logical_product(A, B) = (A, complement(A, size(A)*cosize(B)) o B)
// and the zipped / tiled / flat regroupings and blocked / raked products
// (docs/SEMANTICS.md). Every complement is the documented formula
// (oracle::complement) and every composition is A(B(i)) evaluated pointwise
// in 128 bits. Used by the catalog laws (LDIV-DEF, DIV-REGROUP, LPROD-DEF,
// PROD-REGROUP, BLOCKED-DEF, RAKED-DEF, LTILE-DEF, LPART-DEF) and by the
// conformance judge.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "law.hpp"
#include "oracle.hpp"

namespace props::defs {

using oracle::wide;
using Table = std::vector<wide>;  // values on [0, n), in 128 bits

// The operation has no result (a complement is not defined, a tiler has more
// modes than A, C o B' carries): only a refusal is right.
struct NotDefined {
  std::string why;
};

// Top-level modes a result must have, in order: each group is one mode of
// that size, or (split) any run of consecutive modes whose sizes multiply to
// it: a composition with an integer-shaped layout may refine it (A o 8:1 may
// be (2,4):(..)), so a spliced one may be several modes.
struct ModeGroup {
  int64_t size;
  bool split = false;
  friend bool operator==(const ModeGroup&, const ModeGroup&) = default;
};
using Modes = std::vector<ModeGroup>;

// What a result must be: its values at every index and its top-level modes.
struct Definition {
  Table values;
  Modes modes;
};

// The two halves of a divided (tile, rest) or multiplied (A, copies) layout,
// with the top-level modes each half has when it is spliced.
struct Halves {
  Table first, second;
  Modes first_modes, second_modes;
};

// Tables past `limit` entries throw oracle::TooLarge.
Halves divide_halves(const Layout& a, const Tiler& t, int64_t limit);
Halves product_halves(const Layout& a, const Tiler& t, int64_t limit);

// op: logical/zipped/tiled/flat_divide, logical/zipped/tiled_product.
Definition tiler_definition(std::string_view op, const Layout& a, const Tiler& b, int64_t limit);
Definition blocked_raked_definition(bool raked, const Layout& a, const Layout& b, int64_t limit);

// Sizes of the top-level modes of a layout (an integer-shaped one has one).
std::vector<int64_t> top_mode_sizes(const Layout& l);
// Whether the top-level mode sizes of a result match the groups.
bool matches(const std::vector<int64_t>& sizes, const Modes& groups);
std::string to_string(const Modes& groups);  // "(4,2*)": * marks a split group

// r meets the definition: same size, same top-level mode sizes, same value at
// every index (a value past int64 in the definition means r had to be refused).
Outcome check_definition(const std::string& law, const std::vector<Arg>& args,
                         const std::string& op, const Definition& def, const Layout& r);

}  // namespace props::defs
