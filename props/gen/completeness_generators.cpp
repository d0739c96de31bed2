// Generators for the completeness laws (COMP-, PROD-, DIV-, LINV-COMPLETE):
// small operands on both sides of "an answer exists" — answerable edge cases
// that a symbolic rule alone does not cover (negative strides in a B of
// several modes, B running past A's mode with a stride that neither divides
// nor is a multiple of it, mixed-sign and non-chaining injective layouts),
// and near misses that have no answer. Sizes stay small: the oracle decides
// existence by searching every layout.
#include <algorithm>
#include <string>
#include <vector>

#include "generators.hpp"

namespace props::gen {

namespace g = rc::gen;

namespace {

using Leaves = std::vector<Mode>;

Layout flat_layout(const Leaves& m, bool nest_two) {
  if (m.size() == 1) return Layout(m[0].s, m[0].d);
  layout::TupleBuilder s, d;
  if (nest_two && m.size() >= 3) {  // ((m0, m1), m2, ...)
    layout::TupleBuilder s2, d2;
    for (std::size_t k = 0; k < 2; ++k) {
      s2.add_int(m[k].s);
      d2.add_int(m[k].d);
    }
    s.add(s2.done());
    d.add(d2.done());
    for (std::size_t k = 2; k < m.size(); ++k) {
      s.add_int(m[k].s);
      d.add_int(m[k].d);
    }
  } else {
    for (const Mode& x : m) {
      s.add_int(x.s);
      d.add_int(x.d);
    }
  }
  return Layout(s.done(), d.done());
}

// 1..rank leaves with sizes in [2, hi] and strides in [lo_d, hi_d].
rc::Gen<Leaves> small_leaves(int rank, int64_t hi, int64_t lo_d, int64_t hi_d) {
  return g::exec([=] {
    Leaves m;
    const int n = *g::inRange(1, rank + 1);
    for (int k = 0; k < n; ++k)
      m.push_back({*g::inRange<int64_t>(2, hi + 1), *g::inRange<int64_t>(lo_d, hi_d + 1)});
    return m;
  });
}

rc::Gen<Layout> small_layout(int rank, int64_t hi, int64_t lo_d, int64_t hi_d) {
  return g::exec(
      [=] { return flat_layout(*small_leaves(rank, hi, lo_d, hi_d), *g::arbitrary<bool>()); });
}

// A o B has an answer by a rule other than the plain walk.
rc::Gen<std::pair<Layout, Layout>> answerable_composition() {
  return g::exec([] {
    switch (*g::inRange(0, 4)) {
      case 0: {  // A one linear mode, B of several modes with mixed signs
        const int64_t e = *g::inRange<int64_t>(1, 6) * (*g::arbitrary<bool>() ? 1 : -1);
        return std::make_pair(Layout(*g::inRange<int64_t>(2, 13), e), *small_layout(3, 5, -9, 9));
      }
      case 1: {  // B of several modes, all strides <= 0, on a multi-mode A
        const Layout a = *small_layout(3, 6, 1, 12);
        Leaves bm = *small_leaves(3, 4, -12, 0);
        return std::make_pair(a, flat_layout(bm, false));
      }
      case 2: {  // A = (a0, n):(e0, e1), B = s:d past a0 with d not dividing a0
        // (below a0 as often as above: CuTe's weak test lets d < a0 through)
        const int64_t a0 = *g::inRange<int64_t>(3, 9);
        const Leaves am{{a0, *g::inRange<int64_t>(0, 4)},
                        {*g::inRange<int64_t>(2, 9), *g::inRange<int64_t>(1, 9)}};
        int64_t d = *g::arbitrary<bool>() ? *g::inRange<int64_t>(2, a0)
                                          : *g::inRange<int64_t>(a0 + 1, 3 * a0);
        if (d % a0 == 0 || a0 % d == 0) d = a0 + 1;
        const int64_t past = (a0 + d - 1) / d + 1;  // long enough to run past A's first mode
        return std::make_pair(flat_layout(am, false), Layout(past + *g::inRange<int64_t>(0, 5), d));
      }
      default:  // small random pairs: answerable or not
        return std::make_pair(*small_layout(3, 6, -6, 12), *small_layout(3, 5, -12, 12));
    }
  });
}

}  // namespace

rc::Gen<std::pair<Layout, Layout>> completeness_pairs(const std::string& law, InputClass c) {
  if (law == "COMP-COMPLETE") {
    if (c == InputClass::admissible) return answerable_composition();
    if (c == InputClass::near_miss) return near_miss_pairs();
    return g::weightedOneOf<std::pair<Layout, Layout>>(
        {{2, composable_pairs(c)}, {1, g::pair(layouts(c), small_layout(3, 5, -12, 12))}});
  }
  if (law == "PROD-COMPLETE") {
    if (c == InputClass::admissible)  // A complementable, B with any strides
      return g::pair(g::oneOf(chained_layouts(), small_layout(2, 4, 1, 9)),
                     small_layout(3, 4, -40, 40));
    if (c == InputClass::near_miss) return g::pair(small_layout(3, 4, -3, 6), layouts(c));
    return g::weightedOneOf<std::pair<Layout, Layout>>(
        {{2, product_pairs(c)}, {1, g::pair(layouts(c), small_layout(2, 4, -12, 12))}});
  }
  // DIV-COMPLETE: B complementable (injective, not interleaving) with strides
  // that need not divide A's modes.
  if (c == InputClass::admissible)
    return g::pair(small_layout(3, 6, -6, 12), g::oneOf(chained_layouts(), gap_layouts()));
  if (c == InputClass::near_miss) return near_miss_pairs();
  return g::weightedOneOf<std::pair<Layout, Layout>>(
      {{2, divisible_pairs(c)}, {1, g::pair(layouts(c), small_layout(2, 4, 1, 12))}});
}

rc::Gen<Layout> inverse_candidates(InputClass c) {
  if (c == InputClass::admissible)  // injective, mostly not chaining, mixed signs
    return g::suchThat(small_layout(3, 5, -12, 12), [](const Layout& a) {
      std::vector<int64_t> v;
      for (int64_t i = 0; i < a.size(); ++i) v.push_back(a(i));
      std::sort(v.begin(), v.end());
      return std::adjacent_find(v.begin(), v.end()) == v.end();
    });
  if (c == InputClass::near_miss) return small_layout(3, 5, -4, 4);  // mostly not injective
  return layouts(c);
}

}  // namespace props::gen
