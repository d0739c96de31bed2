// coalesce, by-mode coalesce, filter.
#include <gtest/gtest.h>

#include <cstdint>
#include <map>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "layout/algebra.hpp"
#include "test_oracle.hpp"

namespace {

using layout::coalesce;
using layout::filter;
using layout::IntTuple;
using layout::Layout;
using oracle::I;
using oracle::L;
using oracle::str;

// The post-condition of coalesce (COAL-FN), checked with the oracle.
::testing::AssertionResult IsCoalesceOf(const Layout& r, const Layout& l) {
  if (r.depth() > 1) return ::testing::AssertionFailure() << str(r) << " has depth > 1";
  auto same = oracle::SameFunction(r, l);
  if (!same) return same;
  oracle::Flat f = oracle::flat(r);
  if (str(r) == "1:0") return ::testing::AssertionSuccess();
  if (f.s.size() == 1 && !r.shape().is_int())
    return ::testing::AssertionFailure() << str(r) << ": one mode must be an integer layout";
  for (std::size_t k = 0; k < f.s.size(); ++k) {
    if (f.s[k] == 1) return ::testing::AssertionFailure() << str(r) << " keeps a size-1 mode";
    if (k + 1 < f.s.size() && f.s[k] * f.d[k] == f.d[k + 1])
      return ::testing::AssertionFailure() << str(r) << " keeps a mergeable pair at " << k;
  }
  return ::testing::AssertionSuccess();
}

TEST(Coalesce, DocsAndCuteUnitTestExamples) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"1:0", "1:0"},
      {"1:1", "1:0"},
      {"(2,4):(1,2)", "8:1"},
      {"(2,4,6):(1,2,8)", "48:1"},
      {"(2,4,6):(1,6,2)", "(2,4,6):(1,6,2)"},
      {"(2,1,6):(1,7,2)", "12:1"},
      {"(2,1,6):(4,7,8)", "12:4"},
      {"(2,(4,6)):(1,(2,8))", "48:1"},
      {"(2,4):(4,1)", "(2,4):(4,1)"},
      {"(2,4,6):(24,6,1)", "(2,4,6):(24,6,1)"},
      {"(2,1,3):(2,4,4)", "6:2"},
      {"((2,2),(2,2)):((1,4),(8,32))", "(2,4,2):(1,4,32)"},
      {"(2,1,6):(1,6,2)", "12:1"},
      {"(2,1,3):(3,3,1)", "(2,3):(3,1)"},
      {"(2,1,3):(3,0,1)", "(2,3):(3,1)"},
      {"(2,1,3):(2,0,4)", "6:2"},
      {"(2,(1,6)):(1,(6,2))", "12:1"},  // the layout-algebra docs
      {"(2,3):(0,0)", "6:0"},           // stride-0 modes merge
      {"((8)):((1))", "8:1"},           // never a rank-1 tuple
      {"(4,1):(1,0)", "4:1"},
      {"(1,1,1):(3,5,7)", "1:0"},
  };
  for (const auto& [in, out] : cases) {
    Layout r = coalesce(L(in));
    EXPECT_EQ(str(r), out) << "coalesce(" << in << ")";
    EXPECT_TRUE(IsCoalesceOf(r, L(in))) << in;
  }
}

TEST(Coalesce, PostConditionOnRandomLayouts) {
  std::mt19937 g(2024);
  for (int n = 0; n < 400; ++n) {
    Layout l = oracle::random_layout(g, 3, 4, 0, 40);
    Layout r = coalesce(l);
    ASSERT_TRUE(IsCoalesceOf(r, l)) << "input " << str(l);
    ASSERT_EQ(coalesce(r), r) << "idempotence on " << str(l);
  }
}

TEST(Coalesce, PermutedCompactLayoutsAndNegativeStrides) {
  std::mt19937 g(7);
  for (int n = 0; n < 200; ++n) {
    Layout l = oracle::random_permuted_compact(g);
    ASSERT_TRUE(IsCoalesceOf(coalesce(l), l)) << str(l);
  }
  for (int n = 0; n < 200; ++n) {
    Layout l = oracle::random_layout(g, 2, 5, -12, 12);
    ASSERT_TRUE(IsCoalesceOf(coalesce(l), l)) << str(l);
  }
}

TEST(Coalesce, CanonicalFormDecidesFunctionalEquality) {
  // Two layouts of equal size are the same function iff their coalesce results are equal.
  std::mt19937 g(99);
  std::vector<Layout> pool;
  for (int n = 0; n < 3000 && pool.size() < 120; ++n) {
    Layout l = oracle::random_layout(g, 2, 3, 0, 8);
    if (oracle::size(l) == 12) pool.push_back(l);
  }
  // Function-preserving rewrites of a few: split a mode, insert size-1 modes, re-nest.
  pool.push_back(L("12:1"));
  pool.push_back(L("(3,4):(1,3)"));
  pool.push_back(L("((3),(1,2,2)):((1),(5,3,6))"));
  pool.push_back(L("(4,3):(3,1)"));
  pool.push_back(L("((2,2),3):((3,6),1)"));
  ASSERT_GT(pool.size(), 40u);
  for (const Layout& a : pool)
    for (const Layout& b : pool) {
      const bool same_fn = oracle::table(a) == oracle::table(b);
      ASSERT_EQ(coalesce(a) == coalesce(b), same_fn) << str(a) << " vs " << str(b);
    }
}

