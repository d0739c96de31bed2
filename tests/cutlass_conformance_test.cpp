// Conformance with NVIDIA CuTe on the layouts real CUTLASS kernels build
// (tests/conformance/README.md): every record of cutlass_cases.jsonl is one
// check, judged by props::cutlass::check (identical to CuTe: same function,
// rank, top-level mode sizes and offset; a refusal fails).
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "cutlass_cases.hpp"

#ifndef LAYOUTCHECK_CUTLASS_CASES
#error "LAYOUTCHECK_CUTLASS_CASES must name tests/conformance/cutlass_cases.jsonl"
#endif

namespace {

using props::cutlass::Record;

struct Loaded {
  std::vector<Record> records;
  std::string error;  // why the file could not be read, if it could not
};

const Loaded& loaded() {
  static const Loaded all = [] {
    Loaded l;
    try {
      l.records = props::cutlass::load(LAYOUTCHECK_CUTLASS_CASES);
    } catch (const std::exception& e) {
      l.error = e.what();
    }
    return l;
  }();
  return all;
}

// One test per group (a process per record would cost more than the checks
// under the sanitizers); every failing record is reported with its name and
// both answers.
class CutlassConformance : public ::testing::TestWithParam<std::string> {};

TEST_P(CutlassConformance, IdenticalToCute) {
  ASSERT_TRUE(loaded().error.empty()) << loaded().error;
  int cases = 0;
  for (const Record& r : loaded().records) {
    if (r.group != GetParam()) continue;
    ++cases;
    const auto why = props::cutlass::check(props::reference_algebra(), r);
    EXPECT_FALSE(why.has_value()) << props::cutlass::describe(r) << "\n  " << why.value_or("");
  }
  EXPECT_GT(cases, 0) << "no case of group " << GetParam();
}

INSTANTIATE_TEST_SUITE_P(Groups, CutlassConformance,
                         ::testing::Values("mma_atom", "copy_atom", "tiled_mma", "tiled_copy",
                                           "gmma_smem", "gemm_tiling"),
                         [](const ::testing::TestParamInfo<std::string>& info) {
                           return info.param;
                         });

// The file itself: readable, at least 150 records (issue 13), unique names,
// only the six groups.
TEST(CutlassConformanceFile, HasTheCases) {
  const Loaded& l = loaded();
  ASSERT_TRUE(l.error.empty()) << l.error;
  EXPECT_GE(l.records.size(), 150u);
  std::vector<std::string> names;
  for (const Record& r : l.records) names.push_back(r.name);
  std::sort(names.begin(), names.end());
  EXPECT_EQ(std::adjacent_find(names.begin(), names.end()), names.end()) << "duplicate names";
  const std::vector<std::string> groups = {"mma_atom",   "copy_atom", "tiled_mma",
                                           "tiled_copy", "gmma_smem", "gemm_tiling"};
  for (const Record& r : l.records)
    EXPECT_NE(std::find(groups.begin(), groups.end(), r.group), groups.end())
        << r.name << ": unknown group " << r.group;
}

// The check can fail: CuTe's answer with one value changed, another
// top-level structure of the same function, a refusal, an unknown op.
TEST(CutlassConformanceFile, TheCheckCatchesDifferences) {
  Record r{"t",         "gemm_tiling",          "hand", "composition", "(2,2):(4,1)",
           "identical", {"(4,2):(2,1)", "4:2"}, 1};
  EXPECT_FALSE(props::cutlass::check(props::reference_algebra(), r).has_value());
  r.cute = "(2,2):(4,2)";
  EXPECT_TRUE(props::cutlass::check(props::reference_algebra(), r).has_value());
  r.cute = "4:1";  // not even the same function
  EXPECT_TRUE(props::cutlass::check(props::reference_algebra(), r).has_value());
  Record s{
      "s", "gemm_tiling", "hand", "slice", "(4):(1) + 4", "identical", {"(4,2):(1,4)", "(_,1)"}, 2};
  EXPECT_FALSE(props::cutlass::check(props::reference_algebra(), s).has_value());
  s.cute = "(4):(1) + 5";
  EXPECT_TRUE(props::cutlass::check(props::reference_algebra(), s).has_value());
  Record t{"u", "gmma_smem", "hand", "upcast", "((2,2)):((1,2))", "identical", {"(4):(1)", "1"}, 3};
  t.args = {"((2,2)):((1,2))", "1"};
  EXPECT_FALSE(props::cutlass::check(props::reference_algebra(), t).has_value());
  t.cute = "(2,2):(1,2)";  // the same function, rank 2 instead of 1
  EXPECT_TRUE(props::cutlass::check(props::reference_algebra(), t).has_value());
  t.args = {"(4,2):(3,1)", "2"};  // refused: 3 neither divides nor is a multiple of 2
  EXPECT_TRUE(props::cutlass::check(props::reference_algebra(), t).has_value());
  t.op = "no_such_op";
  EXPECT_TRUE(props::cutlass::check(props::reference_algebra(), t).has_value());
}

}  // namespace
