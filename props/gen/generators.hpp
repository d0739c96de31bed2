// props::gen — RapidCheck generators for layouts, tilers, integers and
// coordinates, one per input class of the design (§3).
//
// Every layout is built from a list of flat modes (s, d) plus a nesting plan
// (a list of small codes; all zeros is flat). Both come from shrinkable
// RapidCheck containers of gen::inRange values, so a failing case shrinks by
// removing modes, lowering shapes and strides toward the bottom of their range
// and zeroing the nesting codes (un-nesting). Constructions that must keep a
// property (compact, injective, composable, ...) derive it from the picks, so
// shrinking never leaves the class.
//
// Sizes stay at most 2^12 so that the brute-force oracle can tabulate every
// layout; the large-values class keeps sizes small and makes strides and values
// huge (past 2^31 and 2^32, up to the int64 edge) while every value of the
// layout still fits in int64.
#pragma once

#include <rapidcheck.h>

#include <cstdint>
#include <ostream>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "law.hpp"

namespace props::gen {

using layout::IntTuple;
using layout::Layout;
using layout::Mode;
using layout::Term;
using layout::Tiler;

inline constexpr int64_t max_size = int64_t{1} << 12;  // brute-force budget

enum class InputClass {
  nested,      // random nested shapes (depth <= 3, rank <= 4 per level), arbitrary strides >= 0
  compact,     // make_layout_left / make_layout_right of a nested shape
  permuted,    // compact in a permuted mode order
  gaps,        // injective with gaps between the modes' images
  broadcast,   // some modes with stride 0
  size_one,    // size-1 modes inserted anywhere
  negative,    // some negative strides
  rewrite,     // function-preserving rewrites: split modes, insert size-1 modes, re-nest
  large,       // small sizes, huge strides (past 2^31, 2^32, up to the int64 edge)
  admissible,  // operands admissible by construction for the law's operation
  near_miss,   // operands just outside admissibility, which must be refused (or be right)
};

const char* name(InputClass c);
std::vector<InputClass> all_classes();

// ---- layouts, one generator per class --------------------------------------
rc::Gen<Layout> nested_layouts();
rc::Gen<Layout> compact_layouts();
rc::Gen<Layout> permuted_layouts();
rc::Gen<Layout> gap_layouts();
rc::Gen<Layout> broadcast_layouts();
rc::Gen<Layout> size_one_layouts();
rc::Gen<Layout> negative_layouts();
rc::Gen<Layout> rewritten_layouts();
rc::Gen<Layout> large_layouts();
// Huge shapes (sizes past 2^31 and 2^32, to the int64 edge), small strides.
rc::Gen<Layout> huge_shape_layouts();
// Injective layouts whose sorted modes chain (each running end divides the
// next stride): complementable with an exact tiling.
rc::Gen<Layout> chained_layouts();
// The layout class of c (admissible: chained; near_miss: overlapping modes).
rc::Gen<Layout> layouts(InputClass c);

// A layout and a function-preserving rewrite of it (split, size-1 modes, re-nest).
rc::Gen<std::pair<Layout, Layout>> rewrite_pairs(InputClass base);

// ---- operands of the binary operations -------------------------------------
// (A, M): M a multiple of A's chain end when A chains (else a plain cotarget).
rc::Gen<std::pair<Layout, int64_t>> complement_operands(InputClass c);
// (A, i): an index, mostly inside [0, size(A)).
rc::Gen<std::pair<Layout, int64_t>> index_operands(InputClass c);
// (A, B) with A o B defined by construction: B's modes pick disjoint runs of
// A's (split) leaves with their prefix-product strides.
rc::Gen<std::pair<Layout, Layout>> composable_pairs(InputClass c);
// (A, B) where B's modes carry across A's mode boundaries, or B's stride or
// shape does not divide A's shape: must be refused (or be right).
rc::Gen<std::pair<Layout, Layout>> near_miss_pairs();
// (A, B, C): B composable with A, C composable with B and inside B's domain.
rc::Gen<std::tuple<Layout, Layout, Layout>> composable_triples(InputClass c);
// (A, T): a by-mode tiler whose tiles divide A's modes.
rc::Gen<std::pair<Layout, Tiler>> divisible_tilers(InputClass c);
// (A, T): a product-admissible tiler (A complementable, B compact or small).
rc::Gen<std::pair<Layout, Tiler>> product_tilers(InputClass c);
// (A, B): B a layout tiler of A's domain that divides size(A) (near_miss: a
// near-miss pair).
rc::Gen<std::pair<Layout, Layout>> divisible_pairs(InputClass c);
// (A, B) layouts for blocked/raked products.
rc::Gen<std::pair<Layout, Layout>> product_pairs(InputClass c);
// (coordinate, shape): a hierarchical coordinate inside the shape.
rc::Gen<std::pair<IntTuple, IntTuple>> coordinates(InputClass c);

// (A, B): B steps over all of A's bounded modes (its image runs past A's
// domain) and A's last stride is near the int64 edge: A o B must be refused
// or exact, never wrapped.
rc::Gen<std::pair<Layout, Layout>> edge_composition_pairs();

// ---- completeness laws (completeness_generators.cpp) -------------------------
// (A, B) for COMP-COMPLETE, PROD-COMPLETE or DIV-COMPLETE (by law id):
// admissible: answerable edge cases (negative strides in a B of several modes,
// B past A's mode with a non-dividing stride, product copies of any stride,
// divides by B with non-dividing strides); near_miss: no answer; other
// classes: the class's pairs and small random ones.
rc::Gen<std::pair<Layout, Layout>> completeness_pairs(const std::string& law, InputClass c);
// Layouts for LINV-COMPLETE: admissible: injective with any strides (mixed
// signs, not chaining); near_miss: mostly not injective.
rc::Gen<Layout> inverse_candidates(InputClass c);

// ---- element widths and the byte-address swizzle (cast_generators.cpp) ------
// upcast/downcast (L, N) and recast_layout (L, old, new): strides mostly
// multiples or divisors of the factor (downcast: a unit stride).
rc::Gen<std::pair<Layout, int64_t>> upcast_operands(InputClass c);
rc::Gen<std::pair<Layout, int64_t>> downcast_operands(InputClass c);
rc::Gen<std::tuple<Layout, int64_t, int64_t>> recast_operands(InputClass c);
// ((B,M,S), bits, L) for the byte-address swizzle.
rc::Gen<std::tuple<IntTuple, int64_t, Layout>> swizzle_bytes_operands(InputClass c);

// ---- slicing, IntTuple utilities, the flat core (edge_generators.cpp) -------
// (L, c): a slicing coordinate of `_`, integers and tuples for L's shape
// (near_miss: one that does not fit).
rc::Gen<std::pair<Layout, Term>> slice_operands(InputClass c);
// (L, T, c, p): a divisible tiler, an index or per-mode coordinate of the rest
// (maybe with `_`, shorter), and a Step projection p (1: none).
rc::Gen<std::tuple<Layout, Tiler, Term, Term>> local_tile_operands(InputClass c);
// (L, P, t, p): a thread layout over a prefix of L's modes (maybe with modes
// a projection p skips) and a thread id (near miss: maybe one no thread has).
rc::Gen<std::tuple<Layout, Layout, int64_t, Term>> local_partition_operands(InputClass c);
// (A, B) for shape_div: divisible folds, by element, and (near_miss) not.
rc::Gen<std::pair<IntTuple, IntTuple>> shape_div_operands(InputClass c);
// (T, k) for product / prefix_product / inner_product (large: near int64's edge).
rc::Gen<std::pair<IntTuple, int64_t>> tuple_util_operands(InputClass c);
// Shapes for make_layout_left/right (large: huge; near_miss: a leaf < 1).
rc::Gen<IntTuple> compact_shapes(InputClass c);
// (L, seed) for the FlatLayout laws (large: huge strides, shapes past 2^32,
// saturating max_index; near_miss: offsets past int64).
rc::Gen<std::pair<Layout, int64_t>> flat_operands(InputClass c);
// (d, n) as uint64 bit patterns near powers of two, 2^32, 2^63 and 2^64.
rc::Gen<std::pair<int64_t, int64_t>> magic_operands(InputClass c);

// Swizzle parameters (B,M,S) and arguments: admissible (valid, small),
// negative (S < 0, negative arguments), large (fields at bit 63, far
// arguments), near_miss (invalid parameters, to be refused).
rc::Gen<IntTuple> swizzle_params(InputClass c);
rc::Gen<int64_t> swizzle_arguments(InputClass c);

// Layouts of class c in CuTe notation; near_miss: malformed strings.
rc::Gen<std::string> notations(InputClass c);

// ---- laws ------------------------------------------------------------------
// The input classes a law runs on (by its ArgKinds).
std::vector<InputClass> classes_for(const Law& law);
// The law's arguments for one input class, picked by its ArgKinds (and, where
// the kinds alone do not decide, by the operations it covers).
rc::Gen<std::vector<Arg>> args_for(const Law& law, InputClass c);

// A law's arguments as RapidCheck shows them: CuTe notation.
struct Args {
  std::vector<Arg> v;
  InputClass cls = InputClass::nested;
};
std::ostream& operator<<(std::ostream& os, const Args& a);
rc::Gen<Args> shown_args_for(const Law& law, InputClass c);
// One of the given classes (by default the law's, classes_for), picked
// uniformly, then its arguments.
rc::Gen<Args> mixed_args_for(const Law& law, std::vector<InputClass> classes);
rc::Gen<Args> mixed_args_for(const Law& law);

}  // namespace props::gen
