// RapidCheck + GoogleTest driver: every law of props::catalog() on every input
// class that applies to it (props::gen::classes_for), one GoogleTest test (and
// so one ctest entry) per law and class, plus one per law over all its
// classes ("mixed") that reports the class distribution.
//
// Each test runs rc::check: the property draws the law's arguments from the
// class's generator, runs the law against the reference algebra and fails
// with the law's counterexample (inputs in CuTe notation). RapidCheck shrinks
// it and prints the RC_PARAMS="reproduce=..." string that replays it. After
// each run the test prints its case count, cases per second and how many
// cases were vacuous (the law's precondition was not met: it called no
// operation) or refused (an operation refused its operands).
#include <gtest/gtest.h>
// gtest first: rapidcheck/gtest.h needs it.
#include <rapidcheck/gtest.h>

#include <cctype>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "counting_algebra.hpp"
#include "generators.hpp"
#include "law.hpp"

namespace {

using layout::IntTuple;
using layout::Layout;
using layout::Tiler;
using props::gen::InputClass;

// Law x class pairs held back from the default suite: each failed on the
// reference algebra while it was not decided whether the law or the library
// is to change. None is held back now (the last two were law-side edges:
// NO-OVERFLOW read a cosize one past INT64_MAX as an overflow, the oracle
// rejected INT64_MIN). LAYOUTCHECK_PROPS_ALL=1 runs held-back pairs too.
struct HeldBack {
  const char* law;
  InputClass cls;
  const char* finding;
};
const std::vector<HeldBack> held_back = {};

bool run_all() {
  const char* all = std::getenv("LAYOUTCHECK_PROPS_ALL");
  return all && std::string(all) == "1";
}

const HeldBack* held(const props::Law& law, InputClass c) {
  if (run_all()) return nullptr;
  for (const HeldBack& h : held_back)
    if (law.id == h.law && c == h.cls) return &h;
  return nullptr;
}

// The classes a law runs on in this suite.
std::vector<InputClass> classes(const props::Law& law) {
  std::vector<InputClass> out;
  for (InputClass c : props::gen::classes_for(law))
    if (!held(law, c)) out.push_back(c);
  return out;
}

struct Param {
  std::size_t law;                // index into props::catalog()
  std::optional<InputClass> cls;  // nullopt: all the law's classes (mixed)
};

std::string id_of(const Param& p) {
  return props::catalog()[p.law].id + "/" + (p.cls ? props::gen::name(*p.cls) : "mixed");
}

std::vector<Param> params() {
  std::vector<Param> out;
  for (std::size_t i = 0; i < props::catalog().size(); ++i) {
    for (InputClass c : classes(props::catalog()[i])) out.push_back({i, c});
    out.push_back({i, std::nullopt});
  }
  return out;
}

void PrintTo(const Param& p, std::ostream* os) { *os << id_of(p); }

std::string test_name(const testing::TestParamInfo<Param>& info) {
  std::string s = id_of(info.param);
  for (char& ch : s)
    if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
  return s;
}

class LawProps : public testing::TestWithParam<Param> {};

TEST_P(LawProps, Holds) {
  const Param p = GetParam();
  const props::Law& law = props::catalog()[p.law];
  const rc::Gen<props::gen::Args> gen = p.cls ? props::gen::shown_args_for(law, *p.cls)
                                              : props::gen::mixed_args_for(law, classes(law));
  long cases = 0, vacuous = 0, refused = 0;
  const auto t0 = std::chrono::steady_clock::now();
  const bool ok = rc::check(id_of(p), [&] {
    const props::gen::Args args = *gen;
    props::run::CountingAlgebra alg(props::reference_algebra());
    const props::Outcome out = law.check(alg, args.v);
    ++cases;
    vacuous += alg.calls == 0;
    refused += alg.refusals > 0;
    if (p.cls)
      RC_TAG(alg.calls == 0 ? "vacuous" : alg.refusals > 0 ? "refused" : "checked");
    else
      RC_TAG(props::gen::name(args.cls));
    if (out) RC_FAIL(props::describe(*out));
  });
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::printf("%s: %ld cases in %.3f s (%.0f cases/s), vacuous %ld (%.1f%%), refused %ld\n",
              id_of(p).c_str(), cases, s, s > 0 ? static_cast<double>(cases) / s : 0.0, vacuous,
              cases ? 100.0 * static_cast<double>(vacuous) / static_cast<double>(cases) : 0.0,
              refused);
  EXPECT_TRUE(ok) << id_of(p) << " failed; see the counterexample and reproduce string above";
}

INSTANTIATE_TEST_SUITE_P(Catalog, LawProps, testing::ValuesIn(params()), test_name);

}  // namespace
