// CuTe's side of cute_static_check: the table's CuTe expressions as types, and
// CuTe's own evaluation of them, usable on the host and (under nvcc) on the
// device. Include only where CuTe's headers are wanted (cute_static_cpu.cpp,
// cute_static_check.cu); nothing of this library's algebra is visible here.
#pragma once

#include <cstdint>
#include <cute/layout.hpp>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>

#include "gpu_check/cute_static.hpp"

// The table's expressions are written in namespace cute; they live in a
// namespace of their own so that no name of ours hides one of CuTe's.
namespace cute_static_table {

// A static int64 (cute::Int<N> is an int).
template <long long N>
using I64 = cute::C<static_cast<int64_t>(N)>;

// Every CuTe result of the table, in order, then a 0 (for the last comma).
// Only the type matters: the layouts are static, so L{} is the layout.
inline auto layouts() {
  using namespace cute;
  return std::make_tuple(
#define CASE(name, op, a, b, c, ...) __VA_ARGS__,
#include "gpu_check/cute_static_cases.inc"
#undef CASE
      0);
}

}  // namespace cute_static_table

namespace gpu_check::cute_static {

using CuteLayouts = decltype(cute_static_table::layouts());
inline constexpr int kCuteCases = static_cast<int>(std::tuple_size_v<CuteLayouts>) - 1;
template <int K>
using CuteLayout = std::tuple_element_t<K, CuteLayouts>;

// A static layout whose size is static too: with cute::Int (int) extents whose
// product passes 2^31, CuTe's size() is a wrapped dynamic int instead.
template <class L>
inline constexpr bool kIsStatic =
    cute::is_static<L>::value&& cute::is_static<decltype(cute::size(L{}))>::value;

// f(std::integral_constant<int, k>) for a run-time k in [0, kCuteCases).
template <class F, int... K>
void visit_case(int k, F& f, std::integer_sequence<int, K...>) {
  static_assert((kIsStatic<CuteLayout<K>> && ...),
                "every CuTe case must be a static layout of static size (use I64 past 2^31)");
  (void)((k == K ? (f(std::integral_constant<int, K>{}), true) : false) || ...);
}
template <class F>
void visit_case(int k, F&& f) {
  visit_case(k, f, std::make_integer_sequence<int, kCuteCases>{});
}

// CuTe's L(i): the integral coordinate i through CuTe's crd2idx.
template <class L>
CUTE_HOST_DEVICE int64_t cute_eval(uint64_t i) {
  return static_cast<int64_t>(L{}(static_cast<int64_t>(i)));
}

// Sum of pair_hash(i, L(i)) over i = lo, lo + step, ... < hi (the chunk hash
// when step is 1; on the device each thread takes one residue class).
template <class L>
CUTE_HOST_DEVICE uint64_t cute_hash(uint64_t lo, uint64_t hi, uint64_t step) {
  uint64_t h = 0;
  for (uint64_t i = lo; i < hi; i += step) h += pair_hash(i, cute_eval<L>(i));
  return h;
}

// An IntTuple of CuTe (static or not) in this library's notation.
template <class T>
void append_cute(std::string& out, const T& t) {
  if constexpr (cute::is_tuple<T>::value) {
    out += '(';
    [&]<std::size_t... I>(std::index_sequence<I...>) {
      ((out += (I == 0 ? "" : ","), append_cute(out, cute::get<I>(t))), ...);
    }
    (std::make_index_sequence<cute::tuple_size<T>::value>{});
    out += ')';
  } else {
    out += std::to_string(static_cast<int64_t>(t));
  }
}

template <class L>
std::string cute_text(const L& l) {
  std::string s;
  append_cute(s, l.shape());
  s += ':';
  append_cute(s, l.stride());
  return s;
}

}  // namespace gpu_check::cute_static
