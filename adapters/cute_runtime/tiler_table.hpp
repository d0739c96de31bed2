// composition, the divides and the products by a tiler (tilers.hpp), one
// operation per translation unit. What CuTe rejects at compile time for a
// pair of profiles is props::Unsupported, decided here without instantiating
// it (by_mode_ok, product_ok).
#pragma once

#include "answer.hpp"
#include "tilers.hpp"

namespace adapters::cute_runtime {

// A by-mode tiler needs a tuple A of at least its rank.
template <class PA, class TL>
constexpr bool by_mode_ok() {
  if constexpr (IsLayout<TL>::value) {
    return true;
  } else if constexpr (std::is_same_v<PA, I>) {
    return false;
  } else {
    return std::tuple_size_v<TL> <= std::tuple_size_v<PA>;
  }
}

// A product takes the complement of A (of each mode of A a by-mode tiler
// names): CuTe computes it with runtime values for rank-1 layouts only.
template <class PA, class TL>
constexpr bool product_ok() {
  if constexpr (IsLayout<TL>::value) {
    return is_rank1<PA>;
  } else if constexpr (!by_mode_ok<PA, TL>()) {
    return false;
  } else {
    return []<std::size_t... k>(std::index_sequence<k...>) {
      return ((std::is_same_v<std::tuple_element_t<k, TL>, U> ||
               std::is_same_v<std::tuple_element_t<k, PA>, I>)&&...);
    }
    (std::make_index_sequence<std::tuple_size_v<TL>>{});
  }
}

// f(cute A, cute tiler) for a's and b's profiles, when Ok<PA, TL>.
template <template <class, class> class Ok, class F>
Layout tiler_dispatch(const std::string& op, const Layout& a, const Tiler& b, F&& f) {
  const int ka = profile(op, a.shape());
  const int kt = tiler_profile_of(b);
  if (kt < 0) unsupported_profile(op, layout::to_string(b));
  return dispatch<kProfiles>(ka, [&]<int KA>() {
    return dispatch<kTilers>(kt, [&]<int KT>() -> Layout {
      using PA = Profile<KA>;
      using TL = TilerProfile<KT>;
      if constexpr (Ok<PA, TL>::value) {
        return f(to_cute_layout<PA>(a), to_cute_tiler<TL>(b));
      } else {
        throw props::Unsupported(op + ": CuTe rejects these operands' profiles at compile time" +
                                 " with runtime values");
      }
    });
  });
}

// zipped, tiled and flat divides regroup each mode as a (tile, rest) pair:
// CuTe compiles a `_` of the tiler only where A's mode has rank 2 (it takes
// that mode for the pair).
template <class PA, class TL>
constexpr bool regroup_ok() {
  if constexpr (IsLayout<TL>::value) {
    return true;
  } else if constexpr (!by_mode_ok<PA, TL>()) {
    return false;
  } else {
    return []<std::size_t... k>(std::index_sequence<k...>) {
      return ((!std::is_same_v<std::tuple_element_t<k, TL>, U> ||
               std::is_same_v<std::tuple_element_t<k, PA>, M2>)&&...);
    }
    (std::make_index_sequence<std::tuple_size_v<TL>>{});
  }
}

template <class PA, class TL>
struct RegroupOk : std::bool_constant<regroup_ok<PA, TL>()> {};
template <class PA, class TL>
struct ByModeOk : std::bool_constant<by_mode_ok<PA, TL>()> {};
template <class PA, class TL>
struct ProductOk : std::bool_constant<product_ok<PA, TL>()> {};
template <class PA, class TL>
struct RegroupProductOk : std::bool_constant<product_ok<PA, TL>() && regroup_ok<PA, TL>()> {};

// Products by a whole layout B: A of rank 1, B of any profile.
template <class F>
Layout product_by_layout(const std::string& op, const Layout& a, const Layout& b, F&& f) {
  const int ka = profile(op, a.shape()), kb = profile(op, b.shape());
  if (ka > 1) throw props::Unsupported(op + ": CuTe needs static values for rank >= 2");
  return dispatch<2>(ka, [&]<int KA>() {
    return dispatch<kProfiles>(kb, [&]<int KB>() {
      return f(to_cute_layout<Profile<KA>>(a), to_cute_layout<Profile<KB>>(b));
    });
  });
}

}  // namespace adapters::cute_runtime
