// The oracle (props/oracle) on hand-computed values: it judges everything
// else, so its own answers are pinned here by examples worked out by hand
// from the definitions (docs/SEMANTICS.md), never by the library.
#include "oracle.hpp"

#include <gtest/gtest.h>

#include "layout/algebra.hpp"

namespace {

namespace po = props::oracle;
using layout::IntTuple;
using layout::Layout;

Layout L(const char* s) { return layout::parse_layout(s); }
IntTuple I(const char* s) { return layout::parse_int_tuple(s); }

TEST(Oracle, EvaluatesColexicographicallyWithBothExtensions) {
  EXPECT_EQ(po::table(L("(4,2):(2,1)")), (std::vector<int64_t>{0, 2, 4, 6, 1, 3, 5, 7}));
  EXPECT_EQ(po::table(L("((2,2),3):((1,2),4)")),
            (std::vector<int64_t>{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}));
  const po::Leaves lv = po::leaves(L("(4,2):(2,1)"));
  EXPECT_EQ(po::eval(lv, 13),
            1 * 2 + 3 * 1);         // past the domain: (1, 3), the last leaf keeps counting
  EXPECT_EQ(po::eval(lv, -5), -3);  // L(-i) = -L(i)
  EXPECT_EQ(po::eval(po::leaves(L("2:4611686018427387904")), 2), std::nullopt);  // 2^63
  // 128-bit indices: (2^64) under 4:1 is 2^64.
  EXPECT_EQ(po::eval_wide(po::leaves(L("4:1")), po::wide{1} << 64), po::wide{1} << 64);
}

TEST(Oracle, SizesAndCosizes) {
  EXPECT_EQ(po::size(L("(65536,65536):(1,65536)")), int64_t{1} << 32);
  // A layout value past int64 in size (made without validation): nullopt.
  EXPECT_EQ(po::size(po::make(I("(4294967296,4294967296)"), I("(1,1)"))), std::nullopt);
  EXPECT_EQ(po::cosize(L("4:-1")), 4);
  EXPECT_EQ(po::cosize(L("(2,(2,2)):(0,(1,2))")), 4);
  EXPECT_TRUE(po::representable(L("2:9223372036854775807")));
  EXPECT_FALSE(po::representable(L("3:9223372036854775807")));
  EXPECT_EQ(po::rank(I("((2,2),3)")), 2);
  EXPECT_EQ(po::depth(I("((2,2),3)")), 2);
  EXPECT_EQ(po::depth(I("7")), 0);
}

TEST(Oracle, Coordinates) {
  EXPECT_EQ(po::idx2crd(16, I("(3,(2,3))")), I("(1,(1,2))"));
  EXPECT_EQ(po::idx2crd(13, I("(2,3)")), I("(1,6)"));  // the last leaf takes the quotient
  EXPECT_EQ(po::idx2crd(I("(1,5)"), I("(3,(2,3))")), I("(1,(1,2))"));
  EXPECT_EQ(po::idx2crd(-1, I("(2,3)")), std::nullopt);
  EXPECT_EQ(po::crd_value(I("(1,(1,2))"), I("(3,(2,3))"), I("(3,(12,1))")), 17);
  EXPECT_EQ(po::crd_value(I("(1,5)"), I("(3,(2,3))"), I("(3,(12,1))")), 17);
  EXPECT_EQ(po::crd_value(I("(1,2,3)"), I("(3,(2,3))"), I("(3,(12,1))")), std::nullopt);
  EXPECT_EQ(po::crd_index(I("(1,(1,2))"), I("(3,(2,3))")), 16);
  EXPECT_TRUE(po::compatible(I("(4,8)"), I("((2,2),(2,4))")));
  EXPECT_FALSE(po::compatible(I("(4,8)"), I("(2,2,8)")));
  EXPECT_EQ(po::compact_left(I("((2,3),(2,1,2))")), I("((1,2),(6,12,12))"));
  EXPECT_EQ(po::compact_right(I("(4,2)")), I("(2,1)"));
}

TEST(Oracle, SwizzleBitByBit) {
  // Sw<3,4,3>: bits 7..9 XORed into bits 4..6.
  EXPECT_EQ(po::swizzle(3, 4, 3, 0b1010000000), 0b1011010000);
  EXPECT_EQ(po::swizzle(2, 0, -3, 0b11), 0b11011);  // S < 0: bits 0..1 into bits 3..4
  EXPECT_TRUE(po::swizzle_valid(3, 4, 3));
  EXPECT_FALSE(po::swizzle_valid(3, 4, 2));   // |S| < B
  EXPECT_FALSE(po::swizzle_valid(3, 58, 3));  // past bit 63
}

Layout complement_of(const char* a, int64_t m) {
  const auto c = po::complement(L(a), m);
  EXPECT_TRUE(c.has_value()) << a;
  return c ? po::from_leaves(*c) : Layout();
}

TEST(Oracle, ComplementFormula) {
  EXPECT_EQ(complement_of("4:2", 16), L("(2,2):(1,8)"));
  EXPECT_EQ(complement_of("4:2", 24), L("(2,3):(1,8)"));
  EXPECT_EQ(complement_of("(2,2):(1,6)", 24), L("(3,2):(2,12)"));
  EXPECT_EQ(complement_of("(4,6):(1,4)", 24), L("1:0"));
  EXPECT_EQ(complement_of("3:2", 16), L("(2,3):(1,6)"));  // the gap below 2, then ceil(16/6)
  EXPECT_FALSE(po::complement(L("(2,2):(2,3)"), 8));      // interleaved: not defined
  EXPECT_FALSE(po::complement(L("4:-1"), 8));             // a negative stride
  const po::Chain c = po::chain(L("(2,4):(8,1)"));
  EXPECT_TRUE(c.ordered && c.divisible);
  EXPECT_EQ(c.end, 16);
  EXPECT_EQ(po::from_leaves(po::coalesced(po::leaves(L("((2,2),3):((1,2),4)")))), L("12:1"));
}

TEST(Oracle, FitsALayoutToATableOrSaysNone) {
  // (2,2):(4,1) as a table; with its exact shape, and refined from a size-4 leaf.
  const std::vector<int64_t> t = {0, 4, 1, 5};
  EXPECT_EQ(po::fit_strides(t, I("(2,2)")), I("(4,1)"));
  EXPECT_EQ(po::fit_strides(t, I("(4)")), std::nullopt);
  const auto r = po::fit_layout(t, I("4"));
  ASSERT_TRUE(r.has_value());
  EXPECT_EQ(po::table(*r), t);
  // (3,2):(1,10) is a layout of size 6 whose first prime split (2) fails:
  // the search must backtrack to 3.
  const std::vector<int64_t> u = {0, 1, 2, 10, 11, 12};
  const auto ru = po::fit_layout(u, I("6"));
  ASSERT_TRUE(ru.has_value());
  EXPECT_EQ(po::table(*ru), u);
  // Not a layout: values that no mixed-radix sum gives.
  EXPECT_EQ(po::fit_layout({0, 1, 3, 4, 5, 6}, I("6")), std::nullopt);
  EXPECT_EQ(po::fit_layout({1, 2}, I("2")), std::nullopt);  // L(0) is always 0
  // By structure: ((2,3)):(...) splits per leaf of the structure.
  const auto rs = po::fit_layout(u, I("(3,2)"));
  ASSERT_TRUE(rs.has_value());
  EXPECT_EQ(po::table(*rs), u);
  EXPECT_EQ(po::fit_layout(u, I("(2,3)")), std::nullopt);  // not a sum over (2,3)
}

}  // namespace
