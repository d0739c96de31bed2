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

}  // namespace layout
