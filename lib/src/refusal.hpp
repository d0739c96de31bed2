// Internal: how operations refuse. Deep code throws Refusal with the violated
// condition; the public entry point adds its name and operands (computed only
// when something is refused) and rethrows as layout::Error.
#pragma once

#include <string>
#include <utility>

#include "layout/checked.hpp"
#include "layout/error.hpp"
#include "layout/layout.hpp"

namespace layout::detail {

struct Refusal {
  std::string condition;
};

[[noreturn]] inline void refuse(std::string condition) { throw Refusal{std::move(condition)}; }

// Runs body(); a Refusal or an Overflow becomes Error(op, operands(), ...).
// An Error from a nested public call keeps its condition.
// A layout result must be usable: its size and every offset on its domain
// fit in int64.
inline void require_representable(const Layout& r) {
  const ItNode* s = r.shape().root();
  const ItNode* d = r.stride().root();
  int64_t span = 0, size = 1;
  for (int32_t k = 0; k < s->span; ++k) {
    if (s[k].tuple) continue;
    if (__builtin_mul_overflow(size, s[k].v, &size))
      refuse("the result " + to_string(r) + " has a size past int64");
    const int64_t v = d[k].v;
    if (s[k].v == 1) continue;  // a size-1 mode adds no offset, whatever its stride
    int64_t step;
    if (v == INT64_MIN || __builtin_mul_overflow(s[k].v - 1, v < 0 ? -v : v, &step) ||
        __builtin_add_overflow(span, step, &span))
      refuse("the result " + to_string(r) + " has offsets past int64");
  }
}
template <class T>
void require_representable(const T&) {}

template <class Body, class Operands>
auto guarded(const char* op, Operands&& operands, Body&& body) -> decltype(body()) {
  try {
    auto result = body();
    require_representable(result);
    return result;
  } catch (const Refusal& r) {
    throw Error(op, operands(), r.condition);
  } catch (const Overflow& o) {
    throw Error(op, operands(), o.what());
  } catch (const Error& e) {
    if (e.op() == op) throw;
    throw Error(op, operands(), e.what());
  }
}

}  // namespace layout::detail

namespace layout::detail {

// guarded() for a binary operation op(a, b) whose operands print with to_string.
template <class A, class B, class Body>
auto guarded_binary(const char* op, const A& a, const B& b, Body&& body) -> decltype(body()) {
  return guarded(
      op, [&] { return to_string(a) + ", " + to_string(b); }, std::forward<Body>(body));
}

}  // namespace layout::detail
