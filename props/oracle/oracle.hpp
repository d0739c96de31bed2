// props::oracle — THE brute-force oracle, the one module every checker of the
// project judges with (laws, conformance, fuzz targets, unit tests, bulk).
//
// A layout is a function from [0, size) to the integers. The oracle computes
// it from the plain definition: colexicographic digits over the flattened
// shape, the last leaf taking the remaining quotient (natural extension), and
// L(-i) = -L(i), in 128-bit arithmetic. It reads values only through the
// representation of the value types (the preorder node array of an IntTuple)
// and builds results the same way; it never calls an operation or an
// evaluator of lib/ (no Layout::operator(), crd2idx, flat_modes, coalesce,
// size(), ...). No test framework here.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "layout/layout.hpp"

namespace props::oracle {

using layout::IntTuple;
using layout::Layout;

__extension__ typedef __int128 wide;

struct Leaf {
  int64_t s, d;
};
// Inline up to 16 leaves: a law reads the leaves of every layout it checks,
// so this must not cost an allocation (the fuzz targets run under ASan).
using Leaves = layout::SmallVector<Leaf, 16>;
using Ints = layout::SmallVector<int64_t, 16>;

// ---- structure, read from the node arrays ------------------------------------

// The leaves of a layout, left to right.
Leaves leaves(const Layout& l);
// The leaf values of an IntTuple, left to right.
Ints leaf_values(const IntTuple& t);
// Top-level elements (an integer has rank 1) and nesting depth (an integer 0).
int rank(const IntTuple& t);
int depth(const IntTuple& t);
// Top-level element k of a tuple (k < rank); an integer's element 0 is itself.
IntTuple element(const IntTuple& t, int k);
Layout mode(const Layout& l, int k);
// Same tree profile (nesting and ranks everywhere).
bool congruent(const IntTuple& a, const IntTuple& b);
// t's tree with the leaf values v (left to right; v has one value per leaf).
template <class V>
IntTuple with_leaves(const IntTuple& t, const V& v) {
  IntTuple r = t;
  std::size_t next = 0;
  for (layout::ItNode& n : r.raw())
    if (!n.tuple) n.v = v[next++];
  return r;
}
// The flat tuple (v0, v1, ...).
template <class V>
IntTuple flat_tuple(const V& v) {
  IntTuple r;  // ()
  for (int64_t x : v) {
    r.raw().push_back({x, 1, 0});
    ++r.raw()[0].v;
    ++r.raw()[0].span;
  }
  return r;
}
// The tuple of the given elements.
IntTuple tuple_of(const std::vector<IntTuple>& elems);
// shape:stride without validation (the oracle's results are layouts only as values).
Layout make(const IntTuple& shape, const IntTuple& stride);
Layout from_leaves(const Leaves& lv);  // none -> 1:0, one -> s:d, else a flat tuple

// ---- size and cosize -----------------------------------------------------------

// Product of the leaves in 128 bits, saturated at 2^100.
wide size_wide(const IntTuple& t);
// size(L); nullopt past int64.
std::optional<int64_t> size(const Layout& l);
// 1 + sum (s-1)|d| in 128 bits, saturated at 2^100.
wide cosize(const Layout& l);
// The offsets of L on its domain fit in int64: sum (s-1)|d| <= INT64_MAX.
bool representable(const Layout& l);

// ---- evaluation ----------------------------------------------------------------

// One colexicographic digit: rest mod s, leaving rest / s in rest (0 <= rest,
// 0 < s). A 64-bit division while rest fits (the 128-bit one is a library call).
inline wide next_digit(wide& rest, int64_t s) {
  if (rest < (wide{1} << 64)) {
    const uint64_t r = static_cast<uint64_t>(rest), us = static_cast<uint64_t>(s);
    rest = r / us;
    return r % us;
  }
  const wide digit = rest % s;
  rest /= s;
  return digit;
}
// L(x) for a 128-bit index x, the value in 128 bits: for evaluating A at B(i)
// when B's offsets pass int64, or F at indices up to 2^64. nullopt when |x|,
// a term or a partial sum passes 2^125.
std::optional<wide> eval_wide(const Leaves& leaves, wide x);
// L(i) by the definition (eval_wide at i); nullopt when the value does not fit
// in int64.
std::optional<int64_t> eval(const Leaves& leaves, int64_t i);
std::optional<int64_t> eval(const Layout& l, int64_t i);
// L(0), L(1), ... in order, for the indices below size(L): the coordinate of
// i counted up one index at a time (colexicographically: a leaf that reaches
// its size wraps to 0 and carries into the next) instead of divided out of i,
// and the value moved by each digit's change (+d, or -(s-1)d on a wrap). The
// values eval_wide gives at each i < size(L) (tests/oracle_test.cpp checks
// both against each other), without a division: for the whole-domain loops
// (table, the conformance comparisons). A digit stays below its leaf's size,
// so |value| <= sum (s-1)|d| <= 2^63 (size(L) - 1) < 2^126.
class ValueWalk {
public:
  explicit ValueWalk(const Leaves& leaves) : leaves_(leaves) { digits_.resize(leaves.size()); }
  wide value() const { return value_; }  // L(i) at the current i (0 at the start)
  // L(i) in int64, nullopt when it does not fit (as eval).
  std::optional<int64_t> value64() const {
    if (value_ > INT64_MAX || value_ < INT64_MIN) return std::nullopt;
    return static_cast<int64_t>(value_);
  }
  void next() {  // i -> i + 1; after the last index of the domain, back to 0
    for (std::size_t k = 0; k < leaves_.size(); ++k) {
      if (++digits_[k] < leaves_[k].s) {
        value_ += leaves_[k].d;
        return;
      }
      value_ -= static_cast<wide>(leaves_[k].s - 1) * leaves_[k].d;
      digits_[k] = 0;
    }
  }

private:
  Leaves leaves_;
  Ints digits_;
  wide value_ = 0;
};
// Whether evaluating L(i) term by term in int64 (digit * stride per leaf, then
// running sums in leaf order) passes int64 somewhere, even when the final
// value fits: checked int64 arithmetic may then refuse.
bool intermediate_overflow(const Leaves& lv, int64_t i);

// Every value L(0..size-1). Throws TooLarge when size > limit (the caller
// skips or samples such inputs) and Unrepresentable when a value overflows.
struct TooLarge {};
struct Unrepresentable {};
std::vector<int64_t> table(const Layout& l, int64_t limit = int64_t{1} << 22);

// ---- coordinates -----------------------------------------------------------------

// The natural coordinate of index i >= 0 in shape: the colexicographic digits
// over the leaves (the last leaf takes the quotient past the domain), in the
// shape's tree. A tuple i (rank(i) == rank(shape)) is decoded mode by mode;
// nullopt for a mismatched rank or a negative index.
std::optional<IntTuple> idx2crd(const IntTuple& i, const IntTuple& shape);
// The value of coordinate c (integers may stand for whole sub-tuples) under
// shape:stride; nullopt when c does not fit the shape (rank mismatch, an
// integer coordinate < 0) or a value passes 2^125.
std::optional<wide> crd_value(const IntTuple& c, const IntTuple& shape, const IntTuple& stride);
// The colexicographic index of c in shape (crd_value with compact left strides).
std::optional<wide> crd_index(const IntTuple& c, const IntTuple& shape);
// compatible(a, b): an integer a needs a == size(b); a tuple a needs a tuple b
// of the same rank with elementwise compatibility.
bool compatible(const IntTuple& a, const IntTuple& b);
// Exclusive colexicographic prefix products of the leaves, congruent with t
// (the compact left strides); saturates at INT64_MAX.
IntTuple compact_left(const IntTuple& t);
// Row-major: the last leaf stride 1, ignoring nesting; saturates.
IntTuple compact_right(const IntTuple& t);

// ---- swizzle ---------------------------------------------------------------------

// B >= 0, M >= 0, |S| >= B, M + B + |S| <= 63.
bool swizzle_valid(int64_t b, int64_t m, int64_t s);
// Bit by bit: bit k of the result is bit k of x XOR, for k in the target
// field, the source bit |S| above (S > 0) or below (S < 0) it.
int64_t swizzle(int64_t b, int64_t m, int64_t s, int64_t x);

// ---- coalesce and complement by their definitions ----------------------------------

// Flatten, drop size-1 leaves, merge neighbours s0:d0, s1:d1 with d1 = s0*d0.
Leaves coalesced(const Leaves& lv);

// A's modes that matter to the complement (size > 1, stride != 0), sorted by
// stride, and what the complement's definition needs of them.
struct Chain {
  Leaves modes;           // sorted by stride (stable)
  bool ordered = true;    // strides >= 0 and d_j >= E_{j-1}: complement defined
  bool divisible = true;  // ordered and E_{j-1} | d_j: the complement tiles exactly
  wide end = 1;           // E_k = s_k * d_k of the last mode (1 without modes)
};
Chain chain(const Layout& a);
// The documented complement (docs/SEMANTICS.md):
//   coalesce((d_0/E_{-1}, ..., d_k/E_{k-1}, ceil(M/E_k)) : (E_{-1}, ..., E_k));
// nullopt when it is not defined (M < 1, !ordered, or a value past int64).
std::optional<Leaves> complement(const Layout& a, int64_t cotarget);

// ---- which layout, if any, equals a table ------------------------------------------

// Strides congruent with shape such that shape:strides equals t on [0, size)
// (t.size() == size(shape)); the stride of a size-1 leaf is free and given as
// 0. nullopt when no layout of that shape equals t.
std::optional<IntTuple> fit_strides(const std::vector<int64_t>& t, const IntTuple& shape);
// A layout R with shape(structure) compatible with shape(R) (each leaf a of
// structure becomes any shape of size a) equal to t on [0, size); the witness
// refines each leaf into prime factors. nullopt when none exists (decided
// exactly: each leaf's part is searched over every order of prime factors).
std::optional<Layout> fit_layout(const std::vector<int64_t>& t, const IntTuple& structure);

// ---- left inverses ----------------------------------------------------------------

// The maximal prime chains below x >= 1: every 1 = P_0 | P_1 | ... | P_m with
// prime ratios P_{k+1} / P_k and x / 2 < P_m <= x (every ordering of the
// prime factorization of every n in (x/2, x]); x < 1 gives the one chain (1).
std::vector<std::vector<int64_t>> maximal_prime_chains(int64_t x);

// Whether a layout L with L(A(i)) = i for every 0 <= i < size(A) exists, L
// naturally extended (past its domain the last mode takes the quotient) and
// odd (L(-x) = -L(x)); decided exactly (the argument is in oracle.cpp).
// found: witness is such an L, checked by eval at every A(i): shape
// (r_0, ..., r_{m-1}, last) over a maximal prime chain with size(L) > X =
// max |A(i)|. none: no layout at all inverts A (not only none of that form).
// undecided: size(A) > max_size, X > max_image, a value of A past int64, or
// (without a solution on another chain) the solver's 2^60 magnitude bound
// passed or a witness stride past int64. A that is not injective on its domain
// is none whatever X (given size(A) <= max_size and representable values). The cost
// grows with the number of maximal prime chains below X (607 for X = 256,
// 1596 for X = 512) times size(A): at X <= 256 at most some tens of ms.
struct LeftInverseSearch {
  enum Result { found, none, undecided } result = undecided;
  std::optional<Layout> witness;
};
LeftInverseSearch left_inverse_exists(const Layout& a, int64_t max_image = 256,
                                      int64_t max_size = 4096);

}  // namespace props::oracle
