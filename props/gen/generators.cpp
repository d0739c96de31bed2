#include "generators.hpp"

#include <algorithm>
#include <numeric>

namespace props::gen {

namespace g = rc::gen;

namespace {

using Leaves = std::vector<Mode>;

constexpr int64_t two31 = int64_t{1} << 31;
constexpr int64_t two32 = int64_t{1} << 32;

// ---- nesting ----------------------------------------------------------------

// Builds the nested shape and stride of a list of leaves from nesting codes:
// at each position a code c > 0 groups the next c + 1 leaves into a sub-tuple
// (depth <= 3, at most 4 elements per level; a level that would run out of
// room groups more). Codes past the end, and zeros, keep leaves flat.
class Nester {
public:
  explicit Nester(const std::vector<int>& codes) : codes_(codes) {}

  Layout build(const Leaves& m) {
    if (m.size() == 1 && code() == 0) return Layout(m[0].s, m[0].d);
    layout::TupleBuilder sb, db;
    level(m, 0, m.size(), 1, sb, db);
    return Layout(sb.done(), db.done());
  }

private:
  int code() { return next_ < codes_.size() ? codes_[next_++] : 0; }

  void level(const Leaves& m, std::size_t lo, std::size_t hi, int depth, layout::TupleBuilder& sb,
             layout::TupleBuilder& db) {
    std::size_t slots = 4;
    for (std::size_t i = lo; i < hi;) {
      const std::size_t rem = hi - i;
      std::size_t group =
          depth < 3 ? std::min<std::size_t>(static_cast<std::size_t>(code()) + 1, rem) : 1;
      if (depth < 3 && slots > 0) group = std::max(group, (rem + slots - 1) / slots);
      if (group <= 1) {
        sb.add_int(m[i].s);
        db.add_int(m[i].d);
        group = 1;
      } else {
        layout::TupleBuilder s2, d2;
        level(m, i, i + group, depth + 1, s2, d2);
        sb.add(s2.done());
        db.add(d2.done());
      }
      i += group;
      if (slots > 1) --slots;
    }
  }

