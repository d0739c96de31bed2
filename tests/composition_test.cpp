// composition R = A o B: R(i) = A(B(i)) for i < size(B) (A naturally extended)
// and shape(B) compatible with shape(R); anything unprovable is refused.
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "layout/algebra.hpp"
#include "test_oracle.hpp"

namespace {

using layout::composition;
using layout::IntTuple;
using layout::Layout;
using layout::Tiler;
using oracle::I;
using oracle::IsComposition;
using oracle::L;
using oracle::str;
using oracle::T;

// Either a layout::Error with op "composition", or a correct composition.
::testing::AssertionResult RefusedOrCorrect(const Layout& a, const Layout& b) {
  Layout r;
  try {
    r = composition(a, b);
  } catch (const layout::Error& e) {
    if (e.op() != "composition")
      return ::testing::AssertionFailure() << "refused with op '" << e.op() << "': " << e.what();
    if (e.condition().empty()) return ::testing::AssertionFailure() << "refusal without a message";
    return ::testing::AssertionSuccess() << "refused: " << e.what();
  }
  return IsComposition(a, b, r);
}

// ---- the CuTe lesson and docs ---------------------------------------------------
TEST(Composition, LessonRowMajorWithStrideTwo) {
  Layout a = L("(4,2):(2,1)"), b = L("4:2");
  Layout r = composition(a, b);
  EXPECT_EQ(str(r), "(2,2):(4,1)");
  EXPECT_TRUE(IsComposition(a, b, r));
}

TEST(Composition, LessonTransposeComposedWithItself) {
  Layout a = L("(4,4):(4,1)");
  Layout r = composition(a, a);
  EXPECT_EQ(str(r), "(4,4):(1,4)");
  EXPECT_TRUE(IsComposition(a, a, r));
}

TEST(Composition, DocsWorkedExample) {
  // cute-semantics.md §6.3: (6,2):(8,2) o (4,3):(3,1) = ((2,2),3):((24,2),8).
  Layout a = L("(6,2):(8,2)"), b = L("(4,3):(3,1)");
  Layout r = composition(a, b);
  EXPECT_EQ(str(r), "((2,2),3):((24,2),8)");
  EXPECT_TRUE(IsComposition(a, b, r));
}

TEST(Composition, ShapeAsTilerComposesByMode) {
  // (12,(4,8)):(59,(13,1)) o (3,8) = (3,(4,2)):(59,(13,1)).
  Layout a = L("(12,(4,8)):(59,(13,1))");
  Layout r = composition(a, T("(3,8)"));
  EXPECT_EQ(str(r), "(3,(4,2)):(59,(13,1))");
  // Mode by mode: R_i(k) = A_i(k) for k < 3 and k < 8.
  EXPECT_TRUE(oracle::Pointwise(r[0], 3, [&](int64_t k) { return oracle::eval(a[0], k); }));
  EXPECT_TRUE(oracle::Pointwise(r[1], 8, [&](int64_t k) { return oracle::eval(a[1], k); }));
  // The layout (3,8):(1,3) is a different operand than the tiler (3,8).
  EXPECT_TRUE(RefusedOrCorrect(a, L("(3,8):(1,3)")));
}

TEST(Composition, TilerDropsModesPastItsRank) {
  // cute-semantics.md §6.2 #3 (C++ rule, DESIGN.md §2).
  Layout a = L("(12,(4,8),5):(59,(13,1),1000)");
  Layout r = composition(a, T("<3:4,8:2>"));
  EXPECT_EQ(str(r), "(3,(2,4)):(236,(26,1))");
  Layout r1 = composition(a, T("<3:4>"));
  EXPECT_EQ(r1.rank(), 1);
  EXPECT_TRUE(oracle::SameFunction(r1, L("3:236")));
  EXPECT_TRUE(oracle::Pointwise(r[1], 8, [&](int64_t k) { return oracle::eval(a[1], 2 * k); }));
}

TEST(Composition, TilerUnderscoreKeepsAMode) {
  Layout a = L("(8,6):(1,8)");
  Layout r = composition(a, T("<_,3:2>"));
  EXPECT_EQ(str(r), "(8,3):(1,16)");
  EXPECT_EQ(composition(a, Tiler::underscore()), a);
}

TEST(Composition, TilerLongerThanARefused) {
  EXPECT_THROW(composition(L("(8,6):(1,8)"), T("<2:1,3:1,4:1>")), layout::Error);
  EXPECT_THROW(composition(L("8:1"), T("<2:1,2:1>")), layout::Error);
}

// ---- known CuTe bugs: refused or answered correctly ---------------------------------
TEST(Composition, CarryAcrossModeBoundaryCutlass2955) {
  Layout a = L("(6,2):(1,7)"), b = L("(3,2):(2,3)");
  EXPECT_TRUE(RefusedOrCorrect(a, b));
  // CuTe's (3,2):(2,3) is wrong at i = 5: B(5) = 7, A(7) = 1 + 7 = 8, but CuTe says 7.
  EXPECT_EQ(oracle::eval(b, 5), 7);
  EXPECT_EQ(oracle::eval(a, oracle::eval(b, 5)), 8);
  EXPECT_NE(oracle::eval(L("(3,2):(2,3)"), 5), 8);
  EXPECT_FALSE(IsComposition(a, b, L("(3,2):(2,3)")));  // the oracle catches CuTe's answer
  try {
    (void)composition(a, b);
  } catch (const layout::Error& e) {
    EXPECT_EQ(e.operands(), "(6,2):(1,7), (3,2):(2,3)");
  }
}

TEST(Composition, OracleCatchesKnownWrongAnswers) {
  // Negative controls: CuTe's wrong results (cute-semantics.md §6.4, §6.5) fail the check.
  EXPECT_FALSE(IsComposition(L("(3,4):(1,5)"), L("8:2"), L("(2,4):(2,5)")));
  EXPECT_FALSE(IsComposition(L("(8,8):(8,1)"), L("6:3"), L("(3,2):(24,1)")));
  EXPECT_FALSE(IsComposition(L("(4,4):(1,4)"), L("4:3"), L("(2,2):(3,4)")));
  EXPECT_FALSE(IsComposition(L("1:1"), L("4:1"), L("4:0")));
  EXPECT_FALSE(IsComposition(L("(3,7):(1,12)"), L("32:1"), L("(3,10):(1,12)")));  // size 30
  EXPECT_FALSE(IsComposition(L("(2,3):(1,2)"), L("(2,3):(3,1)"), L("6:1")));      // not compatible
}

TEST(Composition, WeakStrideRuleCases) {
  EXPECT_TRUE(RefusedOrCorrect(L("(4,6,8):(2,3,5)"), L("6:3")));
  EXPECT_TRUE(RefusedOrCorrect(L("(3,4):(1,5)"), L("8:2")));    // C++ (2,4):(2,5), wrong
  EXPECT_TRUE(RefusedOrCorrect(L("(8,8):(8,1)"), L("6:3")));    // C++ (3,2):(24,1), wrong
  EXPECT_TRUE(RefusedOrCorrect(L("(4,4):(1,4)"), L("4:3")));    // dynamic C++ (2,2):(3,4), wrong
  EXPECT_TRUE(RefusedOrCorrect(L("(3,7):(1,12)"), L("32:1")));  // pycute truncates
  EXPECT_TRUE(RefusedOrCorrect(L("((7,2)):((4,56))"), L("8:1")));
}

TEST(Composition, CompactTwoByThreeWithPermutedB) {
  // C++'s dynamic path is wrong here; the correct answer is (2,3):(3,1) as a function.
  Layout a = L("(2,3):(1,2)"), b = L("(2,3):(3,1)");
  Layout r = composition(a, b);
  EXPECT_TRUE(IsComposition(a, b, r));
  EXPECT_TRUE(oracle::SameFunction(r, L("(2,3):(3,1)")));
  EXPECT_EQ(str(r), "(2,3):(3,1)");
}

TEST(Composition, NoCarryAcrossBoundaryMustSucceed) {
  Layout a = L("(10,2):(16,4)"), b = L("(3,4):(1,5)");
  Layout r = composition(a, b);
  EXPECT_TRUE(IsComposition(a, b, r));
  EXPECT_TRUE(oracle::SameFunction(r, L("(3,(2,2)):(16,(80,4))")));
  EXPECT_EQ(r.rank(), 2);
  EXPECT_EQ(oracle::size(r[0]), 3);
  EXPECT_EQ(oracle::size(r[1]), 4);
}

TEST(Composition, BRunsPastTheDomainOfA) {
  // A extends naturally: (3,6,2,8):(96,16,8,2) o 16:72 = 16:4 although 72*15 >= 288.
  Layout a = L("(3,6,2,8):(96,16,8,2)"), b = L("16:72");
  Layout r = composition(a, b);
  EXPECT_TRUE(IsComposition(a, b, r));
  EXPECT_TRUE(oracle::SameFunction(r, L("16:4")));
  EXPECT_EQ(str(r), "16:4");
}

TEST(Composition, TrailingSizeOneModeKeepsTheExtension) {
  // cute-semantics.md §6.5: C++ 1:1 o 4:1 = 4:1 (pycute's 4:0 fails the post-condition).
  Layout r = composition(L("1:1"), L("4:1"));
  EXPECT_TRUE(IsComposition(L("1:1"), L("4:1"), r));
  EXPECT_TRUE(oracle::SameFunction(r, L("4:1")));
  Layout a = L("(4,3,1):(3,1,0)"), b = L("24:1");
  Layout r2 = composition(a, b);
  EXPECT_TRUE(IsComposition(a, b, r2));
  EXPECT_EQ(oracle::eval(r2, 12), 0);  // A(12) = coordinate (0,0,1) -> 0
}

TEST(Composition, BInsideOneModeWithNonDividingStride) {
  // pycute rejects, C++ correct: (8,8):(8,1) o 3:3 = 3:24, o 2:3 = 2:24.
  Layout a = L("(8,8):(8,1)");
  EXPECT_EQ(str(composition(a, L("3:3"))), "3:24");
  EXPECT_EQ(str(composition(a, L("2:3"))), "2:24");
}

TEST(Composition, StrideZeroAndNegativeStrides) {
  EXPECT_EQ(str(composition(L("(4,2):(2,1)"), L("5:0"))), "5:0");
  Layout r = composition(L("(4,2):(2,1)"), L("(2,3):(1,0)"));
  EXPECT_TRUE(IsComposition(L("(4,2):(2,1)"), L("(2,3):(1,0)"), r));
  // Negative strides: A(-x) = -A(x) (the odd extension, layout.hpp).
  EXPECT_EQ(str(composition(L("4:1"), L("4:-1"))), "4:-1");
  EXPECT_EQ(str(composition(L("8:3"), L("4:-2"))), "4:-6");
  for (const char* a : {"(4,2):(1,8)", "(3,6,2,8):(96,16,8,2)", "(2,4):(5,1)"})
    for (const char* b : {"4:-1", "2:-3", "6:-4", "8:-2"})
      EXPECT_TRUE(RefusedOrCorrect(L(a), L(b))) << a << " o " << b;
  EXPECT_TRUE(IsComposition(L("(4,2):(1,8)"), L("4:-1"), composition(L("(4,2):(1,8)"), L("4:-1"))));
  EXPECT_TRUE(RefusedOrCorrect(L("(4,2):(1,8)"), L("(2,2):(-1,2)")));
  EXPECT_TRUE(RefusedOrCorrect(L("(4,2):(1,8)"), L("(2,2):(-1,-4)")));
}

// A of one mode after coalescing (A(x) = x d_A, the fast path's linear case):
// every kind of leaf of B (size 1, stride 0, positive, negative, nested) gives
// s:(d d_A), and strides past int64 (d d_A, or |d| d_A = -2^63 negated) are
// refused, not wrapped.
TEST(Composition, LinearAEveryKindOfLeaf) {
  for (const char* a :
       {"6:5", "(2,3):(5,10)", "(4,2):(-3,-12)", "():()", "(4,1,2):(0,9,0)", "(2,(1,3)):(1,(5,2))"})
    for (const char* b :
         {"1:7", "5:0", "4:3", "4:-3", "((1,3),(2,1)):((9,-1),(0,4))", "(2,(3,2)):(-5,(1,0))"}) {
      const Layout r = composition(L(a), L(b));
      EXPECT_TRUE(IsComposition(L(a), L(b), r)) << a << " o " << b;
      EXPECT_TRUE(oracle::compatible(L(b).shape(), r.shape())) << a << " o " << b;
    }
  const int64_t p62 = int64_t{1} << 62;
  EXPECT_TRUE(oracle::RefusedWith([&] { return composition(Layout(4, p62), L("2:2")); },
                                  "composition"));  // 2 * 2^62
  EXPECT_TRUE(oracle::RefusedWith([&] { return composition(Layout(4, -p62), L("2:-2")); },
                                  "composition"));  // (2 * -2^62) negated
  EXPECT_TRUE(oracle::RefusedWith([&] { return composition(Layout(4, -p62), L("2:2")); },
                                  "composition"));                 // 2:-2^63: its span passes int64
  const Layout r = composition(Layout(4, -(p62 / 2)), L("2:-2"));  // 2:2^62
  EXPECT_TRUE(IsComposition(Layout(4, -(p62 / 2)), L("2:-2"), r));
}

// By a tile (a tuple tiler), each mode composes by the fast path outside the
// frame and the whole result's range is checked once: two modes of size 2^32
// (2^64 together) are refused (throwing and try_).
TEST(Composition, ByATileTheWholeResultIsInRange) {
  const Tiler tile = T("<4294967296:1,4294967296:1>");
  EXPECT_TRUE(
      oracle::RefusedWith([&] { return composition(L("(2,2):(1,2)"), tile); }, "composition"));
  EXPECT_FALSE(layout::try_composition(L("(2,2):(1,2)"), tile).ok());
  const Layout r = composition(L("(2,2):(1,2)"), T("<65536:1,65536:1>"));
  EXPECT_EQ(str(r), "(65536,65536):(1,2)");
}

TEST(Composition, SizeOneB) {
  Layout r = composition(L("(4,2):(2,1)"), L("1:7"));
  EXPECT_EQ(oracle::size(r), 1);
  EXPECT_EQ(oracle::eval(r, 0), 0);
  Layout r2 = composition(L("(4,2):(2,1)"), L("(1,4):(5,2)"));
  EXPECT_TRUE(IsComposition(L("(4,2):(2,1)"), L("(1,4):(5,2)"), r2));
}

// ---- laws on generated inputs ---------------------------------------------------------
TEST(Composition, IdentityRightUnit) {
  // A o size(A):1 is A on its domain; A o make_layout_left(shape(A)) is A with A's profile.
  std::mt19937 g(3);
  for (int n = 0; n < 300; ++n) {
    Layout a = oracle::random_layout(g, 2, 4, 0, 30);
    Layout id = L(std::to_string(oracle::size(a)) + ":1");
    Layout r = composition(a, id);
    ASSERT_TRUE(IsComposition(a, id, r)) << str(a);
    ASSERT_TRUE(oracle::SameFunction(r, a)) << str(a);
    Layout c = layout::make_layout_left(a.shape());
    Layout r2 = composition(a, c);
    ASSERT_TRUE(IsComposition(a, c, r2)) << str(a);
    ASSERT_TRUE(oracle::compatible(a.shape(), r2.shape())) << str(a) << " -> " << str(r2);
  }
}

TEST(Composition, CompactAIsAlwaysComposable) {
  // A compact column-major A is the identity on [0, size) and extends linearly,
  // so every B with non-negative strides composes, and R is B itself pointwise.
  std::mt19937 g(17);
  for (int n = 0; n < 300; ++n) {
    Layout a = layout::make_layout_left(oracle::random_shape(g, 2, 4));
    Layout b = oracle::random_layout(g, 2, 4, 0, 50);
    Layout r = composition(a, b);
    ASSERT_TRUE(IsComposition(a, b, r)) << str(a) << " o " << str(b);
    ASSERT_TRUE(oracle::SameFunction(r, b));
  }
}

TEST(Composition, RandomPairsAreRefusedOrCorrect) {
  std::mt19937 g(12345);
  int accepted = 0, total = 0;
  for (int n = 0; n < 3000; ++n) {
    Layout a = oracle::random_layout(g, 2, 4, 0, 20);
    Layout b = oracle::random_layout(g, 2, 4, 0, 12);
    ++total;
    try {
      Layout r = composition(a, b);
      ++accepted;
      ASSERT_TRUE(IsComposition(a, b, r));
    } catch (const layout::Error& e) {
      ASSERT_EQ(e.op(), "composition") << e.what();
      ASSERT_FALSE(e.condition().empty());
    }
  }
  // The check is not vacuous: a good share of the pairs compose.
  EXPECT_GT(accepted, total / 10) << accepted << " of " << total;
}

TEST(Composition, RandomPermutedCompactPairs) {
  // Near misses: permutations of compact layouts composed with each other.
  std::mt19937 g(77);
  int accepted = 0;
  for (int n = 0; n < 1000; ++n) {
    Layout a = oracle::random_permuted_compact(g, 2, 4);
    Layout b = oracle::random_permuted_compact(g, 2, 4);
    try {
      Layout r = composition(a, b);
      ++accepted;
      ASSERT_TRUE(IsComposition(a, b, r));
    } catch (const layout::Error& e) {
      ASSERT_EQ(e.op(), "composition");
    }
  }
  EXPECT_GT(accepted, 50);
}

TEST(Composition, AssociativeWhereDefined) {
  std::mt19937 g(4242);
  int checked = 0;
  for (int n = 0; n < 2000; ++n) {
    Layout a = oracle::random_layout(g, 2, 4, 0, 16);
    Layout b = oracle::random_layout(g, 1, 4, 0, 6);
    Layout c = oracle::random_layout(g, 1, 4, 0, 4);
    // Only where C stays inside B's domain: past it, A o B need not follow A(B(x))
    // (e.g. (2,2):(1,0) o 2:1 = 2:1, which extends differently than A o B).
    if (oracle::cosize(c) > oracle::size(b)) continue;
    Layout ab_c, a_bc;
    try {
      ab_c = composition(composition(a, b), c);
      a_bc = composition(a, composition(b, c));
    } catch (const layout::Error&) {
      continue;
    }
    ++checked;
    ASSERT_EQ(oracle::size(ab_c), oracle::size(c));
    ASSERT_TRUE(oracle::SameFunction(ab_c, a_bc)) << str(a) << " " << str(b) << " " << str(c);
  }
  EXPECT_GT(checked, 100);
}

// ---- overflow -------------------------------------------------------------------------
TEST(Composition, OverflowIsRefused) {
  const int64_t p62 = int64_t{1} << 62;
  Layout a(2, p62);
  EXPECT_THROW(composition(a, L("4:2")), layout::Error);  // stride 2 * 2^62
  Layout a2 = L("(2,2):(1,4)");
  Layout b2(2, p62);
  EXPECT_THROW(composition(a2, b2), layout::Error);
  try {
    (void)composition(a, L("4:2"));
  } catch (const layout::Error& e) {
    EXPECT_EQ(e.op(), "composition");
  }
  // Large but representable values compose: the transpose of the transpose.
  Layout big = L("(65536,65536):(65536,1)");
  Layout r = composition(big, big);
  EXPECT_EQ(str(layout::coalesce(r)), "4294967296:1");
  for (int64_t i : {int64_t{0}, int64_t{1}, int64_t{65535}, int64_t{65536}, int64_t{123456789},
                    int64_t{4294967295}})
    EXPECT_EQ(oracle::eval(r, i), oracle::eval(big, oracle::eval(big, i))) << i;
}

// B's values may pass int64 while A o B fits: (2,8):(1,0) reads only the
// parity of B(i). Where residues prove that B's leaves add without a carry
// across A's modes, both paths answer: the fast path (a B of two leaves) and
// the general one (17 leaves: past the fast paths' 16). Checked against
// A(B(i)) in 128 bits.
TEST(Composition, BValuesPastInt64WithoutACarryAreAnswered) {
  const Layout a = L("(2,8):(1,0)");
  const std::string d = "188232082384791344";                 // even; 63 * d passes int64
  const std::string ones = ",1,1,1,1,1,1,1,1,1,1,1,1,1,1,1";  // 15 size-1 leaves
  for (const std::string& text :
       {"(64,2):(" + d + ",3)", "(64,2" + ones + "):(" + d + ",3" + ones + ")"}) {
    const Layout b = L(text);
    Layout r;
    ASSERT_NO_THROW(r = composition(a, b)) << text;
    const auto la = oracle::po::leaves(a), lb = oracle::po::leaves(b);
    for (int64_t i = 0; i < 128; ++i) {
      const auto bi = oracle::po::eval_wide(lb, i);
      ASSERT_TRUE(bi) << i;
      const auto abi = oracle::po::eval_wide(la, *bi);
      ASSERT_TRUE(abi) << i;
      EXPECT_EQ(oracle::eval(r, i), static_cast<int64_t>(*abi)) << text << " at " << i;
    }
  }
}

// An unrepresentable result's refusal names the condition that fails, and
// only a true one: 2:-2^63 has the offsets 0 and -2^63 (both in int64) but
// the span 1 + 2^63; (2,2):(2^62,2^62) has the offset 2^63.
TEST(Composition, UnrepresentableResultsSayWhy) {
  const auto condition = [](const Layout& a, const Layout& b) -> std::string {
    try {
      const Layout r = composition(a, b);
      return "answered " + str(r);
    } catch (const layout::Error& e) {
      return std::string(e.condition());
    }
  };
  const int64_t p62 = int64_t{1} << 62;
  const std::string span = condition(Layout(1, INT64_MIN), L("2:1"));
  EXPECT_NE(span.find("2:-9223372036854775808 has a span"), std::string::npos) << span;
  const std::string offsets =
      condition(L("(2,2):(1,2)"), Layout(IntTuple::tuple({2, 2}), IntTuple::tuple({p62, p62})));
  EXPECT_NE(offsets.find("has offsets past int64"), std::string::npos) << offsets;
  // At the bound: spans of exactly 2^63 - 1 are answered.
  EXPECT_EQ(condition(Layout(1, INT64_MAX), L("2:1")), "answered 2:9223372036854775807");
  EXPECT_EQ(condition(Layout(1, -INT64_MAX), L("2:1")), "answered 2:-9223372036854775807");
  EXPECT_EQ(condition(L("(2,2):(1,2)"),
                      Layout(IntTuple::tuple({2, 2}), IntTuple::tuple({p62, -(p62 - 1)}))),
            "answered (2,2):(4611686018427387904,-4611686018427387903)");
  // max_common_vector goes through A o right_inverse(B): the same refusal.
  EXPECT_THROW((void)layout::max_common_vector(Layout(1, INT64_MIN), L("2:1")), layout::Error);
}

}  // namespace

