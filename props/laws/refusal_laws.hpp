// REFUSE-MSG and NO-OVERFLOW on one of their operations, by index. The laws
// run their check on every layout-valued operation in turn; a driver that
// spreads one case over several inputs (the fuzz target picks the operation
// from an input byte, so that an input costs one operation, not twenty) runs
// the same check on one operation: the law holds on (A, B) iff *_on holds for
// every op < refusal_operations().
#pragma once

#include <cstddef>
#include <vector>

#include "law.hpp"

namespace props {

std::size_t refusal_operations();
const char* refusal_operation_name(std::size_t op);  // op modulo the count
// args = {A, B} as for the laws; op is taken modulo refusal_operations().
Outcome refuse_msg_on(const Algebra& alg, const std::vector<Arg>& args, std::size_t op);
Outcome no_overflow_on(const Algebra& alg, const std::vector<Arg>& args, std::size_t op);

}  // namespace props
