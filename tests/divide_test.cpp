// logical_divide and its zipped/tiled/flat regroupings.
#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "layout/algebra.hpp"
#include "test_oracle.hpp"

namespace {

using layout::flat_divide;
using layout::IntTuple;
using layout::Layout;
using layout::logical_divide;
using layout::tiled_divide;
using layout::Tiler;
using layout::zipped_divide;
using oracle::L;
using oracle::SameFunctionAndModes;
using oracle::str;
using oracle::T;

// logical_divide(A, B) for a layout B, checked against its definition:
// R(i) = A((B, complement(B, size(A)))(i)), rank 2, mode 0 compatible with B.
::testing::AssertionResult IsLogicalDivide(const Layout& a, const Layout& b, const Layout& r) {
  if (r.rank() != 2) return ::testing::AssertionFailure() << str(r) << " is not rank 2";
  if (!oracle::compatible(b.shape(), r[0].shape()))
    return ::testing::AssertionFailure()
           << "shape of B " << str(b.shape()) << " is not compatible with the tile " << str(r[0]);
  Layout bstar = layout::make_layout({b, layout::complement(b, oracle::size(a))});
  return oracle::IsComposition(a, bstar, r);
}

TEST(LogicalDivide, LessonSixteenByFourColonTwo) {
  Layout a = L("16:1"), b = L("4:2");
  Layout r = logical_divide(a, b);
  EXPECT_EQ(str(r), "(4,(2,2)):(2,(1,8))");
  EXPECT_TRUE(IsLogicalDivide(a, b, r));
  // A divisible tiler permutes A's domain: the same offsets, each once.
  EXPECT_EQ(oracle::sorted_image(r), oracle::sorted_image(a));
}

TEST(LogicalDivide, DocsExamples) {
  Layout a = L("(4,2,3):(2,1,8)"), b = L("4:2");
  Layout r = logical_divide(a, b);
  EXPECT_EQ(str(r), "((2,2),(2,3)):((4,1),(2,8))");
  EXPECT_TRUE(IsLogicalDivide(a, b, r));

  Layout a2 = L("(9,(4,8)):(59,(13,1))");
  Layout r2 = logical_divide(a2, T("<3:3,(2,4):(1,8)>"));
  EXPECT_EQ(str(r2), "((3,3),((2,4),(2,2))):((177,59),((13,2),(26,1)))");
  // By mode: mode i is logical_divide(A_i, B_i).
  EXPECT_TRUE(IsLogicalDivide(a2[0], L("3:3"), r2[0]));
  EXPECT_TRUE(IsLogicalDivide(a2[1], L("(2,4):(1,8)"), r2[1]));
}

TEST(LogicalDivide, CuteUnitTestCases) {
  const std::vector<std::array<std::string, 3>> cases = {
      {"1:0", "1:0", "(1,1):(0,0)"},
      {"1:1", "1:1", "(1,1):(0,0)"},
      {"6:1", "2:1", "(2,3):(1,2)"},
      {"6:1", "2:3", "(2,3):(3,1)"},
      {"6:1", "(2,3):(3,1)", "((2,3),1):((3,1),0)"},
      {"6:2", "2:1", "(2,3):(2,4)"},
      {"6:2", "2:3", "(2,3):(6,2)"},
      {"6:2", "(2,3):(3,1)", "((2,3),1):((6,2),0)"},
      {"(6,6):(1,12)", "(6,3):(3,1)", "(((2,3),3),2):(((3,12),1),36)"},
      {"(6,6):(12,1)", "(6,3):(3,1)", "(((2,3),3),2):(((36,1),12),3)"},
      {"32:1", "2:8", "(2,(8,2)):(8,(1,16))"},
      {"(4,1):(1,1)", "2:1", "(2,2):(1,2)"},
      {"(4,1):(1,1)", "2:2", "(2,2):(2,1)"},
      {"(8,8):(1,8)", "32:2", "(32,2):(2,1)"},
      {"(8,8):(8,1)", "32:2", "((4,8),2):((16,1),8)"},
      {"2:1", "32:1", "(32,1):(1,0)"},
      {"48:1", "32:1", "(32,2):(1,32)"},
      {"96:1", "32:2", "(32,(2,2)):(2,(1,64))"},
      {"32:1", "48:1", "(48,1):(1,0)"},
      {"(32,4,4):(1,32,128)", "64:1", "(64,8):(1,64)"},
      {"(128,4,3):(1,512,0)", "32:1", "(32,(4,4,3)):(1,(32,512,0))"},
      {"(128,4,3):(1,512,0)", "32:2", "(32,(2,(2,4,3))):(2,(1,(64,512,0)))"},
      {"(16,4,3):(1,512,0)", "32:1", "((16,2),(2,3)):((1,512),(1024,0))"},
  };
  for (const auto& [a, b, want] : cases) {
    Layout r = logical_divide(L(a), L(b));
    EXPECT_TRUE(SameFunctionAndModes(r, L(want))) << a << " / " << b << " -> " << str(r);
    EXPECT_TRUE(IsLogicalDivide(L(a), L(b), r)) << a << " / " << b;
  }
}

TEST(LogicalDivide, TilerWithUnderscoreAndShapes) {
  Layout a = L("(8,6):(1,8)");
  Layout r = logical_divide(a, T("<_,2:1>"));
  EXPECT_TRUE(SameFunctionAndModes(r, L("(8,(2,3)):(1,(8,16))"))) << str(r);
  EXPECT_EQ(str(r[0]), "8:1");
  // A tuple of integers is a tuple of n:1 tilers: (8,6) / (4,3).
  Layout r2 = logical_divide(a, T("(4,3)"));
  EXPECT_TRUE(SameFunctionAndModes(r2, L("((4,2),(3,2)):((1,4),(8,24))"))) << str(r2);
  // A's modes past the tiler's rank are kept.
  Layout a3 = L("(8,6,5):(1,8,48)");
  Layout r3 = logical_divide(a3, T("<2:1>"));
  EXPECT_EQ(r3.rank(), 3);
  EXPECT_EQ(str(r3[1]), "6:8");
  EXPECT_EQ(str(r3[2]), "5:48");
  EXPECT_TRUE(IsLogicalDivide(a3[0], L("2:1"), r3[0]));
  EXPECT_EQ(logical_divide(a, Tiler::underscore()), a);
}

TEST(LogicalDivide, Refusals) {
  // Interleaved tiler: no complement.
  EXPECT_TRUE(oracle::RefusedWith([] { return logical_divide(L("16:1"), L("(2,2):(2,3)")); },
                                  "logical_divide"));
  // Tiler longer than A.
  EXPECT_TRUE(oracle::RefusedWith(
      [] { return logical_divide(L("(4,4):(1,4)"), T("<2:1,2:1,2:1>")); }, "logical_divide"));
  // Composition divisibility (the C++ cotarget quirk): refused or correct.
  Layout a = L("(7,4,1,8):(8,56,56,1)"), b = L("(16):(1)");
  try {
    Layout r = logical_divide(a, b);
    EXPECT_TRUE(IsLogicalDivide(a, b, r));
  } catch (const layout::Error& e) {
    EXPECT_EQ(e.op(), "logical_divide");
  }
}

// By a tile (a tuple tiler), each mode's divide runs a fast path outside the
// operation's frame and the whole result's range is checked once: modes that
// each fit but together have a size past int64 are refused by every divide,
// throwing and try_, as the general path refuses them; a tile that fits gives
// the divides of the modes.
TEST(LogicalDivide, ByATileTheWholeResultIsInRange) {
  const std::string m = std::to_string((int64_t{1} << 31) + 1);
  const Layout a = L("(" + m + "," + m + "):(1," + m + ")");  // size 2^62 + 2^32 + 1
  const Tiler tile = T("<2147483648:1,2147483648:1>");        // each mode's result: size 2^32
  EXPECT_TRUE(oracle::RefusedWith([&] { return logical_divide(a, tile); }, "logical_divide"));
  EXPECT_TRUE(oracle::RefusedWith([&] { return zipped_divide(a, tile); }, "zipped_divide"));
  EXPECT_TRUE(oracle::RefusedWith([&] { return tiled_divide(a, tile); }, "tiled_divide"));
  EXPECT_TRUE(oracle::RefusedWith([&] { return flat_divide(a, tile); }, "flat_divide"));
  for (const auto& r : {layout::try_logical_divide(a, tile), layout::try_zipped_divide(a, tile),
                        layout::try_tiled_divide(a, tile), layout::try_flat_divide(a, tile)}) {
    ASSERT_FALSE(r.ok());
    EXPECT_NE(std::string(r.error().what()).find(str(a)), std::string::npos) << r.error().what();
  }
  const Layout b = L("(128,64):(1,128)");
  const Layout r = logical_divide(b, T("<32:1,16:1>"));
  for (int i = 0; i < 2; ++i)
    EXPECT_TRUE(SameFunctionAndModes(r[i], logical_divide(b[i], L(i == 0 ? "32:1" : "16:1"))));
  EXPECT_EQ(str(zipped_divide(b, T("<32:1,16:1>"))), "((32,16),(4,4)):((1,128),(32,2048))");
}

TEST(LogicalDivide, GeneratedTilersOfCompactLayouts) {
  // A compact, B a divisible tiler (a compact sub-block with a gap): the result
  // is the definition and permutes A's offsets.
  std::mt19937 g(41);
  int checked = 0;
  for (int n = 0; n < 400; ++n) {
    Layout a = oracle::random_permuted_compact(g, 2, 4);
    const int64_t sa = oracle::size(a);
    std::uniform_int_distribution<int64_t> pick(1, 4);
    int64_t s = pick(g), d = pick(g);
    if (sa % (s * d) != 0) continue;
    Layout b = L(std::to_string(s) + ":" + std::to_string(d));
    Layout r;
    try {
      r = logical_divide(a, b);
    } catch (const layout::Error& e) {
      ASSERT_EQ(e.op(), "logical_divide");
      continue;
    }
    ++checked;
    ASSERT_TRUE(IsLogicalDivide(a, b, r)) << str(a) << " / " << str(b);
    ASSERT_EQ(oracle::sorted_image(r), oracle::sorted_image(a)) << str(a) << " / " << str(b);
  }
  EXPECT_GT(checked, 50);
}

TEST(LogicalDivide, CompactTargetsNeverRefuseDivisibleTilers) {
  // A = n:1 (linear): every tiler with a complement composes.
  std::mt19937 g(42);
  for (int n = 0; n < 300; ++n) {
    std::uniform_int_distribution<int64_t> pick(1, 4);
    const int64_t s = pick(g), d = pick(g), k = pick(g);
    Layout a = L(std::to_string(s * d * k) + ":1");
    Layout b = L(std::to_string(s) + ":" + std::to_string(d));
    Layout r = logical_divide(a, b);
    ASSERT_TRUE(IsLogicalDivide(a, b, r)) << str(a) << " / " << str(b);
    ASSERT_EQ(oracle::sorted_image(r), oracle::sorted_image(a));
  }
}

// ---- zipped / tiled / flat -----------------------------------------------------------
TEST(DivideRegroupings, DocsExample) {
  Layout a = L("(9,(4,8)):(59,(13,1))");
  Tiler b = T("<3:3,(2,4):(1,8)>");
  EXPECT_EQ(str(zipped_divide(a, b)), "((3,(2,4)),(3,(2,2))):((177,(13,2)),(59,(26,1)))");
  EXPECT_EQ(str(tiled_divide(a, b)), "((3,(2,4)),3,(2,2)):((177,(13,2)),59,(26,1))");
  EXPECT_EQ(str(flat_divide(a, b)), "(3,(2,4),3,(2,2)):(177,(13,2),59,(26,1))");
}

// Checks the regroupings of a tuple-tiler divide against the by-mode logical_divide.
void CheckRegroupings(const Layout& a, const Tiler& b) {
  SCOPED_TRACE(str(a) + " / " + layout::to_string(b));
  Layout ld = logical_divide(a, b);
  Layout z = zipped_divide(a, b), t = tiled_divide(a, b), f = flat_divide(a, b);
  const int r = b.rank(), n = a.rank();
  ASSERT_EQ(z.rank(), 2);
  ASSERT_EQ(t.rank(), 1 + r + (n - r));
  ASSERT_EQ(f.rank(), 2 * r + (n - r));
  for (int i = 0; i < r; ++i) {
    EXPECT_TRUE(oracle::SameFunction(z[0][i], ld[i][0])) << "zipped tile " << i;
    EXPECT_TRUE(oracle::SameFunction(z[1][i], ld[i][1])) << "zipped rest " << i;
    EXPECT_TRUE(oracle::SameFunction(t[0][i], ld[i][0])) << "tiled tile " << i;
    EXPECT_TRUE(oracle::SameFunction(t[1 + i], ld[i][1])) << "tiled rest " << i;
    EXPECT_TRUE(oracle::SameFunction(f[i], ld[i][0])) << "flat tile " << i;
    EXPECT_TRUE(oracle::SameFunction(f[r + i], ld[i][1])) << "flat rest " << i;
  }
  for (int k = r; k < n; ++k) {
    EXPECT_TRUE(oracle::SameFunction(z[1][k], a[k])) << "zipped untiled " << k;
    EXPECT_TRUE(oracle::SameFunction(t[1 + k], a[k])) << "tiled untiled " << k;
    EXPECT_TRUE(oracle::SameFunction(f[r + k], a[k])) << "flat untiled " << k;
  }
  // Regroupings keep the multiset of offsets and the size.
  std::vector<int64_t> img = oracle::sorted_image(ld);
  EXPECT_EQ(oracle::sorted_image(z), img);
  EXPECT_EQ(oracle::sorted_image(t), img);
  EXPECT_EQ(oracle::sorted_image(f), img);
}

TEST(DivideRegroupings, TupleTilersMatchTheByModeDivide) {
  CheckRegroupings(L("(9,(4,8)):(59,(13,1))"), T("<3:3,(2,4):(1,8)>"));
  CheckRegroupings(L("(8,6):(1,8)"), T("(4,3)"));
  CheckRegroupings(L("(8,6,5):(1,8,48)"), T("<2:2,3:1>"));
  CheckRegroupings(L("(8,6,5):(1,8,48)"), T("<4:1>"));
  CheckRegroupings(L("((4,4),6):((1,4),16)"), T("<(2,2):(1,4),2:3>"));
}

TEST(DivideRegroupings, LayoutTilerZippedIsLogicalDivide) {
  for (const char* s : {"16:1", "(4,2,3):(2,1,8)", "(8,8):(8,1)"}) {
    Layout a = L(s);
    Layout ld = logical_divide(a, L("4:2"));
    EXPECT_TRUE(oracle::SameFunction(zipped_divide(a, L("4:2")), ld)) << s;
    EXPECT_EQ(oracle::size(zipped_divide(a, L("4:2"))), oracle::size(ld));
    EXPECT_EQ(oracle::sorted_image(tiled_divide(a, L("4:2"))), oracle::sorted_image(ld));
    EXPECT_EQ(oracle::sorted_image(flat_divide(a, L("4:2"))), oracle::sorted_image(ld));
  }
}

TEST(DivideRegroupings, TiledRankOneGroup) {
  // cute-semantics.md §10.2: the same function as C++'s (((8,2)),1):(((2,1)),0).
  Layout r = tiled_divide(L("(8):(1)"), T("<(8,2):(2,1)>"));
  EXPECT_TRUE(SameFunctionAndModes(r, L("(((8,2)),1):(((2,1)),0)"))) << str(r);
}

TEST(DivideRegroupings, UnderscoreOnARankTwoModeIsCuTesPair) {
  // CuTe's zip2_by: `_` keeps the mode, and a rank-2 mode is already (tile, rest):
  // zipped_divide(((4,2),8):((1,4),8), <_,2:1>) has the tile (4:1, 8:8 o 2:1) and
  // the rest (2:4, 8:8 o complement(2:1, 8) = 4:16).
  const Layout a = L("((4,2),8):((1,4),8)");
  EXPECT_EQ(zipped_divide(a, T("<_,2:1>")), L("((4,2),(2,4)):((1,8),(4,16))"));
  EXPECT_EQ(tiled_divide(a, T("<_,2:1>")), L("((4,2),2,4):((1,8),4,16)"));
  EXPECT_EQ(flat_divide(a, T("<_,2:1>")), L("(4,2,2,4):(1,8,4,16)"));
  EXPECT_EQ(zipped_divide(a, T("_")), a);  // A itself is the pair
}

TEST(DivideRegroupings, UnderscoreInZippedTiler) {
  // Any other mode (C++ does not compile these): the tile 1:0 with the whole
  // mode as the rest (pycute; SEMANTICS.md).
  Layout a = L("(8,6):(1,8)");
  Layout z = zipped_divide(a, T("<_,2:1>"));
  EXPECT_EQ(oracle::size(z), oracle::size(a));
  EXPECT_EQ(oracle::sorted_image(z), oracle::sorted_image(a));
  EXPECT_EQ(oracle::size(z[0]), 2);
  EXPECT_TRUE(oracle::SameFunction(z[0][0], L("1:0")));
  EXPECT_TRUE(oracle::SameFunction(z[1][0], L("8:1")));
}

// A tile of leaves on leaf modes (the matrix-by-tile case, computed directly;
// every fourth tile with some two-mode elements: the by-mode walk, its leaf
// modes by the leaf rule): each mode of the logical divide is that mode's divide by its leaf
// (against the layout-tiler operation and the definition), the modes past the tile are A's, the
// regroupings match it, a refusal comes from a mode's own refusal, and composition by the tile is
// each mode's composition.
TEST(DivideRegroupings, ByATileOfLeavesIsEachModesDivide) {
  std::mt19937 g(97);
  int divided = 0, refused = 0;
  for (int n = 0; n < 600; ++n) {
    const auto [a, bi, b, text] =
        oracle::random_leaf_tile(g, 12, -3, 40, 6, n % 3 == 0, n % 4 == 1);
    SCOPED_TRACE(text);
    const int ra = a.rank(), rb = b.rank();
    Layout ld;
    try {
      ld = logical_divide(a, b);
    } catch (const layout::Error& e) {
      ++refused;
      bool mode_refuses = false;
      for (int i = 0; i < rb; ++i) mode_refuses |= !layout::try_logical_divide(a[i], bi[i]).ok();
      EXPECT_TRUE(mode_refuses) << e.what();
      continue;
    }
    ++divided;
    ASSERT_EQ(ld.rank(), ra);
    for (int i = 0; i < rb; ++i) {
      EXPECT_TRUE(SameFunctionAndModes(ld[i], logical_divide(a[i], bi[i]))) << "mode " << i;
      EXPECT_TRUE(IsLogicalDivide(a[i], bi[i], ld[i])) << "mode " << i;
    }
    for (int i = rb; i < ra; ++i) EXPECT_EQ(str(ld[i]), str(a[i]));
    CheckRegroupings(a, b);
    const Layout r = layout::composition(a, b);
    ASSERT_EQ(r.rank(), rb);
    for (int i = 0; i < rb; ++i)
      EXPECT_TRUE(SameFunctionAndModes(r[i], layout::composition(a[i], bi[i]))) << "mode " << i;
  }
  EXPECT_GT(divided, 200);
  EXPECT_GT(refused, 20);
}

TEST(DivideRegroupings, RefusalsNameTheOperation) {
  EXPECT_TRUE(oracle::RefusedWith([] { return zipped_divide(L("16:1"), L("(2,2):(2,3)")); },
                                  "zipped_divide"));
  EXPECT_TRUE(
      oracle::RefusedWith([] { return tiled_divide(L("8:1"), T("<2:1,2:1>")); }, "tiled_divide"));
  EXPECT_TRUE(
      oracle::RefusedWith([] { return flat_divide(L("8:1"), T("<2:1,2:1>")); }, "flat_divide"));
}

}  // namespace
