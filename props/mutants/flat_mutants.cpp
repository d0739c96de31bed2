// Mutants of the flat evaluation core: the magic-number divider (wrong for
// large divisors or dividends) and FlatLayout (max_index, merging, the
// chunked and odometer walks). Each is the library with one realistic bug.
#include <cstdint>

#include "mutant_list.hpp"

namespace props::mutants {

namespace {

using layout::FlatLayout;
using layout::MagicDivider;
using layout::uint128_t;

// The divider with l = ceil(log2 d) found by a 32-bit shift: for d > 2^32
// the loop stops at l = 32 and the magic number is for the wrong width.
MagicDivider make_l32(uint64_t d) {
  uint32_t l = 0;
  while (l < 32 && (uint64_t{1} << l) < d) ++l;
  const uint128_t num = ((uint128_t{1} << l) - d) << 64;  // wraps when 2^l < d
  MagicDivider r;
  r.m = static_cast<uint64_t>(num / d) + 1;
  r.d = d;
  r.sh1 = l < 1 ? l : 1;
  r.sh2 = l > 1 ? l - 1 : 0;
  return r;
}

// The high half of a 64x64 product from 32-bit halves, without the carry
// out of the middle terms: off by one for large operands.
uint64_t mulhi_no_carry(uint64_t a, uint64_t b) {
  const uint64_t a_lo = a & 0xffffffffu, a_hi = a >> 32, b_lo = b & 0xffffffffu, b_hi = b >> 32;
  return a_hi * b_hi + ((a_hi * b_lo) >> 32) + ((a_lo * b_hi) >> 32);
}

class DividerLog32 : public Algebra {
public:
  std::string name() const override { return "divider-log2-32-bit"; }
  uint64_t magic_div(uint64_t d, uint64_t n) const override { return make_l32(d).div(n); }
  FlatLayout make_flat(const Layout& l) const override {
    FlatLayout f = layout::make_flat(l);
    for (int k = 0; k + 1 < f.rank; ++k) f.div[k] = make_l32(static_cast<uint64_t>(f.shape[k]));
    return f;
  }
};

class DividerMulhiNoCarry : public Algebra {
public:
  std::string name() const override { return "divider-mulhi-no-carry"; }
  uint64_t magic_div(uint64_t d, uint64_t n) const override {
    const MagicDivider m = MagicDivider::make(d);
    const uint64_t t = mulhi_no_carry(m.m, n);
    return (t + ((n - t) >> m.sh1)) >> m.sh2;
  }
};

class DividerMagicFloor : public Algebra {  // m = floor(2^64 (2^l - d) / d), the +1 forgotten
public:
  std::string name() const override { return "divider-magic-floor"; }
  uint64_t magic_div(uint64_t d, uint64_t n) const override {
    MagicDivider m = MagicDivider::make(d);
    if (m.m > 1) m.m -= 1;
    return m.div(n);
  }
};

// max_index formed in 128 bits but cast to 64 without saturating.
class FlatMaxIndexWraps : public Algebra {
public:
  std::string name() const override { return "flat-max-index-unsaturated"; }
  FlatLayout make_flat(const Layout& l) const override {
    FlatLayout f = layout::make_flat(l);
    if (f.max_index == ~uint64_t{0}) {
      // (qmax + 1) * inner - 1 past 2^64, truncated: recompute it unsaturated.
      uint64_t inner = 1;
      for (int k = 0; k + 1 < f.rank; ++k) inner *= static_cast<uint64_t>(f.shape[k]);
      const int64_t dl = f.stride[f.rank - 1];
      const uint64_t qmax =
          dl > 0 ? static_cast<uint64_t>(INT64_MAX - f.max_offset) / static_cast<uint64_t>(dl)
                 : ~uint64_t{0};
      f.max_index = (qmax + 1) * inner - 1;  // wraps
    }
    return f;
  }
};

// max_index one block too far: every index of the next block counted as fitting.
class FlatMaxIndexBlockLate : public Algebra {
public:
  std::string name() const override { return "flat-max-index-one-block-late"; }
  FlatLayout make_flat(const Layout& l) const override {
    FlatLayout f = layout::make_flat(l);
    uint64_t inner = 1;
    for (int k = 0; k + 1 < f.rank; ++k) inner *= static_cast<uint64_t>(f.shape[k]);
    if (f.max_index <= ~uint64_t{0} - inner) f.max_index += inner;
    return f;
  }
};

// make_flat merges s0:d0, s1:d1 when d1 == s1 d0 (the wrong pair).
class FlatMergeWrongPair : public Algebra {
public:
  std::string name() const override { return "flat-merge-wrong-pair"; }
  FlatLayout make_flat(const Layout& l) const override {
    FlatLayout f = layout::make_flat_unmerged(l);
    FlatLayout g = f;
    g.rank = 0;
    for (int k = 0; k < f.rank; ++k) {
      int64_t wrong = 0;  // s1 * d0: the wrong pair
      if (g.rank > 0 && f.shape[k] > 1 &&
          !__builtin_mul_overflow(f.shape[k], g.stride[g.rank - 1], &wrong) &&
          f.stride[k] == wrong) {
        g.shape[g.rank - 1] *= f.shape[k];
        continue;
      }
      g.shape[g.rank] = f.shape[k];
      g.stride[g.rank] = f.stride[k];
      ++g.rank;
    }
    for (int k = 0; k < g.rank; ++k)
      g.div[k] = MagicDivider::make(static_cast<uint64_t>(g.shape[k]));
    return g;
  }
};

// make_flat drops every size-1 mode, the last one too: the natural extension
// past the domain is lost ((4,1):(1,5) evaluates like 4:1).
class FlatDropsLastSizeOne : public Algebra {
public:
  std::string name() const override { return "flat-drops-trailing-size-one"; }
  FlatLayout make_flat(const Layout& l) const override {
    FlatLayout f = layout::make_flat(l);
    while (f.rank > 1 && f.shape[f.rank - 1] == 1) --f.rank;
    return f;
  }
};

// eval_chunk as one linear run of mode 0 from F(start): no carry into the
// next mode inside a chunk.
class ChunkNoCarry : public Algebra {
public:
  std::string name() const override { return "flat-chunk-no-carry"; }
  void flat_chunk(const FlatLayout& f, uint64_t start, uint64_t count,
                  int64_t* out) const override {
    f.eval_chunk(start, count, out);
    const uint64_t s0 = static_cast<uint64_t>(f.shape[0]);
    if (f.rank > 1 && count > s0) {
      const uint64_t base = static_cast<uint64_t>(f(start));
      for (uint64_t j = 0; j < count; ++j)
        out[j] = static_cast<int64_t>(base + j * static_cast<uint64_t>(f.stride[0]));
    }
  }
};

// for_each whose odometer never carries past mode 1.
class ForEachTwoModes : public Algebra {
public:
  std::string name() const override { return "flat-for-each-two-modes"; }
  std::vector<std::pair<uint64_t, int64_t>> flat_for_each(const FlatLayout& f, uint64_t start,
                                                          uint64_t count) const override {
    std::vector<std::pair<uint64_t, int64_t>> out;
    f.for_each(start, count, [&](uint64_t i, int64_t v) { out.emplace_back(i, v); });
    if (f.rank > 2) {
      const uint64_t block = static_cast<uint64_t>(f.shape[0]) * static_cast<uint64_t>(f.shape[1]);
      const uint64_t base = static_cast<uint64_t>(f(start - start % block));
      const uint64_t s0 = static_cast<uint64_t>(f.shape[0]);
      for (auto& [i, v] : out) {
        const uint64_t r = i % block;
        v = static_cast<int64_t>(base + (r % s0) * static_cast<uint64_t>(f.stride[0]) +
                                 (r / s0) * static_cast<uint64_t>(f.stride[1]));
      }
    }
    return out;
  }
};

}  // namespace

std::vector<Mutant> flat_mutants() {
  return {
      {"divider-log2-32-bit", "MagicDivider, make_flat",
       "ceil(log2 d) found with a 32-bit loop: wrong magic numbers for divisors past 2^32",
       maker<DividerLog32>()},
      {"divider-mulhi-no-carry", "MagicDivider",
       "the high half of m*n from 32-bit halves without the middle carry (large dividends)",
       maker<DividerMulhiNoCarry>()},
      {"divider-magic-floor", "MagicDivider", "m = floor(2^64 (2^l - d) / d), the +1 forgotten",
       maker<DividerMagicFloor>()},
      {"flat-max-index-unsaturated", "make_flat",
       "max_index computed in 64 bits: wraps where it should saturate at 2^64 - 1",
       maker<FlatMaxIndexWraps>()},
      {"flat-max-index-one-block-late", "make_flat", "max_index one block of the last mode too far",
       maker<FlatMaxIndexBlockLate>()},
      {"flat-merge-wrong-pair", "make_flat", "modes merged when d1 == s1*d0 (the wrong pair)",
       maker<FlatMergeWrongPair>()},
      {"flat-drops-trailing-size-one", "make_flat",
       "the trailing size-1 mode dropped: the natural extension is lost",
       maker<FlatDropsLastSizeOne>()},
      {"flat-chunk-no-carry", "FlatLayout::eval_chunk",
       "a chunk evaluated as one run of mode 0 (no carry into the next mode)",
       maker<ChunkNoCarry>()},
      {"flat-for-each-two-modes", "FlatLayout::for_each", "the odometer never carries past mode 1",
       maker<ForEachTwoModes>()},
  };
}

}  // namespace props::mutants
