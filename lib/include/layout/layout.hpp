// Layout: a shape and a stride, congruent IntTuples. A layout is the function
// L(i) = sum_k c_k(i) * d_k over its flattened modes (s_k, d_k), where
// c(i) is the colexicographic coordinate of i (first mode fastest).
//
// Natural extension (CuTe C++): for i >= size(L) every mode but the last takes
// its coordinate modulo its extent and the last mode takes the remaining
// quotient, so L is defined on all i >= 0.
//
// Invariants (checked by the public constructor): shape and stride congruent,
// every shape leaf >= 1, size(L) fits in int64.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "layout/int_tuple.hpp"
#include "layout/result.hpp"

namespace layout {

// One flattened mode s:d.
struct Mode {
  int64_t s;
  int64_t d;
};
using Modes = SmallVector<Mode, 16>;

class Layout {
public:
  Layout() : shape_(1), stride_(0) {}       // 1:0
  Layout(IntTuple shape, IntTuple stride);  // validates; throws Error("make_layout", ...)
  // Trusted construction for results the algebra has already validated.
  static Layout unchecked(IntTuple shape, IntTuple stride) {
    return Layout(std::move(shape), std::move(stride), Trusted{});
  }
  // Trusted construction in place: append(shape_nodes, stride_nodes) fills
  // the (empty) node arrays of the result, so that nothing is copied.
  template <class F>
  static Layout build(F&& append) {
    Layout r{NoNodes{}};
    append(r.shape_.raw(), r.stride_.raw());
    return r;
  }

  const IntTuple& shape() const { return shape_; }
  const IntTuple& stride() const { return stride_; }
  int rank() const { return shape_.rank(); }
  int depth() const { return shape_.depth(); }
  int64_t size() const;    // product of the shape
  int64_t cosize() const;  // 1 + sum (s_k - 1) * |d_k|; throws Error past int64
  // Mode i (for an integer-shaped layout, mode 0 is the layout itself).
  Layout operator[](int i) const { return unchecked(shape_[i], stride_[i]); }

  // L(i) with the natural extension for i >= 0 and L(-i) = -L(i) (what CuTe
  // C++'s truncating division computes); throws Error on overflow.
  int64_t operator()(int64_t i) const;
  // L(c) for an integer, per-mode or hierarchical coordinate c.
  int64_t operator()(const IntTuple& coord) const;

  friend bool operator==(const Layout& a, const Layout& b) {
    return a.shape_ == b.shape_ && a.stride_ == b.stride_;
  }
  friend bool operator!=(const Layout& a, const Layout& b) { return !(a == b); }

private:
  struct Trusted {};
  struct NoNodes {};
  explicit Layout(NoNodes) : shape_(IntTuple::NoNodes{}), stride_(IntTuple::NoNodes{}) {}
  Layout(IntTuple&& shape, IntTuple&& stride, Trusted)
      : shape_(std::move(shape)), stride_(std::move(stride)) {}

  IntTuple shape_;
  IntTuple stride_;
};

// L(i) as a Result: the refusal (an offset past int64) is returned, not thrown.
Result<int64_t> try_eval(const Layout& l, int64_t i);

std::string to_string(const Layout& l);                 // "shape:stride"
void append_string(std::string& out, const Layout& l);  // appends to_string(l)

// Flattened modes (s_k, d_k), leaves left to right.
Modes flat_modes(const Layout& l);
// Stable sort of a small array by key (insertion sort: no allocation, fast
// for the handful of modes a layout has).
template <class T, class Key>
void sort_small(T* first, T* last, Key key) {
  for (T* i = first + (first != last); i < last; ++i) {
    T x = *i;
    T* j = i;
    for (; j != first && key(x) < key(*(j - 1)); --j) *j = *(j - 1);
    *j = x;
  }
}

// The layout of a list of flat modes: none -> 1:0, one -> s:d, else a flat tuple.
Layout from_modes(const Mode* first, const Mode* last);
inline Layout from_modes(const Modes& m) { return from_modes(m.begin(), m.end()); }

// make_layout(L0, L1, ...): the layouts become the modes of one layout.
Layout make_layout(const std::vector<Layout>& modes);
Layout make_layout(std::initializer_list<Layout> modes);
// make_layout without validation, for modes that are already valid layouts.
Layout concat_modes(std::initializer_list<const Layout*> modes);
// Compact layouts: left = column-major (prefix products), right = row-major.
Layout make_layout_left(const IntTuple& shape);
Layout make_layout_right(const IntTuple& shape);
// Compact layout whose leaves are laid out fastest-first in the given order:
// order is congruent with shape, and the leaf with the smallest order value
// gets stride 1. make_ordered_layout((4,2), (1,0)) == (4,2):(2,1).
Layout make_ordered_layout(const IntTuple& shape, const IntTuple& order);
// make_layout_like(L) (CuTe): shape(L), compact in the order of L's strides
// (ties by position), and stride 0 where L's stride is 0 (those leaves take no
// room): make_layout_like((2,3,4,5):(0,42,1,0)) = (2,3,4,5):(0,4,1,0).
//   post: shape(R) = shape(L); R's non-zero-stride leaves, sorted by L's
//         strides, are a compact left layout of their sizes.
Layout make_layout_like(const Layout& l);

Layout flatten(const Layout& l);
// Pad an integer-shaped or lower-rank layout with 1:0 modes up to rank n.
Layout append_to_rank(const Layout& l, int n);

// Coordinates ---------------------------------------------------------------
// Natural coordinate of index i in shape (the last leaf takes the quotient
// past the domain). A tuple i is decoded mode by mode.
IntTuple idx2crd(const IntTuple& i, const IntTuple& shape);
// Colexicographic index of coordinate c in shape (integers pass through).
int64_t crd2idx(const IntTuple& c, const IntTuple& shape);
// Value of coordinate c under shape:stride (the layout function).
int64_t crd2idx(const IntTuple& c, const IntTuple& shape, const IntTuple& stride);

}  // namespace layout
