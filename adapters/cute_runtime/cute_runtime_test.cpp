// The cute-runtime adapter in process: its profile tables, its Unsupported
// boundary, and CuTe's known wrong composition found by the catalog's
// COMP-FN from random cases (docs/AUDIT.md).
#include <gtest/gtest.h>

#include "cute_runtime_algebra.hpp"
#include "law.hpp"
#include "law_run.hpp"
#include "layout/notation.hpp"
#include "profiles.hpp"

namespace {

using adapters::CuteRuntimeAlgebra;
using namespace adapters::cute_runtime;

// An IntTuple of profile T with leaves next, next + 1, ...
template <class T>
layout::IntTuple sample(int64_t& next) {
  if constexpr (std::is_same_v<T, I>) {
    return layout::IntTuple(next++);
  } else {
    return [&]<std::size_t... k>(std::index_sequence<k...>) {
      std::vector<layout::IntTuple> elems;
      (elems.push_back(sample<std::tuple_element_t<k, T>>(next)), ...);
      return layout::IntTuple::tuple(elems);
    }
    (std::make_index_sequence<std::tuple_size_v<T>>{});
  }
}

TEST(CuteRuntime, EveryProfileIsFoundAndRoundTrips) {
  [&]<int... K>(std::integer_sequence<int, K...>) {
    (
        [&] {
          int64_t next = 2;
          const layout::IntTuple t = sample<Profile<K>>(next);
          EXPECT_EQ(profile_of(t), K) << layout::to_string(t);
          EXPECT_EQ(from_cute(to_cute<Profile<K>>(t)), t) << layout::to_string(t);
        }(),
        ...);
  }
  (std::make_integer_sequence<int, kProfiles>{});
}

TEST(CuteRuntime, OtherProfilesAreUnsupported) {
  const CuteRuntimeAlgebra cute;
  for (const char* text : {"(2,2,2,2,2):(1,2,4,8,16)", "((2,(2,2)),3):((1,(2,4)),8)",
                           "(2,(2,2,2,2)):(1,(2,4,8,16))", "((2),3):((1),2)"})
    EXPECT_THROW(cute.size(layout::parse_layout(text)), props::Unsupported) << text;
  EXPECT_THROW(cute.left_inverse(layout::parse_layout("4:1")), props::Unsupported);
  // complement needs static values for rank >= 2.
  EXPECT_THROW(cute.complement(layout::parse_layout("(2,2):(1,4)"), 16), props::Unsupported);
}

TEST(CuteRuntime, AgreesWhereCuteIsRight) {
  const CuteRuntimeAlgebra cute;
  const layout::Layout a = layout::parse_layout("(4,(2,3)):(1,(4,8))");
  EXPECT_EQ(cute.size(a), 24);
  EXPECT_EQ(cute.cosize(a), 1 + 3 + 4 + 16);
  for (int64_t i = 0; i < 24; ++i) EXPECT_EQ(cute.eval(a, i), a(i));
  // With runtime values CuTe keeps the modes a static build would drop: the
  // same function, another form.
  const layout::Layout r =
      cute.composition(layout::parse_layout("(4,8):(1,4)"), layout::parse_layout("8:4"));
  EXPECT_EQ(r.size(), 8);
  for (int64_t i = 0; i < 8; ++i) EXPECT_EQ(r(i), 4 * i);
}

// cutlass #2955: B's modes straddle A's mode boundary; CuTe gives 7 where
// A(B(5)) = 8. If a CuTe release fixes it, this test says so.
TEST(CuteRuntime, ReturnsTheKnownWrongComposition) {
  const CuteRuntimeAlgebra cute;
  const layout::Layout a = layout::parse_layout("(6,2):(1,7)");
  const layout::Layout b = layout::parse_layout("(3,2):(2,3)");
  const layout::Layout r = cute.composition(a, b);
  EXPECT_EQ(r(5), 7);
  EXPECT_EQ(a(b(5)), 8);
}

TEST(CuteRuntime, CompFnFindsTheWrongCompositionFromRandomCases) {
  const CuteRuntimeAlgebra cute;
  props::run::Options o;
  o.cases = 1000;
  o.seed = 1;
  const props::run::LawRun r = props::run::run_law(cute, *props::find_law("COMP-FN"), o);
  ASSERT_EQ(r.result, props::run::Result::failed) << r.message;
  ASSERT_EQ(r.args.size(), 2u);
  for (const std::string& arg : r.args) EXPECT_LE(layout::parse_layout(arg).rank(), 3) << arg;
}

}  // namespace
