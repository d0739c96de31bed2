// Tiler: the second operand of composition, divides and products.
//   - a layout (an integer n is the layout n:1),
//   - `_` (leave that mode of A alone),
//   - a tuple of tilers, applied mode by mode ("by-mode", written <T0,T1,...>).
#pragma once

#include <string>
#include <vector>

#include "layout/layout.hpp"

namespace layout {

struct Tiler {
  enum class Kind { layout, underscore, tuple };
  Kind kind = Kind::underscore;
  Layout layout;             // kind == layout
  std::vector<Tiler> elems;  // kind == tuple

  Tiler() = default;
  // A layout is a tiler (implicitly). Two overloads, not one by value: a
  // Layout passed where a Tiler is expected is copied once (by value it was
  // copied and then moved, and a move copies the inline node arrays too).
  Tiler(const Layout& l) : kind(Kind::layout), layout(l) {}        // NOLINT
  Tiler(Layout&& l) : kind(Kind::layout), layout(std::move(l)) {}  // NOLINT
  static Tiler underscore() { return Tiler(); }
  static Tiler tuple(std::vector<Tiler> e) {
    Tiler t;
    t.kind = Kind::tuple;
    t.elems = std::move(e);
    return t;
  }
  // A shape used as a tiler: a tuple of n:1 layouts (an integer n is n:1).
  static Tiler of_shape(const IntTuple& shape);

  bool is_layout() const { return kind == Kind::layout; }
  bool is_underscore() const { return kind == Kind::underscore; }
  bool is_tuple() const { return kind == Kind::tuple; }
  int rank() const { return is_tuple() ? static_cast<int>(elems.size()) : 1; }
};

// "<3:3,(2,4):(1,8)>" for tuples, "_" and the layout notation otherwise.
std::string to_string(const Tiler& t);
void append_string(std::string& out, const Tiler& t);  // appends to_string(t)

}  // namespace layout
