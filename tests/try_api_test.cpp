// The try_* twins return what their throwing functions return: the same layout
// where the throwing function answers, and the same Error (operation, operands,
// condition) where it refuses, without throwing. Checked on random small
// operands that reach both the fast paths and the general ones (exact
// constructions, refusals of every kind, tuple tilers with `_`, the left
// inverse's symbolic rule and its search).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <optional>
#include <random>
#include <string>

#include "layout/algebra.hpp"
#include "layout/notation.hpp"
#include "layout/result.hpp"
#include "test_oracle.hpp"

namespace {

using layout::Error;
using layout::IntTuple;
using layout::Layout;
using layout::Result;
using layout::Tiler;
using oracle::L;
using oracle::str;

constexpr int kCases = 1500;

// A random layout of rank 1-3 (sometimes nested), shapes 1-6, strides -3..12.
Layout random_layout(std::mt19937_64& rng) {
  auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  auto leaf = [&] { return pick(1, 6); };
  auto stride = [&] { return pick(0, 5) == 0 ? pick(-3, -1) : pick(0, 12); };
  const int rank = pick(1, 3);
  if (rank == 1) return Layout(leaf(), stride());
  std::vector<IntTuple> s, d;
  for (int i = 0; i < rank; ++i) {
    if (pick(0, 4) == 0) {  // a nested mode
      s.push_back(IntTuple::tuple({leaf(), leaf()}));
      d.push_back(IntTuple::tuple({stride(), stride()}));
    } else {
      s.push_back(leaf());
      d.push_back(stride());
    }
  }
  return Layout(IntTuple::tuple(s), IntTuple::tuple(d));
}

// A tiler: a layout, or a tuple of layouts and `_` of rank 1-3.
Tiler random_tiler(std::mt19937_64& rng) {
  if (std::uniform_int_distribution<int>(0, 2)(rng) != 0) return random_layout(rng);
  std::vector<Tiler> elems;
  const int rank = std::uniform_int_distribution<int>(1, 3)(rng);
  for (int i = 0; i < rank; ++i)
    elems.push_back(std::uniform_int_distribution<int>(0, 3)(rng) == 0 ? Tiler::underscore()
                                                                       : random_layout(rng));
  return Tiler::tuple(elems);
}

// try_op() and op() agree: same layout, or the same Error.
::testing::AssertionResult Agree(const std::function<Result<Layout>()>& try_op,
                                 const std::function<Layout()>& op) {
  Result<Layout> r = [&]() -> Result<Layout> {
    try {
      return try_op();
    } catch (const std::exception& e) {
      return Error("test", "", std::string("try_* threw: ") + e.what());
    }
  }();
  try {
    const Layout want = op();
    if (!r.ok()) return ::testing::AssertionFailure() << "try_* refused: " << r.error().what();
    if (*r != want)
      return ::testing::AssertionFailure() << "try_* " << str(*r) << " vs " << str(want);
  } catch (const Error& e) {
    if (r.ok())
      return ::testing::AssertionFailure() << "try_* answered " << str(*r) << ", op: " << e.what();
    if (std::string(r.error().what()) != e.what())
      return ::testing::AssertionFailure() << "try_*: " << r.error().what() << "\nop: " << e.what();
    if (r.error().op() != e.op() || r.error().operands() != e.operands() ||
        r.error().condition() != e.condition())
      return ::testing::AssertionFailure() << "the parts differ: " << e.what();
  }
  return ::testing::AssertionSuccess();
}

TEST(TryApi, AgreesWithTheThrowingFunctions) {
  std::mt19937_64 rng(20261202);
  int refused = 0, answered = 0;
  for (int n = 0; n < kCases; ++n) {
    const Layout a = random_layout(rng), b = random_layout(rng);
    const Tiler t = random_tiler(rng);
    const int64_t m = std::uniform_int_distribution<int64_t>(-1, 80)(rng);
    const std::string at =
        str(a) + " / " + str(b) + " / " + layout::to_string(t) + " / " + std::to_string(m);
    auto check = [&](const char* what, const std::function<Result<Layout>()>& try_op,
                     const std::function<Layout()>& op) {
      EXPECT_TRUE(Agree(try_op, op)) << what << " at " << at;
      (try_op().ok() ? answered : refused)++;
    };
    check(
        "composition", [&] { return layout::try_composition(a, b); },
        [&] { return layout::composition(a, b); });
    check(
        "composition (tiler)", [&] { return layout::try_composition(a, t); },
        [&] { return layout::composition(a, t); });
    check(
        "complement", [&] { return layout::try_complement(a, m); },
        [&] { return layout::complement(a, m); });
    check(
        "complement (cosize)", [&] { return layout::try_complement(a); },
        [&] { return layout::complement(a); });
    check(
        "logical_divide", [&] { return layout::try_logical_divide(a, t); },
        [&] { return layout::logical_divide(a, t); });
    check(
        "zipped_divide", [&] { return layout::try_zipped_divide(a, t); },
        [&] { return layout::zipped_divide(a, t); });
    check(
        "tiled_divide", [&] { return layout::try_tiled_divide(a, t); },
        [&] { return layout::tiled_divide(a, t); });
    check(
        "flat_divide", [&] { return layout::try_flat_divide(a, t); },
        [&] { return layout::flat_divide(a, t); });
    check(
        "logical_product", [&] { return layout::try_logical_product(a, t); },
        [&] { return layout::logical_product(a, t); });
    check(
        "zipped_product", [&] { return layout::try_zipped_product(a, t); },
        [&] { return layout::zipped_product(a, t); });
    check(
        "tiled_product", [&] { return layout::try_tiled_product(a, t); },
        [&] { return layout::tiled_product(a, t); });
    check(
        "blocked_product", [&] { return layout::try_blocked_product(a, b); },
        [&] { return layout::blocked_product(a, b); });
    check(
        "raked_product", [&] { return layout::try_raked_product(a, b); },
        [&] { return layout::raked_product(a, b); });
    check(
        "right_inverse", [&] { return layout::try_right_inverse(a); },
        [&] { return layout::right_inverse(a); });
    check(
        "left_inverse", [&] { return layout::try_left_inverse(a); },
        [&] { return layout::left_inverse(a); });
    check(
        "upcast", [&] { return layout::try_upcast(a, m); }, [&] { return layout::upcast(a, m); });
    check(
        "downcast", [&] { return layout::try_downcast(a, m); },
        [&] { return layout::downcast(a, m); });
    check(
        "recast_layout", [&] { return layout::try_recast_layout(a, m, m % 12 + 1); },
        [&] { return layout::recast_layout(a, m, m % 12 + 1); });
    check(
        "eval",
        [&]() -> Result<Layout> {
          const Result<int64_t> v = layout::try_eval(a, m * 1000003);
          if (!v.ok()) return v.error();
          return Layout(1, *v);
        },
        [&] { return Layout(1, a(m * 1000003)); });
  }
  // Both outcomes are common, so both halves of the contract are exercised.
  EXPECT_GT(refused, kCases);
  EXPECT_GT(answered, kCases);
}

// try_parse_layout and parse_layout: printed layouts with a few characters of
// the notation (and others) spliced in, so that most texts are malformed at
// some depth and some still parse, and a text that parses but denotes no
// layout (a zero shape) takes the semantic refusal.
TEST(TryApi, ParseAgreesWithTheThrowingParser) {
  std::mt19937_64 rng(20261205);
  const std::string alphabet = "(),:_-+0123456789 <>X#";
  int refused = 0, answered = 0;
  for (int n = 0; n < kCases; ++n) {
    std::string text = str(random_layout(rng));
    const int edits = std::uniform_int_distribution<int>(0, 3)(rng);
    for (int k = 0; k < edits; ++k) {
      const auto at = std::uniform_int_distribution<std::size_t>(0, text.size())(rng);
      text.insert(at, 1, alphabet[rng() % alphabet.size()]);
    }
    if (n % 50 == 0) text = "(4,0):(1,4)";
    EXPECT_TRUE(Agree([&] { return layout::try_parse_layout(text); },
                      [&] { return layout::parse_layout(text); }))
        << "\"" << text << "\"";
    (layout::try_parse_layout(text).ok() ? answered : refused)++;
  }
  EXPECT_GT(refused, kCases / 4);
  EXPECT_GT(answered, kCases / 4);
}

// A coordinate or projection that is a layout (2:1): refused by both.
layout::Term layout_term() {
  layout::Term t;
  t.kind = layout::Term::Kind::layout;
  t.shape = IntTuple(2);
  t.stride = IntTuple(1);
  return t;
}

// A random slicing coordinate for a layout of this shape: `_`, an integer
// (sometimes negative, sometimes near 2^61 so that the offset or the sum of
// the modes' offsets passes int64), a layout (refused), or a tuple of the
// shape's rank (sometimes one off), nested where the shape is.
layout::Term random_coord(std::mt19937_64& rng, const IntTuple& shape) {
  using Kind = layout::Term::Kind;
  auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  layout::Term t;
  const int k = pick(0, 12);
  if (k == 0) {
    t.kind = Kind::underscore;
  } else if (k == 1) {
    t = layout_term();
  } else if (k <= 4 || (shape.is_int() && k <= 8)) {
    t.kind = Kind::integer;
    t.value = k == 2 ? pick(-2, 3) : k == 3 ? (int64_t{1} << 61) + pick(0, 9) : pick(0, 40);
  } else {
    t.kind = Kind::tuple;
    const int rank = shape.is_int() ? 1 : shape.rank();
    const int n = std::max(0, rank + (pick(0, 9) == 0 ? pick(-1, 1) : 0));
    for (int i = 0; i < n; ++i)
      t.elems.push_back(i < rank && shape.is_tuple() ? random_coord(rng, shape[i])
                                                     : random_coord(rng, IntTuple(1)));
  }
  return t;
}

// try_slice and slice agree: the same pieces and offset, or the same Error.
TEST(TryApi, SliceAgreesWithTheThrowingSlice) {
  std::mt19937_64 rng(20261206);
  int refused = 0, answered = 0, overflowed = 0;
  for (int n = 0; n < kCases; ++n) {
    Layout a = random_layout(rng);
    if (n % 7 == 0) a = Layout(IntTuple::tuple({4, 3}), IntTuple::tuple({3, 2}));
    const layout::Term c = random_coord(rng, a.shape());
    const std::string at = str(a) + " at " + layout::to_string(c);
    std::optional<Result<layout::Sliced>> r;
    try {
      r.emplace(layout::try_slice(a, c));
    } catch (const std::exception& e) {
      ADD_FAILURE() << "try_slice threw: " << e.what() << " at " << at;
      continue;
    }
    try {
      const layout::Sliced want = layout::slice(a, c);
      ASSERT_TRUE(r->ok()) << "try_slice refused: " << r->error().what() << " at " << at;
      EXPECT_EQ((*r)->layout, want.layout) << at;
      EXPECT_EQ((*r)->offset, want.offset) << at;
      ++answered;
    } catch (const Error& e) {
      ASSERT_FALSE(r->ok()) << "try_slice answered, slice: " << e.what() << " at " << at;
      EXPECT_EQ(r->error().op(), e.op()) << at;
      EXPECT_EQ(r->error().operands(), e.operands()) << at;
      EXPECT_EQ(r->error().condition(), e.condition()) << at;
      ++refused;
      if (std::string(e.what()).find("int64") != std::string::npos) ++overflowed;
    }
  }
  EXPECT_GT(refused, kCases / 10);
  EXPECT_GT(answered, kCases / 10);
  EXPECT_GT(overflowed, 10);
}

// try_op() and op() agree for a result that is not a layout: the same value
// (as `show` prints it), or the same Error; counts the outcome.
template <class T, class Show>
void ExpectAgree(const std::function<Result<T>()>& try_op, const std::function<T()>& op, Show show,
                 const std::string& at, int& answered, int& refused) {
  std::optional<Result<T>> r;
  try {
    r.emplace(try_op());
  } catch (const std::exception& e) {
    ADD_FAILURE() << "try_* threw: " << e.what() << " at " << at;
    return;
  }
  try {
    const T want = op();
    ASSERT_TRUE(r->ok()) << "try_* refused: " << r->error().what() << " at " << at;
    EXPECT_EQ(show(**r), show(want)) << at;
    ++answered;
  } catch (const Error& e) {
    ASSERT_FALSE(r->ok()) << "try_* answered " << show(**r) << ", op: " << e.what() << " at " << at;
    EXPECT_EQ(r->error().op(), e.op()) << at;
    EXPECT_EQ(r->error().operands(), e.operands()) << at;
    EXPECT_EQ(r->error().condition(), e.condition()) << at;
    ++refused;
  }
}

// A random projection for dice: an integer (keeps all), `_` (keeps nothing),
// a layout (refused), or a tuple of rank `rank` (sometimes one off) of 1, `_`
// and, for a nested shape, tuples.
layout::Term random_projection(std::mt19937_64& rng, const IntTuple& shape) {
  using Kind = layout::Term::Kind;
  auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  layout::Term t;
  const int k = pick(0, 9);
  if (k == 0) {
    t.kind = Kind::underscore;
  } else if (k == 1) {
    t = layout_term();
  } else if (k <= 3 || shape.is_int()) {
    t.value = 1;
  } else {
    t.kind = Kind::tuple;
    const int n = std::max(0, shape.rank() + (pick(0, 7) == 0 ? pick(-1, 1) : 0));
    for (int i = 0; i < n; ++i)
      t.elems.push_back(i < shape.rank() && pick(0, 2) != 0
                            ? random_projection(rng, shape[i])
                            : layout::Term{Kind::underscore, 0, {}, {}, {}});
  }
  return t;
}

std::string show_sliced(const layout::Sliced& s) {
  return str(s.layout) + " + " + std::to_string(s.offset);
}

// try_dice, try_local_tile and try_local_partition agree with their throwing
// functions: the same value, or the same Error.
TEST(TryApi, DiceAndLocalTilingAgreeWithTheThrowingFunctions) {
  std::mt19937_64 rng(20261207);
  auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  int answered = 0, refused = 0;
  for (int n = 0; n < kCases; ++n) {
    const Layout a = random_layout(rng), threads = random_layout(rng);
    const Tiler t = random_tiler(rng);
    const layout::Term p = random_projection(rng, threads.shape());
    const layout::Term c = random_coord(rng, threads.shape());
    const std::optional<layout::Term> proj =
        pick(0, 2) == 0 ? std::optional<layout::Term>(p) : std::nullopt;
    const int64_t tid = pick(-1, 40);
    const std::string at = str(a) + " / " + layout::to_string(t) + " / " + str(threads) + " / " +
                           layout::to_string(p) + " / " + layout::to_string(c) + " / " +
                           std::to_string(tid);
    auto show_term = [](const layout::Term& x) { return layout::to_string(x); };
    auto show_tiler = [](const Tiler& x) { return layout::to_string(x); };
    ExpectAgree<layout::Term>([&] { return layout::try_dice(p, c); },
                              [&] { return layout::dice(p, c); }, show_term, "dice term " + at,
                              answered, refused);
    ExpectAgree<Tiler>([&] { return layout::try_dice(p, t); }, [&] { return layout::dice(p, t); },
                       show_tiler, "dice tiler " + at, answered, refused);
    ExpectAgree<Layout>(
        [&] { return layout::try_dice(p, threads); }, [&] { return layout::dice(p, threads); },
        [](const Layout& x) { return str(x); }, "dice layout " + at, answered, refused);
    ExpectAgree<layout::Sliced>([&] { return layout::try_local_tile(a, t, c, proj); },
                                [&] { return layout::local_tile(a, t, c, proj); }, show_sliced,
                                "local_tile " + at, answered, refused);
    ExpectAgree<layout::Sliced>([&] { return layout::try_local_partition(a, threads, tid, proj); },
                                [&] { return layout::local_partition(a, threads, tid, proj); },
                                show_sliced, "local_partition " + at, answered, refused);
  }
  EXPECT_GT(refused, kCases);
  EXPECT_GT(answered, kCases);
}

TEST(TryApi, ValueThrowsTheRefusal) {
  const Result<Layout> r = layout::try_composition(L("(6,2):(1,7)"), L("(3,2):(2,3)"));
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().op(), "composition");
  EXPECT_EQ(r.error().operands(), "(6,2):(1,7), (3,2):(2,3)");
  try {
    (void)r.value();
    ADD_FAILURE() << "value() of a refusal returned";
  } catch (const Error& e) {
    EXPECT_STREQ(e.what(), r.error().what());
  }
  const Result<Layout> ok = layout::try_composition(L("(4,8):(1,4)"), L("8:2"));
  ASSERT_TRUE(ok.ok());
  EXPECT_EQ(ok.value(), layout::composition(L("(4,8):(1,4)"), L("8:2")));
}

