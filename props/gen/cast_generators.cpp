// Generators for the element-width laws (UPCAST-DEF, DOWNCAST-DEF,
// RECAST-DEF) and the byte-address swizzle (SWIZZLE-BYTES): a layout of the
// class with its strides re-drawn so that CuTe's rules mostly apply (strides
// that are multiples or divisors of the factor, a unit stride for downcast),
// and near misses where they do not.
#include <vector>

#include "generators.hpp"

namespace props::gen {

namespace g = rc::gen;

namespace {

const std::vector<int64_t> kFactors = {1, 2, 4, 8, 16, 32, 64, 3, 6, 12};
const std::vector<int64_t> kBits = {1, 2, 4, 8, 16, 32, 64, 128, 6, 24};

// A stride for upcast by n: 0, +-(a multiple of n), +-(a divisor of n), or
// (near_miss, sometimes) anything.
int64_t stride_for(int64_t n, int64_t old, bool miss, bool huge = false) {
  std::vector<int64_t> divisors;
  for (int64_t x = 1; x <= n; ++x)
    if (n % x == 0) divisors.push_back(x);
  const int64_t sign =
      *g::weightedOneOf<int64_t>({{5, g::just<int64_t>(1)}, {1, g::just<int64_t>(-1)}});
  switch (*g::inRange(0, miss ? 5 : 4)) {
    case 0:
      return 0;
    case 1:
      return sign * n * (*g::inRange<int64_t>(1, 9) << (huge ? *g::inRange(20, 50) : 0));
    case 2:
      return sign * *g::elementOf(divisors);
    case 3:
      return old;  // the class's own stride (large, negative, ...)
    default:
      return sign * *g::inRange<int64_t>(1, 4 * n + 2);
  }
}

// L with its stride leaves (in order) replaced by f(old stride).
template <class F>
Layout with_strides(const Layout& l, F f) {
  IntTuple d = l.stride();
  for (layout::ItNode& x : d.raw())
    if (!x.tuple) x.v = f(x.v);
  return Layout(l.shape(), d);
}

Layout restrided(const Layout& l, int64_t n, bool miss, bool unit, bool huge = false) {
  Layout r = with_strides(l, [&](int64_t x) { return stride_for(n, x, miss, huge); });
  if (!unit) return r;
  const std::size_t leaves = l.stride().leaves().size();
  std::size_t pick = *g::inRange<std::size_t>(0, leaves), at = 0;
  return with_strides(r, [&](int64_t x) { return at++ == pick ? 1 : x; });
}

InputClass base_of(InputClass c) { return c == InputClass::near_miss ? InputClass::nested : c; }

}  // namespace

rc::Gen<std::pair<Layout, int64_t>> upcast_operands(InputClass c) {
  return g::exec([c] {
    const int64_t n = *g::elementOf(kFactors);
    const Layout l = *layouts(base_of(c));
    return std::make_pair(
        restrided(l, n, c == InputClass::near_miss, false, c == InputClass::large), n);
  });
}

rc::Gen<std::pair<Layout, int64_t>> downcast_operands(InputClass c) {
  return g::exec([c] {
    const int64_t n = *g::elementOf(kFactors);
    const Layout l = *layouts(base_of(c));
    // Mostly one unit stride; near_miss: maybe none, or a -1.
    const bool unit = c != InputClass::near_miss || *g::arbitrary<bool>();
    Layout r = c == InputClass::large ? l : restrided(l, 1, false, unit);
    if (c == InputClass::large && unit) r = restrided(l, 1, false, true);
    return std::make_pair(r, c == InputClass::near_miss && *g::arbitrary<bool>() ? int64_t{0} : n);
  });
}

rc::Gen<std::tuple<Layout, int64_t, int64_t>> recast_operands(InputClass c) {
  return g::exec([c] {
    const int64_t from = *g::elementOf(kBits), to = *g::elementOf(kBits);
    const Layout l = *layouts(base_of(c));
    // Strides for the upcast by to/gcd; one of them a divisor (a unit stride
    // after the upcast, as the downcast needs).
    int64_t a = from, b = to;
    while (b != 0) {
      const int64_t t = a % b;
      a = b;
      b = t;
    }
    const Layout r = restrided(l, to / a, c == InputClass::near_miss, false);
    return std::make_tuple(r, from, to);
  });
}

rc::Gen<std::tuple<IntTuple, int64_t, Layout>> swizzle_bytes_operands(InputClass c) {
  return g::exec([c] {
    // CUTLASS's smem swizzles Sw<0..3, 4, 3> (16-byte chunks), and others.
    const int64_t b = *g::inRange<int64_t>(0, 4);
    const int64_t m =
        *g::weightedOneOf<int64_t>({{3, g::just<int64_t>(4)}, {2, g::inRange<int64_t>(0, 8)}});
    const int64_t s =
        *g::inRange<int64_t>(std::max<int64_t>(b, 1), 5) *
        *g::weightedOneOf<int64_t>({{4, g::just<int64_t>(1)}, {1, g::just<int64_t>(-1)}});
    const int64_t bits = *g::elementOf(kBits);
    Layout l = *layouts(base_of(c));
    if (c != InputClass::negative && c != InputClass::near_miss)  // offsets >= 0: addresses
      l = with_strides(l, [](int64_t x) { return x < 0 && x != INT64_MIN ? -x : x; });
    layout::TupleBuilder p;
    p.add_int(b);
    p.add_int(m);
    p.add_int(s);
    return std::make_tuple(p.done(), bits, l);
  });
}

}  // namespace props::gen
