// Element-width mutants (issue 13): upcast, downcast, recast_layout and the
// byte-address swizzle, each with one realistic slip. UPCAST-DEF,
// DOWNCAST-DEF, RECAST-DEF and SWIZZLE-BYTES must kill them.
#include <cstdint>
#include <numeric>
#include <string>

#include "mutant_list.hpp"

namespace props::mutants {

namespace {

// A negative stride divided by N with C++'s truncation: -4 / 8 = 0, where
// CuTe's sign(d) ceil(|d|/N) gives -1.
class UpcastTruncatesNegative : public Algebra {
public:
  std::string name() const override { return "upcast-truncates-negative"; }
  Layout upcast(const Layout& a, int64_t n) const override {
    const Layout ref = layout::upcast(a, n);  // refuses what it refuses
    IntTuple s = ref.shape(), d = ref.stride();
    IntTuple old = a.stride();
    for (std::size_t k = 0; k < d.raw().size(); ++k)
      if (!d.raw()[k].tuple && old.raw()[k].v < 0) d.raw()[k].v = old.raw()[k].v / n;
    return Layout(s, d);
  }
};

// A stride of -1 treated like any other (d N) instead of widening its mode.
class DowncastIgnoresNegativeUnit : public Algebra {
public:
  std::string name() const override { return "downcast-ignores-negative-unit"; }
  Layout downcast(const Layout& a, int64_t n) const override {
    Layout ref = layout::downcast(a, n);
    IntTuple s = ref.shape(), d = ref.stride();
    IntTuple old = a.stride();
    for (std::size_t k = 0; k < d.raw().size(); ++k)
      if (!d.raw()[k].tuple && old.raw()[k].v == -1) {
        s.raw()[k].v /= n;
        d.raw()[k].v = -n;
      }
    return Layout(s, d);
  }
};

// The ratio not reduced: downcast(upcast(L, new), old) where CuTe takes
// new/old in lowest terms (16 -> 32 is upcast by 2, not by 32 then down by 16).
class RecastUnreduced : public Algebra {
public:
  std::string name() const override { return "recast-ratio-unreduced"; }
  Layout recast_layout(const Layout& a, int64_t from, int64_t to) const override {
    const Layout ref = layout::recast_layout(a, from, to);
    if (from == to || std::gcd(from, to) == 1) return ref;
    try {
      return layout::downcast(layout::upcast(a, to), from);
    } catch (const layout::Error&) {
      return ref;
    }
  }
};

// The bit within the byte dropped: sub-byte elements all land on the
// byte's first one.
class SwizzleBytesDropsBitOffset : public Algebra {
public:
  std::string name() const override { return "swizzle-bytes-drops-bit-offset"; }
  int64_t swizzle_bytes(int b, int m, int s, int64_t bits, const Layout& l,
                        int64_t i) const override {
    const int64_t ref = layout::swizzle_bytes(layout::Swizzle(b, m, s), bits, l(i));
    if (bits >= 8) return ref;
    return layout::Swizzle(b, m, s)(l(i) * bits >> 3) * 8 / bits;
  }
};

}  // namespace

std::vector<Mutant> cast_mutants() {
  return {
      {"upcast-truncates-negative", "upcast",
       "a negative stride divided by N with truncation (-4/8 = 0, not -1)",
       maker<UpcastTruncatesNegative>()},
      {"downcast-ignores-negative-unit", "downcast",
       "a stride of -1 multiplied by N instead of widening its mode",
       maker<DowncastIgnoresNegativeUnit>()},
      {"recast-ratio-unreduced", "recast_layout",
       "downcast(upcast(L, new), old) without reducing new/old", maker<RecastUnreduced>()},
      {"swizzle-bytes-drops-bit-offset", "swizzle_bytes",
       "sub-byte elements: the bit within the byte dropped", maker<SwizzleBytesDropsBitOffset>()},
  };
}

}  // namespace props::mutants
