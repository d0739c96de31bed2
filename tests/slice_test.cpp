// slice, local_tile, local_partition: post-conditions checked with the oracle
// (L at the coordinate with the kept index = offset + result(k)).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "layout/algebra.hpp"
#include "test_oracle.hpp"

namespace {

using layout::IntTuple;
using layout::Layout;
using layout::local_partition;
using layout::local_tile;
using layout::parse_term;
using layout::slice;
using layout::Sliced;
using layout::Term;
using oracle::I;
using oracle::L;
using oracle::str;
using oracle::T;

// The coordinate of L for slicing coordinate c with the kept pieces (the `_`
// places, depth first) filled from the leaf digits at `it`.
IntTuple fill(const Term& c, const IntTuple& shape, const std::vector<int64_t>& digits,
              std::size_t& it) {
  switch (c.kind) {
    case Term::Kind::underscore: {
      std::function<IntTuple(const IntTuple&)> build = [&](const IntTuple& s) -> IntTuple {
        if (s.is_int()) return digits.at(it++);
        std::vector<IntTuple> e;
        for (int k = 0; k < s.rank(); ++k) e.push_back(build(s[k]));
        return IntTuple::tuple(e);
      };
      return build(shape);
    }
    case Term::Kind::integer:
      return c.value;
    case Term::Kind::tuple: {
      std::vector<IntTuple> e;
      for (std::size_t k = 0; k < c.elems.size(); ++k)
        e.push_back(fill(c.elems[k], shape[static_cast<int>(k)], digits, it));
      return IntTuple::tuple(e);
    }
    case Term::Kind::layout:
      break;
  }
  throw std::invalid_argument("layout in a slicing coordinate");
}

// The kept sub-shapes of L under c, depth first, as a flat list of leaves.
void kept_leaves(const Term& c, const IntTuple& shape, std::vector<int64_t>& out) {
  if (c.kind == Term::Kind::underscore) {
    for (int64_t v : oracle::leaves(shape)) out.push_back(v);
  } else if (c.kind == Term::Kind::tuple) {
    for (std::size_t k = 0; k < c.elems.size(); ++k)
      kept_leaves(c.elems[k], shape[static_cast<int>(k)], out);
  }
}

// slice's post-condition: size(R) = the product of the kept pieces and, for
// every k < size(R), L(c with k in the `_` places) = offset + R(k).
::testing::AssertionResult IsSlice(const Layout& l, const std::string& coord, const Sliced& r) {
  Term c = parse_term(coord);
  std::vector<int64_t> kept;
  kept_leaves(c, l.shape(), kept);
  int64_t n = 1;
  for (int64_t v : kept) n *= v;
  if (oracle::size(r.layout) != n)
    return ::testing::AssertionFailure()
           << "slice(" << str(l) << ", " << coord << ") = " << str(r.layout) << " has size "
           << oracle::size(r.layout) << ", expected " << n;
  for (int64_t k = 0; k < n; ++k) {
    std::vector<int64_t> digits;
    int64_t x = k;
    for (int64_t v : kept) {
      digits.push_back(x % v);
      x /= v;
    }
    std::size_t it = 0;
    IntTuple full =
        c.kind == Term::Kind::integer ? IntTuple(c.value) : fill(c, l.shape(), digits, it);
    const int64_t want = oracle::eval_coord(l, full);
    const int64_t got = r.offset + oracle::eval(r.layout, k);
    if (want != got)
      return ::testing::AssertionFailure()
             << "slice(" << str(l) << ", " << coord << ") = " << str(r.layout) << " + " << r.offset
             << ": at k = " << k << " gives " << got << ", L(" << str(full) << ") = " << want;
  }
  return ::testing::AssertionSuccess();
}

TEST(Slice, ColumnOfFourByTwo) {
  Layout l = L("(4,2):(1,4)");
  Sliced r = slice(l, parse_term("(_,1)"));
  EXPECT_EQ(str(r.layout), "(4):(1)");  // CuTe keeps the rank-1 tuple
  EXPECT_EQ(r.offset, 4);
  EXPECT_TRUE(IsSlice(l, "(_,1)", r));
  Sliced row = slice(l, parse_term("(2,_)"));
  EXPECT_EQ(str(row.layout), "(2):(4)");
  EXPECT_EQ(row.offset, 2);
  EXPECT_TRUE(IsSlice(l, "(2,_)", row));
}

TEST(Slice, CheckerRejectsWrongAnswers) {
  // Negative control: the oracle check catches a wrong offset, layout or size.
  Layout l = L("(4,2):(1,4)");
  EXPECT_FALSE(IsSlice(l, "(_,1)", Sliced{L("4:1"), 5}));
  EXPECT_FALSE(IsSlice(l, "(_,1)", Sliced{L("4:2"), 4}));
  EXPECT_FALSE(IsSlice(l, "(_,1)", Sliced{L("2:1"), 4}));
  EXPECT_FALSE(IsSlice(l, "(2,_)", Sliced{L("2:1"), 2}));
}

TEST(Slice, NoUnderscoreGivesTheValue) {
  Layout l = L("((2,2),3):((1,2),4)");
  Sliced r = slice(l, parse_term("((1,1),1)"));
  EXPECT_EQ(str(r.layout), "():()");  // CuTe's empty layout, size 1
  EXPECT_EQ(r.offset, 7);
  Sliced r2 = slice(l, parse_term("7"));
  EXPECT_EQ(str(r2.layout), "():()");
  EXPECT_EQ(r2.offset, 7);
  Sliced r3 = slice(l, parse_term("(3,1)"));  // an integer standing for a sub-tuple
  EXPECT_EQ(r3.offset, 7);
}

TEST(Slice, UnderscoreAloneIsTheLayout) {
  Layout l = L("((2,2),3):((1,2),4)");
  Sliced r = slice(l, parse_term("_"));
  EXPECT_EQ(r.layout, l);
  EXPECT_EQ(r.offset, 0);
}

TEST(Slice, HierarchicalCoordinates) {
  Layout l = L("((2,2),3):((1,2),4)");
  for (const char* c :
       {"((_,1),_)", "((1,_),2)", "(_,2)", "(3,_)", "((_,_),1)", "((0,_),_)", "(_,_)"}) {
    Sliced r = slice(l, parse_term(c));
    EXPECT_TRUE(IsSlice(l, c, r)) << c;
  }
  Sliced r = slice(l, parse_term("((_,1),_)"));
  EXPECT_EQ(r.offset, 2);
  EXPECT_EQ(str(r.layout), "(2,3):(1,4)");  // the tuple's piece joins the top level
  // A piece that is itself a tuple stays one mode: CuTe's ((2,3)).
  EXPECT_EQ(str(slice(L("((2,3),4):((1,2),6)"), parse_term("(_,1)")).layout), "((2,3)):((1,2))");
  Layout deep = L("(2,((3,2),4)):(100,((1,10),30))");
  for (const char* c : {"(1,((_,1),_))", "(_,((2,_),3))", "(_,(_,2))", "(1,(4,_))", "(_,(5,_))"}) {
    Sliced rr = slice(deep, parse_term(c));
    EXPECT_TRUE(IsSlice(deep, c, rr)) << c;
  }
}

// A random slicing coordinate for shape: per mode `_`, an integer in range,
// or (for a tuple mode) a nested coordinate.
std::string random_coord(std::mt19937& g, const IntTuple& shape, bool top) {
  std::uniform_int_distribution<int> pick(0, 2);
  const int p = pick(g);
  if (!top && p == 0) return "_";
  if (shape.is_int() || (!top && p == 1)) {
    if (!top || shape.is_int()) {
      const int64_t n = oracle::product(shape);
      return std::to_string(std::uniform_int_distribution<int64_t>(0, n - 1)(g));
    }
  }
  std::string out = "(";
  for (int k = 0; k < shape.rank(); ++k) out += (k ? "," : "") + random_coord(g, shape[k], false);
  return out + ")";
}

TEST(Slice, RandomCoordinatesSatisfyThePostCondition) {
  std::mt19937 g(61);
  for (int n = 0; n < 400; ++n) {
    Layout l = oracle::random_layout(g, 3, 4, 0, 30);
    if (l.shape().is_int()) continue;
    const std::string c = random_coord(g, l.shape(), true);
    Sliced r = slice(l, parse_term(c));
    ASSERT_TRUE(IsSlice(l, c, r));
  }
}

TEST(Slice, Refusals) {
  Layout l = L("(4,2):(1,4)");
  EXPECT_TRUE(oracle::RefusedWith([&] { return slice(l, parse_term("(_,1,2)")).layout; }, "slice"));
  EXPECT_TRUE(oracle::RefusedWith([&] { return slice(l, parse_term("(-1,_)")).layout; }, "slice"));
  EXPECT_TRUE(oracle::RefusedWith([&] { return slice(l, parse_term("(4:1,_)")).layout; }, "slice"));
  EXPECT_TRUE(
      oracle::RefusedWith([&] { return slice(L("8:1"), parse_term("(_,1)")).layout; }, "slice"));
  EXPECT_TRUE(
      oracle::RefusedWith([&] { return slice(l, parse_term("((1,1),_)")).layout; }, "slice"));
}

// ---- local_tile ---------------------------------------------------------------------
TEST(LocalTile, DocsExample) {
  Layout l = L("(8,8):(1,8)");
  Sliced r = local_tile(l, T("(4,2)"), parse_term("(1,2)"));
  EXPECT_EQ(str(r.layout), "(4,2):(1,8)");
  EXPECT_EQ(r.offset, 36);
}

TEST(LocalTile, TileElementsAreTheBlockOfL) {
  // Tile (c0, c1) of a (t0, t1) tiler holds L(c0*t0 + k0, c1*t1 + k1).
  for (const char* ls : {"(8,8):(1,8)", "(8,6):(6,1)", "(4,12):(3,100)", "((2,4),6):((1,20),2)"}) {
    Layout l = L(ls);
    const int64_t m0 = oracle::product(l.shape()[0]), m1 = oracle::product(l.shape()[1]);
    for (auto [t0, t1] : {std::pair<int64_t, int64_t>{4, 2}, {2, 3}, {1, 6}, {8, 1}}) {
      if (m0 % t0 || m1 % t1) continue;
      std::vector<int64_t> all;
      for (int64_t c1 = 0; c1 < m1 / t1; ++c1)
        for (int64_t c0 = 0; c0 < m0 / t0; ++c0) {
          const std::string tile = "(" + std::to_string(t0) + "," + std::to_string(t1) + ")";
          Sliced r = local_tile(
              l, T(tile), parse_term("(" + std::to_string(c0) + "," + std::to_string(c1) + ")"));
          ASSERT_EQ(oracle::size(r.layout), t0 * t1);
          for (int64_t k1 = 0; k1 < t1; ++k1)
            for (int64_t k0 = 0; k0 < t0; ++k0) {
              const int64_t want =
                  oracle::eval_coord(l, IntTuple::tuple({c0 * t0 + k0, c1 * t1 + k1}));
              const int64_t got =
                  r.offset + oracle::eval_coord(r.layout, IntTuple::tuple({k0, k1}));
              ASSERT_EQ(got, want) << ls << " tile " << tile << " at (" << c0 << "," << c1
                                   << ") k=(" << k0 << "," << k1 << ")";
              all.push_back(got);
            }
        }
      std::sort(all.begin(), all.end());
      EXPECT_EQ(all, oracle::sorted_image(l)) << "the tiles cover L exactly once";
    }
  }
}

// The CUTLASS GEMM mainloop: local_tile(mA, (BM,BN,BK), (m,n,_), Step<_1,X,_1>)
// is the (BM,BK) tile of row block m, for every k block: (BM,BK,k) with
// element (i,j,kb) at A(m*BM + i, kb*BK + j).
TEST(LocalTile, GemmMainloopProjectionKeepsTheKBlocks) {
  const int64_t M = 64, K = 48, BM = 16, BN = 8, BK = 12;
  for (const char* ls : {"(64,48):(1,64)", "(64,48):(48,1)"}) {
    const Layout a = L(ls);
    for (int64_t m = 0; m < M / BM; ++m) {
      const std::string coord = "(" + std::to_string(m) + ",3,_)";
      const Sliced r = local_tile(a, T("(16,8,12)"), parse_term(coord), parse_term("(1,X,1)"));
      ASSERT_EQ(r.layout.rank(), 3) << str(r.layout);
      ASSERT_EQ(oracle::size(r.layout), BM * BK * (K / BK));
      for (int64_t kb = 0; kb < K / BK; ++kb)
        for (int64_t j = 0; j < BK; ++j)
          for (int64_t i = 0; i < BM; ++i)
            ASSERT_EQ(r.offset + oracle::eval_coord(r.layout, IntTuple::tuple({i, j, kb})),
                      oracle::eval_coord(a, IntTuple::tuple({m * BM + i, kb * BK + j})))
                << ls << " m=" << m << " (" << i << "," << j << "," << kb << ")";
    }
    // Step<_1,_1,X> on C = (M,N): the (BM,BN) tile at (m,n); the k coordinate is diced away.
    const Sliced c = local_tile(L("(64,40):(1,64)"), T("(16,8,12)"), parse_term("(1,2,_)"),
                                parse_term("(1,1,X)"));
    EXPECT_EQ(str(c.layout), "(16,8):(1,64)");
    EXPECT_EQ(c.offset, 16 + 2 * 8 * 64);
  }
  (void)BN;
}

TEST(LocalTile, ShorterCoordinateKeepsTheRestModes) {
  // CuTe's append<R1>(c, _): a coordinate shorter than the rest keeps the
  // missing modes, here A's untiled third mode.
  const Layout a = L("(8,6,3):(1,8,48)");
  const Sliced r = local_tile(a, T("(4,2)"), parse_term("(1,2)"));
  EXPECT_EQ(r.offset, 4 + 2 * 2 * 8);
  ASSERT_EQ(str(r.layout), "(4,2,3):(1,8,48)");
  EXPECT_TRUE(oracle::RefusedWith(
      [&] { return local_tile(a, T("(4,2)"), parse_term("(1,2,0,0)")).layout; }, "local_tile"));
  EXPECT_TRUE(oracle::RefusedWith(
      [&] { return local_tile(a, T("(4,2)"), parse_term("(1,2)"), parse_term("(1,X,1)")).layout; },
      "local_tile"));  // the projection has 3 modes, the tiler 2
}

// ---- local_partition --------------------------------------------------------------
// CuTe's example: thr_layout (2,16,1):(16,1,0) with Step<_1,X,_1> partitions
// A (M,K) by (2,1): thread t owns rows t/16 mod 2 (every other row), all k.
TEST(LocalPartition, ProjectionWithABroadcastMode) {
  const Layout a = L("(16,8):(1,16)");
  const Layout thr = L("(2,16,1):(16,1,0)");
  for (int64_t t = 0; t < 32; ++t) {
    const Sliced r = local_partition(a, thr, t, parse_term("(1,X,1)"));
    ASSERT_EQ(oracle::size(r.layout), 8 * 8);
    const int64_t row = (t / 16) % 2;
    for (int64_t k = 0; k < 8; ++k)
      for (int64_t i = 0; i < 8; ++i)
        ASSERT_EQ(r.offset + oracle::eval_coord(r.layout, IntTuple::tuple({i, k})),
                  oracle::eval_coord(a, IntTuple::tuple({row + 2 * i, k})))
            << "t=" << t;
  }
}

TEST(LocalPartition, DocsExample) {
  Layout l = L("(8,8):(1,8)");
  Sliced r = local_partition(l, L("(2,4):(4,1)"), 5);
  EXPECT_EQ(str(r.layout), "(4,2):(2,32)");
  EXPECT_EQ(r.offset, 9);
}

TEST(LocalPartition, ThreadsOwnStridedElementsAndCoverL) {
  // Thread t at coordinate (p0, p1) of P owns L(p0 + P0*j0, p1 + P1*j1).
  for (const char* ls : {"(8,8):(1,8)", "(8,6):(6,1)", "((2,4),6):((1,20),2)"}) {
    Layout l = L(ls);
    const int64_t m0 = oracle::product(l.shape()[0]), m1 = oracle::product(l.shape()[1]);
    for (const char* ps : {"(2,4):(4,1)", "(2,3):(1,2)", "(4,2):(1,4)", "(2,2):(2,1)"}) {
      Layout p = L(ps);
      const int64_t n0 = oracle::product(p.shape()[0]), n1 = oracle::product(p.shape()[1]);
      if (m0 % n0 || m1 % n1) continue;
      std::vector<int64_t> all;
      for (int64_t p1 = 0; p1 < n1; ++p1)
        for (int64_t p0 = 0; p0 < n0; ++p0) {
          const int64_t tid = oracle::eval_coord(p, IntTuple::tuple({p0, p1}));
          Sliced r = local_partition(l, p, tid);
          ASSERT_EQ(oracle::size(r.layout), (m0 / n0) * (m1 / n1)) << ls << " " << ps;
          for (int64_t j1 = 0; j1 < m1 / n1; ++j1)
            for (int64_t j0 = 0; j0 < m0 / n0; ++j0) {
              const int64_t want =
                  oracle::eval_coord(l, IntTuple::tuple({p0 + n0 * j0, p1 + n1 * j1}));
              const int64_t got =
                  r.offset + oracle::eval_coord(r.layout, IntTuple::tuple({j0, j1}));
              ASSERT_EQ(got, want) << ls << " threads " << ps << " tid " << tid;
              all.push_back(got);
            }
        }
      std::sort(all.begin(), all.end());
      EXPECT_EQ(all, oracle::sorted_image(l))
          << ls << " " << ps << ": threads cover L exactly once";
    }
  }
}

TEST(LocalPartition, Refusals) {
  Layout l = L("(8,8):(1,8)");
  // No coordinate of (2,2):(2,4) maps to 1.
  EXPECT_TRUE(oracle::RefusedWith([&] { return local_partition(l, L("(2,2):(2,4)"), 1).layout; },
                                  "local_partition"));
  EXPECT_TRUE(oracle::RefusedWith([&] { return local_partition(l, L("(2,4):(4,1)"), -1).layout; },
                                  "local_partition"));
  EXPECT_TRUE(oracle::RefusedWith([&] { return local_partition(l, L("(2,4):(4,1)"), 8).layout; },
                                  "local_partition"));
}

}  // namespace
