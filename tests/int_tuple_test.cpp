// IntTuple: construction, rank/depth, product, flatten, congruence,
// compatibility, prefix_product, shape_div, inner_product, printing.
#include <gtest/gtest.h>

#include <cstdint>
#include <limits>

#include "layout/algebra.hpp"
#include "test_oracle.hpp"

namespace {

using layout::IntTuple;
using oracle::I;
using oracle::str;

TEST(IntTuple, IntegerAndTupleBasics) {
  IntTuple four = 4;
  EXPECT_TRUE(four.is_int());
  EXPECT_FALSE(four.is_tuple());
  EXPECT_EQ(four.value(), 4);
  EXPECT_EQ(four.rank(), 1);
  EXPECT_EQ(four.depth(), 0);
  EXPECT_EQ(str(four), "4");
  EXPECT_EQ(four[0], IntTuple(4));  // element 0 of an integer is the integer

  IntTuple t = IntTuple::tuple({IntTuple::tuple({2, 2}), 3});
  EXPECT_TRUE(t.is_tuple());
  EXPECT_EQ(t.rank(), 2);
  EXPECT_EQ(t.depth(), 2);
  EXPECT_EQ(t.num_leaves(), 3);
  EXPECT_EQ(str(t), "((2,2),3)");
  EXPECT_EQ(str(t[0]), "(2,2)");
  EXPECT_EQ(str(t[1]), "3");
  EXPECT_EQ(t[0][1], IntTuple(2));
}

TEST(IntTuple, EmptyTupleAndRankOne) {
  IntTuple e;
  EXPECT_TRUE(e.is_tuple());
  EXPECT_EQ(e.rank(), 0);
  EXPECT_EQ(e.depth(), 1);
  EXPECT_EQ(str(e), "()");
  EXPECT_EQ(layout::product(e), 1);

  // A rank-1 tuple (4) is not the integer 4.
  IntTuple one = IntTuple::tuple({4});
  EXPECT_EQ(one.rank(), 1);
  EXPECT_EQ(one.depth(), 1);
  EXPECT_EQ(str(one), "(4)");
  EXPECT_NE(one, IntTuple(4));
}

TEST(IntTuple, DepthOfNestedTuples) {
  EXPECT_EQ(I("(4)").depth(), 1);
  EXPECT_EQ(I("(1,(2,(3,4)))").depth(), 3);
  EXPECT_EQ(I("((((5))))").depth(), 4);
  EXPECT_EQ(I("(2,3,4,5)").rank(), 4);
}

TEST(IntTuple, EqualityIsStructural) {
  EXPECT_EQ(I("(2,(3,4))"), IntTuple::tuple({2, IntTuple::tuple({3, 4})}));
  EXPECT_NE(I("(2,(3,4))"), I("((2,3),4)"));
  EXPECT_NE(I("(2,3,4)"), I("(2,(3,4))"));
  EXPECT_NE(I("(2,3)"), I("(2,4)"));
}

TEST(IntTuple, Product) {
  EXPECT_EQ(layout::product(5), 5);
  EXPECT_EQ(layout::product(I("(2,(3,4))")), 24);
  EXPECT_EQ(layout::product(I("((2,2),3)")), 12);
  EXPECT_EQ(layout::product(I("(65536,65536)")), int64_t{4294967296});
  EXPECT_THROW(layout::product(I("(4294967296,4294967296)")), layout::Error);
  EXPECT_THROW(layout::product_or_overflow(I("(4294967296,4294967296)")), layout::Overflow);
}

TEST(IntTuple, Flatten) {
  EXPECT_EQ(str(layout::flatten(I("((2,3),(2,1,2),(5,2,1))"))), "(2,3,2,1,2,5,2,1)");
  EXPECT_EQ(str(layout::flatten(IntTuple(5))), "(5)");  // an integer becomes a 1-tuple
  EXPECT_EQ(str(layout::flatten(I("(4,2)"))), "(4,2)");
}

TEST(IntTuple, Congruent) {
  EXPECT_TRUE(layout::congruent(I("(4,(2,3))"), I("(1,(4,8))")));
  EXPECT_TRUE(layout::congruent(4, 7));
  EXPECT_FALSE(layout::congruent(I("(4,2)"), I("(1)")));
  EXPECT_FALSE(layout::congruent(I("(4,(2,3))"), I("(1,4,8)")));
  EXPECT_FALSE(layout::congruent(4, I("(4)")));
  EXPECT_FALSE(layout::congruent(I("((2,2),3)"), I("(2,(2,3))")));
}

TEST(IntTuple, WeaklyCongruent) {
  // An integer a matches anything.
  EXPECT_TRUE(layout::weakly_congruent(1, 2));
  EXPECT_TRUE(layout::weakly_congruent(1, I("(2,3)")));
  EXPECT_TRUE(layout::weakly_congruent(1, I("((2,3),(4,5))")));
  EXPECT_TRUE(layout::weakly_congruent(I("(1,2)"), I("(3,(4,5))")));
  // A tuple never matches an integer; ranks must agree.
  EXPECT_FALSE(layout::weakly_congruent(I("(1)"), 1));
  EXPECT_FALSE(layout::weakly_congruent(I("(1,2)"), I("(1,2,3)")));
  EXPECT_FALSE(layout::weakly_congruent(I("((1,2),3)"), I("(1,(2,3))")));
  EXPECT_TRUE(layout::weakly_congruent(I("((1,2),3)"), I("((1,2),(2,3))")));
}

TEST(IntTuple, Compatible) {
  // cute-semantics.md §1: 24 <= (4,6), (24) !<= 24, ((2,3),4) !<= ((2,2),(3,2)).
  EXPECT_TRUE(layout::compatible(24, I("(4,6)")));
  EXPECT_FALSE(layout::compatible(I("(24)"), 24));
  EXPECT_FALSE(layout::compatible(I("((2,3),4)"), I("((2,2),(3,2))")));
  EXPECT_TRUE(layout::compatible(I("(4,6)"), I("((2,2),6)")));
  EXPECT_TRUE(layout::compatible(I("(4,6)"), I("(4,6)")));
  EXPECT_FALSE(layout::compatible(25, I("(4,6)")));
  EXPECT_FALSE(layout::compatible(I("(4,6)"), I("(6,4)")));
  EXPECT_FALSE(layout::compatible(I("(4,6)"), 24));
  // Cross-check against the oracle's definition on a small grid.
  const char* shapes[] = {"24",        "(24)",      "(4,6)",         "(2,12)",
                          "((2,2),6)", "(4,(2,3))", "((2,2),(2,3))", "(2,2,6)"};
  for (const char* a : shapes)
    for (const char* b : shapes)
      EXPECT_EQ(layout::compatible(I(a), I(b)), oracle::compatible(I(a), I(b))) << a << " <= " << b;
}

TEST(IntTuple, PrefixProduct) {
  EXPECT_EQ(str(layout::prefix_product(2)), "1");
  EXPECT_EQ(str(layout::prefix_product(I("(3,2)"))), "(1,3)");
  EXPECT_EQ(str(layout::prefix_product(I("(3,2,4)"))), "(1,3,6)");
  EXPECT_EQ(str(layout::prefix_product(I("((2,3),4)"))), "((1,2),6)");
  EXPECT_EQ(str(layout::prefix_product(I("((2,3),(2,1,2),(5,2,1))"))),
            "((1,2),(6,12,12),(24,120,240))");
  EXPECT_EQ(str(layout::prefix_product(I("(3,2)"), 5)), "(5,15)");
  EXPECT_THROW(layout::prefix_product(I("(4294967296,4294967296,2)")), layout::Error);
}

TEST(IntTuple, ShapeDiv) {
  // cute-semantics.md §1 examples.
  EXPECT_EQ(str(layout::shape_div(I("(3,4)"), 6)), "(1,2)");
  EXPECT_EQ(str(layout::shape_div(I("(3,4)"), 12)), "(1,1)");
  EXPECT_EQ(str(layout::shape_div(I("(3,4)"), 36)), "(1,1)");
  EXPECT_EQ(str(layout::shape_div(I("((3,4),6)"), 36)), "((1,1),2)");
  EXPECT_EQ(str(layout::shape_div(I("(6,(3,4))"), 36)), "(1,(1,2))");
  EXPECT_EQ(str(layout::shape_div(12, 4)), "3");
  EXPECT_EQ(str(layout::shape_div(4, 12)), "1");  // ceil(4/12)
  EXPECT_EQ(str(layout::shape_div(I("(8,6)"), I("(2,3)"))), "(4,2)");
  EXPECT_EQ(str(layout::shape_div(24, I("(2,3)"))), "4");
  EXPECT_EQ(str(layout::shape_div(I("(2,4)"), 16)), "(1,1)");
}

TEST(IntTuple, ShapeDivRefusesNonDividing) {
  // (2,4,5) / 16 fails at the 5 (remaining divisor 2 after 2 and 4).
  EXPECT_THROW(layout::shape_div(I("(2,4,5)"), 16), layout::Error);
  EXPECT_THROW(layout::shape_div(6, 4), layout::Error);
  EXPECT_THROW(layout::shape_div(I("(8,6)"), I("(2,3,1)")), layout::Error);  // rank mismatch
  try {
    layout::shape_div(6, 4);
    FAIL() << "no error";
  } catch (const layout::Error& e) {
    EXPECT_EQ(e.op(), "shape_div");
  }
}

TEST(IntTuple, InnerProduct) {
  EXPECT_EQ(layout::inner_product(I("(1,(2,3))"), I("(4,(5,6))")), 4 + 10 + 18);
  EXPECT_EQ(layout::inner_product(3, 7), 21);
  EXPECT_THROW(layout::inner_product(I("(1,2)"), I("(1,2,3)")), layout::Error);
  EXPECT_THROW(layout::inner_product(I("(4611686018427387904,2)"), I("(2,1)")), layout::Error);
}

TEST(IntTuple, TupleBuilderAndFromNodes) {
  layout::TupleBuilder b;
  b.add_int(2);
  b.add(I("(3,4)"));
  b.add_int(5);
  EXPECT_EQ(b.size(), 3);
  IntTuple t = b.done();
  EXPECT_EQ(str(t), "(2,(3,4),5)");
  EXPECT_EQ(str(IntTuple::from_nodes(IntTuple::child(t.root(), 1))), "(3,4)");
  EXPECT_EQ(oracle::leaves(t), (std::vector<int64_t>{2, 3, 4, 5}));
  auto lv = t.leaves();
  ASSERT_EQ(lv.size(), 4u);
  EXPECT_EQ(lv[1], 3);
  EXPECT_EQ(lv[3], 5);
}

TEST(IntTuple, ElementIndexOutOfRangeIsRefused) {
  EXPECT_THROW((void)I("(2,3)")[2], layout::Error);
  EXPECT_THROW((void)I("(2,3)")[-1], layout::Error);
  EXPECT_THROW((void)IntTuple(4)[1], layout::Error);
  EXPECT_THROW((void)IntTuple()[0], layout::Error);
  try {
    (void)I("(2,3)")[2];
  } catch (const layout::Error& e) {
    EXPECT_EQ(e.op(), "mode");
  }
  EXPECT_EQ(I("(2,3)")[1], IntTuple(3));
}

TEST(IntTuple, PrintsNegativeAndLargeValues) {
  EXPECT_EQ(str(I("(-1,9223372036854775807)")), "(-1,9223372036854775807)");
  EXPECT_EQ(str(IntTuple(std::numeric_limits<int64_t>::min())), "-9223372036854775808");
}

}  // namespace
