#include "selftest.hpp"

namespace props::mutants {

const run::LawRun* Hunt::killer() const {
  for (const run::LawRun& r : runs)
    if (r.result == run::Result::failed) return &r;
  return nullptr;
}

int Hunt::failures() const {
  int n = 0;
  for (const run::LawRun& r : runs) n += r.result == run::Result::failed;
  return n;
}

namespace {

// The laws in catalog order, `cases` each.
Hunt pass(const Algebra& alg, const HuntOptions& options, int cases) {
  Hunt h;
  h.cases = cases;
  run::Options o;
  o.cases = cases;
  o.seed = options.seed;
  for (const Law& law : catalog()) {
    h.runs.push_back(run::run_law(alg, law, o));
    h.seconds += h.runs.back().seconds;
    if (!options.every_law && h.runs.back().result == run::Result::failed) break;
  }
  return h;
}

}  // namespace

Hunt hunt(const Algebra& alg, const HuntOptions& options) {
  // Most mutants fall within a few cases of the law that kills them, and a
  // law that holds costs its full count: the sweep finds those kills at a
  // tenth of the cost of the laws before the killer.
  const bool sweep =
      !options.every_law && options.sweep_cases > 0 && options.sweep_cases < options.cases;
  if (!sweep) return pass(alg, options, options.cases);
  Hunt quick = pass(alg, options, options.sweep_cases);
  if (quick.killer()) return quick;
  Hunt full = pass(alg, options, options.cases);
  full.seconds += quick.seconds;
  return full;
}

}  // namespace props::mutants