// ---- issue 12: answers that exist are given ------------------------------------

// Every class the issue measured: each has an answer, checked by brute force
// (IsComposition: R(i) = A(B(i)) on B's domain, shape(B) compatible).
TEST(Composition, AnswersWhereALayoutExists) {
  const char* cases[][2] = {
      {"2:1", "(2,2):(-2,1)"},           // several B modes, a negative stride, A linear
      {"5:2", "(2,8):(8,-1)"},           //
      {"(8,3):(5,1)", "(2,4):(-4,-1)"},  // all strides <= 0 on a two-mode A
      {"(2,8):(8,1)", "4:5"},            // B past A's mode with a stride that does not divide
      {"(2,5):(0,1)", "2:5"},            //
      {"(4,4):(1,7)", "(2,2):(1,-2)"},   // mixed signs inside A's first mode
      {"(2,5):(0,1)", "(2,2):(5,-1)"},   // the exact construction, several modes
      {"(2,5):(0,1)", "(2,2):(-5,-2)"},
  };
  for (const auto& c : cases) {
    const Layout a = L(c[0]), b = L(c[1]);
    Layout r;
    ASSERT_NO_THROW(r = composition(a, b)) << c[0] << " o " << c[1];
    EXPECT_TRUE(IsComposition(a, b, r)) << c[0] << " o " << c[1] << " = " << str(r);
  }
  // The answers, as layouts (canonical per leaf of B).
  EXPECT_EQ(composition(L("(2,8):(8,1)"), L("4:5")), L("(2,2):(10,5)"));
  EXPECT_EQ(composition(L("(2,5):(0,1)"), L("2:5")), L("2:2"));
  EXPECT_EQ(composition(L("5:2"), L("(2,8):(8,-1)")), L("(2,8):(16,-2)"));
}