  const std::vector<int>& codes_;
  std::size_t next_ = 0;
};

Layout build(const Leaves& m, const std::vector<int>& codes) { return Nester(codes).build(m); }

rc::Gen<std::vector<int>> nest_codes() {
  // Mostly flat or lightly nested; zeros shrink toward flat.
  return g::resize(6, g::container<std::vector<int>>(
                          g::weightedOneOf<int>({{3, g::just(0)}, {2, g::inRange(1, 4)}})));
}

rc::Gen<Layout> nest(rc::Gen<Leaves> leaves) {
  return g::exec([leaves] {
    const Leaves m = *leaves;
    return build(m, *nest_codes());
  });
}

// ---- flat building blocks -----------------------------------------------------

// Caps the product of the shapes at max_size (later shapes are lowered).
std::vector<int64_t> fit(std::vector<int64_t> s, int64_t budget = max_size) {
  int64_t p = 1;
  for (int64_t& x : s) {
    if (p * x > budget) x = std::max<int64_t>(1, budget / p);
    p *= x;
  }
  return s;
}

// A non-empty list of shape leaves, at most n of them, each in [1, hi).
// Mostly two or more leaves (one leaf is a trivial input); the first
// alternative lets shrinking reach a single leaf.
rc::Gen<std::vector<int64_t>> shapes(int n, int64_t hi = 9) {
  const auto leaf =
      g::weightedOneOf<int64_t>({{6, g::inRange<int64_t>(2, hi)}, {1, g::inRange<int64_t>(1, 3)}});
  const auto any = g::resize(n, g::nonEmpty(g::container<std::vector<int64_t>>(leaf)));
  const auto several =
      g::suchThat(any, [](const std::vector<int64_t>& s) { return s.size() >= 2; });
  return g::map(g::weightedOneOf<std::vector<int64_t>>({{1, any}, {4, several}}),
                [](std::vector<int64_t> s) { return fit(std::move(s)); });
}

// A permutation of [0, n) from shrinkable keys (all zeros: the identity).
std::vector<std::size_t> order_from(const std::vector<int>& keys, std::size_t n) {
  std::vector<std::size_t> ord(n);
  std::iota(ord.begin(), ord.end(), std::size_t{0});
  std::stable_sort(ord.begin(), ord.end(), [&](std::size_t a, std::size_t b) {
    const int ka = a < keys.size() ? keys[a] : 0, kb = b < keys.size() ? keys[b] : 0;
    return ka < kb;
  });
  return ord;
}

rc::Gen<std::vector<int>> keys(std::size_t n) {
  return g::container<std::vector<int>>(n, g::inRange(0, 8));
}

// Leaves laid out in the given order (ord[0] fastest) with gap factors:
// stride = running end * gap + skew (skew 0 keeps the chain).
Leaves lay_out(const std::vector<int64_t>& s, const std::vector<std::size_t>& ord,
               const std::vector<int64_t>& gap, const std::vector<int64_t>& skew) {
  Leaves m(s.size());
  int64_t end = 1;
  for (std::size_t k = 0; k < ord.size(); ++k) {
    const std::size_t j = ord[k];
    const int64_t d = end * (k < gap.size() ? gap[k] : 1) + (k < skew.size() ? skew[k] : 0);
    m[j] = {s[j], d};
    end = d * s[j];
  }
  return m;
}

rc::Gen<Leaves> compact_leaves() {
  return g::exec([] {
    const auto s = *shapes(5);
    std::vector<std::size_t> ord(s.size());
    std::iota(ord.begin(), ord.end(), std::size_t{0});
    if (*g::arbitrary<bool>()) std::reverse(ord.begin(), ord.end());  // right-compact
    return lay_out(s, ord, {}, {});
  });
}

rc::Gen<Leaves> permuted_leaves() {
  return g::exec([] {
    const auto s = *shapes(5);
    auto ord = order_from(*keys(s.size()), s.size());
    if (s.size() > 1 && std::is_sorted(ord.begin(), ord.end()))
      std::rotate(ord.begin(), ord.begin() + 1, ord.end());  // never the identity
    return lay_out(s, ord, {}, {});
  });
}

// Injective with gaps; chained (every gap a factor) unless skew is allowed.
rc::Gen<Leaves> gap_leaves(bool allow_skew) {
  return g::exec([allow_skew] {
    const auto s = *shapes(4, 7);
    const auto ord = order_from(*keys(s.size()), s.size());
    auto gap = *g::container<std::vector<int64_t>>(
        s.size(),
        g::weightedOneOf<int64_t>({{2, g::just<int64_t>(1)}, {3, g::inRange<int64_t>(2, 5)}}));
    std::vector<int64_t> skew(s.size(), 0);
    if (allow_skew && *g::weightedOneOf<bool>({{3, g::just(false)}, {1, g::just(true)}}))
      skew[*g::inRange<std::size_t>(0, s.size())] = *g::inRange<int64_t>(1, 3);
    if (std::all_of(gap.begin(), gap.end(), [](int64_t x) { return x == 1; })) gap.back() = 2;
    return lay_out(s, ord, gap, skew);
  });
}

// Some index among the leaves, preferring leaves of size > 1.
std::size_t some_leaf(const Leaves& m, std::size_t pick) {
  std::vector<std::size_t> big;
  for (std::size_t k = 0; k < m.size(); ++k)
    if (m[k].s > 1) big.push_back(k);
  if (big.empty()) return pick % m.size();
  return big[pick % big.size()];
}

rc::Gen<Leaves> nested_leaves() {
  return g::exec([] {
    const auto s = *shapes(6);
    const auto d = *g::container<std::vector<int64_t>>(
        s.size(), g::weightedOneOf<int64_t>(
                      {{4, g::inRange<int64_t>(0, 17)}, {1, g::inRange<int64_t>(0, 257)}}));
    Leaves m(s.size());
    for (std::size_t k = 0; k < s.size(); ++k) m[k] = {s[k], d[k]};
    return m;
  });
}

rc::Gen<Leaves> broadcast_leaves() {
  return g::exec([] {
    Leaves m = *g::oneOf(compact_leaves(), permuted_leaves(), nested_leaves());
    const auto mask = *g::container<std::vector<bool>>(
        m.size(), g::weightedOneOf<bool>({{3, g::just(false)}, {1, g::just(true)}}));
    for (std::size_t k = 0; k < m.size(); ++k)
      if (mask[k]) m[k].d = 0;
    m[some_leaf(m, *g::inRange<std::size_t>(0, 8))].d = 0;
    return m;
  });
}

rc::Gen<Leaves> negative_leaves() {
  return g::exec([] {
    Leaves m = *g::oneOf(compact_leaves(), permuted_leaves(), gap_leaves(true), nested_leaves());
    const auto mask = *g::container<std::vector<bool>>(
        m.size(), g::weightedOneOf<bool>({{2, g::just(false)}, {1, g::just(true)}}));
    for (std::size_t k = 0; k < m.size(); ++k)
      if (mask[k]) m[k].d = -m[k].d;
    Mode& x = m[some_leaf(m, *g::inRange<std::size_t>(0, 8))];
    x.d = x.d > 0 ? -x.d : (x.d == 0 ? -1 : x.d);
    return m;
  });
}

// Inserts 1..3 size-1 modes with arbitrary strides.
Leaves insert_ones(Leaves m, const std::vector<std::pair<std::size_t, int64_t>>& ones) {
  for (const auto& [pos, d] : ones) {
    const auto at = static_cast<std::ptrdiff_t>(pos % (m.size() + 1));
    m.insert(m.begin() + at, Mode{1, d});
  }
  return m;
}

rc::Gen<std::vector<std::pair<std::size_t, int64_t>>> ones_plan(int n) {
  return g::resize(
      n, g::nonEmpty(g::container<std::vector<std::pair<std::size_t, int64_t>>>(g::pair(
             g::inRange<std::size_t>(0, 8),
             g::weightedOneOf<int64_t>(
                 {{2, g::just<int64_t>(0)},
                  {3, g::inRange<int64_t>(1, 100)},
                  {1, g::map(g::inRange<int64_t>(1, 10), [](int64_t x) { return -x; })}})))));
}

rc::Gen<Leaves> size_one_leaves() {
  return g::exec([] {
    Leaves m = *g::oneOf(compact_leaves(), gap_leaves(true), nested_leaves());
    if (m.size() > 4) m.resize(4);
    return insert_ones(std::move(m), *ones_plan(3));
  });
}

// Splits s:d into (a, s/a):(d, a*d) at the given leaves (a proper divisor).
Leaves split_modes(Leaves m, const std::vector<std::pair<std::size_t, std::size_t>>& splits) {
  for (const auto& [pos, which] : splits) {
    const std::size_t k = pos % m.size();
    const Mode x = m[k];
    std::vector<int64_t> div;
    for (int64_t a = 2; a < x.s && a <= max_size; ++a)
      if (x.s % a == 0) div.push_back(a);
    if (div.empty()) continue;
    const int64_t a = div[which % div.size()];
    m[k] = {a, x.d};
    m.insert(m.begin() + static_cast<std::ptrdiff_t>(k) + 1, Mode{x.s / a, x.d * a});
  }
  return m;
}

struct Rewritten {
  Leaves base, out;
};

rc::Gen<Rewritten> rewrites(rc::Gen<Leaves> base) {
  return g::exec([base] {
    Leaves m = *base;
    if (m.size() > 4) m.resize(4);
    const auto splits =
        *g::resize(2, g::container<std::vector<std::pair<std::size_t, std::size_t>>>(
                          g::pair(g::inRange<std::size_t>(0, 8), g::inRange<std::size_t>(0, 4))));
    Leaves out = split_modes(m, splits);
    const auto ones =
        *g::resize(2, g::container<std::vector<std::pair<std::size_t, int64_t>>>(
                          g::pair(g::inRange<std::size_t>(0, 8), g::inRange<int64_t>(0, 50))));
    out = insert_ones(std::move(out), ones);
    return Rewritten{m, out};
  });
}

rc::Gen<Leaves> rewritten_leaves() {
  return g::map(
      rewrites(g::oneOf(compact_leaves(), permuted_leaves(), gap_leaves(true), nested_leaves())),
      [](Rewritten r) { return r.out; });
}

// Small sizes, huge strides: every value stays within int64 (the sum of
// (s - 1) * |d| is at most the budget, INT64_MAX at the edge).
rc::Gen<Leaves> large_leaves() {
  return g::exec([] {
    const auto s = *shapes(3, 5);
    int64_t budget = *g::weightedOneOf<int64_t>(
        {{3, g::just(INT64_MAX)}, {1, g::just(INT64_MAX - 1)}, {1, g::inRange(two32, two32 * 4)}});
    Leaves m(s.size());
    bool huge = false;
    for (std::size_t k = 0; k < s.size(); ++k) {
      // Leave room for the later leaves: the last one may reach the edge.
      const int64_t share = static_cast<int64_t>(s.size() - k);
      const int64_t room = s[k] > 1 ? budget / (s[k] - 1) / share : INT64_MAX;
      const int kind = *g::inRange(0, 6);
      int64_t d = 0;
      switch (kind) {
        case 0:
          d = two31 + *g::inRange<int64_t>(-2, 3);
          break;
        case 1:
          d = two32 + *g::inRange<int64_t>(-2, 3);
          break;
        case 2:
          d = room;
          break;  // the int64 edge
        case 3:
          d = room > two31 ? *g::inRange<int64_t>(two31, room) : room;
          break;
        case 4:
          d = int64_t{1} << *g::inRange(33, 62);
          break;
        default:
          d = *g::inRange<int64_t>(0, 9);
          break;
      }
      d = std::min(d, room);
      if (*g::weightedOneOf<bool>({{4, g::just(false)}, {1, g::just(true)}})) d = -d;
      if (d > two31 || d < -two31) huge = true;
      m[k] = {s[k], d};
      if (s[k] > 1) budget -= (s[k] - 1) * (d < 0 ? -d : d);
    }
    if (!huge) {  // keep the class about large values: the first leaf gets the edge
      const int64_t room =
          m[0].s > 1 ? (budget + (m[0].s - 1) * (m[0].d < 0 ? -m[0].d : m[0].d)) / (m[0].s - 1)
                     : INT64_MAX;
      m[0].d = room;
    }
    return m;
  });
}

// Huge shapes (sizes past 2^31 and 2^32, up to the int64 edge), small strides:
// for the laws that never enumerate the domain (size, cosize).
rc::Gen<Leaves> huge_shape_leaves() {
  return g::exec([] {
    const int n = *g::inRange(2, 6);
    Leaves m;
    int64_t size = 1;
    for (int k = 0; k < n; ++k) {
      int64_t s = 1;
      switch (*g::inRange(0, 5)) {
        case 0:
          s = (int64_t{1} << 16) + *g::inRange<int64_t>(-1, 2);
          break;
        case 1:
          s = two31 + *g::inRange<int64_t>(-1, 2);
          break;
        case 2:
          s = two32 + *g::inRange<int64_t>(-1, 2);
          break;
        case 3:
          s = *g::inRange<int64_t>(2, int64_t{1} << 20);
          break;
        default:
          s = *g::inRange<int64_t>(1, 9);
          break;
      }
      if (__builtin_mul_overflow(size, s, &size)) {  // cap at the edge: the rest is size 1
        size = INT64_MAX;
        s = 1;
      }
      m.push_back({s, *g::inRange<int64_t>(0, 9)});
    }
    return m;
  });
}

// Offsets past int64: the span sum (s-1)|d| passes INT64_MAX (cosize, eval
// and make_flat must refuse).
rc::Gen<Leaves> overflowing_leaves() {
  return g::exec([] {
    const int n = *g::inRange(1, 4);
    Leaves m;
    for (int k = 0; k < n; ++k) {
      int64_t d = *g::element<int64_t>(int64_t{1} << 62, INT64_MAX, INT64_MAX / 2 + 1,
                                       -(int64_t{1} << 62), INT64_MAX / 3 + 1);
      m.push_back({*g::inRange<int64_t>(2, 5), d});
    }
    if (n == 1) m[0].s = std::max<int64_t>(m[0].s, 3);  // (s-1) * 2^62 > INT64_MAX needs s >= 3
    return m;
  });
}

// Overlapping modes (not injective): the second mode starts inside the first.
rc::Gen<Leaves> overlapping_leaves() {
  return g::exec([] {
    Leaves m = *gap_leaves(false);
    if (m.size() < 2) m.push_back({2, 1});
    const std::size_t k = *g::inRange<std::size_t>(1, m.size());
    if (m[k - 1].s < 2) m[k - 1].s = 2;
    if (m[k].s < 2) m[k].s = 2;
    // image of mode k - 1: multiples of d up to (s - 1) d; mode k starts inside.
    const int64_t d = m[k - 1].d == 0 ? 1 : (m[k - 1].d < 0 ? -m[k - 1].d : m[k - 1].d);
    m[k].d = d * *g::inRange<int64_t>(1, m[k - 1].s);
    return m;
  });
}

rc::Gen<Leaves> leaves_of(InputClass c) {
  switch (c) {
    case InputClass::nested:
      return nested_leaves();
    case InputClass::compact:
      return compact_leaves();
    case InputClass::permuted:
      return permuted_leaves();
    case InputClass::gaps:
      return gap_leaves(true);
    case InputClass::broadcast:
      return broadcast_leaves();
    case InputClass::size_one:
      return size_one_leaves();
    case InputClass::negative:
      return negative_leaves();
    case InputClass::rewrite:
      return rewritten_leaves();
    case InputClass::large:
      return large_leaves();
    case InputClass::admissible:
      return g::oneOf(compact_leaves(), permuted_leaves(), gap_leaves(false));
    case InputClass::near_miss:
      return overlapping_leaves();
  }
  return nested_leaves();
}

Leaves leaves_of_layout(const Layout& l) {
  const auto s = l.shape().leaves();
  const auto d = l.stride().leaves();
  Leaves m;
  for (std::size_t k = 0; k < s.size(); ++k) m.push_back({s[k], d[k]});
  return m;
}

// The chain end of A's modes when they chain (sorted by stride, each running
// end divides the next stride; positive strides), else 0.
int64_t chain_end(const Leaves& m) {
  Leaves v;
  for (const Mode& x : m) {
    if (x.s == 1) continue;
    if (x.d <= 0) return 0;
    v.push_back(x);
  }
  std::stable_sort(v.begin(), v.end(), [](const Mode& a, const Mode& b) { return a.d < b.d; });
  __extension__ typedef __int128 i128;
  i128 end = 1;
  for (const Mode& x : v) {
    if (x.d % end != 0) return 0;
    end = static_cast<i128>(x.s) * x.d;
    if (end > max_size * 64) return 0;
  }
  return static_cast<int64_t>(end);
}

// A layout on the index domain of shape leaves dom (prefix-product strides):
// its modes pick disjoint runs of dom's leaves, each leaf optionally split
// by a divisor first, in a shrinkable order. Composable with any layout of
// that shape by construction. With `extend`, a run that reaches the end may
// go past it (the natural extension); with `prefix_only`, the runs cover a
// prefix of the leaves (B is a permuted compact layout whose size divides).
rc::Gen<Layout> on_domain(std::vector<int64_t> dom, bool extend, bool prefix_only = false) {
  return g::exec([dom, extend, prefix_only] {
    // Refine: split leaves by a divisor.
    const auto splits =
        *g::container<std::vector<std::size_t>>(dom.size(), g::inRange<std::size_t>(0, 4));
    std::vector<int64_t> ref;
    for (std::size_t k = 0; k < dom.size(); ++k) {
      std::vector<int64_t> div;
      for (int64_t a = 2; a < dom[k] && a <= max_size; ++a)
        if (dom[k] % a == 0) div.push_back(a);
      if (splits[k] > 0 && !div.empty()) {
        const int64_t a = div[splits[k] % div.size()];
        ref.push_back(a);
        ref.push_back(dom[k] / a);
      } else {
        ref.push_back(dom[k]);
      }
    }
    std::vector<int64_t> prefix(ref.size() + 1, 1);
    for (std::size_t k = 0; k < ref.size(); ++k) prefix[k + 1] = prefix[k] * ref[k];
    const auto runs = *g::container<std::vector<int>>(
        ref.size(), g::weightedOneOf<int>({{1, g::just(0)}, {4, g::inRange(1, 4)}}));
    Leaves modes;
    std::size_t ends_at_last = SIZE_MAX;
    for (std::size_t i = 0, r = 0; i < ref.size(); ++r) {
      int len = r < runs.size() ? runs[r] : 1;
      if (len == 0 && prefix_only && !modes.empty()) break;  // B's image: [0, prefix)
      if (len == 0 && prefix_only) len = 1;
      if (len == 0) {
        ++i;
        continue;
      }
      const std::size_t j = std::min(ref.size(), i + static_cast<std::size_t>(len));
      modes.push_back({prefix[j] / prefix[i], prefix[i]});
      if (j == ref.size()) ends_at_last = modes.size() - 1;
      i = j;
    }
    if (modes.empty()) modes.push_back({prefix.back(), 1});
    if (extend && ends_at_last != SIZE_MAX &&
        *g::weightedOneOf<bool>({{4, g::just(false)}, {1, g::just(true)}}))
      modes[ends_at_last].s *= *g::inRange<int64_t>(2, 4);
    const auto ord = order_from(*keys(modes.size()), modes.size());
    Leaves out;
    for (std::size_t k : ord) out.push_back(modes[k]);
    return build(out, *nest_codes());
  });
}

std::vector<int64_t> shape_leaves(const Layout& l) {
  const auto s = l.shape().leaves();
  return std::vector<int64_t>(s.begin(), s.end());
}

rc::Gen<Layout> small_compact() {
  return g::exec([] {
    const auto s = *shapes(3, 5);
    std::vector<std::size_t> ord(s.size());
    std::iota(ord.begin(), ord.end(), std::size_t{0});
    return build(lay_out(s, ord, {}, {}), *nest_codes());
  });
}

// Product-admissible second operand for A's mode m: a layout on the domain of
// the complement's shape (the gaps of m, then a free extent), or a small
// compact layout.
rc::Gen<Layout> product_operand(const Layout& mode) {
  Leaves m = leaves_of_layout(mode);
  Leaves v;
  for (const Mode& x : m)
    if (x.s > 1 && x.d > 0) v.push_back(x);
  std::stable_sort(v.begin(), v.end(), [](const Mode& a, const Mode& b) { return a.d < b.d; });
  std::vector<int64_t> dom;
  int64_t end = 1;
  for (const Mode& x : v) {
    if (x.d % end == 0 && x.d / end > 1 && x.d / end <= 64) dom.push_back(x.d / end);
    if (x.d > max_size * 64 / x.s) break;  // huge strides: no gaps to fill
    end = x.s * x.d;
  }
  return g::exec([dom] {
    auto d = dom;
    d.push_back(*g::inRange<int64_t>(1, 5));
    return *g::weightedOneOf<Layout>({{3, on_domain(d, true)}, {1, small_compact()}});
  });
}

}  // namespace

const char* name(InputClass c) {
  switch (c) {
    case InputClass::nested:
      return "nested";
    case InputClass::compact:
      return "compact";
    case InputClass::permuted:
      return "permuted";
    case InputClass::gaps:
      return "gaps";
    case InputClass::broadcast:
      return "broadcast";
    case InputClass::size_one:
      return "size_one";
    case InputClass::negative:
      return "negative";
    case InputClass::rewrite:
      return "rewrite";
    case InputClass::large:
      return "large";
    case InputClass::admissible:
      return "admissible";
    case InputClass::near_miss:
      return "near_miss";
  }
  return "?";
}

std::vector<InputClass> all_classes() {
  using C = InputClass;
  return {C::nested,   C::compact, C::permuted, C::gaps,       C::broadcast, C::size_one,
          C::negative, C::rewrite, C::large,    C::admissible, C::near_miss};
}

rc::Gen<Layout> nested_layouts() { return nest(nested_leaves()); }
rc::Gen<Layout> compact_layouts() { return nest(compact_leaves()); }
rc::Gen<Layout> permuted_layouts() { return nest(permuted_leaves()); }
rc::Gen<Layout> gap_layouts() { return nest(gap_leaves(true)); }
rc::Gen<Layout> broadcast_layouts() { return nest(broadcast_leaves()); }
rc::Gen<Layout> size_one_layouts() { return nest(size_one_leaves()); }
rc::Gen<Layout> negative_layouts() { return nest(negative_leaves()); }
rc::Gen<Layout> rewritten_layouts() { return nest(rewritten_leaves()); }
rc::Gen<Layout> large_layouts() { return nest(large_leaves()); }
rc::Gen<Layout> huge_shape_layouts() { return nest(huge_shape_leaves()); }
rc::Gen<Layout> chained_layouts() {
  return nest(g::oneOf(compact_leaves(), permuted_leaves(), gap_leaves(false)));
}
rc::Gen<Layout> layouts(InputClass c) { return nest(leaves_of(c)); }

rc::Gen<std::pair<Layout, Layout>> rewrite_pairs(InputClass base) {
  return g::exec([base] {
    const Rewritten r =
        *rewrites(leaves_of(base == InputClass::rewrite ? InputClass::nested : base));
    return std::make_pair(build(r.base, *nest_codes()), build(r.out, *nest_codes()));
  });
}

rc::Gen<std::pair<Layout, int64_t>> complement_operands(InputClass c) {
  return g::exec([c] {
    const Leaves m = *leaves_of(c);
    const Layout a = build(m, *nest_codes());
    const int64_t end = chain_end(m);
    const int64_t k = *g::inRange<int64_t>(1, 5);
    if (c == InputClass::near_miss && end > 1 && *g::arbitrary<bool>())
      return std::make_pair(a, end * k + *g::inRange<int64_t>(1, end));  // not a multiple
    if (end > 0) return std::make_pair(a, end * k);
    return std::make_pair(a, *g::inRange<int64_t>(1, 4 * max_size));
  });
}

// (A, B) for COMP-LINEAR: A linear (A(i) = i*d: a shape with prefix-product
// strides times d, split and nested), B of class c with strides made >= 0;
// large: d past 2^31 or 2^32; negative: d < 0.
rc::Gen<std::pair<Layout, Layout>> linear_pairs(InputClass c) {
  return g::exec([c] {
    const auto s = *shapes(4);
    int64_t d = *g::inRange<int64_t>(1, 9);
    if (c == InputClass::large) d = *g::element(two31 - 1, two31 + 1, two32 + 3, int64_t{1} << 40);
    if (c == InputClass::negative) d = -d;
    Leaves am;
    int64_t prefix = 1;
    for (int64_t x : s) {
      am.push_back({x, prefix * d});
      prefix *= x;
    }
    Leaves bm = *leaves_of(c == InputClass::large ? InputClass::nested : c);
    for (Mode& x : bm) x.d = x.d == INT64_MIN ? INT64_MAX : x.d < 0 ? -x.d : x.d;
    return std::make_pair(build(am, *nest_codes()), build(bm, *nest_codes()));
  });
}

rc::Gen<std::pair<Layout, int64_t>> index_operands(InputClass c) {
  return g::exec([c] {
    const Layout a = *layouts(c);
    const int64_t n = a.size();
    const int64_t i = c == InputClass::near_miss
                          ? *g::oneOf(g::inRange<int64_t>(n, 2 * n + 2), g::inRange<int64_t>(-n, 0))
                          : *g::inRange<int64_t>(0, n);
    return std::make_pair(a, i);
  });
}

rc::Gen<std::pair<Layout, Layout>> composable_pairs(InputClass c) {
  if (c == InputClass::near_miss) return near_miss_pairs();
  auto on_a = g::exec([c] {
    const Layout a = *layouts(c);
    return std::make_pair(a, *on_domain(shape_leaves(a), true));
  });
  if (c == InputClass::large)
    return g::weightedOneOf<std::pair<Layout, Layout>>({{1, on_a}, {1, edge_composition_pairs()}});
  return on_a;
}

rc::Gen<std::pair<Layout, Layout>> near_miss_pairs() {
  return g::exec([] {
    // A = (p, q):(1, p + gap): its two modes cannot merge.
    const int64_t p = *g::inRange<int64_t>(3, 13);
    const int64_t q = *g::inRange<int64_t>(2, 5);
    const int64_t gap = *g::inRange<int64_t>(1, 4);
    Leaves am{{p, 1}, {q, p + gap}};
    if (*g::weightedOneOf<bool>({{3, g::just(false)}, {1, g::just(true)}}))
      am.push_back({*g::inRange<int64_t>(2, 4), (p + gap) * q + 1});
    const Layout a = build(am, *nest_codes());
    Leaves bm;
    switch (*g::inRange(0, 3)) {
      case 0: {  // B's modes carry across A's boundary p
        std::vector<int64_t> div;
        for (int64_t x = 1; x < p; ++x)
          if (p % x == 0) div.push_back(x);
        const int64_t d0 = div[*g::inRange<std::size_t>(0, div.size())];
        const int64_t d1 = *g::inRange<int64_t>(d0, p);
        bm = {{p / d0, d0}, {2, d1}};
        if (*g::arbitrary<bool>()) std::swap(bm[0], bm[1]);
        break;
      }
      case 1: {  // a stride that neither divides p nor is divided by it
        int64_t d = *g::inRange<int64_t>(2, p);
        if (p % d == 0) d = p + 1;
        // long enough to run past A's first mode: d (s - 1) >= p
        bm = {{(p + d - 1) / d + 1 + *g::inRange<int64_t>(0, 2), d}};
        break;
      }
      default: {  // a shape that neither divides p nor is divided by it
        int64_t s = *g::inRange<int64_t>(2, p);
        if (p % s == 0) s = p + 1;
        bm = {{s, 1}};
        break;
      }
    }
    return std::make_pair(a, build(bm, *nest_codes()));
  });
}

rc::Gen<std::tuple<Layout, Layout, Layout>> composable_triples(InputClass c) {
  return g::exec([c] {
    Layout a, b;
    if (c == InputClass::near_miss) {
      std::tie(a, b) = *near_miss_pairs();
    } else {
      a = *layouts(c);
      b = *on_domain(shape_leaves(a), true);
    }
    const Layout cc = *on_domain(shape_leaves(b), false);
    return std::make_tuple(a, b, cc);
  });
}

rc::Gen<std::pair<Layout, Tiler>> divisible_tilers(InputClass c) {
  return g::exec([c] {
    const Layout a = *layouts(c == InputClass::near_miss ? InputClass::nested : c);
    if (c == InputClass::near_miss) {
      // A tile whose size neither divides nor is a multiple of its mode.
      const int r = *g::inRange(0, a.rank());
      const int64_t n = a[r].size();
      std::vector<Tiler> t;
      for (int k = 0; k < r; ++k) t.push_back(Tiler::underscore());
      int64_t s = *g::inRange<int64_t>(2, n + 2);
      if (n % s == 0) s = n + 1;
      t.push_back(Tiler(Layout(s, 1)));
      return std::make_pair(a, Tiler::tuple(std::move(t)));
    }
    if (*g::weightedOneOf<bool>({{3, g::just(false)}, {1, g::just(true)}}))
      return std::make_pair(a, Tiler(*on_domain(shape_leaves(a), false)));
    const int rank = *g::inRange(1, a.rank() + 1);
    std::vector<Tiler> t;
    for (int k = 0; k < rank; ++k) {
      if (*g::weightedOneOf<bool>({{1, g::just(true)}, {4, g::just(false)}}))
        t.push_back(Tiler::underscore());
      else
        t.push_back(Tiler(*on_domain(shape_leaves(a[k]), false)));
    }
    return std::make_pair(a, Tiler::tuple(std::move(t)));
  });
}

rc::Gen<std::pair<Layout, Tiler>> product_tilers(InputClass c) {
  return g::exec([c] {
    const Layout a = *layouts(c);
    if (c == InputClass::near_miss ||
        *g::weightedOneOf<bool>({{3, g::just(false)}, {1, g::just(true)}}))
      return std::make_pair(a, Tiler(*product_operand(a)));
    const int rank = *g::inRange(1, a.rank() + 1);
    std::vector<Tiler> t;
    for (int k = 0; k < rank; ++k) t.push_back(Tiler(*product_operand(a[k])));
    return std::make_pair(a, Tiler::tuple(std::move(t)));
  });
}

rc::Gen<std::pair<Layout, Layout>> divisible_pairs(InputClass c) {
  if (c == InputClass::near_miss) return near_miss_pairs();
  return g::exec([c] {
    const Layout a = *layouts(c);
    return std::make_pair(a, *on_domain(shape_leaves(a), false, *g::arbitrary<bool>()));
  });
}

rc::Gen<std::pair<Layout, Layout>> product_pairs(InputClass c) {
  return g::exec([c] {
    const Layout a = *layouts(c);
    std::vector<Layout> modes;
    const int rank = *g::inRange(1, a.rank() + 1);
    for (int k = 0; k < rank; ++k) {
      const int64_t s = *g::inRange<int64_t>(1, 5);
      modes.push_back(Layout(s, 1));
    }
    // B's modes are compact in B's own domain.
    Leaves bm;
    int64_t p = 1;
    for (const Layout& l : modes) {
      bm.push_back({l.size(), p});
      p *= l.size();
    }
    const Layout b = rank == 1 ? Layout(bm[0].s, bm[0].d) : build(bm, {});
    return std::make_pair(a, b);
  });
}

rc::Gen<std::pair<IntTuple, IntTuple>> coordinates(InputClass c) {
  return g::exec([c] {
    const Layout a = *layouts(c == InputClass::large ? InputClass::nested : c);
    // Same nesting as the shape: rebuild from leaves with coordinates as values.
    const Leaves m = leaves_of_layout(a);
    Leaves cm;
    for (const Mode& x : m) cm.push_back({x.s, *g::inRange<int64_t>(0, x.s)});
    // The coordinate is the stride slot of a layout congruent with the shape.
    if (*g::weightedOneOf<bool>({{4, g::just(false)}, {1, g::just(true)}}))
      return std::make_pair(IntTuple(*g::inRange<int64_t>(0, a.size())), a.shape());
    IntTuple coord = a.stride();
    // Replace stride leaves by coordinates, keeping the nesting.
    std::size_t k = 0;
    for (layout::ItNode& n : coord.raw())
      if (!n.tuple) n.v = cm[k++].d;
    return std::make_pair(coord, a.shape());
  });
}

rc::Gen<std::string> notations(InputClass c) {
  if (c != InputClass::near_miss)
    return g::map(layouts(c), [](const Layout& l) { return layout::to_string(l); });
  return g::exec([] {
    std::string t = layout::to_string(*nested_layouts());
    const auto edits =
        *g::resize(3, g::nonEmpty(g::container<std::vector<std::pair<std::size_t, int>>>(
                          g::pair(g::inRange<std::size_t>(0, 64), g::inRange(0, 20)))));
    static const char alphabet[] = "(),:_ -0123456789x";
    for (const auto& [pos, what] : edits) {
      const std::size_t at = pos % (t.size() + 1);
      if (what < 6 && at < t.size())
        t.erase(at, 1);  // drop a character
      else if (what < 8)
        t.resize(at);  // truncate
      else
        t.insert(at, 1, alphabet[static_cast<std::size_t>(what) % (sizeof alphabet - 1)]);
    }
    return t;
  });
}

rc::Gen<IntTuple> swizzle_params(InputClass c) {
  return g::exec([c] {
    int64_t b = *g::inRange<int64_t>(0, 6), m = *g::inRange<int64_t>(0, 7);
    int64_t s = b + *g::inRange<int64_t>(0, 4);
    if (c == InputClass::negative || *g::arbitrary<bool>()) s = -s;
    if (c == InputClass::large) m = 63 - b - (s < 0 ? -s : s) - *g::inRange<int64_t>(0, 2);
    if (c == InputClass::near_miss) {
      switch (*g::inRange(0, 4)) {
        case 0:
          b = -*g::inRange<int64_t>(1, 3);
          break;
        case 1:
          m = -*g::inRange<int64_t>(1, 3);
          break;
        case 2:  // |S| < B
          b = std::max<int64_t>(b, 2);
          s = b - 1;
          break;
        default:  // past bit 63
          m = 64 - b - (s < 0 ? -s : s) + *g::inRange<int64_t>(0, 3);
          break;
      }
    }
    return IntTuple::tuple({b, m, s});
  });
}

rc::Gen<int64_t> swizzle_arguments(InputClass c) {
  switch (c) {
    case InputClass::negative:
      return g::inRange<int64_t>(-(int64_t{1} << 20), 0);
    case InputClass::large:
      return g::oneOf(g::inRange<int64_t>(INT64_MAX - 8192, INT64_MAX),
                      g::inRange<int64_t>(INT64_MIN, INT64_MIN + 8192),
                      g::inRange<int64_t>(two31 - 4096, two31 + 4096),
                      g::inRange<int64_t>(two32 - 4096, two32 + 4096));
    default:
      return g::inRange<int64_t>(0, int64_t{1} << 16);
  }
}

namespace {

// Classes on which a law's precondition can never hold: running them would be
// 100% vacuous (docs/LAWS.md lists them with the reason).
std::vector<InputClass> excluded(const Law& law) {
  using C = InputClass;
  // injective with strides > 0, exact chain: no stride 0, no negative stride,
  // M too large to enumerate, overlapping modes
  if (law.id == "COMP-TILE") return {C::broadcast, C::negative, C::large, C::near_miss};
  // admissible complements only: no negative strides, no overlapping modes
  if (law.id == "CPL-BOUND") return {C::negative, C::near_miss};
  // B a bijection onto [0, size(B)): overlapping B is never one
  if (law.id == "LDIV-PERM") return {C::near_miss};
  // valid swizzle parameters only (SWZ-ORACLE checks that invalid ones are refused)
  if (law.id == "SWZ-INVOL" || law.id == "SWZ-PASS" || law.id == "SWZ-BIJ" ||
      law.id == "SWZ-LAYOUT")
    return {C::near_miss};
  return {};
}

std::vector<InputClass> all_classes_for(const Law& law);

}  // namespace

std::vector<InputClass> classes_for(const Law& law) {
  const std::vector<InputClass> skip = excluded(law);
  std::vector<InputClass> out;
  for (InputClass c : all_classes_for(law))
    if (std::find(skip.begin(), skip.end(), c) == skip.end()) out.push_back(c);
  return out;
}

namespace {

std::vector<InputClass> all_classes_for(const Law& law) {
  using C = InputClass;
  // Laws over tuples and integers with classes of their own.
  if (law.id == "SHAPE-DIV") return {C::nested, C::admissible, C::near_miss};
  if (law.id == "TUPLE-UTIL") return {C::nested, C::size_one, C::negative, C::large};
  if (law.id == "MAKE-COMPACT") return {C::nested, C::size_one, C::large, C::near_miss};
  if (law.id == "MAGIC-DIV") return {C::nested, C::admissible, C::large};
  int layouts_n = 0, tuples = 0, texts = 0;
  for (ArgKind k : law.args) {
    if (k == ArgKind::layout)
      ++layouts_n;
    else if (k == ArgKind::int_tuple)
      ++tuples;
    else if (k != ArgKind::integer && k != ArgKind::tiler)
      ++texts;
  }
  if (law.ops.find("swizzle") != std::string::npos) {
    if (layouts_n == 0) return {C::admissible, C::negative, C::large, C::near_miss};
    return {C::nested,   C::compact,  C::permuted, C::gaps,  C::broadcast,
            C::size_one, C::negative, C::rewrite,  C::large, C::near_miss};
  }
  if (layouts_n == 0 && texts == 0)  // coordinates and shapes
    return {C::nested, C::size_one};
  std::vector<C> out = {C::nested,   C::compact,  C::permuted, C::gaps, C::broadcast,
                        C::size_one, C::negative, C::rewrite,  C::large};
  if (texts > 0) {
    out.push_back(C::near_miss);  // malformed text
  } else if (law.args.size() == 2 && tuples == 1) {
    out.push_back(C::near_miss);  // e.g. a profile of too high a rank
  } else if (law.args.size() > 1) {
    out.push_back(C::admissible);
    out.push_back(C::near_miss);
  }
  return out;
}

bool covers(const Law& law, const char* op) { return law.ops.find(op) != std::string::npos; }

template <class... T>
std::vector<Arg> to_args(T... x) {
  return {Arg(std::move(x))...};
}

// A text argument, where the catalog has that kind (Arg holds a std::string).
template <class A = Arg>
A text_arg(std::string text) {
  if constexpr (std::is_constructible_v<A, std::string>)
    return A(std::move(text));
  else
    return A(IntTuple());
}

// A by-mode coalesce profile for l: an integer, or a tuple of rank <= rank(l)
// (near_miss: rank(l) + 1, refused) whose elements are 1 or, for a tuple
// mode, a tuple of 1s.
rc::Gen<IntTuple> profiles(const Layout& l, InputClass c) {
  return g::exec([l, c] {
    if (l.shape().is_int() || *g::weightedOneOf<bool>({{4, g::just(false)}, {1, g::just(true)}}))
      return IntTuple(1);
    const int r = c == InputClass::near_miss ? l.rank() + 1 : *g::inRange(1, l.rank() + 1);
    layout::TupleBuilder b;
    for (int k = 0; k < r; ++k) {
      if (k < l.rank() && l.shape()[k].is_tuple() && *g::arbitrary<bool>()) {
        layout::TupleBuilder inner;
        for (int j = 0; j < l.shape()[k].rank(); ++j) inner.add_int(1);
        b.add(inner.done());
      } else {
        b.add_int(1);
      }
    }
    return b.done();
  });
}

// Generic fallback: each argument on its own, related to the last layout.
rc::Gen<std::vector<Arg>> generic_args(const Law& law, InputClass c) {
  const std::vector<ArgKind> kinds = law.args;
  return g::exec([kinds, c] {
    std::vector<Arg> out;
    const Layout* last = nullptr;
    std::vector<Layout> keep;
    keep.reserve(kinds.size());
    for (ArgKind k : kinds) {
      switch (k) {
        case ArgKind::layout:
          keep.push_back(last ? *on_domain(shape_leaves(*last), false) : *layouts(c));
          last = &keep.back();
          out.emplace_back(keep.back());
          break;
        case ArgKind::tiler:
          out.emplace_back(last ? Tiler(*on_domain(shape_leaves(*last), false))
                                : Tiler(*layouts(c)));
          break;
        case ArgKind::integer:
          out.emplace_back(last ? *g::inRange<int64_t>(0, last->size())
                                : *g::inRange<int64_t>(0, 64));
          break;
        case ArgKind::int_tuple:
          out.emplace_back(last ? last->shape() : (*coordinates(c)).second);
          break;
        default:  // text
          out.push_back(text_arg(*notations(c)));
          break;
      }
    }
    return out;
  });
}

}  // namespace

rc::Gen<std::vector<Arg>> args_for(const Law& law, InputClass c) {
  using K = ArgKind;
  const auto& k = law.args;
  const auto pair_args = [](auto gen) {
    return g::map(gen, [](auto p) { return to_args(p.first, p.second); });
  };
  if (law.id == "SLICE-DEF") return pair_args(slice_operands(c));
  if (law.id == "SHAPE-DIV") return pair_args(shape_div_operands(c));
  if (law.id == "TUPLE-UTIL") return pair_args(tuple_util_operands(c));
  if (law.id == "MAGIC-DIV") return pair_args(magic_operands(c));
  if (law.id == "MAKE-COMPACT")
    return g::map(compact_shapes(c), [](IntTuple s) { return to_args(s); });
  if (law.id == "FLAT-EVAL" || law.id == "FLAT-WINDOW") return pair_args(flat_operands(c));
  if (law.id == "FLAT-RANGE")
    return g::map(flat_operands(c), [](std::pair<Layout, int64_t> p) { return to_args(p.first); });
  if (law.id == "UPCAST-DEF") return pair_args(upcast_operands(c));
  if (law.id == "DOWNCAST-DEF") return pair_args(downcast_operands(c));
  if (law.id == "RECAST-DEF")
    return g::map(recast_operands(c), [](std::tuple<Layout, int64_t, int64_t> t) {
      return to_args(std::get<0>(t), std::get<1>(t), std::get<2>(t));
    });
  if (law.id == "SWIZZLE-BYTES")
    return g::map(swizzle_bytes_operands(c), [](std::tuple<IntTuple, int64_t, Layout> t) {
      return to_args(std::get<0>(t), std::get<1>(t), std::get<2>(t));
    });
  if (law.id == "LTILE-DEF")
    return g::map(local_tile_operands(c), [](std::tuple<Layout, Tiler, Term, Term> t) {
      return to_args(std::get<0>(t), std::get<1>(t), std::get<2>(t), std::get<3>(t));
    });
  if (law.id == "LPART-DEF")
    return g::map(local_partition_operands(c), [](std::tuple<Layout, Layout, int64_t, Term> t) {
      return to_args(std::get<0>(t), std::get<1>(t), std::get<2>(t), std::get<3>(t));
    });
  const auto is = [&](std::initializer_list<K> want) {
    return std::equal(k.begin(), k.end(), want.begin(), want.end());
  };
  if (covers(law, "swizzle") && is({K::int_tuple, K::integer}))
    return g::map(g::pair(swizzle_params(c), swizzle_arguments(c)),
                  [](std::pair<IntTuple, int64_t> p) { return to_args(p.first, p.second); });
  if (covers(law, "swizzle") && is({K::int_tuple, K::layout}))
    return g::map(g::pair(swizzle_params(c == InputClass::near_miss ? c : InputClass::admissible),
                          layouts(c == InputClass::near_miss ? InputClass::nested : c)),
                  [](std::pair<IntTuple, Layout> p) { return to_args(p.first, p.second); });
  if (is({K::layout}) && c == InputClass::large && (law.ops == "size" || law.ops == "cosize"))
    return g::map(g::oneOf(large_layouts(), nest(huge_shape_leaves()), nest(overflowing_leaves())),
                  [](Layout a) { return to_args(a); });
  if (law.id == "TILE-TO-SHAPE")
    return g::exec([c] {
      const Layout b = *layouts(c == InputClass::near_miss ? InputClass::compact : c);
      // A target of rank rank(B) or one more: each mode a multiple of the
      // block's (near_miss: one mode off by one), sometimes split in two.
      const int rb = b.rank();
      const int r = rb + *g::inRange(0, 2);
      layout::TupleBuilder tb;
      int64_t total = 1;
      for (int i = 0; i < r; ++i) {
        const int64_t bi = i < rb ? (rb == 1 ? b.size() : b[i].size()) : 1;
        int64_t ti = bi * *g::inRange<int64_t>(1, 4);
        if (c == InputClass::near_miss && i == 0) ti += 1;
        if (total * ti > max_size) ti = bi;
        total *= ti;
        if (ti % 2 == 0 && ti > 2 &&
            *g::weightedOneOf<bool>({{3, g::just(false)}, {1, g::just(true)}})) {
          layout::TupleBuilder sub;
          sub.add_int(2);
          sub.add_int(ti / 2);
          tb.add(sub.done());
        } else {
          tb.add_int(ti);
        }
      }
      IntTuple t = tb.done();
      if (r == 1 && t[0].is_int()) t = IntTuple(t[0].value());
      return to_args(b, t);
    });
  if (law.id == "WITH-SHAPE")
    return g::exec([c] {
      const Layout a = *layouts(c == InputClass::near_miss ? InputClass::nested : c);
      // A shape whose size is size(A) or a divisor of it, split into 1-3 leaves,
      // sometimes nested; or a random small shape.
      int64_t n = std::min<int64_t>(a.size(), max_size);
      if (*g::arbitrary<bool>() && n > 1) n /= *g::inRange<int64_t>(1, std::min<int64_t>(n, 4) + 1);
      std::vector<int64_t> leaves;
      for (int k = *g::inRange(1, 4); k > 1 && n > 1; --k) {
        std::vector<int64_t> div;
        for (int64_t x = 2; x <= n && x <= 16; ++x)
          if (n % x == 0) div.push_back(x);
        if (div.empty()) break;
        const int64_t f = div[*g::inRange<std::size_t>(0, div.size())];
        leaves.push_back(f);
        n /= f;
      }
      leaves.push_back(n);
      if (*g::weightedOneOf<bool>({{4, g::just(false)}, {1, g::just(true)}}))
        leaves = {*g::inRange<int64_t>(1, 9), *g::inRange<int64_t>(1, 9)};
      layout::TupleBuilder b;
      for (int64_t x : leaves) b.add_int(x);
      IntTuple s = leaves.size() == 1 ? IntTuple(leaves[0]) : b.done();
      return to_args(a, s);
    });
  if (law.id == "LINV-COMPLETE")
    return g::map(inverse_candidates(c), [](Layout a) { return to_args(a); });
  if (law.id == "COMP-COMPLETE" || law.id == "PROD-COMPLETE" || law.id == "DIV-COMPLETE")
    return pair_args(completeness_pairs(law.id, c));
  if (is({K::layout})) return g::map(layouts(c), [](Layout a) { return to_args(a); });
  if (is({K::layout, K::integer})) {
    // Random nested strides almost never chain: the laws about admissible
    // complements draw chained leaves (nested all the same) in that class.
    const bool chained = law.id == "COMP-TILE" || law.id == "CPL-BOUND";
    auto gen = !covers(law, "complement")           ? index_operands(c)
               : chained && c == InputClass::nested ? complement_operands(InputClass::admissible)
                                                    : complement_operands(c);
    return g::map(gen, [](std::pair<Layout, int64_t> p) { return to_args(p.first, p.second); });
  }
  if (is({K::layout, K::layout})) {
    rc::Gen<std::pair<Layout, Layout>> gen = g::pair(layouts(c), layouts(c));
    if (covers(law, "all layout-valued"))  // any operation: a bit of everything
      gen = g::oneOf(composable_pairs(c), divisible_pairs(c), product_pairs(c),
                     g::pair(layouts(c), layouts(c)));
    else if (law.id == "COMP-LINEAR")
      gen = linear_pairs(c);
    else if (covers(law, "composition"))
      gen = composable_pairs(c);
    else if (covers(law, "divide"))
      gen = divisible_pairs(c);
    else if (covers(law, "product"))
      gen = product_pairs(c);
    else  // same-function rewrites and unrelated pairs (coalesce canonical form)
      gen = g::weightedOneOf<std::pair<Layout, Layout>>(
          {{2, rewrite_pairs(c)}, {1, g::pair(layouts(c), layouts(c))}});
    return g::map(gen, [](std::pair<Layout, Layout> p) { return to_args(p.first, p.second); });
  }
  if (is({K::layout, K::layout, K::layout}))
    return g::map(composable_triples(c), [](std::tuple<Layout, Layout, Layout> t) {
      return to_args(std::get<0>(t), std::get<1>(t), std::get<2>(t));
    });
  if (is({K::layout, K::tiler})) {
    auto gen = covers(law, "product") ? product_tilers(c) : divisible_tilers(c);
    return g::map(gen, [](std::pair<Layout, Tiler> p) { return to_args(p.first, p.second); });
  }
  if (is({K::int_tuple, K::int_tuple}))
    return g::map(coordinates(c),
                  [](std::pair<IntTuple, IntTuple> p) { return to_args(p.first, p.second); });
  if (is({K::integer, K::int_tuple}))
    return g::exec([c] {
      const IntTuple shape = (*coordinates(c)).second;
      return to_args(*g::inRange<int64_t>(0, layout::product(shape)), shape);
    });
  if (is({K::int_tuple, K::int_tuple, K::int_tuple}))
    return g::exec([c] {
      const auto [coord, shape] = *coordinates(c);
      IntTuple d = shape;
      for (layout::ItNode& n : d.raw())
        if (!n.tuple) n.v = *g::inRange<int64_t>(-4, 17);
      return to_args(coord, shape, d);
    });
  if (is({K::int_tuple}))
    return g::map(coordinates(c),
                  [](std::pair<IntTuple, IntTuple> p) { return to_args(p.second); });
  if (is({K::layout, K::int_tuple}) && covers(law, "coalesce"))
    return g::exec([c] {
      const Layout a = *layouts(c);
      return to_args(a, *profiles(a, c));
    });
  if (is({K::layout, K::int_tuple}))
    return g::exec([c] {
      const Layout a = *layouts(c);
      IntTuple coord = a.shape();
      for (layout::ItNode& n : coord.raw())
        if (!n.tuple) n.v = *g::inRange<int64_t>(0, n.v);
      return to_args(a, coord);
    });
  return generic_args(law, c);
}

std::ostream& operator<<(std::ostream& os, const Args& a) {
  return os << "[" << name(a.cls) << "] " << notation(a.v);
}

rc::Gen<Args> shown_args_for(const Law& law, InputClass c) {
  return g::map(args_for(law, c), [c](std::vector<Arg> v) { return Args{std::move(v), c}; });
}

rc::Gen<Args> mixed_args_for(const Law& law) { return mixed_args_for(law, classes_for(law)); }

rc::Gen<Args> mixed_args_for(const Law& law, std::vector<InputClass> classes) {
  return g::exec([classes, law] { return *shown_args_for(law, *g::elementOf(classes)); });
}

}  // namespace props::gen
