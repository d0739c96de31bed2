// Post-conditions of the operations, checked by brute force with the oracle
// (docs/CLI.md, "Conformance rules"). Each returns nullopt when the result
// meets the post-condition and the violated condition in words otherwise.
#pragma once

#include <optional>
#include <stdexcept>
#include <string>

#include "layout/algebra.hpp"

namespace layoutcheck {

using Violation = std::optional<std::string>;

// The result cannot be verified (a piece of the definition is refused or
// itself wrong, or the inputs admit no result at all): the case fails.
class NotVerifiable : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

// R(i) == A(B(i)) for i < size(B) and compatible(shape(B), shape(R)); a tuple
// tiler by mode (rank(R) == rank(B)); a `_` mode is A's mode, unchanged.
Violation check_composition(const layout::Layout& a, const layout::Tiler& b,
                            const layout::Layout& r);

// R strictly increasing; R(i) not in image(A) for i >= 1; image(A) + R all
// distinct; and, when A's sorted strides form a divisible chain whose end E
// divides M, image(A) + R is exactly [0, M).
Violation check_complement(const layout::Layout& a, std::optional<int64_t> cotarget,
                           const layout::Layout& r);

// L(R(i)) == i for i < size(R), and size(R) >= min_size.
Violation check_right_inverse(const layout::Layout& l, const layout::Layout& r, int64_t min_size);

// R(L(i)) == i for every i < size(L).
Violation check_left_inverse(const layout::Layout& l, const layout::Layout& r);

// R equals the inclusive prefix ceil-div fold of A by B (congruent with A)
// and every step of the fold divides exactly (else only a refusal is right).
Violation check_shape_div(const layout::IntTuple& a, const layout::IntTuple& b,
                          const layout::IntTuple& r);

// complement(B, M) from the library, accepted as a piece of a definition only
// after check_complement; throws NotVerifiable otherwise.
layout::Layout checked_complement(const layout::Layout& b, int64_t cotarget);

}  // namespace layoutcheck
