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

Hunt hunt(const Algebra& alg, const HuntOptions& options) {
  Hunt h;
  run::Options o;
  o.cases = options.cases;
  o.seed = options.seed;
  for (const Law& law : catalog()) {
    h.runs.push_back(run::run_law(alg, law, o));
    h.seconds += h.runs.back().seconds;
    if (!options.every_law && h.runs.back().result == run::Result::failed) break;
  }
  return h;
}

}  // namespace props::mutants