TEST(Coalesce, CanonicalFormWithNegativeAndZeroStrides) {
  std::mt19937 g(100);
  std::map<std::vector<int64_t>, std::string> seen;  // function -> its coalesce result
  int groups = 0;
  for (int n = 0; n < 20000; ++n) {
    Layout l = oracle::random_layout(g, 2, 4, -4, 6);
    if (oracle::size(l) != 8) continue;
    const std::string c = str(coalesce(l));
    auto [it, inserted] = seen.emplace(oracle::table(l), c);
    if (!inserted) {
      ++groups;
      ASSERT_EQ(c, it->second) << str(l) << ": same function, different coalesce";
    }
  }
  // Distinct functions must have distinct coalesce results.
  std::set<std::string> results;
  for (const auto& [t, c] : seen) ASSERT_TRUE(results.insert(c).second) << c;
  EXPECT_GT(groups, 100);
}

TEST(Coalesce, LargeValues) {
  Layout l = L("(65536,65536):(1,65536)");
  EXPECT_EQ(str(coalesce(l)), "4294967296:1");
  Layout big(IntTuple::tuple({2, int64_t{1} << 61}), IntTuple::tuple({int64_t{1} << 61, 1}));
  EXPECT_EQ(coalesce(big), big);  // 2 * 2^61 == 2^62 != 1: nothing merges
  // s0 * d0 overflows: not mergeable, and no error.
  Layout huge(IntTuple::tuple({4, 2}), IntTuple::tuple({int64_t{1} << 62, 0}));
  EXPECT_EQ(str(coalesce(huge)), "(4,2):(4611686018427387904,0)");
}

// ---- by-mode coalesce -------------------------------------------------------------
TEST(CoalesceByMode, DocsExample) {
  Layout l = L("(2,(1,6)):(1,(6,2))");
  Layout r = coalesce(l, I("(1,1)"));
  EXPECT_EQ(str(r), "(2,6):(1,2)");
  EXPECT_TRUE(oracle::SameFunction(r, l));
  EXPECT_EQ(str(coalesce(l, 1)), "12:1");  // an integer profile coalesces all of L
}

TEST(CoalesceByMode, KeepsModesPastTheProfileAndPreservesRank) {
  Layout l = L("((2,2),(3,1),(2,4)):((1,2),(4,9),(12,24))");
  Layout r = coalesce(l, I("(1)"));
  EXPECT_EQ(str(r), "(4,(3,1),(2,4)):(1,(4,9),(12,24))");
  Layout r2 = coalesce(l, I("(1,1,1)"));
  EXPECT_EQ(str(r2), "(4,3,8):(1,4,12)");
  Layout r3 = coalesce(l, I("(1,(1,1))"));  // nested profile: mode 1 by its sub-modes
  EXPECT_EQ(str(r3), "(4,(3,1),(2,4)):(1,(4,0),(12,24))");
  for (const Layout& x : {r, r2, r3}) {
    EXPECT_EQ(x.rank(), l.rank());
    EXPECT_TRUE(oracle::SameFunction(x, l));
  }
}

TEST(CoalesceByMode, RandomLayoutsKeepRankSizeAndValues) {
  std::mt19937 g(5);
  for (int n = 0; n < 300; ++n) {
    Layout l = oracle::random_layout(g, 3, 4, 0, 30);
    if (l.shape().is_int()) continue;
    std::vector<IntTuple> p;
    for (int k = 0; k < l.rank(); ++k) p.push_back(1);
    p.resize(static_cast<std::size_t>(std::uniform_int_distribution<int>(1, l.rank())(g)));
    Layout r = coalesce(l, IntTuple::tuple(p));
    ASSERT_EQ(r.rank(), l.rank()) << str(l);
    ASSERT_TRUE(oracle::SameFunction(r, l)) << str(l);
    for (int k = 0; k < l.rank(); ++k) {
      if (k < static_cast<int>(p.size()))
        ASSERT_EQ(r[k], coalesce(l[k])) << str(l) << " mode " << k;
      else
        ASSERT_EQ(r[k], l[k]) << str(l) << " mode " << k;
    }
  }
}

TEST(CoalesceByMode, RefusesProfileLongerThanLayout) {
  EXPECT_THROW(coalesce(L("(2,3):(1,2)"), I("(1,1,1)")), layout::Error);
  try {
    coalesce(L("(2,3):(1,2)"), I("(1,1,1)"));
  } catch (const layout::Error& e) {
    EXPECT_EQ(e.op(), "coalesce");
  }
}

// ---- filter ---------------------------------------------------------------------------
TEST(Filter, Examples) {
  EXPECT_EQ(str(filter(L("(4,2,3):(0,1,2)"))), "6:1");
  EXPECT_EQ(str(filter(L("(2,3):(0,0)"))), "1:0");
  EXPECT_EQ(str(filter(L("(4,(1,3)):(2,(9,0))"))), "4:2");
  EXPECT_EQ(str(filter(L("(2,4,3):(1,0,2)"))), "6:1");
  EXPECT_EQ(str(filter(L("(2,2,2):(4,0,1)"))), "(2,2):(4,1)");
  EXPECT_EQ(str(filter(L("1:0"))), "1:0");
}

TEST(Filter, SameImageSetNoZeroOrUnitModes) {
  std::mt19937 g(11);
  for (int n = 0; n < 300; ++n) {
    Layout l = oracle::random_layout(g, 2, 4, 0, 6);
    Layout r = filter(l);
    std::vector<int64_t> a = oracle::table(l), b = oracle::table(r);
    ASSERT_EQ(std::set<int64_t>(a.begin(), a.end()), std::set<int64_t>(b.begin(), b.end()))
        << str(l) << " -> " << str(r);
    ASSERT_LE(r.depth(), 1);
    if (str(r) == "1:0") continue;
    oracle::Flat f = oracle::flat(r);
    for (std::size_t k = 0; k < f.s.size(); ++k) {
      ASSERT_NE(f.s[k], 1) << str(r);
      ASSERT_NE(f.d[k], 0) << str(r);
    }
  }
}

}  // namespace
