// Checked int64 arithmetic. Every intermediate of the algebra goes through
// these helpers; an overflow throws layout::Overflow, which the operation
// turns into an Error naming itself (never a silent wrap).
#pragma once

#include <cstdint>
#include <string>

#include "layout/error.hpp"

namespace layout::checked {

// "a op b overflows int64": the condition of every overflow of a checked
// step, thrown (overflow below) or recorded as a status (detail::fail_overflow).
inline std::string overflow_text(int64_t a, const char* op, int64_t b) {
  std::string out;
  out.reserve(64);
  detail::append_int(out, a);
  out += op;
  detail::append_int(out, b);
  out += " overflows int64";
  return out;
}

// Throws Overflow(overflow_text(a, op, b)); out of line, so that the checked
// operations below stay a few instructions wherever they are inlined.
[[noreturn, gnu::cold, gnu::noinline]] inline void overflow(int64_t a, const char* op, int64_t b) {
  throw Overflow(overflow_text(a, op, b));
}

inline int64_t add(int64_t a, int64_t b) {
  int64_t r;
  if (__builtin_add_overflow(a, b, &r)) [[unlikely]]
    overflow(a, " + ", b);
  return r;
}

inline int64_t sub(int64_t a, int64_t b) {
  int64_t r;
  if (__builtin_sub_overflow(a, b, &r)) [[unlikely]]
    overflow(a, " - ", b);
  return r;
}

inline int64_t mul(int64_t a, int64_t b) {
  int64_t r;
  if (__builtin_mul_overflow(a, b, &r)) [[unlikely]]
    overflow(a, " * ", b);
  return r;
}

// Floor division and modulo for a positive divisor (b > 0).
inline int64_t floor_div(int64_t a, int64_t b) {
  int64_t q = a / b;
  return (a % b != 0 && a < 0) ? q - 1 : q;
}

// Ceiling division for a >= 0, b > 0.
inline int64_t ceil_div(int64_t a, int64_t b) { return a / b + (a % b != 0 ? 1 : 0); }

[[noreturn, gnu::cold, gnu::noinline]] inline void abs_overflow(int64_t a) {
  throw Overflow("|" + std::to_string(a) + "| overflows int64");
}

inline int64_t abs(int64_t a) {
  if (a == INT64_MIN) [[unlikely]]
    abs_overflow(a);
  return a < 0 ? -a : a;
}

inline int64_t gcd(int64_t a, int64_t b) {
  a = a < 0 ? -a : a;
  b = b < 0 ? -b : b;
  while (b != 0) {
    int64_t t = a % b;
    a = b;
    b = t;
  }
  return a;
}

}  // namespace layout::checked
