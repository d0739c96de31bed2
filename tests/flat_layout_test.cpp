// FlatLayout: the magic divider, per-index and chunked evaluation against the
// plain definition Layout::operator()(int64_t), the builder's merging and its
// range checks.
#include "layout/flat_layout.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "layout/error.hpp"
#include "layout/notation.hpp"

namespace layout {
namespace {

constexpr uint64_t kP32 = uint64_t{1} << 32;
constexpr uint64_t kP62 = uint64_t{1} << 62;
constexpr uint64_t kP63 = uint64_t{1} << 63;
constexpr uint64_t kMaxU = ~uint64_t{0};

// ---- MagicDivider ------------------------------------------------------------

std::vector<uint64_t> edge_divisors() {
  std::vector<uint64_t> d = {1,        2,        3,    5,        6,        7,
                             9,        10,       11,   12,       13,       25,
                             100,      641,      1000, 6700417,  kP32 - 1, kP32,
                             kP32 + 1, kP62 - 1, kP62, kP62 + 1, kP63 - 2, kP63 - 1};
  for (int b = 0; b < 63; ++b) {  // every power of two and its neighbours
    const uint64_t p = uint64_t{1} << b;
    d.push_back(p);
    if (p > 1) d.push_back(p - 1);
    d.push_back(p + 1);
  }
  std::mt19937_64 rng(12345);
  for (int k = 0; k < 400; ++k) {  // random divisors of every bit length
    const int bits = 1 + k % 63;
    uint64_t x = rng() >> (64 - bits);
    d.push_back(x == 0 ? 1 : x);
  }
  return d;
}

std::vector<uint64_t> edge_dividends(uint64_t d, std::mt19937_64& rng) {
  std::vector<uint64_t> n = {0,
                             1,
                             2,
                             d - 1,
                             d,
                             d + 1,
                             2 * d - 1,
                             2 * d,
                             2 * d + 1,
                             kP32 - 1,
                             kP32,
                             kP32 + 1,
                             kP63 - 1,
                             kP63,
                             kP63 + 1,
                             kMaxU - 1,
                             kMaxU,
                             kMaxU - d,
                             kMaxU - d + 1,
                             kMaxU / d * d,
                             kMaxU / d * d - 1};
  for (int k = 0; k < 64; ++k) {  // multiples of d and their neighbours at random scales
    const uint64_t q = rng() >> (k % 64);
    const uint128_t qd = static_cast<uint128_t>(q) * d;
    if (qd <= kMaxU) {
      const uint64_t m = static_cast<uint64_t>(qd);
      n.push_back(m);
      n.push_back(m - 1);
      if (m != kMaxU) n.push_back(m + 1);
    }
    n.push_back(rng());
    n.push_back(rng() >> (k % 64));
  }
  return n;
}

TEST(MagicDivider, MatchesHardwareDivisionOnEdgeValues) {
  std::mt19937_64 rng(7);
  long checked = 0;
  for (uint64_t d : edge_divisors()) {
    const MagicDivider md = MagicDivider::make(d);
    ASSERT_EQ(md.d, d);
    for (uint64_t n : edge_dividends(d, rng)) {
      ASSERT_EQ(md.div(n), n / d) << "n = " << n << ", d = " << d;
      ++checked;
    }
  }
  EXPECT_GT(checked, 100000);
}

TEST(MagicDivider, KnownQuotients) {
  // Values computed by hand, independent of the hardware division above.
  EXPECT_EQ(MagicDivider::make(1).div(kMaxU), kMaxU);
  EXPECT_EQ(MagicDivider::make(2).div(kMaxU), kP63 - 1);
  EXPECT_EQ(MagicDivider::make(3).div(kMaxU), uint64_t{0x5555555555555555});
  EXPECT_EQ(MagicDivider::make(7).div(kMaxU), uint64_t{0x2492492492492492});
  EXPECT_EQ(MagicDivider::make(kP32 + 1).div(kMaxU), kP32 - 1);  // 2^64-1 = (2^32+1)(2^32-1)
  EXPECT_EQ(MagicDivider::make(kP32 - 1).div(kMaxU), kP32 + 1);
  EXPECT_EQ(MagicDivider::make(kP63 - 1).div(kMaxU), uint64_t{2});  // 2(2^63-1) = 2^64-2
  EXPECT_EQ(MagicDivider::make(kP63 - 1).div(kMaxU - 2), uint64_t{1});
  EXPECT_EQ(MagicDivider::make(kP62).div(kMaxU), uint64_t{3});
  EXPECT_EQ(MagicDivider::make(641).div(uint64_t{4294967297}), uint64_t{6700417});  // F5
  EXPECT_EQ(MagicDivider::make(6700417).div(uint64_t{4294967296}), uint64_t{640});
}

TEST(MagicDivider, ExhaustiveSmallDividendsAndDivisors) {
  for (uint64_t d = 1; d <= 300; ++d) {
    const MagicDivider md = MagicDivider::make(d);
    for (uint64_t n = 0; n < 5000; ++n) ASSERT_EQ(md.div(n), n / d) << n << " / " << d;
    for (uint64_t n = kMaxU; n > kMaxU - 5000; --n) ASSERT_EQ(md.div(n), n / d) << n << " / " << d;
  }
}

// ---- evaluation against the plain definition ------------------------------------

// Per-index, chunked (several chunkings) and for_each agree with Layout's own
// evaluation on [0, n) and at extra (possibly far) indices.
void expect_agrees(const std::string& text, uint64_t n, const std::vector<uint64_t>& extra = {}) {
  SCOPED_TRACE(text);
  const Layout l = parse_layout(text);
  const FlatLayout f = make_flat(l);
  const FlatLayout u = make_flat_unmerged(l);
  ASSERT_EQ(f.size, l.size());
  ASSERT_EQ(u.size, l.size());
  ASSERT_LE(n - 1, f.max_index);
  std::vector<int64_t> want(n);
  for (uint64_t i = 0; i < n; ++i) {
    want[i] = l(static_cast<int64_t>(i));
    ASSERT_EQ(f(i), want[i]) << "i = " << i;
    ASSERT_EQ(u(i), want[i]) << "unmerged, i = " << i;
    if (i < static_cast<uint64_t>(l.size())) {
      ASSERT_GE(want[i], f.min_offset);
      ASSERT_LE(want[i], f.max_offset);
    }
  }
  for (uint64_t i : extra) {
    ASSERT_LE(i, f.max_index);
    ASSERT_EQ(f(i), l(static_cast<int64_t>(i))) << "i = " << i;
    ASSERT_EQ(u(i), l(static_cast<int64_t>(i))) << "unmerged, i = " << i;
  }
  // Chunked: every chunk length in a small set, every start that it tiles.
  for (uint64_t chunk : {uint64_t{1}, uint64_t{2}, uint64_t{3}, uint64_t{7}, uint64_t{64},
                         uint64_t{97}, uint64_t{256}, uint64_t{1000}, n}) {
    if (chunk == 0) continue;
    for (const FlatLayout* g : {&f, &u}) {
      std::vector<int64_t> got(n, -777);
      for (uint64_t s = 0; s < n; s += chunk) {
        const uint64_t c = s + chunk <= n ? chunk : n - s;
        g->eval_chunk(s, c, got.data() + s);
      }
      ASSERT_EQ(got, want) << "eval_chunk with chunk " << chunk;
      std::vector<int64_t> seen;
      uint64_t next = 0;
      for (uint64_t s = 0; s < n; s += chunk) {
        const uint64_t c = s + chunk <= n ? chunk : n - s;
        g->for_each(s, c, [&](uint64_t i, int64_t off) {
          ASSERT_EQ(i, next++);
          seen.push_back(off);
        });
      }
      ASSERT_EQ(seen, want) << "for_each with chunk " << chunk;
    }
  }
  // Chunks starting at every offset of the first few hundred indices.
  for (uint64_t s = 0; s < n && s < 300; ++s) {
    const uint64_t c = n - s < 500 ? n - s : 500;
    std::vector<int64_t> got(c);
    f.eval_chunk(s, c, got.data());
    ASSERT_EQ(got, std::vector<int64_t>(want.begin() + static_cast<std::ptrdiff_t>(s),
                                        want.begin() + static_cast<std::ptrdiff_t>(s + c)))
        << "start " << s;
  }
  // Chunks at the extra (far) indices.
  for (uint64_t i : extra) {
    // c <= 600 indices, all <= max_index and <= 2^63 - 1 (Layout takes int64).
    const uint64_t room = f.max_index < kP63 - 1 ? f.max_index - i : kP63 - 1 - i;
    const uint64_t c = room < 600 ? room + 1 : 600;
    std::vector<int64_t> got(c), got_u(c);
    f.eval_chunk(i, c, got.data());
    u.eval_chunk(i, c, got_u.data());
    for (uint64_t j = 0; j < c; ++j) {
      ASSERT_EQ(got[j], l(static_cast<int64_t>(i + j))) << "chunk at " << i << ", j = " << j;
      ASSERT_EQ(got_u[j], got[j]) << "unmerged chunk at " << i << ", j = " << j;
    }
  }
}

TEST(FlatLayout, AgreesWithDefinition) {
  expect_agrees("8:1", 40);
  expect_agrees("8:3", 40);
  expect_agrees("1:0", 10);
  expect_agrees("1:5", 10);  // the only mode is size 1 and governs the extension
  expect_agrees("(4,2):(2,1)", 30);
  expect_agrees("(64,1024):(1,64)", 70000, {1u << 20, (uint64_t{1} << 40) + 12345});
  expect_agrees("((4,8),(2,16),8):((2,64),(1,8),1024)", 9000, {1u << 20, 123456789});
  expect_agrees("(1024,1024,64):(1,1024,1048576)", 5000, {67108863, 67108864, 1u << 30});
  expect_agrees("(3,5,7,11):(1,4,25,200)", 2000, {1155 * 1000 + 17});
  expect_agrees("((2,2),3):((1,2),4)", 50);
  expect_agrees("((3,(2,5)),(4,1),7):((7,(1,100)),(21,999),-3)", 1000);
  expect_agrees("(4,3,5):(0,1,0)", 200);                             // broadcast
  expect_agrees("(3,4):(1,0)", 100, {uint64_t{1} << 62, kP63 - 1});  // last stride 0
  expect_agrees("(5,6):(3,-15)", 100, {1000003});
  expect_agrees("(4,3):(-1,-4)", 100);
  expect_agrees("(2,3,4):(-12,4,1)", 100);
  expect_agrees("(2,1,4):(1,99,2)", 50);  // size-1 mode between mergeable modes
  // Size-1 modes everywhere; the trailing one (stride 11) governs the extension.
  expect_agrees("(1,4,1,3,1):(9,1,7,4,11)", 500, {uint64_t{1} << 40});
  expect_agrees("(4,1):(1,100)", 100);
  expect_agrees("(4,1):(1,4)", 100);
  expect_agrees("(1,1):(3,5)", 100);
  // Past 2^31 and 2^32.
  expect_agrees("(65536,65536):(1,65536)", 3000,
                {(uint64_t{1} << 31) - 1, uint64_t{1} << 31, kP32 - 1, kP32, 5 * kP32 + 3});
  expect_agrees("(3,1099511627776):(2199023255552,1)", 3000,
                {kP32, 3 * (uint64_t{1} << 40) - 1, 3 * (uint64_t{1} << 40) + 4});
  expect_agrees("(46341,46341,3):(3,138923,-7)", 3000, {uint64_t{1} << 31, kP32 + 77});
}

// Bounded modes all of power-of-two sizes (the usual case) evaluate by shifts
// and masks (FlatLayout::pow2); one other size anywhere but the last mode
// turns that off. Both agree with the definition, past 2^32 and on the
// natural extension too.
TEST(FlatLayout, PowerOfTwoShapesEvaluateByShifts) {
  const struct {
    const char* layout;
    int pow2;
  } cases[] = {
      {"((4,8),(2,16),8):((2,64),(1,8),1024)", 1},
      {"(8,3):(2,1)", 1},  // the last mode's size does not matter
      {"(1,2,1,8,5):(9,-3,4,1,7)", 1},
      {"(1099511627776,4):(3,-7)", 1},
      {"(2,4,3,5):(1,100,7,1000)", 0},
      {"(3,8):(1,5)", 0},
      {"(4,6,2):(1,4,-100)", 0},
  };
  for (const auto& c : cases) {
    const FlatLayout f = make_flat(parse_layout(c.layout));
    EXPECT_EQ(f.pow2, c.pow2) << c.layout;
    expect_agrees(c.layout, 3000, {kP32 + 5, (uint64_t{1} << 42) + 3});
  }
}

// Random nested layouts with broadcast, size-1 and negative modes.
TEST(FlatLayout, AgreesWithDefinitionOnRandomLayouts) {
  std::mt19937_64 rng(2024);
  auto leaf = [&](bool stride) {
    if (!stride) return std::to_string(1 + rng() % 6);
    return std::to_string(static_cast<int64_t>(rng() % 41) - 20);
  };
  for (int t = 0; t < 300; ++t) {
    // Same random tree for shape and stride: draw the tree, then the leaves.
    const int rank = 1 + static_cast<int>(rng() % 4);
    std::vector<int> arity(static_cast<std::size_t>(rank));
    for (int& a : arity) a = (rng() % 3 == 0) ? 1 + static_cast<int>(rng() % 3) : 0;
    auto draw = [&](bool stride) {
      std::string s = "(";
      for (int k = 0; k < rank; ++k) {
        if (k) s += ",";
        const int a = arity[static_cast<std::size_t>(k)];
        if (a == 0) {
          s += leaf(stride);
        } else {
          s += "(";
          for (int j = 0; j < a; ++j) s += (j ? "," : "") + leaf(stride);
          s += ")";
        }
      }
      return s + ")";
    };
    const std::string shape = draw(false), stride = draw(true);
    const int64_t size = parse_layout(shape + ":" + stride).size();
    expect_agrees(shape + ":" + stride, static_cast<uint64_t>(size) + 40,
                  {static_cast<uint64_t>(size) * 1000 + 3});
  }
}

// ---- values computed by hand ---------------------------------------------------

TEST(FlatLayout, KnownValuesPast2To32) {
  const FlatLayout a = make_flat(parse_layout("(65536,65536):(1,65536)"));
  EXPECT_EQ(a.rank, 1);  // merged into 4294967296:1
  EXPECT_EQ(a.shape[0], int64_t{1} << 32);
  EXPECT_EQ(a.size, int64_t{1} << 32);
  EXPECT_EQ(a.max_offset, (int64_t{1} << 32) - 1);
  EXPECT_EQ(a(kP32 - 1), (int64_t{1} << 32) - 1);
  EXPECT_EQ(a(7 * kP32 + 5), 7 * (int64_t{1} << 32) + 5);
  EXPECT_EQ(a.max_index, kP63 - 1);  // L(i) = i fits exactly up to 2^63 - 1

  // (3,2^40):(2^41,1): L(i) = (i mod 3) 2^41 + floor(i / 3).
  const int64_t t40 = int64_t{1} << 40, t41 = int64_t{1} << 41;
  const FlatLayout b = make_flat(parse_layout("(3,1099511627776):(2199023255552,1)"));
  EXPECT_EQ(b.rank, 2);
  EXPECT_EQ(b.size, 3 * t40);
  EXPECT_EQ(b.min_offset, 0);
  EXPECT_EQ(b.max_offset, 2 * t41 + t40 - 1);
  EXPECT_EQ(b(3 * static_cast<uint64_t>(t40) - 1), 2 * t41 + t40 - 1);
  EXPECT_EQ(b(3 * static_cast<uint64_t>(t40) + 4), t41 + t40 + 1);  // extension
  EXPECT_EQ(b(kP32), t41 + 1431655765);                             // 2^32 = 3 * 1431655765 + 1
  int64_t out[4];
  b.eval_chunk(kP32 - 1, 4, out);  // 2^32 - 1 = 3 * 1431655765
  EXPECT_EQ(out[0], 1431655765);
  EXPECT_EQ(out[1], t41 + 1431655765);
  EXPECT_EQ(out[2], 2 * t41 + 1431655765);
  EXPECT_EQ(out[3], 1431655766);
}

TEST(FlatLayout, KnownValuesSmall) {
  // ((4,8),(2,16),8):((2,64),(1,8),1024): no mode merges.
  const FlatLayout f = make_flat(parse_layout("((4,8),(2,16),8):((2,64),(1,8),1024)"));
  ASSERT_EQ(f.rank, 5);
  const int64_t shape[5] = {4, 8, 2, 16, 8}, stride[5] = {2, 64, 1, 8, 1024};
  for (int k = 0; k < 5; ++k) {
    EXPECT_EQ(f.shape[k], shape[k]);
    EXPECT_EQ(f.stride[k], stride[k]);
  }
  EXPECT_EQ(f.size, 8192);
  EXPECT_EQ(f.max_offset, 6 + 448 + 1 + 120 + 7168);
  // i = 1 + 4*3 + 32*1 + 64*5 + 1024*2 = 2413 -> 2 + 192 + 1 + 40 + 2048.
  EXPECT_EQ(f(2413), 2283);
  // i = 1024*9 + 3: extension of the last mode -> 6 + 9*1024.
  EXPECT_EQ(f(9219), 9222);
  int64_t out[6];
  f.eval_chunk(30, 6, out);  // i = 30..35 crosses modes 0, 1 and 2
  const int64_t want[6] = {4 + 448, 6 + 448, 0 + 1, 2 + 1, 4 + 1, 6 + 1};
  for (int j = 0; j < 6; ++j) EXPECT_EQ(out[j], want[j]) << j;

  // Trailing size-1 mode kept: (4,1):(1,100)(5) = 1 + 1*100.
  const FlatLayout g = make_flat(parse_layout("(4,1):(1,100)"));
  EXPECT_EQ(g.rank, 2);
  EXPECT_EQ(g.size, 4);
  EXPECT_EQ(g(5), 101);
  EXPECT_EQ(g(3), 3);
  // ... but merged when it continues the previous mode.
  const FlatLayout h = make_flat(parse_layout("(4,1):(1,4)"));
  EXPECT_EQ(h.rank, 1);
  EXPECT_EQ(h(9), 9);
  // Negative strides: range and values.
  const FlatLayout n = make_flat(parse_layout("(4,3):(-1,-4)"));
  EXPECT_EQ(n.min_offset, -11);
  EXPECT_EQ(n.max_offset, 0);
  EXPECT_EQ(n(7), -7);
  EXPECT_EQ(n(13), -13);  // extension: -1 - 3*4
  const FlatLayout m = make_flat(parse_layout("(2,3):(-1,5)"));
  EXPECT_EQ(m.min_offset, -1);
  EXPECT_EQ(m.max_offset, 10);
}

TEST(FlatLayout, EmptyShape) {
  // () : size 1, L(i) = 0 everywhere; stored as the single mode 1:0.
  const FlatLayout f = make_flat(Layout(IntTuple(), IntTuple()));
  EXPECT_EQ(f.rank, 1);
  EXPECT_EQ(f.size, 1);
  EXPECT_EQ(f.max_index, kMaxU);
  EXPECT_EQ(f(0), 0);
  EXPECT_EQ(f(kMaxU), 0);
  int64_t out[2] = {5, 5};
  f.eval_chunk(kMaxU - 1, 2, out);  // the last index 2^64 - 1 included
  EXPECT_EQ(out[0], 0);
  EXPECT_EQ(out[1], 0);
}

TEST(FlatLayout, MaxIndexOfTheNaturalExtension) {
  // 8:2^60: L(7) = 7*2^60 fits, L(8) = 2^63 does not.
  const FlatLayout a = make_flat(parse_layout("8:1152921504606846976"));
  EXPECT_EQ(a.max_index, uint64_t{7});
  EXPECT_EQ(a(7), 7 * (int64_t{1} << 60));
  EXPECT_THROW((void)parse_layout("8:1152921504606846976")(8), Error);
  // 4:-2^61: L(4) = -2^63 still fits.
  const FlatLayout b = make_flat(parse_layout("4:-2305843009213693952"));
  EXPECT_EQ(b.max_index, uint64_t{4});
  EXPECT_EQ(b(4), INT64_MIN);
  // (2,4):(1,2^60): blocks of 2, offsets 1 + q 2^60 fit up to q = 7.
  const FlatLayout c = make_flat(parse_layout("(2,4):(1,1152921504606846976)"));
  EXPECT_EQ(c.max_index, uint64_t{15});
  EXPECT_EQ(c(15), 1 + 7 * (int64_t{1} << 60));
  // Last stride 0: every index.
  const FlatLayout d = make_flat(parse_layout("(3,5):(1,0)"));
  EXPECT_EQ(d.max_index, kMaxU);
  EXPECT_EQ(d(kMaxU), 0);  // 2^64 - 1 is a multiple of 3
  EXPECT_EQ(d(kMaxU - 1), 2);
  int64_t out[3];
  d.eval_chunk(kMaxU - 2, 3, out);
  EXPECT_EQ(out[0], 1);
  EXPECT_EQ(out[1], 2);
  EXPECT_EQ(out[2], 0);
}

// ---- refusals ---------------------------------------------------------------------

void expect_refused(const std::string& text) {
  SCOPED_TRACE(text);
  const Layout l = parse_layout(text);
  for (auto make : {&make_flat, &make_flat_unmerged}) {
    try {
      (void)make(l);
      ADD_FAILURE() << "not refused";
    } catch (const Error& e) {
      EXPECT_EQ(e.op(), "make_flat");
      EXPECT_EQ(e.operands(), to_string(l));
      EXPECT_FALSE(e.condition().empty());
    }
  }
}

TEST(FlatLayout, RefusesOffsetsPastInt64) {
  // (2,2^62):(2^62,2) has size 2^63: already refused by the Layout itself.
  EXPECT_THROW((void)parse_layout("(2,4611686018427387904):(4611686018427387904,2)"), Error);
  expect_refused("(2,4611686018427387903):(4611686018427387904,2)");  // 2^62 + 2(2^62-2)
  expect_refused("(2,2305843009213693952):(4611686018427387904,4)");  // 2^62 + 4(2^61-1)
  expect_refused("4611686018427387905:2");                            // (2^62) * 2 = 2^63
  expect_refused("4611686018427387906:-2");                           // -(2^62+1)*2 < -2^63
  expect_refused("(2,2):(4611686018427387904,4611686018427387904)");  // 2^62 + 2^62
  expect_refused("(2,3):(-4611686018427387904,-4611686018427387904)");
  expect_refused("(3,3):(9223372036854775807,1)");
  // Right at the edge: accepted.
  const FlatLayout a = make_flat(parse_layout("4611686018427387904:2"));
  EXPECT_EQ(a.max_offset, INT64_MAX - 1);
  EXPECT_EQ(a(a.max_index), INT64_MAX - 1);
  const FlatLayout b = make_flat(parse_layout("4611686018427387905:-2"));
  EXPECT_EQ(b.min_offset, INT64_MIN);
  EXPECT_EQ(b(4611686018427387904), INT64_MIN);
  const FlatLayout c = make_flat(parse_layout("(2,2):(4611686018427387904,-4611686018427387904)"));
  EXPECT_EQ(c.max_offset, int64_t{1} << 62);
  EXPECT_EQ(c.min_offset, -(int64_t{1} << 62));
  EXPECT_EQ(c(1), int64_t{1} << 62);
  EXPECT_EQ(c(3), 0);
}

TEST(FlatLayout, RefusesTooManyModes) {
  // 17 modes 2:3^k never merge (2 * 3^k != 3^(k+1)).
  std::string shape = "(", stride = "(";
  int64_t d = 1;
  for (int k = 0; k < 17; ++k) {
    shape += (k ? "," : "") + std::string("2");
    stride += (k ? "," : "") + std::to_string(d);
    d *= 3;
  }
  expect_refused(shape + "):" + stride + ")");
  // 17 modes 2:2^k merge into one.
  shape = "(";
  stride = "(";
  for (int k = 0; k < 17; ++k) {
    shape += (k ? "," : "") + std::string("2");
    stride += (k ? "," : "") + std::to_string(int64_t{1} << k);
  }
  const FlatLayout f = make_flat(parse_layout(shape + "):" + stride + ")"));
  EXPECT_EQ(f.rank, 1);
  EXPECT_EQ(f.shape[0], int64_t{1} << 17);
  EXPECT_EQ(f(200000), 200000);
  EXPECT_THROW((void)make_flat_unmerged(parse_layout(shape + "):" + stride + ")")), Error);
}

}  // namespace
}  // namespace layout
