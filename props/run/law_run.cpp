#include "law_run.hpp"

#include <rapidcheck.h>
#include <rapidcheck/detail/Configuration.h>

#include <chrono>
#include <exception>
#include <iostream>
#include <random>
#include <type_traits>
#include <variant>

namespace props::run {

const char* name(Result r) {
  switch (r) {
    case Result::held:
      return "held";
    case Result::failed:
      return "FAILED";
    case Result::gave_up:
      return "gave up";
    case Result::error:
      break;
  }
  return "error";
}

namespace {

// RapidCheck's default listener prints progress and, at exit, a reproduce
// string for the global configuration; the runs here carry their own seed.
class QuietListener : public rc::detail::TestListener {
public:
  void onTestCaseFinished(const rc::detail::CaseDescription&) override {}
  void onShrinkTried(const rc::detail::CaseDescription&, bool) override {}
  void onTestFinished(const rc::detail::TestMetadata&, const rc::detail::TestResult&) override {}
};

// RapidCheck prints its global configuration to stderr when it first loads
// it; these runs do not use it (each carries its own seed), so load it once
// with stderr muted.
void quiet_configuration() {
  static const bool loaded = [] {
    std::streambuf* err = std::cerr.rdbuf(nullptr);
    (void)rc::detail::configuration();
    std::cerr.rdbuf(err);
    return true;
  }();
  (void)loaded;
}

void measure_tuple(const IntTuple& t, bool count, int& leaves, int64_t& largest) {
  t.for_each_leaf([&](int64_t v) {
    leaves += count;
    const int64_t a = v < 0 ? (v == INT64_MIN ? INT64_MAX : -v) : v;
    largest = a > largest ? a : largest;
  });
}

void measure_layout(const Layout& l, int& leaves, int64_t& largest) {
  measure_tuple(l.shape(), true, leaves, largest);
  measure_tuple(l.stride(), false, leaves, largest);
}

void measure_tiler(const Tiler& t, int& leaves, int64_t& largest) {
  if (t.is_layout()) measure_layout(t.layout, leaves, largest);
  for (const Tiler& e : t.elems) measure_tiler(e, leaves, largest);
}

}  // namespace

void measure(const std::vector<Arg>& args, int& leaves, int64_t& largest) {
  leaves = 0;
  largest = 0;
  for (const Arg& a : args)
    std::visit(
        [&](const auto& x) {
          using X = std::decay_t<decltype(x)>;
          if constexpr (std::is_same_v<X, Layout>)
            measure_layout(x, leaves, largest);
          else if constexpr (std::is_same_v<X, Tiler>)
            measure_tiler(x, leaves, largest);
          else if constexpr (std::is_same_v<X, IntTuple>)
            measure_tuple(x, true, leaves, largest);
          else if constexpr (std::is_same_v<X, int64_t>)
            largest = std::max(largest, x < 0 ? (x == INT64_MIN ? INT64_MAX : -x) : x);
        },
        a);
}

LawRun run_law(const Algebra& alg, const Law& law, const Options& options) {
  LawRun r;
  r.law = law.id;
  r.seed = options.seed ? *options.seed : std::random_device{}();
  const std::vector<gen::InputClass> classes =
      options.classes.empty() ? gen::classes_for(law) : options.classes;
  std::vector<rc::Gen<gen::Args>> gens;
  for (gen::InputClass c : classes) gens.push_back(gen::shown_args_for(law, c));
  quiet_configuration();

  // The property. The classes take turns (case k draws from class k mod n),
  // so each gets its share exactly. During shrinking the property runs again
  // on smaller inputs of the failing class: the last failing call is the
  // minimal counterexample (every later candidate held).
  std::size_t next_case = 0, failing_class = 0;
  bool shrinking = false;
  std::vector<Arg> failing_args;
  const auto property = [&] {
    const std::size_t k = shrinking ? failing_class : next_case++ % gens.size();
    const gen::Args args = *gens[k];
    Outcome out;
    bool unsupported = false;
    try {
      out = law.check(alg, args.v);
    } catch (const Unsupported&) {  // an audited implementation without the operation
      out = vacuous("unsupported");
      unsupported = true;
    } catch (const std::exception& e) {  // a law lets only layout::Error through
      out = fail(law.id, args.v, std::string("unexpected exception: ") + e.what());
    }
    if (!shrinking) {
      ClassTally& t = r.by_class[gen::name(args.cls)];
      ++t.cases;
      t.vacuous += out.is_vacuous();
      r.vacuous += out.is_vacuous();
      r.refused += out.is_vacuous() && std::string_view(out.vacuous_reason()) == "refused";
      r.unsupported += unsupported;
    }
    if (out) {
      if (!shrinking) failing_class = k;
      shrinking = true;
      r.counterexample = *out;
      failing_args = args.v;
      RC_FAIL(describe(*out));
    }
  };

  rc::detail::TestParams params;
  params.seed = r.seed;
  params.maxSuccess = options.cases;
  rc::detail::TestMetadata metadata;
  metadata.id = law.id;
  metadata.description = law.id;
  const auto t0 = std::chrono::steady_clock::now();
  QuietListener listener;
  const rc::detail::TestResult result =
      rc::detail::checkTestable(property, metadata, params, listener);
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();

  rc::detail::SuccessResult success;
  rc::detail::FailureResult failure;
  rc::detail::GaveUpResult gave_up;
  rc::detail::Error error;
  if (result.match(success)) {
    r.result = Result::held;
    r.cases = success.numSuccess;
  } else if (result.match(failure)) {
    r.result = Result::failed;
    r.cases = failure.numSuccess;
    for (const Arg& a : failing_args) r.args.push_back(notation({a}));
    measure(failing_args, r.leaves, r.largest);
    if (!r.counterexample) r.message = failure.description;
  } else if (result.match(gave_up)) {
    r.result = Result::gave_up;
    r.cases = gave_up.numSuccess;
    r.message = gave_up.description;
  } else {
    result.match(error);
    r.result = Result::error;
    r.message = error.description;
  }
  return r;
}

}  // namespace props::run
