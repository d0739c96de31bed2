// props::run — one law of the catalog through RapidCheck's standalone checker
// (no test framework): draws the law's arguments from its input classes, runs
// the law against an algebra, and on a failure shrinks it to a minimal
// counterexample. Used by `layoutcheck verify` (every law against the
// library) and `layoutcheck selftest` (every law against every mutant).
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "generators.hpp"
#include "law.hpp"

namespace props::run {

struct Options {
  int cases = 200;                       // successful cases before the law counts as held
  std::optional<uint64_t> seed;          // nullopt: a fresh random seed (reported)
  std::vector<gen::InputClass> classes;  // empty: the law's classes (gen::classes_for)
};

enum class Result { held, failed, gave_up, error };
const char* name(Result r);

// Cases of one input class, and how many of them were vacuous.
struct ClassTally {
  int cases = 0, vacuous = 0;
  double share() const {  // non-vacuous share
    return cases ? 1.0 - static_cast<double>(vacuous) / static_cast<double>(cases) : 0.0;
  }
};

// A law holds on a mixed-class run only if at least this share of its cases
// checked something (docs/LAWS.md, "Vacuity").
constexpr double kMinNonVacuous = 0.25;

struct LawRun {
  std::string law;
  Result result = Result::error;
  int cases = 0;                 // cases that held before the end (or the failure)
  int vacuous = 0, refused = 0;  // of those: vacuous (checked nothing) / because refused
  int unsupported = 0;           // of those: the algebra does not have an operation (Unsupported)
  std::map<std::string, ClassTally> by_class;  // per input class
  uint64_t seed = 0;
  double seconds = 0;
  // result == failed: the shrunk counterexample and its arguments in CuTe
  // notation, one string per argument (what `layoutcheck check` takes).
  std::optional<Counterexample> counterexample;
  std::vector<std::string> args;
  int leaves = 0;       // its size: shape leaves of the layouts, tilers and tuples
  int64_t largest = 0;  // and the largest absolute integer in it
  std::string message;  // gave_up / error: RapidCheck's description
};

LawRun run_law(const Algebra& alg, const Law& law, const Options& options = {});

// Leaves and largest absolute integer of a law's arguments.
void measure(const std::vector<Arg>& args, int& leaves, int64_t& largest);

}  // namespace props::run
