// Swizzle<B, M, S>: XOR the B bits found S positions above bit M into the B
// bits at M (S < 0: the other way round).
//   pre:  B >= 0, M >= 0, |S| >= B, M + B + |S| <= 63.
//   post: an involution (f(f(x)) = x), hence a bijection; bits below M and at
//         or above M + B + |S| pass through.
#pragma once

#include <cstdint>

#include "layout/layout.hpp"

namespace layout {

class Swizzle {
public:
  Swizzle(int bits, int base, int shift);  // throws Error("swizzle", ...)
  int bits() const { return b_; }
  int base() const { return m_; }
  int shift() const { return s_; }
  int64_t operator()(int64_t x) const {
    uint64_t u = static_cast<uint64_t>(x);
    uint64_t y = u & yyy_;
    return static_cast<int64_t>(s_ >= 0 ? u ^ (y >> s_) : u ^ (y << -s_));
  }

private:
  int b_, m_, s_;
  uint64_t yyy_;  // the source bit field
};

std::string to_string(const Swizzle& s);  // "Sw<B,M,S>"

// swizzle o layout: i -> Swizzle(L(i)).
class SwizzledLayout {
public:
  SwizzledLayout(Swizzle sw, Layout l) : sw_(sw), l_(std::move(l)) {}
  int64_t operator()(int64_t i) const { return sw_(l_(i)); }
  const Swizzle& swizzle() const { return sw_; }
  const Layout& layout() const { return l_; }

private:
  Swizzle sw_;
  Layout l_;
};

// The byte-address form, as CUTLASS applies a swizzle to shared memory
// (ComposedLayout<Swizzle, smem_ptr_flag_bits<bits>, L> in a tensor over a
// base-aligned smem pointer): element offset x of `bits`-bit elements lies at
// bit address a = x bits; the swizzle permutes byte addresses (a >> 3), the
// bit within the byte stays; the result is the element offset at the swizzled
// address.
//   pre:  bits >= 1, x >= 0; the swizzled bit address a' is a multiple of
//         bits (else the element would start inside another one: refused).
//   post: result = a' / bits with a' = 8 Sw(a >> 3) + (a & 7); for bits = 8
//         2^k with k <= M it is Sw<B, M - k, S>(x) (the element-unit form).
int64_t swizzle_bytes(const Swizzle& sw, int64_t bits, int64_t x);

}  // namespace layout
