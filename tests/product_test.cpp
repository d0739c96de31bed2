// logical_product and its zipped/tiled regroupings, blocked and raked products.
#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "layout/algebra.hpp"
#include "test_oracle.hpp"

namespace {

using layout::blocked_product;
using layout::IntTuple;
using layout::Layout;
using layout::logical_product;
using layout::raked_product;
using layout::tiled_product;
using layout::Tiler;
using layout::zipped_product;
using oracle::L;
using oracle::SameFunctionAndModes;
using oracle::str;
using oracle::T;

// logical_product(A, B) for a layout B against its definition:
// (A, complement(A, size(A)*cosize(B)) o B); mode 0 is A, mode 1 compatible with B.
::testing::AssertionResult IsLogicalProduct(const Layout& a, const Layout& b, const Layout& r) {
  if (r.rank() != 2) return ::testing::AssertionFailure() << str(r) << " is not rank 2";
  if (r[0] != a)
    return ::testing::AssertionFailure() << "mode 0 of " << str(r) << " is not " << str(a);
  if (!oracle::compatible(b.shape(), r[1].shape()))
    return ::testing::AssertionFailure()
           << "shape of B " << str(b.shape()) << " is not compatible with " << str(r[1]);
  Layout c = layout::complement(a, oracle::size(a) * oracle::cosize(b));
  auto res = oracle::IsComposition(c, b, r[1]);
  if (!res) return res << " (the copies of A)";
  return ::testing::AssertionSuccess();
}

TEST(LogicalProduct, DocsExamples) {
  Layout a = L("(2,2):(4,1)");
  Layout r = logical_product(a, L("6:1"));
  EXPECT_EQ(str(r), "((2,2),(2,3)):((4,1),(2,8))");
  EXPECT_TRUE(IsLogicalProduct(a, L("6:1"), r));
  Layout r2 = logical_product(a, L("(4,2):(2,1)"));
  EXPECT_EQ(str(r2), "((2,2),(4,2)):((4,1),(8,2))");
  EXPECT_TRUE(IsLogicalProduct(a, L("(4,2):(2,1)"), r2));
}

TEST(LogicalProduct, CuteUnitTestCases) {
  const std::vector<std::array<std::string, 3>> cases = {
      {"1:0", "1:0", "(1,1):(0,0)"},
      {"1:1", "1:0", "(1,1):(1,0)"},
      {"3:1", "4:0", "(3,4):(1,0)"},
      {"3:0", "4:1", "(3,4):(0,1)"},
      {"3:0", "4:0", "(3,4):(0,0)"},
      {"3:2", "4:1", "(3,(2,2)):(2,(1,6))"},
      {"(3):(1)", "(2,4):(1,2)", "((3),(2,4)):((1),(3,6))"},
      {"(2,4):(1,2)", "(3):(1)", "((2,4),(3)):((1,2),(8))"},
      {"(8,(2,2)):(1,(8,16))", "(4):(2)", "((8,(2,2)),(4)):((1,(8,16)),(64))"},
      {"(2,2):(1,2)", "(3,3):(3,1)", "((2,2),(3,3)):((1,2),(12,4))"},
      {"(3):(32)", "(32):(1)", "((3),(32)):((32),(1))"},
      {"(3):(2)", "(4):(1)", "((3),((2,2))):((2),((1,6)))"},
      {"(3):(32)", "(128):(1)", "((3),((32,4))):((32),((1,96)))"},
      {"(3):(32)", "(8,8):(1,8)", "((3),(8,(4,2))):((32),(1,(8,96)))"},
      {"(3):(32)", "(8,8):(8,1)", "((3),((4,2),8)):((32),((8,96),1))"},
      {"((4,2)):((1,16))", "(4,4):(1,4)", "(((4,2)),(4,4)):(((1,16)),(4,32))"},
      {"((4,2)):((1,16))", "(4,2):(2,1)", "(((4,2)),((2,2),2)):(((1,16)),((8,32),4))"},
      {"((2,2),(2,2)):((1,4),(8,32))", "(2,2):(1,2)",
       "(((2,2),(2,2)),(2,2)):(((1,4),(8,32)),(2,16))"},
      {"((2,2),(2,2)):((1,4),(8,32))", "(2,2):(2,1)",
       "(((2,2),(2,2)),(2,2)):(((1,4),(8,32)),(16,2))"},
      {"((4,6)):((1,6))", "(3):(1)", "(((4,6)),(3)):(((1,6)),(36))"},
  };
  for (const auto& [a, b, want] : cases) {
    Layout r = logical_product(L(a), L(b));
    EXPECT_TRUE(SameFunctionAndModes(r, L(want))) << a << " * " << b << " -> " << str(r);
    EXPECT_TRUE(IsLogicalProduct(L(a), L(b), r)) << a << " * " << b;
  }
}

TEST(LogicalProduct, IntegerAndTupleTilers) {
  // An integer tiler is n:1 (pycute routes it to logical_divide, a bug).
  Layout r = logical_product(L("2:1"), T("3"));
  EXPECT_EQ(str(r), "(2,3):(1,2)");
  Layout r2 = logical_product(L("(2,2):(1,4)"), T("<2,3>"));
  EXPECT_TRUE(SameFunctionAndModes(r2, L("((2,2),(2,3)):((1,2),(4,1))"))) << str(r2);
  // By mode; A's modes past the tiler are kept.
  Layout a = L("(2,3,5):(1,2,6)");
  Layout r3 = logical_product(a, T("<2:1>"));
  EXPECT_EQ(r3.rank(), 3);
  EXPECT_TRUE(IsLogicalProduct(a[0], L("2:1"), r3[0]));
  EXPECT_EQ(r3[1], a[1]);
  EXPECT_EQ(r3[2], a[2]);
}

// By a tile (a tuple tiler), each mode's product runs a fast path outside the
// operation's frame and the whole result's range is checked once: modes of
// size 2^32 each, 2^64 together, are refused (throwing and try_).
TEST(LogicalProduct, ByATileTheWholeResultIsInRange) {
  const Layout a = L("(1048576,1048576):(1,1048576)");  // 2^20 x 2^20
  const Tiler tile = T("<4096:1,4096:1>");
  EXPECT_TRUE(oracle::RefusedWith([&] { return logical_product(a, tile); }, "logical_product"));
  EXPECT_TRUE(oracle::RefusedWith([&] { return zipped_product(a, tile); }, "zipped_product"));
  EXPECT_TRUE(oracle::RefusedWith([&] { return tiled_product(a, tile); }, "tiled_product"));
  for (const auto& r : {layout::try_logical_product(a, tile), layout::try_zipped_product(a, tile),
                        layout::try_tiled_product(a, tile)})
    EXPECT_FALSE(r.ok());
  const Layout fits = logical_product(L("(1024,1024):(1,1024)"), tile);  // 2^22 x 2^22
  EXPECT_EQ(oracle::size(fits), int64_t{1} << 44);
  EXPECT_TRUE(SameFunctionAndModes(fits[1], logical_product(L("1024:1024"), L("4096:1"))));
}

TEST(LogicalProduct, SizesMultiplyOnGeneratedInputs) {
  std::mt19937 g(51);
  int accepted = 0;
  for (int n = 0; n < 600; ++n) {
    Layout a = oracle::random_permuted_compact(g, 1, 4);
    Layout b = oracle::random_layout(g, 1, 4, 0, 6);
    try {
      Layout r = logical_product(a, b);
      ++accepted;
      ASSERT_EQ(oracle::size(r), oracle::size(a) * oracle::size(b)) << str(a) << " * " << str(b);
      ASSERT_TRUE(IsLogicalProduct(a, b, r)) << str(a) << " * " << str(b);
    } catch (const layout::Error& e) {
      ASSERT_EQ(e.op(), "logical_product") << e.what();
    }
  }
  EXPECT_GT(accepted, 100);
}

TEST(LogicalProduct, CompactBlocksTileCompactly) {
  // A compact block times a compact grid is a bijection onto [0, size(A)*size(B)).
  for (const char* a : {"(2,2):(1,2)", "4:1", "(2,3):(3,1)"}) {
    for (const char* b : {"3:1", "(2,2):(1,2)", "(2,3):(3,1)"}) {
      Layout r = logical_product(L(a), L(b));
      std::vector<int64_t> img = oracle::sorted_image(r);
      for (std::size_t k = 0; k < img.size(); ++k)
        ASSERT_EQ(img[k], static_cast<int64_t>(k)) << a << " * " << b;
    }
  }
}

TEST(LogicalProduct, CopiesOfAnyStride) {
  // issue 12: the copies C o B need the exact construction or per-leaf signs.
  for (const char* b : {"2:33", "(3,2):(2,-1)", "(2,2):(-3,-7)"}) {
    for (const char* a : {"2:1", "4:1"}) {
      Layout r;
      ASSERT_NO_THROW(r = logical_product(L(a), L(b))) << a << " x " << b;
      EXPECT_TRUE(IsLogicalProduct(L(a), L(b), r)) << a << " x " << b << " = " << str(r);
    }
  }
  EXPECT_EQ(logical_product(L("2:8"), L("2:33")), L("(2,2):(8,65)"));
  EXPECT_EQ(logical_product(L("2:1"), L("(3,2):(2,-1)")), L("(2,(3,2)):(1,(4,-2))"));
  EXPECT_TRUE(
      IsLogicalProduct(L("2:8"), L("(3,2):(2,-1)"), logical_product(L("2:8"), L("(3,2):(2,-1)"))));
  EXPECT_TRUE(
      IsLogicalProduct(L("(2,2):(1,4)"), L("2:33"), logical_product(L("(2,2):(1,4)"), L("2:33"))));
}

TEST(LogicalProduct, Refusals) {
  // Interleaved A has no complement.
  EXPECT_TRUE(oracle::RefusedWith([] { return logical_product(L("(2,2):(2,3)"), L("4:1")); },
                                  "logical_product"));
  // `_` keeps the mode.
  EXPECT_EQ(logical_product(L("(4,4):(1,4)"), T("<_,2:1>")), L("(4,(4,2)):(1,(4,1))"));
  EXPECT_EQ(logical_product(L("3:4"), T("<_>")), L("(3):(4)"));
  // zipped/tiled: as in CuTe (zip2_by), the kept mode must be a (block, copies) pair.
  EXPECT_EQ(zipped_product(L("((2,2),4):((1,2),4)"), T("<_,2:1>")),
            L("((2,4),(2,2)):((1,4),(2,1))"));
  EXPECT_TRUE(oracle::RefusedWith([] { return zipped_product(L("(4,4):(1,4)"), T("<_,2:1>")); },
                                  "zipped_product"));
  // pycute truncates here; C++ rejects: refused or correct.
  Layout a = L("(4,3,4):(48,3,12)"), b = L("8:1");
  try {
    Layout r = logical_product(a, b);
    EXPECT_TRUE(IsLogicalProduct(a, b, r));
  } catch (const layout::Error& e) {
    EXPECT_EQ(e.op(), "logical_product");
  }
  // Overflow of size(A) * cosize(B).
  Layout big(int64_t{1} << 40, 1);
  EXPECT_TRUE(oracle::RefusedWith([&] { return logical_product(big, Layout(int64_t{1} << 30, 1)); },
                                  "logical_product"));
}

// ---- zipped / tiled product ------------------------------------------------------------
TEST(ProductRegroupings, TupleTilersMatchTheByModeProduct) {
  const std::vector<std::pair<std::string, std::string>> cases = {{"(2,5):(5,1)", "<3:1,4:1>"},
                                                                  {"(2,2,3):(1,2,4)", "<2:1,2:1>"},
                                                                  {"(2,2,3):(1,2,4)", "<3:1,4:1>"},
                                                                  {"(4,3):(3,1)", "<2:1>"}};
  for (const auto& [as, bs] : cases) {
    SCOPED_TRACE(as + " * " + bs);
    Layout a = L(as);
    Tiler b = T(bs);
    Layout lp = logical_product(a, b);
    Layout z = zipped_product(a, b), t = tiled_product(a, b);
    const int r = b.rank(), n = a.rank();
    ASSERT_EQ(z.rank(), 2);
    ASSERT_EQ(t.rank(), 1 + n);
    for (int i = 0; i < r; ++i) {
      EXPECT_TRUE(oracle::SameFunction(z[0][i], lp[i][0]));
      EXPECT_TRUE(oracle::SameFunction(z[1][i], lp[i][1]));
      EXPECT_TRUE(oracle::SameFunction(t[0][i], lp[i][0]));
      EXPECT_TRUE(oracle::SameFunction(t[1 + i], lp[i][1]));
    }
    for (int k = r; k < n; ++k) {
      EXPECT_TRUE(oracle::SameFunction(z[1][k], a[k]));
      EXPECT_TRUE(oracle::SameFunction(t[1 + k], a[k]));
    }
    EXPECT_EQ(oracle::sorted_image(z), oracle::sorted_image(lp));
    EXPECT_EQ(oracle::sorted_image(t), oracle::sorted_image(lp));
  }
}

// A tile of leaves on leaf modes (computed directly where each mode's
// complement has one mode; every fourth tile with some two-mode elements: the
// by-mode walk, its leaf modes by the leaf rule): each mode of the logical product is that mode's
// product by its leaf (against the layout-tiler product and the definition),
// the modes past the tile are A's, the zipped and tiled products regroup it
// node for node, and a refusal comes from a mode's own refusal.
TEST(ProductRegroupings, ByATileOfLeavesIsEachModesProduct) {
  std::mt19937 g(98);
  int multiplied = 0, refused = 0;
  for (int n = 0; n < 600; ++n) {
    const auto [a, bi, b, text] = oracle::random_leaf_tile(g, 9, -2, 30, 5, n % 3 == 0, n % 4 == 1);
    SCOPED_TRACE(text);
    const int ra = a.rank(), rb = b.rank();
    Layout lp;
    try {
      lp = logical_product(a, b);
    } catch (const layout::Error& e) {
      ++refused;
      bool mode_refuses = false;
      for (int i = 0; i < rb; ++i) mode_refuses |= !layout::try_logical_product(a[i], bi[i]).ok();
      EXPECT_TRUE(mode_refuses) << e.what();
      continue;
    }
    ++multiplied;
    ASSERT_EQ(lp.rank(), ra);
    for (int i = 0; i < rb; ++i) {
      EXPECT_TRUE(SameFunctionAndModes(lp[i], logical_product(a[i], bi[i]))) << "mode " << i;
      EXPECT_TRUE(IsLogicalProduct(a[i], bi[i], lp[i])) << "mode " << i;
    }
    for (int i = rb; i < ra; ++i) EXPECT_EQ(str(lp[i]), str(a[i]));
    const Layout z = zipped_product(a, b), tp = tiled_product(a, b);
    ASSERT_EQ(z.rank(), 2);
    ASSERT_EQ(tp.rank(), 1 + ra);
    for (int i = 0; i < rb; ++i) {
      EXPECT_EQ(str(z[0][i]), str(lp[i][0]));
      EXPECT_EQ(str(z[1][i]), str(lp[i][1]));
      EXPECT_EQ(str(tp[0][i]), str(lp[i][0]));
      EXPECT_EQ(str(tp[1 + i]), str(lp[i][1]));
    }
    for (int i = rb; i < ra; ++i) {
      EXPECT_EQ(str(z[1][i]), str(a[i]));
      EXPECT_EQ(str(tp[1 + i]), str(a[i]));
    }
  }
  EXPECT_GT(multiplied, 200);
  EXPECT_GT(refused, 20);
}

// ---- blocked / raked ---------------------------------------------------------------------
TEST(BlockedRakedProduct, DocsExamples) {
  Layout a = L("(2,5):(5,1)"), b = L("(3,4):(1,3)");
  Layout bl = blocked_product(a, b);
  Layout rk = raked_product(a, b);
  EXPECT_EQ(str(bl), "((2,3),(5,4)):((5,10),(1,30))");
  EXPECT_EQ(str(rk), "((3,2),(4,5)):((10,5),(30,1))");
  // Both are bijections onto [0, 120): compact blocks tiled by a compact grid.
  for (const Layout& r : {bl, rk}) {
    std::vector<int64_t> img = oracle::sorted_image(r);
    ASSERT_EQ(img.size(), 120u);
    for (std::size_t k = 0; k < img.size(); ++k) ASSERT_EQ(img[k], static_cast<int64_t>(k));
  }
}

// Blocked and raked regroup the layout-level product (A', C o B') mode by mode.
void CheckBlockedRaked(const Layout& a, const Layout& b) {
  SCOPED_TRACE(str(a) + " x " + str(b));
  Layout bl = blocked_product(a, b), rk = raked_product(a, b);
  const int R = std::max(a.rank(), b.rank());
  Layout pa = R == 1 ? a : layout::append_to_rank(a, R);
  Layout pb = R == 1 ? b : layout::append_to_rank(b, R);
  Layout c = layout::complement(pa, oracle::size(pa) * oracle::cosize(pb));
  Layout copies = layout::composition(c, pb);
  ASSERT_TRUE(oracle::IsComposition(c, pb, copies));
  EXPECT_EQ(oracle::size(bl), oracle::size(a) * oracle::size(b));
  EXPECT_EQ(oracle::size(rk), oracle::size(a) * oracle::size(b));
  if (R == 1) {
    ASSERT_EQ(bl.rank(), 1);
    EXPECT_TRUE(oracle::SameFunction(bl[0][0], pa));
    EXPECT_TRUE(oracle::SameFunction(bl[0][1], copies));
    EXPECT_TRUE(oracle::SameFunction(rk[0][0], copies));
    EXPECT_TRUE(oracle::SameFunction(rk[0][1], pa));
  } else {
    ASSERT_EQ(bl.rank(), R);
    ASSERT_EQ(rk.rank(), R);
    for (int i = 0; i < R; ++i) {
      EXPECT_TRUE(oracle::SameFunction(bl[i][0], pa[i])) << "blocked mode " << i;
      EXPECT_TRUE(oracle::SameFunction(bl[i][1], copies[i])) << "blocked mode " << i;
      EXPECT_TRUE(oracle::SameFunction(rk[i][0], copies[i])) << "raked mode " << i;
      EXPECT_TRUE(oracle::SameFunction(rk[i][1], pa[i])) << "raked mode " << i;
    }
  }
  std::vector<int64_t> img = oracle::sorted_image(layout::make_layout({pa, copies}));
  EXPECT_EQ(oracle::sorted_image(bl), img);
  EXPECT_EQ(oracle::sorted_image(rk), img);
}

TEST(BlockedRakedProduct, RegroupTheLayoutProduct) {
  CheckBlockedRaked(L("(2,5):(5,1)"), L("(3,4):(1,3)"));
  CheckBlockedRaked(L("(2,2):(1,2)"), L("(2,3):(3,1)"));
  CheckBlockedRaked(L("4:1"), L("3:1"));          // rank 1: a single mode
  CheckBlockedRaked(L("(2,2):(1,2)"), L("3:1"));  // B padded with 1:0
  CheckBlockedRaked(L("4:2"), L("(2,3):(1,2)"));  // A padded with 1:0
  CheckBlockedRaked(L("(2,(2,2)):(1,(2,4))"), L("(2,2,2):(1,2,4)"));
}

// The result node for node: the pairs (A'_i, (C o B')_i) of A and B padded to
// rank R by append_to_rank (R = 1: the one pair of the whole layouts), on the
// operands whose padding the products' fast path reads off the unpadded
// layouts: integer operands, different ranks, the empty tuple (padded to
// (1):(0) at R = 1), an integer B whose copies are a tuple.
TEST(BlockedRakedProduct, EqualsThePaddedPairsNodeForNode) {
  const char* const cases[][2] = {{"():()", "3:1"},
                                  {"3:1", "():()"},
                                  {"(2,2):(1,2)", "():()"},
                                  {"4:2", "(2,3):(1,2)"},
                                  {"(2,2):(1,4)", "6:1"},
                                  {"(3,2):(2,1)", "6:2"},
                                  {"(2,2):(1,2)", "(4):(1)"},
                                  {"(4,(2,3)):(1,(4,8))", "(2,2,2):(1,2,4)"},
                                  {"8:1", "4:2"},
                                  {"(2,5):(5,1)", "(3,4):(1,3)"}};
  for (const auto& c : cases) {
    const Layout a = L(c[0]), b = L(c[1]);
    SCOPED_TRACE(str(a) + " x " + str(b));
    const int R = std::max(a.rank(), b.rank());
    const Layout pa = layout::append_to_rank(a, R), pb = layout::append_to_rank(b, R);
    const Layout copies =
        layout::composition(layout::complement(pa, oracle::size(pa) * oracle::cosize(pb)), pb);
    std::vector<Layout> blocked, raked;
    for (int i = 0; i < R; ++i) {
      const Layout block = R == 1 ? pa : pa[i], copy = R == 1 ? copies : copies[i];
      blocked.push_back(layout::make_layout({block, copy}));
      raked.push_back(layout::make_layout({copy, block}));
    }
    EXPECT_EQ(str(blocked_product(a, b)), str(layout::make_layout(blocked)));
    EXPECT_EQ(str(raked_product(a, b)), str(layout::make_layout(raked)));
  }
}

TEST(BlockedRakedProduct, RankOneShape) {
  Layout bl = blocked_product(L("4:1"), L("3:1"));
  EXPECT_EQ(bl.rank(), 1);
  EXPECT_TRUE(oracle::SameFunction(bl, L("12:1")));
  Layout rk = raked_product(L("4:1"), L("3:1"));
  EXPECT_EQ(rk.rank(), 1);
  EXPECT_TRUE(oracle::SameFunction(rk, L("(3,4):(4,1)")));
}

TEST(BlockedRakedProduct, Refusals) {
  EXPECT_TRUE(oracle::RefusedWith([] { return blocked_product(L("(2,2):(2,3)"), L("4:1")); },
                                  "blocked_product"));
  EXPECT_TRUE(oracle::RefusedWith([] { return raked_product(L("(2,2):(2,3)"), L("4:1")); },
                                  "raked_product"));
}

}  // namespace
