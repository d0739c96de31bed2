// Layout: construction and its invariants, size/cosize/rank/depth, evaluation
// against the oracle, compact layouts, flatten, make_layout, append_to_rank,
// and int64 overflow refusals.
#include <gtest/gtest.h>

#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "layout/algebra.hpp"
#include "test_oracle.hpp"

namespace {

using layout::IntTuple;
using layout::Layout;
using oracle::I;
using oracle::L;
using oracle::str;

constexpr int64_t kP62 = int64_t{1} << 62;

// A spread of layouts of every class, used for oracle cross-checks.
const std::vector<std::string>& samples() {
  static const std::vector<std::string> s = {"1:0",
                                             "8:1",
                                             "8:3",
                                             "(4,2):(1,4)",
                                             "(4,2):(2,1)",
                                             "((2,2),3):((1,2),4)",
                                             "(4,2):(2,8)",
                                             "(2,3,4):(12,4,1)",
                                             "(3,(2,4)):(8,(1,2))",
                                             "(4,3):(0,1)",
                                             "(2,1,3):(1,7,2)",
                                             "((2,(2,2)),(3,2)):((1,(6,2)),(24,4))",
                                             "(5,7):(-1,5)",
                                             "(6,2):(1,7)",
                                             "(1,1):(0,0)",
                                             "(10,2):(16,4)",
                                             "(3,6,2,8):(96,16,8,2)",
                                             "((4),(2)):((1),(4))",
                                             "(2,(3,(2,2))):(0,(2,(1,12)))"};
  return s;
}

// ---- the oracle itself on the lesson's numbers -------------------------------
TEST(Oracle, LessonValues) {
  EXPECT_EQ(oracle::eval(L("(4,2):(1,4)"), 5), 5);
  EXPECT_EQ(oracle::eval(L("(4,2):(2,1)"), 5), 3);
  EXPECT_EQ(oracle::eval(L("((2,2),3):((1,2),4)"), 7), 7);
  EXPECT_EQ(str(oracle::coord(7, I("((2,2),3)"))), "((1,1),1)");
  EXPECT_EQ(str(oracle::coord(5, I("(4,2)"))), "(1,1)");
  EXPECT_EQ(oracle::eval(L("(2,3):(1,2)"), 13), 13);  // last mode takes the quotient
  EXPECT_EQ(oracle::eval(L("(4,3):(3,1)"), 13), 3 + 3);
  EXPECT_EQ(oracle::size(L("(4,2):(2,8)")), 8);
  EXPECT_EQ(oracle::cosize(L("(4,2):(2,8)")), 15);
}

// ---- the CuTe layout lesson --------------------------------------------------
TEST(Layout, LessonColumnAndRowMajorAtIndexFive) {
  EXPECT_EQ(L("(4,2):(1,4)")(5), 5);
  EXPECT_EQ(L("(4,2):(2,1)")(5), 3);
  EXPECT_EQ(L("(4,2):(2,1)")(I("(1,1)")), 3);
}

TEST(Layout, LessonHierarchicalIndexSeven) {
  Layout l = L("((2,2),3):((1,2),4)");
  EXPECT_EQ(l(7), 7);
  EXPECT_EQ(l(I("((1,1),1)")), 7);
  EXPECT_EQ(l(I("(3,1)")), 7);  // per-mode coordinate
}

TEST(Layout, LessonSizeAndCosize) {
  Layout l = L("(4,2):(2,8)");
  EXPECT_EQ(l.size(), 8);
  EXPECT_EQ(l.cosize(), 15);
  EXPECT_EQ(l.rank(), 2);
  EXPECT_EQ(l.depth(), 1);
}

TEST(Layout, LessonCompactLayouts) {
  EXPECT_EQ(str(layout::make_layout_right(I("(4,2)"))), "(4,2):(2,1)");
  EXPECT_EQ(str(layout::make_layout_left(I("(4,2)"))), "(4,2):(1,4)");
  EXPECT_EQ(layout::make_layout_right(I("(4,2)")), L("(4,2):(2,1)"));
  EXPECT_EQ(layout::make_layout_left(I("(4,2)")), L("(4,2):(1,4)"));
}

TEST(Layout, CompactLayoutsNested) {
  // LayoutRight ignores nesting: (2,(2,2)) -> (4,(2,1)).
  EXPECT_EQ(str(layout::make_layout_right(I("(2,(2,2))"))), "(2,(2,2)):(4,(2,1))");
  EXPECT_EQ(str(layout::make_layout_left(I("((2,3),(2,1,2))"))),
            "((2,3),(2,1,2)):((1,2),(6,12,12))");
  EXPECT_EQ(str(layout::make_layout_left(7)), "7:1");
  EXPECT_EQ(str(layout::make_layout_right(7)), "7:1");
}

TEST(Layout, CompactLayoutsAreBijectionsOntoTheirSize) {
  for (const char* s : {"(4,2)", "(2,(3,4))", "((2,2),(3,1),5)", "(1,7)", "6"}) {
    for (const Layout& l : {layout::make_layout_left(I(s)), layout::make_layout_right(I(s))}) {
      EXPECT_EQ(l.shape(), I(s));
      std::vector<int64_t> img = oracle::sorted_image(l);
      for (std::size_t k = 0; k < img.size(); ++k)
        ASSERT_EQ(img[k], static_cast<int64_t>(k)) << str(l);
      EXPECT_EQ(l.cosize(), l.size()) << str(l);
    }
    // Left is column-major: index i maps to i.
    Layout left = layout::make_layout_left(I(s));
    EXPECT_TRUE(oracle::Pointwise(left, oracle::size(left), [](int64_t i) { return i; }));
  }
}

TEST(Layout, CompactLayoutsRefuseBadShapes) {
  EXPECT_THROW(layout::make_layout_left(I("(4,0)")), layout::Error);
  EXPECT_THROW(layout::make_layout_right(I("(-4,2)")), layout::Error);
  EXPECT_THROW(layout::make_layout_left(I("(4294967296,4294967296)")), layout::Error);
  EXPECT_THROW(layout::make_layout_right(I("(4294967296,4294967296)")), layout::Error);
}

TEST(Layout, MakeOrderedLayout) {
  EXPECT_EQ(str(layout::make_ordered_layout(I("(4,2)"), I("(1,0)"))), "(4,2):(2,1)");
  EXPECT_EQ(str(layout::make_ordered_layout(I("(4,2)"), I("(0,1)"))), "(4,2):(1,4)");
  EXPECT_EQ(str(layout::make_ordered_layout(I("(2,3,4)"), I("(2,0,1)"))), "(2,3,4):(12,1,3)");
  EXPECT_THROW(layout::make_ordered_layout(I("(4,2)"), I("(1,0,2)")), layout::Error);
}

// ---- construction invariants ---------------------------------------------------
TEST(Layout, DefaultIsOneColonZero) {
  Layout l;
  EXPECT_EQ(str(l), "1:0");
  EXPECT_EQ(l.size(), 1);
  EXPECT_EQ(l.cosize(), 1);
  EXPECT_EQ(l(0), 0);
}

TEST(Layout, ConstructorRefusesNonCongruent) {
  EXPECT_THROW(Layout(I("(4,2)"), I("(1)")), layout::Error);
  EXPECT_THROW(Layout(I("(4,2)"), 1), layout::Error);
  EXPECT_THROW(Layout(I("((2,2),3)"), I("(1,2,4)")), layout::Error);
  try {
    Layout(I("(4,2)"), I("(1)"));
    FAIL() << "no error";
  } catch (const layout::Error& e) {
    EXPECT_EQ(e.op(), "make_layout");
    EXPECT_FALSE(e.condition().empty());
  }
}

TEST(Layout, ConstructorRefusesNonPositiveShape) {
  EXPECT_THROW(Layout(I("(4,0)"), I("(1,4)")), layout::Error);
  EXPECT_THROW(Layout(-3, 1), layout::Error);
  EXPECT_THROW(Layout(0, 1), layout::Error);
  EXPECT_NO_THROW(Layout(I("(4,1)"), I("(1,-4)")));  // negative strides are fine
}

// ---- size/cosize/rank/depth against the oracle ---------------------------------
TEST(Layout, SizeCosizeRankDepthMatchOracle) {
  for (const std::string& s : samples()) {
    Layout l = L(s);
    EXPECT_EQ(l.size(), oracle::size(l)) << s;
    EXPECT_EQ(l.cosize(), oracle::cosize(l)) << s;
    EXPECT_EQ(l.depth(), oracle::depth(l.shape())) << s;
  }
  EXPECT_EQ(L("(5,7):(-1,5)").cosize(), 1 + 4 + 30);  // |d| for negative strides
  EXPECT_EQ(L("4:-1").cosize(), 4);
  EXPECT_EQ(L("(4,3):(0,1)").cosize(), 3);
  EXPECT_EQ(L("((2,2),3):((1,2),4)").rank(), 2);
  EXPECT_EQ(L("((2,2),3):((1,2),4)").depth(), 2);
  EXPECT_EQ(L("8:1").rank(), 1);
  EXPECT_EQ(L("8:1").depth(), 0);
}

TEST(Layout, CosizeIsOnePastMaxForNonNegativeStrides) {
  for (const std::string& s : samples()) {
    Layout l = L(s);
    bool nonneg = true;
    for (int64_t d : oracle::leaves(l.stride())) nonneg = nonneg && d >= 0;
    if (!nonneg) continue;
    std::vector<int64_t> img = oracle::sorted_image(l);
    EXPECT_EQ(l.cosize(), img.back() + 1) << s;
  }
}

// ---- evaluation against the oracle --------------------------------------------
TEST(Layout, EvaluationMatchesOracleOnDomainAndPastIt) {
  for (const std::string& s : samples()) {
    Layout l = L(s);
    const int64_t n = oracle::size(l);
    for (int64_t i = 0; i < 3 * n + 5; ++i) ASSERT_EQ(l(i), oracle::eval(l, i)) << s << " at " << i;
  }
}

TEST(Layout, NaturalExtensionPastTheDomain) {
  // Every mode but the last wraps; the last takes the quotient.
  Layout l = L("(2,3):(1,2)");
  EXPECT_EQ(l(13), 13);
  Layout m = L("(4,3):(3,1)");
  EXPECT_EQ(m(12), 3);                // coordinate (0,3)
  EXPECT_EQ(m(13), 6);                // coordinate (1,3)
  EXPECT_EQ(L("(4,1):(1,0)")(5), 1);  // last mode of size 1 extends with stride 0
  EXPECT_EQ(L("4:1")(5), 5);
}

TEST(Layout, CoordinateEvaluationMatchesOracle) {
  for (const std::string& s : samples()) {
    Layout l = L(s);
    const int64_t n = oracle::size(l);
    for (int64_t i = 0; i < n; ++i) {
      IntTuple c = oracle::coord(i, l.shape());
      ASSERT_EQ(l(c), oracle::eval(l, i)) << s << " at " << str(c);
      ASSERT_EQ(l(IntTuple(i)), oracle::eval(l, i)) << s;
    }
  }
}

TEST(Layout, NegativeIndexIsTheOddExtension) {
  // layout.hpp: L(-i) = -L(i) (C++'s truncating division).
  for (const std::string& s : samples()) {
    Layout l = L(s);
    for (int64_t i = 1; i < 2 * oracle::size(l) + 3; ++i)
      ASSERT_EQ(l(-i), -l(i)) << s << " at -" << i;
  }
  EXPECT_EQ(L("(4,2):(1,4)")(-5), -5);
  EXPECT_EQ(L("(4,3):(3,1)")(-13), -6);
  EXPECT_THROW((void)L("(4,2):(1,4)")(INT64_MIN), layout::Error);
  try {
    (void)L("(4,2):(1,4)")(INT64_MIN);
  } catch (const layout::Error& e) {
    EXPECT_EQ(e.op(), "eval");
  }
}

TEST(Layout, EmptyLayoutIsTheConstantZero) {
  Layout e = L("():()");
  EXPECT_EQ(e.size(), 1);
  EXPECT_EQ(e.cosize(), 1);
  EXPECT_EQ(e.rank(), 0);
  EXPECT_EQ(e(0), 0);
  EXPECT_EQ(str(layout::coalesce(e)), "1:0");
}

// ---- overflow: sizes and offsets past int64 are refused ------------------------
TEST(Layout, SizeJustPast32Bits) {
  Layout l = L("(65536,65536):(1,65536)");
  EXPECT_EQ(l.size(), int64_t{4294967296});
  EXPECT_EQ(layout::make_layout_left(I("(65536,65536)")).size(), int64_t{4294967296});
  EXPECT_EQ(l.cosize(), int64_t{4294967296});
  EXPECT_EQ(l(int64_t{4294967295}), int64_t{4294967295});
}

TEST(Layout, ConstructionRefusesSizePastInt64) {
  IntTuple shape = IntTuple::tuple({kP62, 4});
  IntTuple stride = IntTuple::tuple({1, 1});
  EXPECT_THROW(Layout(shape, stride), layout::Error);
  EXPECT_THROW(L("(4611686018427387904,4):(1,1)"), layout::Error);
  EXPECT_NO_THROW(Layout(IntTuple::tuple({kP62, 1}), stride));  // 2^62 fits
  try {
    Layout(shape, stride);
  } catch (const layout::Error& e) {
    EXPECT_EQ(e.op(), "make_layout");
  }
}

TEST(Layout, CosizeOverflowIsRefused) {
  Layout l(IntTuple::tuple({2, 2}), IntTuple::tuple({kP62, kP62}));  // 1 + 2^62 + 2^62
  EXPECT_EQ(l.size(), 4);
  EXPECT_THROW((void)l.cosize(), layout::Error);
  Layout ok(IntTuple::tuple({2, 2}), IntTuple::tuple({kP62, kP62 - 2}));  // 1 + 2^62 + 2^62 - 2
  EXPECT_EQ(ok.cosize(), INT64_MAX);
  Layout neg(2, INT64_MIN);  // |d| overflows
  EXPECT_THROW((void)neg.cosize(), layout::Error);
}

TEST(Layout, EvaluationOverflowIsRefused) {
  Layout l(IntTuple::tuple({2, 2}), IntTuple::tuple({kP62, kP62}));
  EXPECT_EQ(l(1), kP62);
  EXPECT_EQ(l(2), kP62);
  EXPECT_THROW((void)l(3), layout::Error);  // 2^63
  Layout one(4, kP62);
  EXPECT_EQ(one(1), kP62);
  EXPECT_THROW((void)one(2), layout::Error);  // natural extension past int64
  EXPECT_THROW((void)l(I("(1,1)")), layout::Error);
}

// ---- structural helpers -------------------------------------------------------------
TEST(Layout, ModeAccessAndEquality) {
  Layout l = L("((2,2),3):((1,2),4)");
  EXPECT_EQ(str(l[0]), "(2,2):(1,2)");
  EXPECT_EQ(str(l[1]), "3:4");
  EXPECT_EQ(str(L("8:3")[0]), "8:3");
  EXPECT_EQ(L("(4,2):(1,4)"), L("(4,2):(1,4)"));
  EXPECT_NE(L("(4,2):(1,4)"), L("8:1"));  // equality is structural, not functional
  EXPECT_NE(L("(4,2):(1,4)"), L("(4,2):(1,5)"));
}

TEST(Layout, ModeIndexOutOfRangeIsRefused) {
  EXPECT_THROW((void)L("(4,2):(1,4)")[2], layout::Error);
  EXPECT_THROW((void)L("8:1")[1], layout::Error);
  EXPECT_THROW((void)L("():()")[0], layout::Error);
}

TEST(Layout, FlattenKeepsTheFunction) {
  Layout l = L("((2,(2,2)),(3,2)):((1,(6,2)),(24,4))");
  Layout f = layout::flatten(l);
  EXPECT_EQ(str(f), "(2,2,2,3,2):(1,6,2,24,4)");
  EXPECT_LE(f.depth(), 1);
  EXPECT_TRUE(oracle::SameFunction(f, l));
  EXPECT_EQ(str(layout::flatten(L("8:2"))), "8:2");
}

TEST(Layout, MakeLayoutConcatenatesModes) {
  Layout l = layout::make_layout({L("(2,2):(1,2)"), L("3:4")});
  EXPECT_EQ(str(l), "((2,2),3):((1,2),4)");
  EXPECT_EQ(str(layout::make_layout({L("3:1")})), "(3):(1)");  // a single mode is wrapped
  EXPECT_EQ(l(7), 7);
}

TEST(Layout, AppendToRank) {
  EXPECT_EQ(str(layout::append_to_rank(L("(4,2):(1,4)"), 4)), "(4,2,1,1):(1,4,0,0)");
  EXPECT_EQ(str(layout::append_to_rank(L("4:2"), 3)), "(4,1,1):(2,0,0)");
  EXPECT_EQ(str(layout::append_to_rank(L("4:2"), 1)), "4:2");
  EXPECT_EQ(str(layout::append_to_rank(L("(4,2):(1,4)"), 2)), "(4,2):(1,4)");
  Layout p = layout::append_to_rank(L("(3,(2,2)):(4,(1,2))"), 3);
  EXPECT_EQ(p.rank(), 3);
  EXPECT_TRUE(oracle::SameFunction(p, L("(3,(2,2)):(4,(1,2))")));
}

TEST(Layout, FromModesAndFlatModes) {
  layout::Modes m = layout::flat_modes(L("((2,2),3):((1,2),4)"));
  ASSERT_EQ(m.size(), 3u);
  EXPECT_EQ(m[0].s, 2);
  EXPECT_EQ(m[1].d, 2);
  EXPECT_EQ(m[2].s, 3);
  EXPECT_EQ(m[2].d, 4);
  EXPECT_EQ(str(layout::from_modes(m)), "(2,2,3):(1,2,4)");
  layout::Modes none;
  EXPECT_EQ(str(layout::from_modes(none)), "1:0");
  layout::Modes one;
  one.push_back({5, 3});
  EXPECT_EQ(str(layout::from_modes(one)), "5:3");
}

}  // namespace
