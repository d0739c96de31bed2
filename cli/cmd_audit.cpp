// layoutcheck audit [ADAPTER | --impl CMD] [--cases N] [--seed S] [--laws IDS]
// [--time S] [--timeout MS] [--json FILE] [--baseline FILE]: the whole law catalog, with shrinking,
// against another implementation spoken to over the JSON-lines audit protocol (docs/AUDIT.md,
// adapters/protocol). Per law: holds, unsupported, or a finding with its
// minimal counterexample and a replay command. Exit 1 when there are findings.
#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "commands.hpp"
#include "exit_codes.hpp"
#include "law_report.hpp"
#include "law_run.hpp"
#include "progress.hpp"
#include "protocol_algebra.hpp"

namespace layoutcheck {

namespace {

struct AuditArgs {
  std::string adapter;  // a named adapter (pycute), or empty with --impl
  std::string impl;
  double time = 0;       // seconds; 0: no budget
  std::string baseline;  // expected findings, one "LAW<TAB>kind" per line
  int cases = 100;
  std::optional<uint64_t> seed;
  std::vector<std::string> laws;
  int timeout_ms = 10000;
  std::string json;
  std::string report;  // --report FILE: the findings as an HTML page
};

// What a failed law run found: a malformed answer (a result that is no value
// of its kind: an offset past int64, a shape of 0, ...), a crash (the child
// died, hung or replied nonsense), a refusal of operands that have an answer,
// or a wrong answer.
std::string kind_of(const props::run::LawRun& r) {
  const std::string what = r.counterexample ? r.counterexample->what : r.message;
  if (what.find("unexpected exception: malformed answer") != std::string::npos)
    return "malformed answer";
  if (what.find("unexpected exception: ") != std::string::npos) return "crash";
  if (what.find("refused") != std::string::npos && what.find("not refused") == std::string::npos)
    return "refusal where an answer exists";
  return "wrong answer";
}

// A word for /bin/sh: quoted only when it has to be.
std::string word(const std::string& s) {
  for (char c : s)
    if (!std::isalnum(static_cast<unsigned char>(c)) &&
        std::string("_/.-+").find(c) == std::string::npos)
      return shell_quote(s);
  return s;
}

// The command of a named adapter (docs/AUDIT.md). pycute and cute-static run
// with the project's .venv (scripts/setup-adapters.sh) when there is one;
// the CuTe adapters exist when the build found CuTe's headers (cmake/cute.cmake).
std::string adapter_command(const std::string& name) {
  const std::string src = LAYOUTCHECK_SOURCE_DIR;
  const std::string venv = src + "/.venv/bin/python";
  const std::string python = std::ifstream(venv).good() ? venv : "python3";
  const std::string not_built = "the " + name +
                                " adapter is not built: it needs CuTe's headers (run "
                                "scripts/setup-adapters.sh, then configure again; docs/AUDIT.md)";
  if (name == "pycute") return word(python) + " " + word(src + "/adapters/pycute/adapter.py");
  if (name == "cute-runtime") {
#ifdef LAYOUTCHECK_CUTE_RUNTIME
    return "exec " + word(LAYOUTCHECK_CUTE_RUNTIME);  // no shell message when CuTe dies
#else
    throw UsageError(not_built);
#endif
  }
  if (name == "cute-static") {
#ifdef LAYOUTCHECK_CUTE_STATIC_ARGS
    return word(python) + " " + word(src + "/adapters/cute_static/adapter.py") + " " +
           LAYOUTCHECK_CUTE_STATIC_ARGS;
#else
    throw UsageError(not_built);
#endif
  }
  if (name == "cute-dsl") {  // optional (NVIDIA's EULA): only where the user installed it
    const char* env = std::getenv("LAYOUTCHECK_DSL_PYTHON");
    const std::string py = env && *env ? word(env) : word(python);
    if (std::system((py + " -c 'import cutlass.cute' >/dev/null 2>&1").c_str()) != 0)
      throw UsageError("the cute-dsl adapter needs NVIDIA's CuTe DSL, which " + py +
                       " cannot import; it is optional and never installed by layoutcheck "
                       "(NVIDIA's EULA): pip install nvidia-cutlass-dsl, and name that Python "
                       "in LAYOUTCHECK_DSL_PYTHON (adapters/cute_dsl/README.md)");
    return py + " " + word(src + "/adapters/cute_dsl/adapter.py");
  }
  throw UsageError("no adapter " + name +
                   "; the adapters: pycute, cute-runtime, cute-static, cute-dsl (or --impl 'CMD')");
}

// The findings against the baseline: lines "+ LAW kind" (new) and "- LAW kind" (gone).
std::vector<std::string> baseline_diff(const std::string& file, const nlohmann::json& findings) {
  std::ifstream in(file);
  if (!in) throw UsageError("cannot read the baseline " + file);
  std::set<std::string> want, got;
  for (std::string line; std::getline(in, line);)
    if (!line.empty() && line[0] != '#') want.insert(line);
  for (const auto& f : findings)
    got.insert(f.at("law").get<std::string>() + "\t" + f.at("kind").get<std::string>());
  std::vector<std::string> out;
  for (const std::string& g : got)
    if (!want.count(g)) out.push_back("+ " + g);
  for (const std::string& w : want)
    if (!got.count(w)) out.push_back("- " + w);
  return out;
}

int audit(AuditArgs a) {
  if (!a.adapter.empty() && !a.impl.empty())
    throw UsageError("give an adapter or --impl, not both");
  if (!a.adapter.empty()) a.impl = adapter_command(a.adapter);
  if (a.impl.empty())
    throw UsageError("give the implementation: an adapter name or --impl 'CMD ARGS'");
  if (a.cases < 1) throw UsageError("--cases must be >= 1");
  std::vector<const props::Law*> laws;
  if (a.laws.empty()) {
    // COMP-FN first, then the catalog's order (the headline laws next): every
    // implementation audited so far fails the definition of composition, and a
    // slow one (cute-static) reaches it within a --time budget (docs/AUDIT.md).
    const props::Law* first = props::find_law("COMP-FN");
    if (first) laws.push_back(first);
    for (const props::Law& l : props::catalog())
      if (&l != first) laws.push_back(&l);
  } else {
    for (const std::string& id : a.laws) {
      const props::Law* l = props::find_law(id);
      if (!l) throw UsageError("no law " + id + " (layoutcheck check --list lists them)");
      laws.push_back(l);
    }
  }
  adapters::ProtocolAlgebra alg(a.impl, a.timeout_ms);
  nlohmann::json report = {{"implementation", a.impl},
                           {"laws", nlohmann::json::array()},
                           {"findings", nlohmann::json::array()}};
  try {
    const adapters::ProtocolAlgebra::Hello h = alg.hello();
    report["name"] = h.name;
    std::cout << "audit of " << (h.name.empty() ? a.impl : h.name) << " (" << h.ops.size()
              << " operations announced)\n";
  } catch (const adapters::ProtocolFailure& e) {
    std::cout << "FINDING crash: the implementation did not answer the handshake: " << e.what()
              << '\n';
    report["findings"].push_back({{"law", "-"}, {"kind", "crash"}, {"message", e.what()}});
    if (!a.json.empty()) std::ofstream(a.json) << report.dump(2) << '\n';
    return kCheckFailed;
  }

  props::run::Options o;
  o.cases = a.cases;
  o.seed = a.seed;
  const bool batching = alg.announces("batch");
  int64_t batched = 0;
  // A finding is printed under its law's row as soon as it is found (a slow
  // implementation's audit shows its first counterexample early).
  std::ostringstream failures;
  int held = 0, unsupported = 0, findings = 0, errors = 0, not_run = 0;
  std::vector<draw::ReportEntry> entries;  // --report
  std::vector<std::string> passed;
  const auto start = std::chrono::steady_clock::now();
  std::printf("%-16s %8s %12s %-30s %8s\n", "law", "cases", "unsupported", "result", "time");
  ProgressBar bar("audit", laws.size());  // on a terminal only
  for (const props::Law* law : laws) {
    bar.update(report["laws"].size(), law->id);
    const double spent =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (a.time > 0 && spent >= a.time) {  // the budget is spent: the rest is not run
      ++not_run;
      bar.clear();
      report["laws"].push_back({{"law", law->id}, {"result", "not run (time)"}});
      std::printf("%-16s %8s %12s %-30s\n", law->id.c_str(), "-", "-", "not run (time)");
      continue;
    }
    props::run::Options run = o;
    const auto law_start = std::chrono::steady_clock::now();
    if (batching) {  // the law's requests, answered by the library, sent as one batch
      alg.start_recording(props::reference_algebra());
      const props::run::LawRun rehearsal = props::run::run_law(alg, *law, run);
      const std::vector<adapters::ProtocolAlgebra::Request> requests = alg.stop_recording();
      run.seed = rehearsal.seed;  // the same cases
      try {
        alg.batch(requests, std::max(a.timeout_ms, 600000));
        batched += static_cast<int64_t>(requests.size());
      } catch (const adapters::ProtocolFailure& e) {
        std::cout << "batch of " << law->id << " failed (its requests go one by one): " << e.what()
                  << '\n';
      }
    }
    const props::run::LawRun r = props::run::run_law(alg, *law, run);
    const double seconds =  // with the rehearsal and its batch
        std::chrono::duration<double>(std::chrono::steady_clock::now() - law_start).count();
    std::string result;
    nlohmann::json entry = {{"law", law->id}, {"cases", r.cases}, {"unsupported", r.unsupported}};
    if (r.result == props::run::Result::held) {
      const bool none = r.unsupported == r.cases;
      result = none ? "unsupported" : r.cases - r.vacuous == 0 ? "holds (vacuously)" : "holds";
      (none ? unsupported : held) += 1;
      passed.push_back(law->id + ": " + result + " (" + std::to_string(r.cases) + " cases)");
    } else if (r.result == props::run::Result::failed && r.counterexample) {
      result = kind_of(r);
      ++findings;
      const std::string replay = replay_command(r, "", a.impl);
      failures << "FINDING " << law->id << ": " << result << '\n'
               << "  " << props::describe(*r.counterexample) << '\n'
               << "  counterexample: " << r.args.size() << " argument(s), " << r.leaves
               << " shape leaves, largest |value| " << r.largest << '\n'
               << "  replay: " << replay << '\n';
      nlohmann::json f = {{"law", law->id},
                          {"kind", result},
                          {"op", law->ops},
                          {"operands", r.args},
                          {"message", r.counterexample->what},
                          {"replay", replay}};
      if (r.counterexample->index) f["index"] = *r.counterexample->index;
      if (r.counterexample->expected) f["expected"] = *r.counterexample->expected;
      if (r.counterexample->actual) f["actual"] = *r.counterexample->actual;
      report["findings"].push_back(f);
      if (!a.report.empty())
        entries.push_back(report_entry(r, alg, report.value("name", a.impl), replay, result));
    } else {
      result = std::string("error: ") + props::run::name(r.result);
      ++errors;
      failures << "ERROR " << law->id << ": " << r.message << '\n';
    }
    entry["result"] = result;
    entry["seconds"] = seconds;
    report["laws"].push_back(entry);
    bar.clear();
    std::printf("%-16s %8d %12d %-30s %7.2fs\n", law->id.c_str(), r.cases, r.unsupported,
                result.c_str(), seconds);
    std::fflush(stdout);
    std::cout << failures.str() << std::flush;
    failures.str("");
  }
  std::cout << held << " held, " << findings << " findings, " << unsupported << " unsupported";
  if (errors) std::cout << ", " << errors << " errors";
  if (not_run) std::cout << ", " << not_run << " not run (--time)";
  std::cout << " (" << alg.requests() << " requests";
  if (batching) std::cout << ", " << batched << " of them rehearsed in batches";
  std::cout << ")\n";
  report["requests"] = alg.requests();
  if (batching) report["batched"] = batched;
  if (!a.json.empty()) {
    std::ofstream out(a.json);
    if (!out) throw UsageError("cannot write " + a.json);
    out << report.dump(2) << '\n';
  }
  if (!a.report.empty())
    draw::write_report(a.report, "layoutcheck audit: " + report.value("name", a.impl),
                       std::to_string(held) + " held, " + std::to_string(findings) + " findings, " +
                           std::to_string(unsupported) + " unsupported; implementation: " + a.impl,
                       entries, passed);
  if (!a.baseline.empty()) {
    const std::vector<std::string> diff = baseline_diff(a.baseline, report["findings"]);
    for (const std::string& d : diff) std::cout << "baseline: " << d << '\n';
    std::cout << "baseline " << a.baseline << ": "
              << (diff.empty() ? "the findings are the expected ones"
                               : std::to_string(diff.size()) + " differences")
              << '\n';
    return diff.empty() && errors == 0 ? kOk : kCheckFailed;
  }
  return findings + errors == 0 ? kOk : kCheckFailed;
}

}  // namespace

void add_audit(CLI::App& app, Action& action) {
  auto args = std::make_shared<AuditArgs>();
  CLI::App* cmd = app.add_subcommand(
      "audit", "the law catalog against another implementation over the audit protocol");
  cmd->add_option("ADAPTER", args->adapter,
                  "a named adapter: pycute, cute-runtime, cute-static or cute-dsl (docs/AUDIT.md)");
  cmd->add_option("--impl", args->impl,
                  "the command that runs the implementation (docs/AUDIT.md), run by /bin/sh -c");
  cmd->add_option("--time", args->time, "a time budget in seconds: later laws are not run");
  cmd->add_option("--baseline", args->baseline,
                  "compare the findings with these (LAW<TAB>kind per line): exit 0 iff the same");
  cmd->add_option("--cases", args->cases, "RapidCheck cases per law")->capture_default_str();
  cmd->add_option("--seed", args->seed, "RapidCheck seed (default: random)");
  cmd->add_option("--laws", args->laws, "only these laws (ids)")->delimiter(',');
  cmd->add_option("--timeout", args->timeout_ms, "per request, in milliseconds")
      ->capture_default_str();
  cmd->add_option("--report", args->report,
                  "also write the findings as one self-contained HTML page (drawn operands, "
                  "expected against actual)");
  cmd->add_option("--json", args->json, "also write the report as JSON");
  cmd->callback([args, &action] { action = [args] { return audit(*args); }; });
}

}  // namespace layoutcheck
