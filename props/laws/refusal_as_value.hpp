// Internal: a law's call of the algebra with a refusal as a value.
//
// The reference algebra itself (props::Algebra as is, not a subclass:
// mutants and audited implementations override its throwing functions) runs
// `twin`, the library's try_* function, which gives the same result or the
// same layout::Error without a C++ throw; any other algebra runs `call`, its
// throwing function, whose layout::Error is caught. Other exceptions
// propagate. Laws whose cases are mostly refusals use it: a throw costs
// microseconds, most of a fuzzed case (docs/PERFORMANCE.md).
#pragma once

#include <typeinfo>

#include "algebra.hpp"

namespace props {

template <class Twin, class Call>
auto refusal_as_value(const Algebra& alg, Twin&& twin, Call&& call) -> decltype(twin()) {
  try {
    if (typeid(alg) == typeid(Algebra)) return twin();
    return call();
  } catch (const layout::Error& e) {
    return e;
  }
}

}  // namespace props
