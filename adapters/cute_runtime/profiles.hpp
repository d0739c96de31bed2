// The nesting profiles the cute-runtime adapter instantiates CuTe for, and
// the conversions between layoutcheck's values and CuTe's.
//
// CuTe C++ types a layout by its nesting: (4,(2,3)) with int64 values is
// cute::tuple<int64_t, cute::tuple<int64_t, int64_t>>. An adapter with
// runtime values therefore instantiates every operation for a fixed set of
// profiles and dispatches on the operand's profile at run time:
//   - an integer (a rank-0 layout such as 4:2),
//   - a tuple of rank 1-3 whose modes are integers or flat tuples of rank 2-3
//     (flat rank 1-3 and depth 2 up to rank 3), and the flat tuple of rank 4.
// 41 profiles; any other operand is props::Unsupported.
#pragma once

#include <cstdint>
#include <cute/layout.hpp>
#include <tuple>
#include <type_traits>
#include <utility>

#include "layout/int_tuple.hpp"
#include "layout/layout.hpp"

namespace adapters::cute_runtime {

using I = int64_t;
using M2 = cute::tuple<I, I>;
using M3 = cute::tuple<I, I, I>;

template <class... T>
using T_ = cute::tuple<T...>;

// clang-format off
using Profiles = std::tuple<
    I,
    T_<I>, T_<M2>, T_<M3>,
    T_<I, I>, T_<I, M2>, T_<I, M3>, T_<M2, I>, T_<M2, M2>, T_<M2, M3>, T_<M3, I>, T_<M3, M2>,
    T_<M3, M3>,
    T_<I, I, I>, T_<I, I, M2>, T_<I, I, M3>, T_<I, M2, I>, T_<I, M2, M2>, T_<I, M2, M3>,
    T_<I, M3, I>, T_<I, M3, M2>, T_<I, M3, M3>,
    T_<M2, I, I>, T_<M2, I, M2>, T_<M2, I, M3>, T_<M2, M2, I>, T_<M2, M2, M2>, T_<M2, M2, M3>,
    T_<M2, M3, I>, T_<M2, M3, M2>, T_<M2, M3, M3>,
    T_<M3, I, I>, T_<M3, I, M2>, T_<M3, I, M3>, T_<M3, M2, I>, T_<M3, M2, M2>, T_<M3, M2, M3>,
    T_<M3, M3, I>, T_<M3, M3, M2>, T_<M3, M3, M3>,
    T_<I, I, I, I>>;
// clang-format on
constexpr int kProfiles = static_cast<int>(std::tuple_size_v<Profiles>);
template <int K>
using Profile = std::tuple_element_t<K, Profiles>;

// The profile index of a shape (or of any IntTuple of that structure); -1
// when the set has none. Mirrors the order of Profiles.
inline int profile_of(const layout::IntTuple& t) {
  if (t.is_int()) return 0;
  const int r = t.rank();
  auto mode = [&](int i) {  // 0: integer, 1: flat rank 2, 2: flat rank 3, -1: other
    const layout::IntTuple m = t[i];
    if (m.is_int()) return 0;
    if (m.rank() < 2 || m.rank() > 3 || m.depth() != 1) return -1;
    return m.rank() - 1;
  };
  if (r == 4) {
    for (int i = 0; i < 4; ++i)
      if (mode(i) != 0) return -1;
    return kProfiles - 1;
  }
  if (r < 1 || r > 3) return -1;
  int base = 1, code = 0;
  for (int k = 1; k < r; ++k) base += k == 1 ? 3 : 9;
  for (int i = 0; i < r; ++i) {
    const int m = mode(i);
    if (m < 0) return -1;
    code = code * 3 + m;
  }
  return base + code;
}

// An IntTuple of the profile T -> the CuTe value (its leaves in order).
template <class T>
T to_cute(const layout::IntTuple& t) {
  if constexpr (std::is_same_v<T, I>) {
    return t.value();
  } else {
    return [&]<std::size_t... k>(std::index_sequence<k...>) {
      return T{to_cute<std::tuple_element_t<k, T>>(t[static_cast<int>(k)])...};
    }
    (std::make_index_sequence<std::tuple_size_v<T>>{});
  }
}

template <class T>
auto to_cute_layout(const layout::Layout& l) {
  return cute::make_layout(to_cute<T>(l.shape()), to_cute<T>(l.stride()));
}

// Any CuTe integer tuple (static or dynamic leaves) -> IntTuple.
template <class X>
layout::IntTuple from_cute(const X& x) {
  if constexpr (cute::is_tuple<X>::value) {
    return [&]<std::size_t... k>(std::index_sequence<k...>) {
      return layout::IntTuple::tuple({from_cute(cute::get<k>(x))...});
    }
    (std::make_index_sequence<cute::tuple_size<X>::value>{});
  } else {
    return layout::IntTuple(static_cast<int64_t>(x));
  }
}

// A CuTe layout -> Layout. Its validation (congruence, shape >= 1, size in
// int64) throws layout::Error for a result that is no layout: the audit
// reports that as a malformed answer, not as CuTe's refusal (the caller
// rethrows it as props::ImplementationFailure).
template <class L>
layout::Layout from_cute_layout(const L& l) {
  return layout::Layout(from_cute(l.shape()), from_cute(l.stride()));
}

// fn<K>() for the runtime index k in [0, N): a table of instantiations.
template <int N, class F>
decltype(auto) dispatch(int k, F&& f) {
  using R = decltype(f.template operator()<0>());
  return [&]<int... K>(std::integer_sequence<int, K...>)->R {
    using Fn = R (*)(F&);
    static constexpr Fn table[] = {+[](F& g) -> R { return g.template operator()<K>(); }...};
    return table[k](f);
  }
  (std::make_integer_sequence<int, N>{});
}

}  // namespace adapters::cute_runtime
