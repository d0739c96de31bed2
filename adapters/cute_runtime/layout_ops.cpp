// The operations on one layout or integer tuple (every profile).
#include "answer.hpp"

namespace adapters {

using namespace cute_runtime;

namespace {

// f.template operator()<P>() with P the profile of t.
template <class F>
decltype(auto) on_profile(const std::string& op, const IntTuple& t, F&& f) {
  return dispatch<kProfiles>(profile(op, t),
                             [&]<int K>() { return f.template operator()<Profile<K>>(); });
}

template <class F>
decltype(auto) on_layout(const std::string& op, const Layout& l, F&& f) {
  return on_profile(op, l.shape(), [&]<class P>() { return f(to_cute_layout<P>(l)); });
}

}  // namespace

const std::vector<std::string>& CuteRuntimeAlgebra::operations() {
  static const std::vector<std::string> ops = {"size",
                                               "cosize",
                                               "call",
                                               "idx2crd",
                                               "crd2idx",
                                               "rank",
                                               "depth",
                                               "flatten",
                                               "make_layout_left",
                                               "make_layout_right",
                                               "shape_div",
                                               "prefix_product",
                                               "product",
                                               "inner_product",
                                               "coalesce",
                                               "filter",
                                               "composition",
                                               "complement",
                                               "right_inverse",
                                               "upcast",
                                               "make_layout_like",
                                               "logical_divide",
                                               "zipped_divide",
                                               "tiled_divide",
                                               "flat_divide",
                                               "logical_product",
                                               "zipped_product",
                                               "tiled_product",
                                               "blocked_product",
                                               "raked_product"};
  return ops;
}

int64_t CuteRuntimeAlgebra::size(const Layout& l) const {
  return on_layout("size", l, [](const auto& c) { return int64_t(cute::size(c)); });
}
int64_t CuteRuntimeAlgebra::cosize(const Layout& l) const {
  return on_layout("cosize", l, [](const auto& c) { return int64_t(cute::cosize(c)); });
}
int64_t CuteRuntimeAlgebra::eval(const Layout& l, int64_t i) const {
  return on_layout("call", l, [i](const auto& c) { return int64_t(c(i)); });
}
int CuteRuntimeAlgebra::rank(const Layout& l) const {
  return on_layout("rank", l, [](const auto& c) { return int(cute::rank(c)); });
}
int CuteRuntimeAlgebra::depth(const Layout& l) const {
  return on_layout("depth", l, [](const auto& c) { return int(cute::depth(c)); });
}
Layout CuteRuntimeAlgebra::flatten(const Layout& l) const {
  return on_layout("flatten", l, [](const auto& c) { return answer(cute::flatten(c)); });
}
Layout CuteRuntimeAlgebra::coalesce(const Layout& l) const {
  return on_layout("coalesce", l, [](const auto& c) { return answer(cute::coalesce(c)); });
}
Layout CuteRuntimeAlgebra::filter(const Layout& l) const {
  return on_layout("filter", l, [](const auto& c) { return answer(cute::filter(c)); });
}
Layout CuteRuntimeAlgebra::right_inverse(const Layout& l) const {
  return on_layout("right_inverse", l,
                   [](const auto& c) { return answer(cute::right_inverse(c)); });
}
Layout CuteRuntimeAlgebra::make_layout_like(const Layout& l) const {
  return on_layout("make_layout_like", l,
                   [](const auto& c) { return answer(cute::make_layout_like(c)); });
}

// CuTe's complement with runtime values is defined for rank-1 layouts only.
Layout CuteRuntimeAlgebra::complement(const Layout& l, int64_t cotarget) const {
  return on_profile("complement", l.shape(), [&]<class P>() -> Layout {
    if constexpr (is_rank1<P>) {
      return answer(cute::complement(to_cute_layout<P>(l), cotarget));
    } else {
      throw props::Unsupported("complement: CuTe needs static values for rank >= 2");
    }
  });
}
Layout CuteRuntimeAlgebra::complement(const Layout& l) const {
  return on_profile("complement", l.shape(), [&]<class P>() -> Layout {
    if constexpr (is_rank1<P>) {
      return answer(cute::complement(to_cute_layout<P>(l)));
    } else {
      throw props::Unsupported("complement: CuTe needs static values for rank >= 2");
    }
  });
}

// upcast<N>: N is a template argument; the powers of two up to 64 and 3.
Layout CuteRuntimeAlgebra::upcast(const Layout& l, int64_t n) const {
  static constexpr int kN[] = {1, 2, 3, 4, 8, 16, 32, 64};
  int k = -1;
  for (int j = 0; j < 8; ++j)
    if (kN[j] == n) k = j;
  if (k < 0) throw props::Unsupported("upcast: instantiated for N in 1, 2, 3, 4, 8, ..., 64");
  return on_layout("upcast", l, [k](const auto& c) {
    return dispatch<8>(k, [&]<int J>() { return answer(cute::upcast<kN[J]>(c)); });
  });
}

IntTuple CuteRuntimeAlgebra::idx2crd(const IntTuple& i, const IntTuple& shape) const {
  if (!i.is_int()) throw props::Unsupported("idx2crd: instantiated for an integer index");
  return on_profile("idx2crd", shape, [&]<class P>() {
    return from_cute(cute::idx2crd(i.value(), to_cute<P>(shape)));
  });
}

// c: an integer or a coordinate of shape's profile.
template <class F>
static int64_t on_coordinate(const IntTuple& c, const IntTuple& shape, F&& f) {
  const int ks = profile("crd2idx", shape);
  if (!c.is_int() && profile_of(c) != ks)
    throw props::Unsupported("crd2idx: instantiated for an integer or congruent coordinate");
  return dispatch<kProfiles>(ks, [&]<int K>() -> int64_t {
    using P = Profile<K>;
    if (c.is_int()) return f(c.value(), to_cute<P>(shape));
    return f(to_cute<P>(c), to_cute<P>(shape));
  });
}

int64_t CuteRuntimeAlgebra::crd2idx(const IntTuple& c, const IntTuple& shape,
                                    const IntTuple& stride) const {
  if (profile_of(stride) != profile("crd2idx", shape))
    throw layout::Error("crd2idx", layout::to_string(shape), "stride not congruent with shape");
  return on_coordinate(c, shape, [&](const auto& cc, const auto& s) {
    return int64_t(cute::crd2idx(cc, s, to_cute<std::remove_cvref_t<decltype(s)>>(stride)));
  });
}
int64_t CuteRuntimeAlgebra::crd2idx(const IntTuple& c, const IntTuple& shape) const {
  return on_coordinate(c, shape, [&](const auto& cc, const auto& s) {
    return int64_t(cute::crd2idx(cc, s, cute::compact_col_major(s)));
  });
}

Layout CuteRuntimeAlgebra::make_layout_left(const IntTuple& shape) const {
  return on_profile("make_layout_left", shape, [&]<class P>() {
    return answer(cute::make_layout(to_cute<P>(shape), cute::LayoutLeft{}));
  });
}
Layout CuteRuntimeAlgebra::make_layout_right(const IntTuple& shape) const {
  return on_profile("make_layout_right", shape, [&]<class P>() {
    return answer(cute::make_layout(to_cute<P>(shape), cute::LayoutRight{}));
  });
}

// b: an integer or a tuple of a's profile.
IntTuple CuteRuntimeAlgebra::shape_div(const IntTuple& a, const IntTuple& b) const {
  const int ka = profile("shape_div", a);
  if (!b.is_int() && profile_of(b) != ka)
    throw props::Unsupported("shape_div: instantiated for an integer or congruent divisor");
  return dispatch<kProfiles>(ka, [&]<int K>() {
    using P = Profile<K>;
    if (b.is_int()) return from_cute(cute::shape_div(to_cute<P>(a), b.value()));
    return from_cute(cute::shape_div(to_cute<P>(a), to_cute<P>(b)));
  });
}
IntTuple CuteRuntimeAlgebra::prefix_product(const IntTuple& a, int64_t init) const {
  return on_profile("prefix_product", a, [&]<class P>() {
    return from_cute(cute::compact_col_major(to_cute<P>(a), init));
  });
}
int64_t CuteRuntimeAlgebra::product(const IntTuple& a) const {
  return on_profile("product", a, [&]<class P>() { return int64_t(cute::product(to_cute<P>(a))); });
}
int64_t CuteRuntimeAlgebra::inner_product(const IntTuple& a, const IntTuple& b) const {
  const int ka = profile("inner_product", a);
  if (profile_of(b) != ka)
    throw props::Unsupported("inner_product: instantiated for congruent operands");
  return dispatch<kProfiles>(ka, [&]<int K>() {
    using P = Profile<K>;
    return int64_t(cute::inner_product(to_cute<P>(a), to_cute<P>(b)));
  });
}

// The products of two layouts: CuTe computes them with runtime values for
// rank-1 operands of the same profile only (raked_product: (n):(d) only);
// ok(KA, KB) says which pairs compile.
template <class Ok, class F>
static Layout rank1_pair(const std::string& op, const Layout& a, const Layout& b, Ok ok, F&& f) {
  const int ka = profile(op, a.shape()), kb = profile(op, b.shape());
  if (ka > 1 || kb > 1 || !ok(ka, kb))
    throw props::Unsupported(op + ": CuTe rejects these operands' profiles at compile time" +
                             " with runtime values");
  return dispatch<2>(ka, [&]<int KA>() {
    return dispatch<2>(kb, [&]<int KB>() -> Layout {
      if constexpr (ok(KA, KB)) {
        return f(to_cute_layout<Profile<KA>>(a), to_cute_layout<Profile<KB>>(b));
      } else {
        throw props::Unsupported(op);
      }
    });
  });
}
Layout CuteRuntimeAlgebra::blocked_product(const Layout& a, const Layout& b) const {
  constexpr auto ok = [](int ka, int kb) { return ka == kb; };
  return rank1_pair("blocked_product", a, b, ok, [](const auto& x, const auto& y) {
    return answer(cute::blocked_product(x, y));
  });
}
Layout CuteRuntimeAlgebra::raked_product(const Layout& a, const Layout& b) const {
  constexpr auto ok = [](int ka, int kb) { return ka == 1 && kb == 1; };
  return rank1_pair("raked_product", a, b, ok,
                    [](const auto& x, const auto& y) { return answer(cute::raked_product(x, y)); });
}

Layout CuteRuntimeAlgebra::composition(const Layout& a, const Layout& b) const {
  return cute_runtime::composition_layouts(profile("composition", a.shape()),
                                           profile("composition", b.shape()), a, b);
}
Layout CuteRuntimeAlgebra::composition(const Layout& a, const Tiler& b) const {
  if (b.is_layout()) return composition(a, b.layout);
  return with_tiler(TilerOp::composition, a, b);
}
Layout CuteRuntimeAlgebra::logical_divide(const Layout& a, const Tiler& b) const {
  return with_tiler(TilerOp::logical_divide, a, b);
}
Layout CuteRuntimeAlgebra::zipped_divide(const Layout& a, const Tiler& b) const {
  return with_tiler(TilerOp::zipped_divide, a, b);
}
Layout CuteRuntimeAlgebra::tiled_divide(const Layout& a, const Tiler& b) const {
  return with_tiler(TilerOp::tiled_divide, a, b);
}
Layout CuteRuntimeAlgebra::flat_divide(const Layout& a, const Tiler& b) const {
  return with_tiler(TilerOp::flat_divide, a, b);
}
Layout CuteRuntimeAlgebra::logical_product(const Layout& a, const Tiler& b) const {
  return with_tiler(TilerOp::logical_product, a, b);
}
Layout CuteRuntimeAlgebra::zipped_product(const Layout& a, const Tiler& b) const {
  return with_tiler(TilerOp::zipped_product, a, b);
}
Layout CuteRuntimeAlgebra::tiled_product(const Layout& a, const Tiler& b) const {
  return with_tiler(TilerOp::tiled_product, a, b);
}

}  // namespace adapters
