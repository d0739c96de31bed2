// IntTuple: an int64 or a (possibly empty) tuple of IntTuples.
//
// Stored as a preorder array of nodes inside a SmallVector, so small tuples
// live inline and copying one is a memcpy. A leaf node holds its value; a
// tuple node holds its arity and the node count of its subtree ("span").
#pragma once

#include <cstdint>
#include <initializer_list>
#include <string>
#include <type_traits>
#include <vector>

#include "layout/small_vector.hpp"

namespace layout {

struct ItNode {
  int64_t v;      // leaf: the value; tuple: the arity
  int32_t span;   // nodes in this subtree, itself included
  int32_t tuple;  // 1 for a tuple node, 0 for a leaf
};

class IntTuple {
public:
  using Nodes = SmallVector<ItNode, 24>;

  IntTuple() { nodes_.push_back({0, 1, 1}); }  // the empty tuple ()
  // No node at all, to be filled through raw() (Layout::build): not a value
  // until then.
  struct NoNodes {};
  explicit IntTuple(NoNodes) {}
  template <class I, std::enable_if_t<std::is_integral_v<I>, int> = 0>
  IntTuple(I v) {  // NOLINT(google-explicit-constructor): 4 is the IntTuple 4
    nodes_.push_back({static_cast<int64_t>(v), 1, 0});
  }
  static IntTuple tuple(std::initializer_list<IntTuple> elems);
  static IntTuple tuple(const IntTuple* first, const IntTuple* last);
  static IntTuple tuple(const std::vector<IntTuple>& elems) {
    return tuple(elems.data(), elems.data() + elems.size());
  }
  static IntTuple from_nodes(const ItNode* p) {  // p points at a subtree root
    IntTuple t;
    t.nodes_.clear();
    t.nodes_.append(p, static_cast<std::size_t>(p->span));
    return t;
  }

  bool is_int() const { return nodes_[0].tuple == 0; }
  bool is_tuple() const { return nodes_[0].tuple != 0; }
  int64_t value() const { return nodes_[0].v; }  // only for is_int()
  // Number of top-level elements; an integer has rank 1.
  int rank() const { return is_int() ? 1 : static_cast<int>(nodes_[0].v); }
  // Element i (0 <= i < rank(), else Error); for an integer, element 0 is the
  // integer itself.
  IntTuple operator[](int i) const {
    if (i < 0 || i >= rank()) out_of_range(i);
    return from_nodes(child(nodes_.data(), i));
  }
  int depth() const;
  int num_leaves() const;

  template <class F>
  void for_each_leaf(F&& f) const {
    for (const ItNode& n : nodes_)
      if (!n.tuple) f(n.v);
  }
  SmallVector<int64_t, 16> leaves() const {
    SmallVector<int64_t, 16> out;
    for_each_leaf([&](int64_t v) { out.push_back(v); });
    return out;
  }

  const ItNode* root() const { return nodes_.data(); }
  std::size_t node_count() const { return nodes_.size(); }
  Nodes& raw() { return nodes_; }
  const Nodes& nodes() const { return nodes_; }

  // Child i of the tuple node at p (p itself when p is a leaf and i == 0).
  static const ItNode* child(const ItNode* p, int i) {
    if (!p->tuple) return p;
    const ItNode* c = p + 1;
    for (int k = 0; k < i; ++k) c += c->span;
    return c;
  }

  friend bool operator==(const IntTuple& a, const IntTuple& b);
  friend bool operator!=(const IntTuple& a, const IntTuple& b) { return !(a == b); }

private:
  [[noreturn]] void out_of_range(int i) const;
  Nodes nodes_;
};

// Builds a tuple element by element without intermediate copies.
class TupleBuilder {
public:
  TupleBuilder() = default;  // starts as the empty tuple ()
  void add(const IntTuple& e) { add_nodes(e.root()); }
  void add_nodes(const ItNode* p) {
    t_.raw().append(p, static_cast<std::size_t>(p->span));
    ++t_.raw()[0].v;
    t_.raw()[0].span += p->span;
  }
  void add_int(int64_t v) {
    t_.raw().push_back({v, 1, 0});
    ++t_.raw()[0].v;
    ++t_.raw()[0].span;
  }
  int size() const { return static_cast<int>(t_.root()->v); }
  IntTuple done() { return std::move(t_); }

private:
  IntTuple t_;
};

// ---- IntTuple functions (CuTe's int_tuple vocabulary) ---------------------

namespace detail {
// to_string(t) takes at most this many characters per node: a leaf's int64
// (20 at most) and its ',', or a tuple's '(', ')' and ','.
inline constexpr std::size_t kPrintedChars = 22;
}  // namespace detail

std::string to_string(const IntTuple& t);
// Appends to_string(t) to out.
void append_string(std::string& out, const IntTuple& t);

// Product of the leaves (1 for ()); throws Error past int64.
int64_t product(const IntTuple& t);
// The same, throwing Overflow, for callers that report the error as their own.
int64_t product_or_overflow(const IntTuple& t);
// Tuple of the leaves, left to right (an integer becomes a 1-tuple).
IntTuple flatten(const IntTuple& t);
// Same tree profile: same nesting and ranks everywhere.
bool congruent(const IntTuple& a, const IntTuple& b);
// weakly_congruent(a, b): an integer a matches anything; a tuple a needs a
// tuple b of the same rank with elementwise weak congruence.
bool weakly_congruent(const IntTuple& a, const IntTuple& b);
// compatible(a, b) (a <= b): an integer a needs a == product(b); a tuple a
// needs a tuple b of the same rank with elementwise compatibility.
bool compatible(const IntTuple& a, const IntTuple& b);
// Exclusive colexicographic prefix product over the leaves, congruent with t
// (Error past int64):
// ((2,3),(2,1,2)) -> ((1,2),(6,12,12)).
IntTuple prefix_product(const IntTuple& t, int64_t init = 1);
// shape_div(a, b): inclusive prefix ceil-div; at every leaf step one of the
// two operands must divide the other (else Error). (3,4) / 6 = (1,2).
IntTuple shape_div(const IntTuple& a, const IntTuple& b);
// Sum of leafwise products of congruent a and b.
int64_t inner_product(const IntTuple& a, const IntTuple& b);

}  // namespace layout
