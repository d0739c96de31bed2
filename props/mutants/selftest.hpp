// The selftest: the law suite against an algebra (a mutant, or the control),
// law by law in catalog order through props::run::run_law.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "law_run.hpp"
#include "mutants.hpp"

namespace props::mutants {

struct HuntOptions {
  int cases = 200;               // per law
  std::optional<uint64_t> seed;  // nullopt: random (reported in each LawRun)
  bool every_law = false;        // false: stop at the first law that fails
  // Without every_law: a sweep of every law with this many cases comes
  // first, and the full hunt (`cases` per law) runs only when the sweep finds
  // nothing (0, or >= cases: no sweep). The full hunt is the hunt without a
  // sweep, so a mutant it kills is still killed.
  int sweep_cases = 20;
};

struct Hunt {
  std::vector<run::LawRun> runs;  // the laws of the last pass that ran, in order
  double seconds = 0;             // both passes
  int cases = 0;                  // per law in `runs`: the sweep's or the full hunt's
  // The first law that failed (the mutant's killer), or nullptr.
  const run::LawRun* killer() const;
  int failures() const;
};

// Runs the catalog against alg.
Hunt hunt(const Algebra& alg, const HuntOptions& options);

}  // namespace props::mutants
