// Every mutant of props/mutants is killed by the law suite (the first law that
// fails is printed with its shrunk counterexample), and the control, the plain
// re-implementations with every switch correct, survives every law.
//
// The seed is fixed (kSeed below); LAYOUTCHECK_SEED=<n> picks another.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <string>

#include "selftest.hpp"

namespace {

using props::mutants::Hunt;
using props::mutants::HuntOptions;

// The seed is fixed (kSeed) so that ctest is repeatable; LAYOUTCHECK_SEED=<n>
// explores others (`layoutcheck selftest` draws a random one).
constexpr uint64_t kSeed = 20261201;

HuntOptions options(bool every_law) {
  HuntOptions o;
  o.every_law = every_law;
  o.seed = kSeed;
  if (const char* s = std::getenv("LAYOUTCHECK_SEED")) o.seed = std::strtoull(s, nullptr, 10);
  return o;
}

void print_failure(const props::run::LawRun& r) {
  std::printf(
      "  %s failed (seed %llu, after %d cases, %.2f s): %s\n    arguments: %zu, leaves %d, "
      "largest |value| %lld\n",
      r.law.c_str(), static_cast<unsigned long long>(r.seed), r.cases, r.seconds,
      r.counterexample ? props::describe(*r.counterexample).c_str() : r.message.c_str(),
      r.args.size(), r.leaves, static_cast<long long>(r.largest));
}

class MutantKilled : public testing::TestWithParam<std::string> {};

TEST_P(MutantKilled, ByTheLaws) {
  const props::mutants::Mutant* m = props::mutants::find(GetParam());
  ASSERT_NE(m, nullptr);
  const auto alg = m->make();
  const Hunt h = props::mutants::hunt(*alg, options(false));
  std::printf("%s (%s): %zu laws of %d cases in %.2f s\n", m->name.c_str(), m->bug.c_str(),
              h.runs.size(), h.cases, h.seconds);
  const props::run::LawRun* k = h.killer();
  ASSERT_NE(k, nullptr) << m->name << " survived all " << h.runs.size() << " laws";
  print_failure(*k);
  EXPECT_TRUE(k->counterexample.has_value()) << "the failure carries no counterexample";
}

std::vector<std::string> names() {
  std::vector<std::string> out;
  for (const props::mutants::Mutant& m : props::mutants::all()) out.push_back(m.name);
  return out;
}

std::string test_name(const testing::TestParamInfo<std::string>& info) {
  std::string s = info.param;
  for (char& c : s)
    if (c == '-') c = '_';
  return s;
}

INSTANTIATE_TEST_SUITE_P(Mutants, MutantKilled, testing::ValuesIn(names()), test_name);

TEST(Mutants, AtLeastThirty) { EXPECT_GE(props::mutants::all().size(), 30u); }

TEST(Control, SurvivesEveryLaw) {
  const auto alg = props::mutants::control();
  const Hunt h = props::mutants::hunt(*alg, options(true));
  std::printf("control: %zu laws in %.2f s, %d failed\n", h.runs.size(), h.seconds, h.failures());
  for (const props::run::LawRun& r : h.runs)
    if (r.result != props::run::Result::held) print_failure(r);
  EXPECT_EQ(h.failures(), 0);
  for (const props::run::LawRun& r : h.runs)
    EXPECT_EQ(r.result, props::run::Result::held) << r.law << ": " << r.message;
}

// The sweep: a kill in it ends the hunt; when it finds nothing, the full hunt
// (every law at the full count) runs, so the sweep never costs a kill.
TEST(Hunt, ASweepKillEndsTheHunt) {
  const props::mutants::Mutant* m = props::mutants::find("cosize-is-size");
  ASSERT_NE(m, nullptr);
  HuntOptions o = options(false);
  o.cases = 200;
  o.sweep_cases = 20;
  const Hunt h = props::mutants::hunt(*m->make(), o);
  ASSERT_NE(h.killer(), nullptr);
  EXPECT_EQ(h.killer()->law, "COSIZE-ORACLE");
  EXPECT_EQ(h.cases, 20);
  EXPECT_EQ(h.runs.back().law, "COSIZE-ORACLE");
}

TEST(Hunt, TheFullHuntRunsWhenTheSweepFindsNothing) {
  HuntOptions o = options(false);
  o.cases = 4;
  o.sweep_cases = 2;
  const Hunt h = props::mutants::hunt(*props::mutants::control(), o);
  EXPECT_EQ(h.killer(), nullptr);
  EXPECT_EQ(h.cases, 4);
  EXPECT_EQ(h.runs.size(), props::catalog().size());
  for (const props::run::LawRun& r : h.runs) EXPECT_LE(r.cases, 4) << r.law;
}

TEST(Hunt, NoSweepWithEveryLawOrAtOrPastTheFullCount) {
  for (const auto& [every_law, sweep] :
       {std::pair{true, 2}, std::pair{false, 0}, std::pair{false, 4}}) {
    HuntOptions o = options(every_law);
    o.cases = 3;
    o.sweep_cases = sweep;
    const Hunt h = props::mutants::hunt(*props::mutants::control(), o);
    EXPECT_EQ(h.cases, 3) << every_law << " " << sweep;
    EXPECT_EQ(h.runs.size(), props::catalog().size());
  }
}

}  // namespace
