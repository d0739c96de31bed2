// The tiler profiles of the cute-runtime adapter: the second operand of
// composition, the divides and the products, as CuTe types with int64 values.
//   0: a layout n:d           1: a rank-1 layout (n):(d)
//   2-15: a by-mode tuple <E0[,E1[,E2]]> whose elements are n:d layouts or `_`
// CuTe divides by a layout through its complement, which it computes with
// runtime values for rank-1 layouts only; these are the tilers it takes.
#pragma once

#include "layout/tiler.hpp"
#include "profiles.hpp"

namespace adapters::cute_runtime {

using LeafLayout = cute::Layout<I, I>;
using U = cute::Underscore;

// clang-format off
using Tilers = std::tuple<
    LeafLayout, cute::Layout<T_<I>, T_<I>>,
    T_<LeafLayout>, T_<U>,
    T_<LeafLayout, LeafLayout>, T_<LeafLayout, U>, T_<U, LeafLayout>, T_<U, U>,
    T_<LeafLayout, LeafLayout, LeafLayout>, T_<LeafLayout, LeafLayout, U>,
    T_<LeafLayout, U, LeafLayout>, T_<LeafLayout, U, U>, T_<U, LeafLayout, LeafLayout>,
    T_<U, LeafLayout, U>, T_<U, U, LeafLayout>, T_<U, U, U>>;
// clang-format on
constexpr int kTilers = static_cast<int>(std::tuple_size_v<Tilers>);
template <int K>
using TilerProfile = std::tuple_element_t<K, Tilers>;

// The index of t's profile in Tilers; -1 when none.
inline int tiler_profile_of(const layout::Tiler& t) {
  if (t.is_layout()) {
    const int p = profile_of(t.layout.shape());
    return p == 0 || p == 1 ? p : -1;
  }
  if (!t.is_tuple() || t.rank() < 1 || t.rank() > 3) return -1;
  int code = 0;
  for (const layout::Tiler& e : t.elems) {
    if (e.is_underscore()) {
      code = code * 2 + 1;
    } else if (e.is_layout() && e.layout.shape().is_int()) {
      code = code * 2;
    } else {
      return -1;
    }
  }
  const int base = t.rank() == 1 ? 2 : t.rank() == 2 ? 4 : 8;
  return base + code;
}

template <class T>
struct IsLayout : std::false_type {};
template <class S, class D>
struct IsLayout<cute::Layout<S, D>> : std::true_type {};

template <class T>
T to_cute_tiler(const layout::Tiler& t) {
  if constexpr (std::is_same_v<T, U>) {
    return cute::_;
  } else if constexpr (IsLayout<T>::value) {
    using S = std::remove_cvref_t<decltype(std::declval<T>().shape())>;
    return to_cute_layout<S>(t.layout);
  } else {
    return [&]<std::size_t... k>(std::index_sequence<k...>) {
      return T{to_cute_tiler<std::tuple_element_t<k, T>>(t.elems[k])...};
    }
    (std::make_index_sequence<std::tuple_size_v<T>>{});
  }
}

}  // namespace adapters::cute_runtime