// An overflow refusal is thrown where checked arithmetic detects it but still
// comes back as a value.
TEST(TryApi, OverflowIsAValueToo) {
  // The walk's stride 4 * 2^62 passes int64 (checked arithmetic throws Overflow).
  const Result<Layout> r = layout::try_composition(L("2:4611686018427387904"), L("2:4"));
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().op(), "composition");
  EXPECT_NE(std::string(r.error().condition()).find("overflows int64"), std::string::npos)
      << r.error().what();
  // A result whose offsets pass int64 (the representability check, a status).
  const Result<Layout> big = layout::try_composition(L("4:4611686018427387904"), L("4:1"));
  ASSERT_FALSE(big.ok());
  EXPECT_NE(std::string(big.error().condition()).find("past int64"), std::string::npos)
      << big.error().what();
  const Result<int64_t> e = layout::try_eval(L("(4,2):(4611686018427387904,1)"), 2);
  ASSERT_FALSE(e.ok());
  EXPECT_EQ(e.error().op(), "eval");
}

// The message of the Error that f() throws ("" when it answers).
template <class F>
std::string thrown(F&& f) {
  try {
    (void)f();
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

// The try_* twin refuses with `what` and the throwing function throws it.
template <class Try, class Throwing>
void ExpectRefusedWith(Try&& try_op, Throwing&& op, const std::string& what) {
  const auto r = try_op();
  ASSERT_FALSE(r.ok()) << what;
  EXPECT_EQ(std::string(r.error().what()), what);
  EXPECT_EQ(thrown(op), what);
}

// An overflow inside a divide (the composition walk's stride 8 * 2^61) is
// named by the divide, and by local_tile around it, one inside a product's
// complement by the product, and one in the exact construction by the
// composition, with the same text from the try_* twin and from the throwing
// function.
TEST(TryApi, OverflowInsideAnOperationIsNamedByIt) {
  const Layout a = L("(1,3):(1,2305843009213693952)");
  const Tiler t = L("4:8");
  ExpectRefusedWith([&] { return layout::try_logical_divide(a, t); },
                    [&] { return layout::logical_divide(a, t); },
                    "logical_divide((1,3):(1,2305843009213693952), 4:8): 8 * "
                    "2305843009213693952 overflows int64");
  const layout::Term c{layout::Term::Kind::integer, 8, {}, {}, {}};
  ExpectRefusedWith([&] { return layout::try_local_tile(a, t, c); },
                    [&] { return layout::local_tile(a, t, c); },
                    "local_tile((1,3):(1,2305843009213693952), 4:8, 8): zipped_divide((1,3):(1,"
                    "2305843009213693952), 4:8): 8 * 2305843009213693952 overflows int64");
  // The complement's s * d inside a product (the copies' complement of A).
  const Layout pa = L("(4,3):(1,4611686018427387904)"), pb = L("(6,5,6):(12,3,2)");
  ExpectRefusedWith([&] { return layout::try_logical_product(pa, pb); },
                    [&] { return layout::logical_product(pa, pb); },
                    "logical_product((4,3):(1,4611686018427387904), (6,5,6):(12,3,2)): 3 * "
                    "4611686018427387904 overflows int64");
  // A(c * d) in the exact construction (B's stride 9 has no symbolic rule on
  // A's mode 4, and A(8 * 9) needs 2 * 2^62).
  const Layout eb = L("((4,4),6,(1,6)):((0,9),6,(6,6))");
  ExpectRefusedWith([&] { return layout::try_composition(pa, eb); },
                    [&] { return layout::composition(pa, eb); },
                    "composition((4,3):(1,4611686018427387904), ((4,4),6,(1,6)):((0,9),6,(6,6))): "
                    "2 * 4611686018427387904 overflows int64");
  // A product's cotarget size(A) * cosize(B) (the copies' complement of A in
  // [0, size(A) * cosize(B))), under a by-mode tiler.
  const Layout qa = L("(16,65536):(0,2147483648)");
  const Tiler qb = layout::parse_tiler("<2:-4611686018427387904,_>");
  ExpectRefusedWith([&] { return layout::try_zipped_product(qa, qb); },
                    [&] { return layout::zipped_product(qa, qb); },
                    "zipped_product((16,65536):(0,2147483648), <2:-4611686018427387904,_>): 16 * "
                    "4611686018427387905 overflows int64");
}

// A slicing offset past int64 is a refusal with crd2idx's own text (a leaf's
// c * d, or the whole offset), or the sum of the modes' offsets, named by
// slice or by local_tile around it: the same from the try_* twin (which does
// not throw inside) and the throwing function.
TEST(TryApi, SlicingOffsetOverflowIsNamed) {
  const Layout a = L("(2147483648,16,2):(2,-4611686018427387904,4)");
  const layout::Term c = layout::parse_term("(_,15,23)");
  ExpectRefusedWith([&] { return layout::try_slice(a, c); }, [&] { return layout::slice(a, c); },
                    "slice((2147483648,16,2):(2,-4611686018427387904,4), (_,15,23)): crd2idx(15, "
                    "16, -4611686018427387904): 15 * -4611686018427387904 overflows int64");
  const Layout w = L("(4,1000003):(3074457345618258602,6)");
  const layout::Term i{layout::Term::Kind::integer, 31, {}, {}, {}};
  ExpectRefusedWith([&] { return layout::try_slice(w, i); }, [&] { return layout::slice(w, i); },
                    "slice((4,1000003):(3074457345618258602,6), 31): crd2idx(31, (4,1000003), "
                    "(3074457345618258602,6)): the offset passes int64");
  const Layout s = L("(3,4,8):(1,32,1)");
  const layout::Term sc = layout::parse_term("(1840826240860726404,_,8596060715624017489)");
  ExpectRefusedWith([&] { return layout::try_slice(s, sc); }, [&] { return layout::slice(s, sc); },
                    "slice((3,4,8):(1,32,1), (1840826240860726404,_,8596060715624017489)): "
                    "1840826240860726404 + 8596060715624017489 overflows int64");
  const Layout t = L("4:8");
  const Tiler tile = L("(6):(6)");
  const layout::Term tc{layout::Term::Kind::integer, 1273064135635906303, {}, {}, {}};
  ExpectRefusedWith([&] { return layout::try_local_tile(t, tile, tc); },
                    [&] { return layout::local_tile(t, tile, tc); },
                    "local_tile(4:8, (6):(6), 1273064135635906303): crd2idx(1273064135635906303, "
                    "6, 8): 1273064135635906303 * 8 overflows int64");
}

}  // namespace
