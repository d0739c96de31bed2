// Result<T>: the value of an operation or the Error that refused it, without
// a throw. The try_* functions (composition, complement, divides, products,
// inverses, eval, slice, parse) return one; each throwing function is its try_* twin plus one throw
// at the public boundary (value()).
//
// A refusal inside the library is an error value passed up to the boundary,
// formatted once where it happens; a C++ throw costs microseconds on its
// own (the unwinder), so code that meets refusals often (fuzzers, searches
// over candidate layouts, planners) calls the try_* functions.
// docs/PERFORMANCE.md, "Refusals".
#pragma once

#include <utility>
#include <variant>

#include "layout/error.hpp"

namespace layout {

template <class T>
class Result {
public:
  Result(T value) : v_(std::in_place_index<0>, std::move(value)) {}  // NOLINT: a value is a result
  Result(Error error) : v_(std::in_place_index<1>, std::move(error)) {}  // NOLINT: so is a refusal

  bool ok() const { return v_.index() == 0; }
  explicit operator bool() const { return ok(); }

  // The value; throws the Error when refused.
  const T& value() const& {
    if (!ok()) throw std::get<1>(v_);
    return std::get<0>(v_);
  }
  T value() && {
    if (!ok()) throw std::get<1>(std::move(v_));
    return std::get<0>(std::move(v_));
  }
  // pre: !ok().
  const Error& error() const { return std::get<1>(v_); }
  // pre: ok().
  const T& operator*() const { return std::get<0>(v_); }
  const T* operator->() const { return &std::get<0>(v_); }

private:
  std::variant<T, Error> v_;
};

}  // namespace layout
