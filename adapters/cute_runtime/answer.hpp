// CuTe's results -> layoutcheck's values, and the dispatch on an operand's
// profile (Unsupported outside the instantiated ones).
#pragma once

#include "cute_runtime_algebra.hpp"
#include "layout/error.hpp"
#include "profiles.hpp"
#include "serve.hpp"

namespace adapters::cute_runtime {

// CuTe's layout as a Layout, or a MalformedAnswer carrying CuTe's text when
// it is none (a shape leaf < 1, incongruent, a size past int64).
template <class L>
Layout answer(const L& l) {
  IntTuple s = from_cute(l.shape()), d = from_cute(l.stride());
  try {
    return Layout(s, d);
  } catch (const layout::Error&) {
    throw MalformedAnswer(layout::to_string(s) + ":" + layout::to_string(d));
  }
}

[[noreturn]] inline void unsupported_profile(const std::string& op, const std::string& operand) {
  throw props::Unsupported(op + ": CuTe is instantiated for no profile of " + operand +
                           " (cute-runtime: flat rank 1-4, depth 2 up to rank 3)");
}

// The profile index of t for op, or Unsupported.
inline int profile(const std::string& op, const IntTuple& t) {
  const int k = profile_of(t);
  if (k < 0) unsupported_profile(op, layout::to_string(t));
  return k;
}

template <class P>
constexpr bool is_rank1 = std::is_same_v<P, I> || std::is_same_v<P, T_<I>>;

}  // namespace adapters::cute_runtime
