// Swizzle<B,M,S>: values against an independent bit-level oracle, involution,
// bijection on aligned blocks, pass-through bits, swizzled layouts, refusals.
#include <gtest/gtest.h>

#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "layout/algebra.hpp"
#include "test_oracle.hpp"

namespace {

using layout::Layout;
using layout::Swizzle;
using layout::SwizzledLayout;
using oracle::L;

// cute-semantics.md §13, computed bit by bit: for S > 0 bit (M+S+k) is XORed
// into bit (M+k); for S < 0 bit (M+k) is XORed into bit (M+|S|+k), k < B.
int64_t swizzle_oracle(int b, int m, int s, int64_t x) {
  uint64_t u = static_cast<uint64_t>(x), out = u;
  const int mag = s < 0 ? -s : s;
  for (int k = 0; k < b; ++k) {
    const int src = s > 0 ? m + s + k : m + k;
    const int dst = s > 0 ? m + k : m + mag + k;
    if (s == 0) break;
    out ^= ((u >> src) & 1u) << dst;
  }
  return static_cast<int64_t>(out);
}

struct Params {
  int b, m, s;
};
const std::vector<Params>& params() {
  static const std::vector<Params> p = {{3, 0, 3}, {3, 0, -3}, {2, 1, 3}, {1, 0, 1}, {2, 4, 2},
                                        {3, 3, 3}, {2, 0, -4}, {0, 2, 0}, {0, 0, 5}, {1, 2, -1}};
  return p;
}

TEST(Swizzle, MatchesTheBitOracle) {
  for (const Params& p : params()) {
    Swizzle sw(p.b, p.m, p.s);
    EXPECT_EQ(sw.bits(), p.b);
    EXPECT_EQ(sw.base(), p.m);
    EXPECT_EQ(sw.shift(), p.s);
    for (int64_t x = 0; x < 4096; ++x)
      ASSERT_EQ(sw(x), swizzle_oracle(p.b, p.m, p.s, x)) << layout::to_string(sw) << " at " << x;
  }
}

TEST(Swizzle, KnownValues) {
  Swizzle sw(3, 0, 3);  // x ^ ((x >> 3) & 7)
  EXPECT_EQ(sw(0), 0);
  EXPECT_EQ(sw(8), 9);
  EXPECT_EQ(sw(9), 8);
  EXPECT_EQ(sw(63), 56);
  EXPECT_EQ(sw(64), 64);  // bits at or above M+B+|S| = 6 pass through
  Swizzle neg(3, 0, -3);  // x ^ ((x & 7) << 3)
  EXPECT_EQ(neg(1), 9);
  EXPECT_EQ(neg(7), 63);
  Swizzle s213(2, 1, 3);  // bits 4,5 into bits 1,2
  EXPECT_EQ(s213(16), 18);
  EXPECT_EQ(s213(48), 54);
  EXPECT_EQ(layout::to_string(sw), "Sw<3,0,3>");
  EXPECT_EQ(layout::to_string(neg), "Sw<3,0,-3>");
}

TEST(Swizzle, InvolutionBijectionAndPassThrough) {
  for (const Params& p : params()) {
    Swizzle sw(p.b, p.m, p.s);
    const int mag = p.s < 0 ? -p.s : p.s;
    const int64_t block = int64_t{1} << (p.m + p.b + mag);
    for (int64_t base : {int64_t{0}, block, 5 * block, int64_t{1} << 40}) {
      std::set<int64_t> seen;
      for (int64_t x = base; x < base + block; ++x) {
        const int64_t y = sw(x);
        ASSERT_EQ(sw(y), x) << layout::to_string(sw) << " not an involution at " << x;
        ASSERT_GE(y, base);
        ASSERT_LT(y, base + block) << "left its aligned block";
        // Bits below M and at or above M+B+|S| pass through.
        ASSERT_EQ(y & ((int64_t{1} << p.m) - 1), x & ((int64_t{1} << p.m) - 1));
        ASSERT_EQ(y / block, x / block);
        seen.insert(y);
      }
      EXPECT_EQ(static_cast<int64_t>(seen.size()), block) << "not a bijection on the block";
    }
  }
}

TEST(Swizzle, ZeroBitsIsTheIdentity) {
  Swizzle id(0, 2, 0);  // pycute recurses forever here
  for (int64_t x = 0; x < 1000; ++x) ASSERT_EQ(id(x), x);
}

TEST(Swizzle, WideFieldsUpToTheLimit) {
  Swizzle top(1, 0, 62);  // M + B + |S| = 63
  EXPECT_EQ(top(int64_t{1} << 62), (int64_t{1} << 62) | 1);
  EXPECT_EQ(top(top(int64_t{1} << 62)), int64_t{1} << 62);
  Swizzle topn(1, 61, -1);
  EXPECT_EQ(topn(int64_t{1} << 61), (int64_t{1} << 61) | (int64_t{1} << 62));
  const int64_t big = int64_t{0x5A5A5A5A5A5A5A5};
  EXPECT_EQ(top(top(big)), big);
  EXPECT_EQ(top(big), swizzle_oracle(1, 0, 62, big));
}

TEST(Swizzle, Refusals) {
  auto refused = [](int b, int m, int s) {
    try {
      Swizzle sw(b, m, s);
      return false;
    } catch (const layout::Error& e) {
      return e.op() == "swizzle" && !e.condition().empty();
    }
  };
  EXPECT_TRUE(refused(-1, 0, 3));
  EXPECT_TRUE(refused(1, -1, 3));
  EXPECT_TRUE(refused(3, 0, 2));  // |S| < B: overlapping fields
  EXPECT_TRUE(refused(3, 0, -2));
  EXPECT_TRUE(refused(1, 0, 63));  // M + B + |S| = 64
  EXPECT_TRUE(refused(1, 62, 1));
  EXPECT_TRUE(refused(2, 40, 30));
  EXPECT_FALSE(refused(3, 0, 3));
}

// ---- swizzled layouts ----------------------------------------------------------------
TEST(SwizzledLayout, EvaluatesSwizzleOfLayout) {
  Layout l = L("(8,8):(8,1)");
  SwizzledLayout sl(Swizzle(3, 0, 3), l);
  for (int64_t i = 0; i < 64; ++i) ASSERT_EQ(sl(i), swizzle_oracle(3, 0, 3, oracle::eval(l, i)));
  EXPECT_EQ(sl.layout(), l);
  EXPECT_EQ(sl.swizzle().bits(), 3);
}

TEST(SwizzledLayout, Sw303RowValuesOverEightByEight) {
  // (8,8):(8,1) sends (r,c) to 8r + c; Sw<3,0,3> XORs r into c: row r holds
  // 8r + (c ^ r). Row 1 is 9 8 11 10 13 12 15 14.
  Layout l = L("(8,8):(8,1)");
  SwizzledLayout sl(Swizzle(3, 0, 3), l);
  std::vector<int64_t> row1;
  for (int64_t c = 0; c < 8; ++c) row1.push_back(sl(1 + 8 * c));  // index of (1,c)
  EXPECT_EQ(row1, (std::vector<int64_t>{9, 8, 11, 10, 13, 12, 15, 14}));
  for (int64_t r = 0; r < 8; ++r) {
    std::set<int64_t> row;
    for (int64_t c = 0; c < 8; ++c) {
      const int64_t v = sl(r + 8 * c);
      EXPECT_EQ(v, 8 * r + (c ^ r)) << r << "," << c;
      row.insert(v);
    }
    EXPECT_EQ(row.size(), 8u);  // each row is a permutation of 8r .. 8r+7
    EXPECT_EQ(*row.begin(), 8 * r);
    EXPECT_EQ(*row.rbegin(), 8 * r + 7);
  }
}

TEST(SwizzledLayout, RowAndColumnSlicesAgreeWithTwoDimensionalIndexing) {
  // cute-semantics.md §13 (CuTe's swizzle_layout.cpp).
  struct Case {
    Swizzle sw;
    const char* layout;
  };
  const std::vector<Case> cases = {{Swizzle(3, 0, 3), "(8,8):(8,1)"},
                                   {Swizzle(3, 0, -3), "(8,8):(8,1)"},
                                   {Swizzle(2, 1, 3), "((2,2,2),(2,2,2)):((32,2,8),(4,1,16))"}};
  for (const Case& c : cases) {
    Layout l = L(c.layout);
    SwizzledLayout sl(c.sw, l);
    const int64_t rows = oracle::product(l.shape()[0]), cols = oracle::product(l.shape()[1]);
    for (int64_t r = 0; r < rows; ++r) {
      layout::Sliced row = layout::slice(l, layout::parse_term("(" + std::to_string(r) + ",_)"));
      for (int64_t k = 0; k < cols; ++k)
        ASSERT_EQ(c.sw(row.offset + oracle::eval(row.layout, k)), sl(r + rows * k))
            << layout::to_string(c.sw) << " row " << r << " col " << k;
    }
    for (int64_t k = 0; k < cols; ++k) {
      layout::Sliced col = layout::slice(l, layout::parse_term("(_," + std::to_string(k) + ")"));
      for (int64_t r = 0; r < rows; ++r)
        ASSERT_EQ(c.sw(col.offset + oracle::eval(col.layout, r)), sl(r + rows * k))
            << layout::to_string(c.sw) << " col " << k << " row " << r;
    }
  }
}

}  // namespace
