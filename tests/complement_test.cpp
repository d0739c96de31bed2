// complement(A, M): docs examples, refusals, and the laws (strictly increasing,
// disjoint from A, and the tiling bijection onto [0, M)) against the oracle.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "layout/algebra.hpp"
#include "test_oracle.hpp"

namespace {

using layout::complement;
using layout::IntTuple;
using layout::Layout;
using oracle::L;
using oracle::str;

// (A, R) hits every offset of [0, n) exactly once.
::testing::AssertionResult TilesExactly(const Layout& a, const Layout& r, int64_t n) {
  Layout c = layout::make_layout({a, r});
  std::vector<int64_t> img = oracle::sorted_image(c);
  if (static_cast<int64_t>(img.size()) != n)
    return ::testing::AssertionFailure()
           << "(A, R) = " << str(c) << " has " << img.size() << " offsets, expected " << n;
  for (int64_t k = 0; k < n; ++k)
    if (img[static_cast<std::size_t>(k)] != k)
      return ::testing::AssertionFailure() << "(A, R) = " << str(c) << " misses offset " << k;
  return ::testing::AssertionSuccess();
}

// The general post-conditions: R strictly increasing; R(i) not in A's image for
// i >= 1; (A, R) has no repeated offset.
::testing::AssertionResult ComplementLaws(const Layout& a, const Layout& r) {
  std::vector<int64_t> rt = oracle::table(r);
  for (std::size_t i = 1; i < rt.size(); ++i)
    if (rt[i - 1] >= rt[i])
      return ::testing::AssertionFailure() << str(r) << " is not strictly increasing at " << i;
  std::vector<int64_t> at = oracle::table(a);
  std::set<int64_t> image(at.begin(), at.end());
  for (std::size_t i = 1; i < rt.size(); ++i)
    if (image.count(rt[i]))
      return ::testing::AssertionFailure()
             << "R = " << str(r) << " at " << i << " hits A = " << str(a) << "'s offset " << rt[i];
  std::vector<int64_t> ct = oracle::sorted_image(layout::make_layout({a, r}));
  if (std::adjacent_find(ct.begin(), ct.end()) != ct.end())
    return ::testing::AssertionFailure()
           << "(A, R) repeats an offset: A = " << str(a) << ", R = " << str(r);
  return ::testing::AssertionSuccess();
}

TEST(Complement, LessonFourColonTwoIn16) {
  Layout a = L("4:2");
  Layout r = complement(a, 16);
  EXPECT_EQ(str(r), "(2,2):(1,8)");
  EXPECT_TRUE(TilesExactly(a, r, 16));
  EXPECT_TRUE(ComplementLaws(a, r));
}

TEST(Complement, DocsExamples) {
  EXPECT_EQ(str(complement(L("4:2"), 24)), "(2,3):(1,8)");
  EXPECT_EQ(str(complement(L("(2,2):(1,6)"), 24)), "(3,2):(2,12)");
  EXPECT_EQ(str(complement(L("(4,6):(1,4)"), 24)), "1:0");
  EXPECT_TRUE(TilesExactly(L("4:2"), complement(L("4:2"), 24), 24));
  EXPECT_TRUE(TilesExactly(L("(2,2):(1,6)"), complement(L("(2,2):(1,6)"), 24), 24));
  EXPECT_TRUE(TilesExactly(L("(4,6):(1,4)"), complement(L("(4,6):(1,4)"), 24), 24));
}

TEST(Complement, MoreExamples) {
  EXPECT_EQ(str(complement(L("1:0"), 8)), "8:1");  // nothing to complement
  EXPECT_EQ(str(complement(L("1:0"), 1)), "1:0");
  EXPECT_EQ(str(complement(L("(4,3):(0,1)"), 6)), "2:3");  // stride-0 modes are ignored
  EXPECT_EQ(str(complement(L("8:1"), 8)), "1:0");
  EXPECT_EQ(str(complement(L("8:1"), 32)), "4:8");
  EXPECT_EQ(str(complement(L("(2,4):(4,1)"), 32)), "4:8");  // sorted by stride
  EXPECT_EQ(str(complement(L("(4,(1,2)):(2,(7,16))"), 64)), "(2,2,2):(1,8,32)");
  // A gap the next stride does not divide is floor-divided (under-fills, as in CuTe).
  Layout a = L("(2,8):(3,9)");
  Layout r = complement(a, 134);
  EXPECT_EQ(str(r), "(3,2):(1,72)");
  EXPECT_TRUE(ComplementLaws(a, r));
}

TEST(Complement, DefaultCotargetIsCosizeOfFilter) {
  for (const char* s : {"4:2", "(2,2):(1,6)", "(4,3):(0,2)", "(3,(2,2)):(1,(6,24))", "1:0"}) {
    Layout a = L(s);
    EXPECT_EQ(complement(a), complement(a, layout::filter(a).cosize())) << s;
  }
  EXPECT_EQ(str(complement(L("4:2"))), "2:1");
  EXPECT_EQ(str(complement(L("(2,2):(1,6)"))), "3:2");
}

TEST(Complement, InterleavedOrNonInjectiveRefused) {
  for (const char* s :
       {"(2,2):(2,3)", "(4,8):(5,8)", "(2,2):(1,1)", "(4,2):(1,2)", "(3,3):(2,3)"}) {
    EXPECT_TRUE(oracle::RefusedWith([&] { return complement(L(s), 64); }, "complement")) << s;
  }
  EXPECT_TRUE(oracle::RefusedWith([&] { return complement(L("(2,2):(2,3)"), 8); }, "complement"));
}

TEST(Complement, BadOperandsRefused) {
  EXPECT_TRUE(oracle::RefusedWith([] { return complement(L("4:-2"), 16); }, "complement"));
  EXPECT_TRUE(oracle::RefusedWith([] { return complement(L("4:2"), 0); }, "complement"));
  EXPECT_TRUE(oracle::RefusedWith([] { return complement(L("4:2"), -8); }, "complement"));
  // Overflow of a running end s * d.
  Layout big(4, int64_t{1} << 62);
  EXPECT_TRUE(oracle::RefusedWith([&] { return complement(big, 16); }, "complement"));
}

TEST(Complement, LargeCotarget) {
  Layout a = L("(65536):(1)");
  Layout r = complement(a, int64_t{4294967296});
  EXPECT_EQ(str(r), "65536:65536");
  Layout r2 = complement(L("2:1"), INT64_MAX);
  EXPECT_EQ(oracle::eval(r2, 1), 2);
  EXPECT_EQ(oracle::size(r2), INT64_MAX / 2 + 1);  // ceil(M / 2)
  // M + E_n in range (the fast path's bound): (2^60, 2):(1, 2^61), its last
  // offset 2^60 - 1 + 2^61.
  const int64_t p60 = int64_t{1} << 60;
  Layout r3 = complement(Layout(2, p60), 4 * p60 - 1);
  EXPECT_EQ(oracle::size(r3), 2 * p60);
  EXPECT_EQ(oracle::eval(r3, 2 * p60 - 1), p60 - 1 + 2 * p60);
  // complement(2:(2^62 - 1), 2^63 - 1) = (2^62 - 1, 2):(1, 2^63 - 2): its last
  // offset (2^62 - 2) + (2^63 - 2) passes int64, so it is refused, not wrapped.
  EXPECT_TRUE(oracle::RefusedWith([&] { return complement(Layout(2, 4 * p60 - 1), INT64_MAX); },
                                  "complement"));
}

// Complementable A with a divisible stride chain, its modes shuffled and nested.
Layout random_tileable(std::mt19937& g, int64_t& end) {
  std::uniform_int_distribution<int> nmodes(1, 3);
  std::uniform_int_distribution<int64_t> sz(1, 4), gap(1, 3);
  std::vector<std::pair<int64_t, int64_t>> modes;
  end = 1;
  for (int k = nmodes(g); k > 0; --k) {
    int64_t d = end * gap(g), s = sz(g);
    modes.push_back({s, d});
    end = s * d;
  }
  // A stride-0 mode and a size-1 mode that complement must ignore.
  if (gap(g) == 1) modes.push_back({2, 0});
  if (gap(g) == 1) modes.push_back({1, 5});
  std::shuffle(modes.begin(), modes.end(), g);
  std::vector<IntTuple> s, d;
  for (auto [x, y] : modes) {
    s.push_back(x);
    d.push_back(y);
  }
  if (s.size() >= 2 && gap(g) == 2) {  // nest the first two
    IntTuple s0 = IntTuple::tuple({s[0], s[1]}), d0 = IntTuple::tuple({d[0], d[1]});
    s.erase(s.begin());
    d.erase(d.begin());
    s[0] = s0;
    d[0] = d0;
  }
  if (s.size() == 1) return Layout(s[0], d[0]);
  return Layout(IntTuple::tuple(s), IntTuple::tuple(d));
}

TEST(Complement, TilingLawOnGeneratedLayouts) {
  // COMP-TILE: every E_{j-1} divides d_j and E_k divides M: (A, R) is a
  // bijection onto [0, M).
  std::mt19937 g(31337);
  for (int n = 0; n < 400; ++n) {
    int64_t end = 1;
    Layout a = random_tileable(g, end);
    const int64_t m = end * std::uniform_int_distribution<int64_t>(1, 4)(g);
    Layout r = complement(a, m);
    ASSERT_TRUE(ComplementLaws(layout::filter(a), r)) << str(a) << ", " << m;
    // (filter(A), R) tiles [0, M): A's stride-0 modes repeat offsets by design.
    ASSERT_TRUE(TilesExactly(layout::filter(a), r, m)) << str(a) << ", " << m << " -> " << str(r);
    EXPECT_EQ(r, layout::coalesce(r)) << "the result is coalesced";
  }
}

TEST(Complement, LawsOnNonDividingChains) {
  // d_j >= E_{j-1} but not a multiple: R may under-fill but is never wrong.
  std::mt19937 g(8);
  int tested = 0;
  for (int n = 0; n < 600; ++n) {
    std::uniform_int_distribution<int64_t> sz(2, 4), extra(0, 5);
    int64_t s0 = sz(g), d0 = 1 + extra(g);
    int64_t s1 = sz(g), d1 = s0 * d0 + extra(g);
    Layout a(IntTuple::tuple({s1, s0}), IntTuple::tuple({d1, d0}));
    const int64_t m = std::uniform_int_distribution<int64_t>(1, 200)(g);
    Layout r = complement(a, m);
    ++tested;
    ASSERT_TRUE(ComplementLaws(a, r)) << str(a) << ", " << m << " -> " << str(r);
    // Bounded: R stays below max(M, E) rounded up by E (cute-semantics.md §7.4 law 2, E form).
    const int64_t e = s1 * d1;
    const int64_t bound = ((std::max(m, e) + e - 1) / e) * e;
    ASSERT_LE(oracle::cosize(r), bound) << str(a) << ", " << m << " -> " << str(r);
  }
  EXPECT_EQ(tested, 600);
}

TEST(Complement, RandomLayoutsRefusedOrLawful) {
  std::mt19937 g(2);
  int accepted = 0;
  for (int n = 0; n < 1000; ++n) {
    Layout a = oracle::random_layout(g, 2, 4, 0, 20);
    const int64_t m = std::uniform_int_distribution<int64_t>(1, 300)(g);
    try {
      Layout r = complement(a, m);
      ++accepted;
      ASSERT_TRUE(ComplementLaws(layout::filter(a), r)) << str(a) << ", " << m;
    } catch (const layout::Error& e) {
      ASSERT_EQ(e.op(), "complement");
    }
  }
  EXPECT_GT(accepted, 100);
}

}  // namespace
