// The post-conditions of the operations on a given result: the checks the
// catalog laws make after calling the algebra (the laws call these), and what
// the conformance judge applies to a record's result or its expected value.
// Each returns holds, a counterexample named `law`, or vacuous when it cannot
// decide (too large for the oracle, or no post-condition for that operation).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "law.hpp"
#include "ops.hpp"

namespace props {

// R(i) = A(B(i)) and shape(B) compatible with shape(R) for a layout tiler;
// by mode for a tuple tiler (rank(R) = rank(B) <= rank(A)); `_` is A's mode.
Outcome post_composition(const std::string& law, const std::vector<Arg>& args, const Layout& a,
                         const Tiler& b, const Layout& r);
// R is exactly the complement formula (cotarget M, or cosize(filter(A))).
Outcome post_complement(const std::string& law, const std::vector<Arg>& args, const Layout& a,
                        std::optional<int64_t> cotarget, const Layout& r);
// R(i) in [0, size(A)), A(R(i)) = i for i < size(R), size(R) >= min_size.
Outcome post_right_inverse(const std::string& law, const std::vector<Arg>& args, const Layout& a,
                           const Layout& r, int64_t min_size);
// R(A(i)) = i for i < size(A).
Outcome post_left_inverse(const std::string& law, const std::vector<Arg>& args, const Layout& a,
                          const Layout& r);
// R is the inclusive prefix ceil-div fold, every step exact.
Outcome post_shape_div(const std::string& law, const std::vector<Arg>& args, const IntTuple& a,
                       const IntTuple& b, const IntTuple& r);

// By operation: the post-condition of op (op_table) on these operands.
// min_size: right_inverse's lower bound on size(R).
Outcome postcondition(const OpSpec& op, const std::vector<Arg>& args, const Value& result,
                      std::optional<int64_t> min_size = std::nullopt);

}  // namespace props
