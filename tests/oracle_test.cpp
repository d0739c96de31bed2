// The oracle (props/oracle) on hand-computed values: it judges everything
// else, so its own answers are pinned here by examples worked out by hand
// from the definitions (docs/SEMANTICS.md), never by the library.
#include "oracle.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <iterator>
#include <random>

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

// The walk counts the coordinate up instead of dividing it out of i: it must
// give eval_wide's value at every index of the domain, past int64 included.
TEST(Oracle, ValueWalkCountsTheDefinitionsValues) {
  po::ValueWalk hand(po::leaves(L("(4,2):(2,1)")));
  std::vector<int64_t> seen;
  for (int i = 0; i < 8; ++i, hand.next()) seen.push_back(*hand.value64());
  EXPECT_EQ(seen, (std::vector<int64_t>{0, 2, 4, 6, 1, 3, 5, 7}));
  EXPECT_EQ(hand.value(), 0);  // past the domain's last index: back to L(0)

  po::ValueWalk big(po::leaves(L("3:4611686018427387904")));  // 2^62
  big.next();
  EXPECT_EQ(big.value64(), int64_t{1} << 62);
  big.next();
  EXPECT_EQ(big.value(), po::wide{1} << 63);
  EXPECT_EQ(big.value64(), std::nullopt);

  std::mt19937_64 rng(20261207);
  const int64_t strides[] = {
      0, 1, -1, 3, -7, 64, int64_t{1} << 40, -(int64_t{1} << 61), INT64_MAX, INT64_MIN + 1};
  for (int trial = 0; trial < 2000; ++trial) {
    po::Leaves lv;
    const int n = 1 + static_cast<int>(rng() % 6);
    int64_t size = 1;
    for (int k = 0; k < n; ++k) {
      const int64_t s = 1 + static_cast<int64_t>(rng() % (k == 0 ? 9 : 5));
      lv.push_back({s, strides[rng() % std::size(strides)]});
      size *= s;
    }
    po::ValueWalk w(lv);
    for (int64_t i = 0; i < size; ++i, w.next()) {
      const std::optional<po::wide> v = po::eval_wide(lv, i);
      ASSERT_TRUE(v.has_value());
      ASSERT_TRUE(w.value() == *v) << "trial " << trial << " index " << i;
      ASSERT_EQ(w.value64(), po::eval(lv, i)) << "trial " << trial << " index " << i;
    }
  }
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

// ---- left inverses ----------------------------------------------------------------

using Search = po::LeftInverseSearch;

// L(A(i)) = i for every i < size(A), by the oracle's evaluation.
bool inverts(const Layout& l, const Layout& a) {
  const std::vector<int64_t> x = po::table(a);
  const po::Leaves lv = po::leaves(l);
  for (std::size_t i = 0; i < x.size(); ++i)
    if (po::eval(lv, x[i]) != static_cast<int64_t>(i)) return false;
  return true;
}

Search::Result decide(const char* a) {
  const Search s = po::left_inverse_exists(L(a));
  EXPECT_EQ(s.witness.has_value(), s.result == Search::found) << a;
  if (s.witness) {
    EXPECT_TRUE(inverts(*s.witness, L(a))) << a << " by " << to_string(*s.witness);
  }
  return s.result;
}

TEST(Oracle, MaximalPrimeChains) {
  // n in (4, 8]: 5, 6 = 2*3 = 3*2, 7, 8 = 2*2*2.
  EXPECT_EQ(po::maximal_prime_chains(8), (std::vector<std::vector<int64_t>>{
                                             {1, 5}, {1, 2, 6}, {1, 3, 6}, {1, 7}, {1, 2, 4, 8}}));
  EXPECT_EQ(po::maximal_prime_chains(1), (std::vector<std::vector<int64_t>>{{1}}));
  EXPECT_EQ(po::maximal_prime_chains(256).size(), 607u);
}

TEST(Oracle, LeftInverseHandExamples) {
  // Inverses worked out by hand, checked by the oracle's evaluation.
  EXPECT_TRUE(inverts(L("(2,17):(-1,1)"), L("(2,8):(5,4)")));
  EXPECT_TRUE(inverts(L("(2,2,2,3):(2,4,-5,3)"), L("(4,2):(7,2)")));
  EXPECT_TRUE(inverts(L("(2,2,2,2):(5,-4,6,-2)"), L("(4,2):(3,-2)")));
  for (const char* a : {"(2,8):(5,4)", "(4,2):(7,2)", "(4,2):(3,-2)", "4:-1", "(2,4):(4,1)", "8:1",
                        "(64,2):(1,-200)", "1:0", "(1,1):(5,-3)"}) {
    EXPECT_EQ(decide(a), Search::found) << a;
  }
  EXPECT_EQ(po::left_inverse_exists(L("1:0")).witness, L("1:0"));
  // Not injective.
  for (const char* a : {"(2,2):(1,1)", "(2,2):(0,1)", "3:0", "(4,4):(1,3)"}) {
    EXPECT_EQ(decide(a), Search::none) << a;
  }
  // Injective, yet no layout inverts them. (2,2):(-2,1) takes -1 at 3 and 1 at
  // 2: L(-1) = 3 and L(1) = 2 contradict L(-1) = -L(1). (3,3):(2,3) takes
  // 0,2,4,3,5,7,6,8,10: with L(x) = sum f_k floor(x / P_k), L(2) = 1 rules out
  // P_1 >= 3 (it would give 2 f_0), so P_1 = 2; L(2) = 1 and L(3) = 3 give
  // f_0 = 2, f_1 = -3; L(4) = 2 forces f_2 = 0 if P_2 = 4; then L(6) = 6 needs
  // P_2 = 6 with f_2 = 3, and L(7) = 14 - 9 + 3 = 8 != 5.
  for (const char* a : {"(2,2):(-2,1)", "(3,3):(2,3)", "(3,4):(5,2)", "(4,4):(2,5)", "(2,4):(5,-3)",
                        "(4,3):(5,-1)", "(16,16):(15,1)"}) {
    EXPECT_EQ(decide(a), Search::none) << a;
  }
  // Past the bounds: size(A) > max_size, X > max_image.
  EXPECT_EQ(po::left_inverse_exists(L("8:1"), 256, 4).result, Search::undecided);
  EXPECT_EQ(po::left_inverse_exists(L("(16,16):(17,1)")).result, Search::undecided);  // X = 270
  EXPECT_EQ(po::left_inverse_exists(L("(16,16):(17,1)"), 270).result, Search::found);
  // Not injective is none whatever X.
  EXPECT_EQ(po::left_inverse_exists(L("(2,2):(1000,1000)")).result, Search::none);
}

// Some L = (s0, s1, last):(e0, e1, e2) with s0, s1 <= kS and strides in
// [-kE, kE] inverts x (x[i] = A(i)), by exhaustive search in plain int64
// (independent of the oracle). The stride loops are pruned: the points with
// |x| < s0 depend on e0 only, those with |x| < s0 s1 on e0 and e1.
bool bounded_inverse_exists(const std::vector<int64_t>& x) {
  constexpr int64_t kS = 5, kE = 8;
  for (int64_t s0 = 1; s0 <= kS; ++s0)
    for (int64_t s1 = 1; s1 <= kS; ++s1) {
      int64_t e[3];
      const int64_t below[3] = {s0, s0 * s1, INT64_MAX};
      auto fits = [&](int modes) {  // every point below below[modes - 1], with e[0..modes)
        for (std::size_t i = 0; i < x.size(); ++i) {
          const int64_t ax = x[i] < 0 ? -x[i] : x[i];
          if (ax >= below[modes - 1]) continue;
          const int64_t digit[3] = {ax % s0, ax / s0 % s1, ax / (s0 * s1)};
          int64_t v = 0;
          for (int k = 0; k < modes; ++k) v += e[k] * digit[k];
          if ((x[i] < 0 ? -v : v) != static_cast<int64_t>(i)) return false;
        }
        return true;
      };
      for (e[0] = -kE; e[0] <= kE; ++e[0]) {
        if (!fits(1)) continue;
        for (e[1] = -kE; e[1] <= kE; ++e[1]) {
          if (!fits(2)) continue;
          for (e[2] = -kE; e[2] <= kE; ++e[2])
            if (fits(3)) return true;
        }
      }
    }
  return false;
}

TEST(Oracle, LeftInverseAgreesWithBoundedSearch) {
  // Every A of rank <= 2 with sizes <= 4 and strides in [-4, 6]: a bounded
  // search that finds an inverse must meet found (the decision's none is
  // exact); a found comes with a checked witness; not injective is none.
  int found = 0, none = 0, not_injective = 0, bounded_found = 0;
  for (int64_t s0 = 1; s0 <= 4; ++s0)
    for (int64_t s1 = 0; s1 <= 4; ++s1)  // 0: rank 1
      for (int64_t d0 = -4; d0 <= 6; ++d0)
        for (int64_t d1 = -4; d1 <= (s1 == 0 ? -4 : 6); ++d1) {
          const Layout a = s1 == 0 ? po::make(s0, d0)
                                   : po::make(po::flat_tuple(std::vector<int64_t>{s0, s1}),
                                              po::flat_tuple(std::vector<int64_t>{d0, d1}));
          const Search s = po::left_inverse_exists(a);
          ASSERT_NE(s.result, Search::undecided) << to_string(a);
          const std::vector<int64_t> x = po::table(a);
          std::vector<int64_t> sorted = x;
          std::sort(sorted.begin(), sorted.end());
          const bool injective = std::adjacent_find(sorted.begin(), sorted.end()) == sorted.end();
          if (!injective) {
            EXPECT_EQ(s.result, Search::none) << to_string(a);
            ++not_injective;
          } else if (s.result == Search::found) {
            ASSERT_TRUE(s.witness.has_value());
            EXPECT_TRUE(inverts(*s.witness, a)) << to_string(a) << " by " << to_string(*s.witness);
            ++found;
            bounded_found += bounded_inverse_exists(x);
          } else {
            EXPECT_FALSE(bounded_inverse_exists(x)) << to_string(a) << ": decided none";
            ++none;
          }
        }
  EXPECT_EQ(found, 1198);
  EXPECT_EQ(none, 182);
  EXPECT_EQ(not_injective, 600);
  // The bounded search is not vacuous: it finds 1183 of the 1198 inverses.
  EXPECT_EQ(bounded_found, 1183);
}

}  // namespace
