#include "gpu_check/random_layouts.hpp"

#include <algorithm>
#include <vector>

#include "layout/algebra.hpp"

namespace gpu_check {

namespace {

using layout::IntTuple;
using layout::Layout;
using layout::Mode;

constexpr int64_t kOffsetFloor = int64_t{1} << 33;  // offsets should pass 2^32

// Sizes s_0..s_{r-1} (r = rank) with product in [target, 2 target]: small
// random factors, the last one rounding up, then shuffled.
std::vector<int64_t> random_shape(Rng& rng, int64_t target, int rank) {
  static const int64_t kFactors[] = {2, 2, 3, 4, 4, 5, 6, 7, 8, 8, 12, 16, 32, 1};
  std::vector<int64_t> s;
  int64_t prod = 1;
  for (int k = 0; k + 1 < rank; ++k) {
    const int64_t f = kFactors[rng.below(std::size(kFactors))];
    if (prod * f * 2 > target) break;
    s.push_back(f);
    prod *= f;
  }
  s.push_back((target + prod - 1) / prod);
  for (std::size_t k = s.size(); k > 1; --k) std::swap(s[k - 1], s[rng.below(k)]);
  return s;
}

// Strides for the sizes: modes visited in a random order, each stride the
// running end times a gap (E_{-1} = 1, d = E g, E = s d), so the layout is
// injective and each running end divides the next stride (complementable,
// left-invertible). One gap is raised so that the span passes 2^33 when
// `far` and the product allows it.  pre: product of s <= 2^40.
std::vector<int64_t> chain_strides(Rng& rng, const std::vector<int64_t>& s, bool far,
                                   int64_t max_span) {
  std::vector<std::size_t> order(s.size());
  for (std::size_t k = 0; k < s.size(); ++k) order[k] = k;
  for (std::size_t k = order.size(); k > 1; --k) std::swap(order[k - 1], order[rng.below(k)]);
  int64_t size = 1;
  for (int64_t x : s) size *= x;
  std::vector<int64_t> gap(s.size(), 1);
  int64_t span = size;
  for (std::size_t k = 0; k < s.size(); ++k) {
    const int64_t g = rng.below(3) == 0 ? 1 + static_cast<int64_t>(rng.below(3)) : 1;
    if (span * g <= max_span) gap[k] = g, span *= g;
  }
  if (far && span < kOffsetFloor) {
    const int64_t g = (kOffsetFloor + span - 1) / span;
    if (span * g <= max_span) gap[rng.below(s.size())] *= g;
  }
  std::vector<int64_t> d(s.size());
  int64_t end = 1;
  for (std::size_t k = 0; k < order.size(); ++k) {
    const std::size_t m = order[k];
    d[m] = end * gap[m];
    end = d[m] * s[m];
  }
  return d;
}

// A layout of flat modes, grouped into a random nesting (function unchanged).
Layout nested(Rng& rng, const std::vector<int64_t>& s, const std::vector<int64_t>& d) {
  std::vector<IntTuple> shape, stride;
  for (std::size_t k = 0; k < s.size();) {
    const std::size_t n = std::min<std::size_t>(s.size() - k, 1 + rng.below(3));
    if (n == 1) {
      shape.push_back(s[k]);
      stride.push_back(d[k]);
    } else {
      std::vector<IntTuple> a(s.begin() + static_cast<long>(k),
                              s.begin() + static_cast<long>(k + n));
      std::vector<IntTuple> b(d.begin() + static_cast<long>(k),
                              d.begin() + static_cast<long>(k + n));
      shape.push_back(IntTuple::tuple(a));
      stride.push_back(IntTuple::tuple(b));
    }
    k += n;
  }
  if (shape.size() == 1) return Layout(shape[0], stride[0]);
  return Layout(IntTuple::tuple(shape), IntTuple::tuple(stride));
}

Layout flat_layout(const std::vector<int64_t>& s, const std::vector<int64_t>& d) {
  std::vector<Mode> m;
  for (std::size_t k = 0; k < s.size(); ++k) m.push_back({s[k], d[k]});
  return layout::from_modes(m.data(), m.data() + m.size());
}

int64_t target_size(Rng& rng, uint64_t min_size) {
  return static_cast<int64_t>(min_size << rng.below(3));  // 1x, 2x or 4x
}

int random_rank(Rng& rng) { return 1 + static_cast<int>(rng.below(6)); }

// equal: L (nested, with gaps, sometimes a broadcast or a negative mode) against
// coalesce(L), flatten(L), or coalesce of L with a mode split in two.
Prepared equal_case(Rng& rng, uint64_t min_size) {
  const std::vector<int64_t> s = random_shape(rng, target_size(rng, min_size), random_rank(rng));
  std::vector<int64_t> d = chain_strides(rng, s, true, int64_t{1} << 50);
  if (s.size() > 1 && rng.below(3) == 0) d[rng.below(s.size())] = 0;
  if (rng.below(3) == 0) d[rng.below(s.size())] *= -1;
  const Layout l = nested(rng, s, d);
  switch (rng.below(3)) {
    case 0:
      return prepare_coalesce(l);
    case 1:
      return prepare_flatten(l);
    default: {  // split the largest mode s:d into (a, s/a):(d, a d)
      std::vector<int64_t> s2, d2;
      const std::size_t big =
          static_cast<std::size_t>(std::max_element(s.begin(), s.end()) - s.begin());
      for (std::size_t k = 0; k < s.size(); ++k) {
        int64_t a = 2;
        while (a < 64 && s[k] % a != 0) ++a;
        if (k == big && s[k] % a == 0 && s[k] > a) {
          s2.insert(s2.end(), {a, s[k] / a});
          d2.insert(d2.end(), {d[k], a * d[k]});
        } else {
          s2.push_back(s[k]);
          d2.push_back(d[k]);
        }
      }
      return prepare_equal(l, layout::coalesce(nested(rng, s2, d2)), "COAL-CANON");
    }
  }
}

// compose: A injective with gaps; B walks A's coalesced modes from one of the
// first two boundaries (sometimes splitting that mode by a divisor g), over
// whole modes, possibly on into A's natural extension past its last mode;
// sometimes a second mode of B starts at a later whole-mode boundary. Refused pairs are redrawn;
// the last resort is B = size(A):1.
Prepared compose_case(Rng& rng, uint64_t min_size) {
  const int64_t target = target_size(rng, min_size);
  const std::vector<int64_t> s = random_shape(rng, target * 2, 2 + static_cast<int>(rng.below(5)));
  const Layout a = nested(rng, s, chain_strides(rng, s, true, int64_t{1} << 50));
  const layout::Modes cm = layout::flat_modes(layout::coalesce(a));
  const std::size_t r = cm.size();
  std::vector<int64_t> prefix(r + 1, 1);
  for (std::size_t k = 0; k < r; ++k) prefix[k + 1] = prefix[k] * cm[k].s;
  for (int attempt = 0; attempt < 50; ++attempt) {
    // Mode 1 of B: stride prefix[j] g (g | s_j), size (s_j / g) * s_{j+1} ... * tail.
    const std::size_t j = rng.below(std::min<std::size_t>(r, 2));
    int64_t g = 1;
    for (int64_t c = 2 + static_cast<int64_t>(rng.below(4)); c > 1; --c)
      if (cm[j].s % c == 0 && rng.below(2) == 0) g = c;
    int64_t size = cm[j].s / g;
    std::size_t e = j + 1;
    while (e < r && rng.below(4) != 0) size *= cm[e++].s;
    if (e == r) size *= 1 + static_cast<int64_t>(rng.below(3));  // into A's natural extension
    std::vector<int64_t> bs = {size}, bd = {prefix[j] * g};
    if (e + 1 < r && rng.below(2) == 0) {  // mode 2 at a later whole-mode boundary
      const std::size_t j2 = e + rng.below(r - e);
      bs.push_back(cm[j2].s);
      bd.push_back(prefix[j2]);
    }
    int64_t bsize = 1;
    for (int64_t x : bs) bsize *= x;
    if (bsize < static_cast<int64_t>(min_size) && attempt < 40) continue;
    try {
      return prepare_compose(a, flat_layout(bs, bd));
    } catch (const layout::Error&) {
      // not admissible: draw another B
    }
  }
  return prepare_compose(a, Layout(a.size(), 1));
}

// tile: A chain-complementable with gaps, M a multiple of its chain end.
Prepared tile_case(Rng& rng, uint64_t min_size) {
  const int64_t target = target_size(rng, min_size);
  const int64_t size_a = std::max<int64_t>(2, target >> (2 + rng.below(8)));
  const std::vector<int64_t> s = random_shape(rng, size_a, random_rank(rng));
  const std::vector<int64_t> d = chain_strides(rng, s, false, target / 2);
  int64_t end = 1;
  for (std::size_t k = 0; k < s.size(); ++k) end = std::max(end, s[k] * d[k]);
  const int64_t m = end * ((target + end - 1) / end);
  return prepare_tile(nested(rng, s, d), m);
}

// right_inverse: a permuted compact part of the target size, then a few
// small modes with gapped strides (offsets past 2^32) that R leaves out.
Prepared right_inverse_case(Rng& rng, uint64_t min_size) {
  std::vector<int64_t> s = random_shape(rng, target_size(rng, min_size), random_rank(rng));
  std::vector<int64_t> d(s.size());
  std::vector<std::size_t> order(s.size());
  for (std::size_t k = 0; k < s.size(); ++k) order[k] = k;
  for (std::size_t k = order.size(); k > 1; --k) std::swap(order[k - 1], order[rng.below(k)]);
  int64_t end = 1;
  for (std::size_t k : order) d[k] = end, end *= s[k];
  for (int extra = 1 + static_cast<int>(rng.below(2)); extra > 0; --extra) {
    const int64_t gap = std::max<int64_t>(2, kOffsetFloor / end / 2);
    s.push_back(2 + static_cast<int64_t>(rng.below(3)));
    d.push_back(end * gap);
    end = end * gap * s.back();
  }
  return prepare_right_inverse(nested(rng, s, d));
}

// left_inverse: A injective with gaps and a dividing chain (offsets past 2^32).
Prepared left_inverse_case(Rng& rng, uint64_t min_size) {
  const std::vector<int64_t> s = random_shape(rng, target_size(rng, min_size), random_rank(rng));
  return prepare_left_inverse(nested(rng, s, chain_strides(rng, s, true, int64_t{1} << 40)));
}

}  // namespace

Prepared random_case(Law law, Rng& rng, uint64_t min_size) {
  switch (law) {
    case Law::equal:
      return equal_case(rng, min_size);
    case Law::compose:
      return compose_case(rng, min_size);
    case Law::tile:
      return tile_case(rng, min_size);
    case Law::right_inverse:
      return right_inverse_case(rng, min_size);
    case Law::left_inverse:
      return left_inverse_case(rng, min_size);
  }
  return equal_case(rng, min_size);
}

}  // namespace gpu_check
