// The brute-force oracle: a layout is the function i -> L(i) on [0, size(L)),
// enumerated index by index (Layout::operator()(int64_t), the plain
// colexicographic definition). Nothing here asks the algebra anything.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "layout/layout.hpp"

namespace layoutcheck {

// Tables larger than this are not enumerated (docs/CLI.md, "Limits").
constexpr int64_t kTableLimit = int64_t{1} << 22;

// A function on [0, n) given by its values.
using Table = std::vector<int64_t>;

// The oracle cannot decide (a table past kTableLimit): the case fails with
// this message rather than being accepted unchecked.
class TooLarge : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

// l(i) for 0 <= i < size(l).
Table table_of(const layout::Layout& l);
// a(b(i)) for 0 <= i < size(b) (a naturally extended past its domain).
Table compose_table(const layout::Layout& a, const layout::Layout& b);
// The table of the layout whose top-level modes are `parts` (parts[0]
// fastest): value(i) = sum over k of parts[k](digit k of i).
Table colex_sum(const std::vector<Table>& parts);
// {0} of size 1: the function 1:0.
Table unit_table();

// The indices to compare two functions of n elements on: every i < n when
// n <= kTableLimit, else the first kTableLimit/2 and kTableLimit/2 more
// spread evenly up to n - 1 (which is always included).
class CheckIndices {
public:
  explicit CheckIndices(int64_t n);
  int64_t count() const { return count_; }
  int64_t operator[](int64_t k) const;

private:
  int64_t n_, count_, head_, step_;
};

// Sizes of the top-level modes (an integer-shaped layout has one).
std::vector<int64_t> top_mode_sizes(const layout::Layout& l);
std::string sizes_notation(const std::vector<int64_t>& sizes);

// shape_compatible(a, b) computed here, independently of the library: an integer a
// needs a == product(b); a tuple a needs a tuple b of the same rank with
// elementwise compatibility.
bool shape_compatible(const layout::IntTuple& a, const layout::IntTuple& b);

}  // namespace layoutcheck
