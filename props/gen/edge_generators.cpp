// Generators for the laws of slicing, IntTuple utilities, the flat
// evaluation core and the magic-number divider, and the edge-biased values
// they need (generators.hpp).
#include <algorithm>

#include "generators.hpp"

namespace props::gen {

namespace g = rc::gen;

namespace {

constexpr int64_t two32 = int64_t{1} << 32;
constexpr int64_t two62 = int64_t{1} << 62;

int64_t sat_mul(int64_t a, int64_t b) {
  int64_t r;
  return __builtin_mul_overflow(a, b, &r) ? INT64_MAX : r;
}

int64_t size_of(const IntTuple& t) {
  int64_t p = 1;
  for (int64_t v : t.leaves()) p = sat_mul(p, v);
  return p;
}

// A slicing coordinate for a (sub)shape: `_`, an integer in the mode, or a
// tuple of coordinates of the mode's rank (an integer mode takes a 1-tuple).
Term coordinate_for(const IntTuple& shape, int depth) {
  Term t;
  // A tuple-shaped mode gets a tuple coordinate half the time (two thirds at
  // the top): nested tuples holding `_` are where CuTe's slice flattens.
  if (shape.is_tuple() && depth <= 3 && *g::inRange(0, depth == 0 ? 3 : 2) != 0) {
    t.kind = Term::Kind::tuple;
    for (int k = 0; k < shape.rank(); ++k) t.elems.push_back(coordinate_for(shape[k], depth + 1));
    return t;
  }
  const int kind = *g::inRange(0, 9);
  if (kind < 3) {
    t.kind = Term::Kind::underscore;
  } else if (kind < 6 || depth > 3 || (shape.is_int() && kind < 8)) {
    t.kind = Term::Kind::integer;
    t.value = *g::inRange<int64_t>(0, std::max<int64_t>(1, size_of(shape)));
  } else {
    t.kind = Term::Kind::tuple;
    const int r = shape.is_int() ? 1 : shape.rank();
    for (int k = 0; k < r; ++k)
      t.elems.push_back(coordinate_for(shape.is_int() ? shape : shape[k], depth + 1));
  }
  return t;
}

// A coordinate that does not fit: a tuple of the wrong rank, a negative entry.
Term misfit(Term t, const IntTuple& shape) {
  if (t.kind == Term::Kind::tuple && !t.elems.empty() && *g::arbitrary<bool>()) {
    const std::size_t k = *g::inRange<std::size_t>(0, t.elems.size());
    const IntTuple sub = shape.is_int() ? shape : shape[static_cast<int>(k)];
    t.elems[k] = misfit(t.elems[k], sub);
    return t;
  }
  switch (*g::inRange(0, 3)) {
    case 0: {
      Term n;
      n.kind = Term::Kind::integer;
      n.value = -*g::inRange<int64_t>(1, 4);
      return n;
    }
    case 1: {  // one more element than the mode has
      Term w;
      w.kind = Term::Kind::tuple;
      const int r = shape.is_int() ? 1 : shape.rank();
      for (int k = 0; k <= r; ++k) w.elems.push_back(coordinate_for(shape, 3));
      return w;
    }
    default: {  // an empty tuple
      Term e;
      e.kind = Term::Kind::tuple;
      return e;
    }
  }
}

// Shape leaves of a layout.
std::vector<int64_t> leaves_of(const IntTuple& t) {
  const auto v = t.leaves();
  return std::vector<int64_t>(v.begin(), v.end());
}

// The edges a divisor or dividend is drawn near: powers of two and the
// values just around them, 2^32 +- k, 2^63 +- k, 2^64 - k, and multiples of
// small odd numbers by powers of two.
rc::Gen<uint64_t> edge_u64() {
  return g::exec([] {
    const int kind = *g::inRange(0, 6);
    const int e = *g::inRange(1, 64);
    const uint64_t k = static_cast<uint64_t>(*g::inRange<int64_t>(0, 9));
    switch (kind) {
      case 0:
        return (uint64_t{1} << e) + k;  // just above a power of two
      case 1:
        return (uint64_t{1} << e) - k - 1;  // just below
      case 2:
        return *g::element<uint64_t>(uint64_t{1} << 32, uint64_t{1} << 63, 0) -
               static_cast<uint64_t>(*g::inRange<int64_t>(-8, 9));  // 2^32, 2^63, 2^64 (0) -+ k
      case 3:
        return static_cast<uint64_t>(*g::element<int64_t>(3, 5, 7, 11, 13, 641, 6700417))
               << *g::inRange(0, 60);
      case 4:
        return static_cast<uint64_t>(*g::inRange<int64_t>(1, 1000));
      default:
        return static_cast<uint64_t>(*g::arbitrary<int64_t>());
    }
  });
}

}  // namespace

rc::Gen<std::pair<Layout, Term>> slice_operands(InputClass c) {
  return g::exec([c] {
    const Layout l = *layouts(c == InputClass::near_miss ? InputClass::nested : c);
    Term t = coordinate_for(l.shape(), 0);
    if (c == InputClass::near_miss) t = misfit(std::move(t), l.shape());
    return std::make_pair(l, t);
  });
}

namespace {

Term int_term(int64_t v) { return Term{Term::Kind::integer, v, {}, {}, {}}; }
Term underscore_term() { return Term{Term::Kind::underscore, 0, {}, {}, {}}; }

// A CuTe Step for n modes: X (`_`) at the places in `skip`, 1 elsewhere.
Term projection_of(const std::vector<bool>& skip) {
  Term p;
  p.kind = Term::Kind::tuple;
  for (bool x : skip) p.elems.push_back(x ? underscore_term() : int_term(1));
  return p;
}

}  // namespace

rc::Gen<std::tuple<Layout, Tiler, Term, Term>> local_tile_operands(InputClass c) {
  return g::exec([c] {
    const auto [a, t] = *divisible_tilers(c);
    // The rest's mode sizes, as the tiler divides A (rounded up).
    std::vector<int64_t> rest;
    if (t.is_tuple()) {
      for (int k = 0; k < a.rank(); ++k) {
        const int64_t n = a.shape().is_int() ? size_of(a.shape()) : size_of(a.shape()[k]);
        const Tiler* tk = k < t.rank() ? &t.elems[static_cast<std::size_t>(k)] : nullptr;
        const int64_t m =
            tk && tk->is_layout() ? std::max<int64_t>(1, size_of(tk->layout.shape())) : 1;
        rest.push_back(std::max<int64_t>(1, (n + m - 1) / m));
      }
    }
    const Term none = int_term(1);  // dice(1, x) = x: no projection
    if (rest.empty() || *g::weightedOneOf<bool>({{2, g::just(true)}, {5, g::just(false)}})) {
      int64_t total = 1;
      for (int64_t r : rest) total = sat_mul(total, r);
      if (rest.empty()) {
        const int64_t m = t.is_layout() ? std::max<int64_t>(1, size_of(t.layout.shape())) : 1;
        total = std::max<int64_t>(1, (size_of(a.shape()) + m - 1) / m);
      }
      const int64_t hi = c == InputClass::near_miss ? total * 2 + 2 : total;
      return std::make_tuple(a, t, int_term(*g::inRange<int64_t>(0, hi)), none);
    }
    // A per-mode coordinate: some modes `_` (kept), maybe shorter than the
    // rest (the missing modes kept too, as CuTe's append<R1>(c, _)).
    Term coord;
    coord.kind = Term::Kind::tuple;
    const std::size_t len = *g::weightedOneOf<std::size_t>(
        {{3, g::just(rest.size())}, {1, g::inRange<std::size_t>(1, rest.size() + 1)}});
    for (std::size_t k = 0; k < len; ++k)
      coord.elems.push_back(*g::weightedOneOf<bool>({{1, g::just(true)}, {3, g::just(false)}})
                                ? underscore_term()
                                : int_term(*g::inRange<int64_t>(0, rest[k])));
    if (c == InputClass::near_miss && *g::arbitrary<bool>())
      coord.elems.push_back(int_term(0));  // one mode more than the rest
    if (!t.is_tuple() || *g::arbitrary<bool>()) return std::make_tuple(a, t, coord, none);
    // A projection: extra tiler modes (and coordinates) that X skips, as a
    // CTA tiler (BM,BN,BK) projected onto A's (M,K) with Step<1,X,1>.
    std::vector<bool> skip;
    Tiler wide = Tiler::tuple({});
    Term wide_coord = coord;
    wide_coord.elems.clear();
    std::size_t next = 0;
    while (next < t.elems.size() || next < coord.elems.size()) {
      if (*g::weightedOneOf<bool>({{1, g::just(true)}, {3, g::just(false)}})) {
        skip.push_back(true);
        wide.elems.emplace_back(Layout(*g::inRange<int64_t>(1, 9), 1));
        wide_coord.elems.push_back(*g::arbitrary<bool>() ? underscore_term()
                                                         : int_term(*g::inRange<int64_t>(0, 4)));
        continue;
      }
      skip.push_back(false);
      wide.elems.push_back(next < t.elems.size() ? t.elems[next] : Tiler::underscore());
      if (next < coord.elems.size()) wide_coord.elems.push_back(coord.elems[next]);
      ++next;
    }
    // The coordinate names every mode of the projection (CuTe dices both).
    while (wide_coord.elems.size() < skip.size()) wide_coord.elems.push_back(underscore_term());
    if (wide.elems.size() > skip.size()) return std::make_tuple(a, t, coord, none);
    while (wide.elems.size() < skip.size()) wide.elems.push_back(Tiler::underscore());
    return std::make_tuple(a, wide, wide_coord, projection_of(skip));
  });
}

rc::Gen<std::tuple<Layout, Layout, int64_t, Term>> local_partition_operands(InputClass c) {
  return g::exec([c] {
    const Layout l = *layouts(c == InputClass::near_miss ? InputClass::nested : c);
    // Thread layout: per mode of L (a prefix of its modes), a size dividing
    // the mode's first leaf; laid out compact, permuted or with a gap.
    const int r = l.shape().is_int() ? 1 : *g::inRange(1, l.rank() + 1);
    std::vector<int64_t> sizes;
    for (int k = 0; k < r; ++k) {
      const IntTuple mk = l.shape().is_int() ? l.shape() : l.shape()[k];
      const int64_t first = leaves_of(mk)[0];
      std::vector<int64_t> div;
      for (int64_t x = 1; x <= first && x <= 64; ++x)
        if (first % x == 0) div.push_back(x);
      sizes.push_back(*g::elementOf(div));
    }
    std::vector<std::size_t> order(sizes.size());
    for (std::size_t k = 0; k < order.size(); ++k) order[k] = k;
    if (*g::arbitrary<bool>()) std::reverse(order.begin(), order.end());
    std::vector<int64_t> strides(sizes.size());
    int64_t run = 1;
    for (std::size_t k : order) {
      strides[k] = run;
      run *=
          sizes[k] + (*g::weightedOneOf<bool>({{3, g::just(false)}, {1, g::just(true)}}) ? 1 : 0);
    }
    // A projection: thread modes that X skips, with their own strides (a
    // thread layout over (M,N,K) projected onto A's (M,K)); a size-1 mode of
    // stride 0 is a broadcast mode, as in CuTe's examples.
    std::vector<bool> skip;
    if (!l.shape().is_int() && *g::arbitrary<bool>()) {
      std::vector<int64_t> ws, wd;
      for (std::size_t k = 0; k <= sizes.size(); ++k) {
        if (*g::weightedOneOf<bool>({{1, g::just(true)}, {2, g::just(false)}})) {
          const int64_t s = *g::inRange<int64_t>(1, 5);
          ws.push_back(s);
          wd.push_back(s == 1 ? 0 : run);
          run *= s;
          skip.push_back(true);
        }
        if (k == sizes.size()) break;
        ws.push_back(sizes[k]);
        wd.push_back(strides[k]);
        skip.push_back(false);
      }
      sizes = ws;
      strides = wd;
    }
    Layout p;
    if (sizes.size() == 1 && l.shape().is_int()) {
      p = Layout(sizes[0], strides[0]);
    } else {
      layout::TupleBuilder s, d;
      for (std::size_t k = 0; k < sizes.size(); ++k) {
        s.add_int(sizes[k]);
        d.add_int(strides[k]);
      }
      p = Layout(s.done(), d.done());
    }
    int64_t tid = p(*g::inRange<int64_t>(0, p.size()));
    if (c == InputClass::near_miss) tid = *g::inRange<int64_t>(0, 4 * p.cosize() + 4);
    const bool projected = std::find(skip.begin(), skip.end(), true) != skip.end();
    return std::make_tuple(l, p, tid, projected ? projection_of(skip) : int_term(1));
  });
}

rc::Gen<std::pair<IntTuple, IntTuple>> shape_div_operands(InputClass c) {
  return g::exec([c] {
    const IntTuple a = (*coordinates(InputClass::nested)).second;
    const std::vector<int64_t> lv = leaves_of(a);
    switch (c == InputClass::near_miss ? 3 : *g::inRange(0, 3)) {
      case 0: {  // a product of a prefix of the leaves, maybe split
        const std::size_t n = *g::inRange<std::size_t>(0, lv.size() + 1);
        int64_t d = 1;
        for (std::size_t k = 0; k < n; ++k) d *= lv[k];
        if (n < lv.size() && *g::arbitrary<bool>()) {
          std::vector<int64_t> div;
          for (int64_t x = 1; x <= lv[n]; ++x)
            if (lv[n] % x == 0) div.push_back(x);
          d *= *g::elementOf(div);
        }
        return std::make_pair(a, IntTuple(d));
      }
      case 1: {  // by element: a divisor of each element's first leaf
        if (a.is_int()) return std::make_pair(a, IntTuple(*g::inRange<int64_t>(1, 4)));
        layout::TupleBuilder b;
        for (int k = 0; k < a.rank(); ++k) {
          const int64_t first = leaves_of(a[k])[0];
          std::vector<int64_t> div;
          for (int64_t x = 1; x <= first; ++x)
            if (first % x == 0) div.push_back(x);
          b.add_int(*g::elementOf(div));
        }
        return std::make_pair(a, b.done());
      }
      case 2:  // a divisor that is a multiple of the whole
        return std::make_pair(a, IntTuple(size_of(a) * *g::inRange<int64_t>(1, 4)));
      default: {  // near misses: a step divides neither way, or ranks differ
        if (a.is_tuple() && *g::arbitrary<bool>()) {
          layout::TupleBuilder b;
          for (int k = 0; k <= a.rank(); ++k) b.add_int(1);
          return std::make_pair(a, b.done());
        }
        int64_t d = *g::inRange<int64_t>(2, 40);
        return std::make_pair(a, IntTuple(d));
      }
    }
  });
}

rc::Gen<std::pair<IntTuple, int64_t>> tuple_util_operands(InputClass c) {
  return g::exec([c] {
    IntTuple t = (*coordinates(InputClass::nested)).second;
    int64_t k = *g::inRange<int64_t>(-4, 5);
    for (layout::ItNode& n : t.raw()) {
      if (n.tuple) continue;
      if (c == InputClass::negative && *g::arbitrary<bool>()) n.v = -n.v;
      if (c == InputClass::size_one && *g::arbitrary<bool>()) n.v = 1;
      if (c == InputClass::large &&
          *g::weightedOneOf<bool>({{2, g::just(false)}, {1, g::just(true)}}))
        n.v = *g::element<int64_t>(two32 + 1, (int64_t{1} << 31) - 1, two62, INT64_MAX / 3,
                                   3037000500, n.v);
    }
    if (c == InputClass::large) k = *g::element<int64_t>(1, two32, INT64_MAX / 2, -two62);
    return std::make_pair(t, k);
  });
}

rc::Gen<IntTuple> compact_shapes(InputClass c) {
  return g::exec([c] {
    IntTuple s = (*coordinates(InputClass::nested)).second;
    if (c == InputClass::near_miss) {  // a leaf < 1
      for (layout::ItNode& n : s.raw())
        if (!n.tuple && *g::arbitrary<bool>()) n.v = -*g::inRange<int64_t>(0, 3);
    } else if (c == InputClass::large) {  // sizes past 2^32, to the int64 edge and past it
      for (layout::ItNode& n : s.raw())
        if (!n.tuple)
          n.v = *g::element<int64_t>(two32 + 1, (int64_t{1} << 31) - 1, 65537, 3037000500, n.v);
    }
    return s;
  });
}

rc::Gen<std::pair<Layout, int64_t>> flat_operands(InputClass c) {
  return g::exec([c] {
    Layout l;
    if (c == InputClass::large) {
      switch (*g::inRange(0, 4)) {
        case 0:
          l = *large_layouts();  // huge strides: max_index small, near the edge
          break;
        case 1:
          l = *huge_shape_layouts();  // digits by divisors past 2^32
          break;
        case 2: {  // a leaf past 2^32 that is not a power of two, small strides
          const int64_t big = two32 + 1 + 2 * *g::inRange<int64_t>(0, 1000);
          const int64_t small = *g::inRange<int64_t>(2, 7);
          const int64_t d = *g::inRange<int64_t>(0, 4);
          l = Layout(IntTuple::tuple({small, big, *g::inRange<int64_t>(1, 3)}),
                     IntTuple::tuple({1, small, d}));
          break;
        }
        default: {  // the last stride small: max_index saturates at 2^64 - 1
          const int64_t s0 = *g::inRange<int64_t>(2, 9), s1 = *g::inRange<int64_t>(3, 1000);
          l = Layout(IntTuple::tuple({s0, s1, *g::inRange<int64_t>(1, 4)}),
                     IntTuple::tuple({*g::inRange<int64_t>(-3, 4), *g::inRange<int64_t>(0, 5),
                                      *g::inRange<int64_t>(0, 2)}));
          break;
        }
      }
    } else if (c == InputClass::near_miss) {  // offsets past int64: refused
      l = Layout(IntTuple::tuple({*g::inRange<int64_t>(3, 9), 2}),
                 IntTuple::tuple({INT64_MAX / 2, 1}));
    } else {
      l = *layouts(c);
    }
    return std::make_pair(l, *g::arbitrary<int64_t>());
  });
}

rc::Gen<std::pair<int64_t, int64_t>> magic_operands(InputClass c) {
  return g::exec([c] {
    uint64_t d = *edge_u64();
    if (d == 0) d = 1;
    if (c == InputClass::nested) d = static_cast<uint64_t>(*g::inRange<int64_t>(1, 1 << 20));
    uint64_t n = *edge_u64();
    return std::make_pair(static_cast<int64_t>(d), static_cast<int64_t>(n));
  });
}

rc::Gen<std::pair<Layout, Layout>> edge_composition_pairs() {
  return g::exec([] {
    // A: bounded modes of small size, the last stride near the int64 edge;
    // B: steps over all of A's bounded modes (so its image runs past A's
    // domain) by a multiple m of their size, n elements.
    const auto sizes = *g::container<std::vector<int64_t>>(*g::inRange<std::size_t>(1, 3),
                                                           g::inRange<int64_t>(2, 6));
    static const std::vector<int64_t> edges = {
        two62, two62 - 1, INT64_MAX / 3, (int64_t{1} << 61) + 3, INT64_MAX / 2, two62 / 3};
    const bool wrap = *g::weightedOneOf<bool>({{1, g::just(false)}, {2, g::just(true)}});
    const int64_t m = wrap ? *g::inRange<int64_t>(3, 9) : *g::inRange<int64_t>(1, 6);
    const int64_t n = *g::inRange<int64_t>(2, 6);
    int64_t e = *g::elementOf(edges);
    if (wrap) {
      // m * e = 2^64 + delta: a multiply that wraps lands on a small stride.
      const uint64_t r = (~uint64_t{0} % static_cast<uint64_t>(m) + 1) % static_cast<uint64_t>(m);
      const uint64_t delta = (static_cast<uint64_t>(m) - r) % static_cast<uint64_t>(m) +
                             static_cast<uint64_t>(m) * static_cast<uint64_t>(*g::inRange(0, 4));
      __extension__ typedef unsigned __int128 u128;
      e = static_cast<int64_t>(((u128{1} << 64) | delta) / static_cast<uint64_t>(m));
    }
    layout::TupleBuilder s, d;
    int64_t prefix = 1;
    for (int64_t x : sizes) {
      s.add_int(x);
      d.add_int(prefix);
      prefix *= x;
    }
    s.add_int(*g::inRange<int64_t>(1, 3));
    d.add_int(e);
    const Layout a(s.done(), d.done());
    Layout b(n, prefix * m);
    if (*g::arbitrary<bool>())
      b = Layout(IntTuple::tuple({n, 2}), IntTuple::tuple({prefix * m, prefix * m * n}));
    return std::make_pair(a, b);
  });
}

}  // namespace props::gen