// Where no layout answers, the refusal says so with a witness, and says
// "not decided" only past the documented bound (2^16 indices).
TEST(Composition, RefusalsAreTrue) {
  try {
    (void)composition(L("(6,2):(1,7)"), L("(3,2):(2,3)"));
    FAIL() << "accepted";
  } catch (const layout::Error& e) {
    EXPECT_NE(e.condition().find("no layout with B's shape"), std::string::npos) << e.what();
    EXPECT_NE(e.condition().find("at index 5, A(B(5)) = A(7) = 8"), std::string::npos) << e.what();
  }
  try {
    (void)composition(L("(4,6,8):(2,3,5)"), L("6:3"));
    FAIL() << "accepted";
  } catch (const layout::Error& e) {
    EXPECT_NE(e.condition().find("takes the values 0, 6, 7, 8, 9, 15"), std::string::npos)
        << e.what();
  }
  // A leaf of 2^17 indices that the walk cannot settle: not decided (A's first
  // mode 3 with stride 0 makes the values floor(5c/3) past 3).
  try {
    (void)composition(L("(3,1000000):(0,1)"), L("131072:5"));
    FAIL() << "accepted";
  } catch (const layout::Error& e) {
    EXPECT_EQ(e.condition().rfind("not decided for a mode of B of size 131072 > 2^16", 0), 0u)
        << e.what();
  }
  // Within the bound the construction decides: floor(5c/3) = 0, 1, 3 is no
  // layout of the prime size 3 (refused), and 0, 1 is 2:1.
  EXPECT_TRUE(oracle::RefusedWith([] { return composition(L("(3,1000000):(0,1)"), L("3:5")); },
                                  "composition"));
  EXPECT_EQ(composition(L("(3,1000000):(0,1)"), L("2:5")), L("2:1"));
}
