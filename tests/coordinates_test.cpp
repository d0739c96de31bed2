// idx2crd / crd2idx: the index <-> coordinate bijection, hierarchical, per-mode
// and integer coordinates, the natural extension past the domain, refusals.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "layout/algebra.hpp"
#include "test_oracle.hpp"

namespace {

using layout::crd2idx;
using layout::idx2crd;
using layout::IntTuple;
using layout::Layout;
using oracle::I;
using oracle::L;
using oracle::str;

const std::vector<std::string>& shapes() {
  static const std::vector<std::string> s = {
      "8", "(4,2)", "((2,2),3)", "(3,(2,3))", "(2,(3,(2,2)),5)", "(1,4,1)", "((4),(2))"};
  return s;
}

TEST(Coordinates, LessonIndexSevenInHierarchicalShape) {
  EXPECT_EQ(str(idx2crd(7, I("((2,2),3)"))), "((1,1),1)");
  EXPECT_EQ(crd2idx(I("((1,1),1)"), I("((2,2),3)")), 7);
  EXPECT_EQ(crd2idx(I("((1,1),1)"), I("((2,2),3)"), I("((1,2),4)")), 7);
  EXPECT_EQ(L("((2,2),3):((1,2),4)")(I("((1,1),1)")), 7);
}

TEST(Coordinates, LessonIndexFiveInFourByTwo) {
  EXPECT_EQ(str(idx2crd(5, I("(4,2)"))), "(1,1)");
  EXPECT_EQ(crd2idx(I("(1,1)"), I("(4,2)"), I("(1,4)")), 5);
  EXPECT_EQ(crd2idx(I("(1,1)"), I("(4,2)"), I("(2,1)")), 3);
}

TEST(Coordinates, Idx2CrdMatchesOracleAndRoundTrips) {
  for (const std::string& s : shapes()) {
    IntTuple shape = I(s);
    const int64_t n = oracle::product(shape);
    for (int64_t i = 0; i < n; ++i) {
      IntTuple c = idx2crd(i, shape);
      ASSERT_EQ(c, oracle::coord(i, shape)) << s << " at " << i;
      ASSERT_EQ(crd2idx(c, shape), i) << s << " " << str(c);
    }
  }
}

TEST(Coordinates, Idx2CrdIsABijectionOntoInRangeCoordinates) {
  IntTuple shape = I("(2,(3,(2,2)),5)");
  const int64_t n = oracle::product(shape);
  std::set<std::string> seen;
  for (int64_t i = 0; i < n; ++i) {
    IntTuple c = idx2crd(i, shape);
    // In-range: every leaf of c is below the matching leaf of the shape.
    std::vector<int64_t> cl = oracle::leaves(c), sl = oracle::leaves(shape);
    ASSERT_EQ(cl.size(), sl.size());
    for (std::size_t k = 0; k < cl.size(); ++k) ASSERT_LT(cl[k], sl[k]) << str(c);
    seen.insert(str(c));
  }
  EXPECT_EQ(static_cast<int64_t>(seen.size()), n);
}

TEST(Coordinates, PastTheDomainTheLastLeafOverflows) {
  // cute-semantics.md §3.3: C++ behaviour (pycute wraps instead).
  EXPECT_EQ(str(idx2crd(13, I("(2,3)"))), "(1,6)");
  EXPECT_EQ(str(idx2crd(20, I("(3,(2,3))"))), "(2,(0,3))");
  EXPECT_EQ(crd2idx(I("(1,6)"), I("(2,3)")), 13);
  EXPECT_EQ(str(idx2crd(9, 4)), "9");  // integer shape: unchanged
}

TEST(Coordinates, TupleIndexIsDecodedModeByMode) {
  // cute-semantics.md §3.3 and §16 #12: (1,5) in (3,(2,3)) is (1,(1,2)).
  EXPECT_EQ(str(idx2crd(I("(1,5)"), I("(3,(2,3))"))), "(1,(1,2))");
  EXPECT_EQ(str(idx2crd(I("(1,(1,2))"), I("(3,(2,3))"))), "(1,(1,2))");
  EXPECT_EQ(str(idx2crd(I("(2,3)"), I("((2,2),3)"))), "((0,1),3)");
}

TEST(Coordinates, Crd2IdxAcceptsMixedCoordinates) {
  IntTuple shape = I("(3,(2,3))");
  IntTuple stride = I("(1,(3,6))");
  // Integer, per-mode and natural coordinates of the same element agree.
  for (int64_t i = 0; i < 18; ++i) {
    IntTuple nat = oracle::coord(i, shape);
    IntTuple per_mode = IntTuple::tuple({i % 3, i / 3});
    EXPECT_EQ(crd2idx(i, shape), i);
    EXPECT_EQ(crd2idx(nat, shape), i);
    EXPECT_EQ(crd2idx(per_mode, shape), i);
    EXPECT_EQ(crd2idx(nat, shape, stride), i);
    EXPECT_EQ(crd2idx(per_mode, shape, stride), i);
    EXPECT_EQ(crd2idx(i, shape, stride), i);
  }
}

TEST(Coordinates, Crd2IdxWithStrideMatchesOracle) {
  const char* layouts[] = {"((2,2),3):((1,2),4)", "(3,(2,4)):(8,(1,2))", "(4,3):(0,1)",
                           "(2,(3,(2,2)),5):(60,(1,(3,30)),6)", "(5,7):(-1,5)"};
  for (const char* s : layouts) {
    Layout l = L(s);
    const int64_t n = oracle::size(l);
    for (int64_t i = 0; i < n; ++i) {
      IntTuple c = oracle::coord(i, l.shape());
      ASSERT_EQ(crd2idx(c, l.shape(), l.stride()), oracle::eval(l, i)) << s << " " << str(c);
      ASSERT_EQ(crd2idx(i, l.shape(), l.stride()), oracle::eval(l, i)) << s << " " << i;
    }
  }
}

TEST(Coordinates, Crd2IdxIntegerPassesThroughShape) {
  EXPECT_EQ(crd2idx(100, I("(4,2)")), 100);  // no bounds check on an index
  EXPECT_EQ(crd2idx(I("(3,1)"), I("(4,2)")), 7);
  EXPECT_EQ(crd2idx(I("(3,(1,1))"), I("(4,(2,2))")), 3 + 4 + 8);
}

TEST(Coordinates, RefusesRankMismatchAndNegatives) {
  EXPECT_THROW(idx2crd(I("(1,2,3)"), I("(4,2)")), layout::Error);
  EXPECT_THROW(idx2crd(I("(1,2)"), 8), layout::Error);
  EXPECT_THROW(idx2crd(-1, I("(4,2)")), layout::Error);
  EXPECT_THROW(crd2idx(I("(1,2,3)"), I("(4,2)")), layout::Error);
  EXPECT_THROW(crd2idx(I("(1,2)"), 8, 1), layout::Error);
  EXPECT_THROW(crd2idx(I("(-1,0)"), I("(4,2)"), I("(1,4)")), layout::Error);
  EXPECT_THROW(crd2idx(I("(1,1)"), I("(4,2)"), I("(1)")), layout::Error);  // non-congruent
  try {
    idx2crd(I("(1,2,3)"), I("(4,2)"));
  } catch (const layout::Error& e) {
    EXPECT_EQ(e.op(), "idx2crd");
  }
  try {
    crd2idx(I("(1,2,3)"), I("(4,2)"));
  } catch (const layout::Error& e) {
    EXPECT_EQ(e.op(), "crd2idx");
  }
}

TEST(Coordinates, OverflowIsRefused) {
  IntTuple shape = I("(2,2)");
  IntTuple stride = IntTuple::tuple({int64_t{1} << 62, int64_t{1} << 62});
  EXPECT_EQ(crd2idx(I("(1,0)"), shape, stride), int64_t{1} << 62);
  EXPECT_THROW(crd2idx(I("(1,1)"), shape, stride), layout::Error);
  EXPECT_THROW(crd2idx(I("(0,4)"), shape, stride), layout::Error);
}

}  // namespace
