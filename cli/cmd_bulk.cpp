// layoutcheck bulk LAW ARGS... | bulk --campaign N: the laws checked over every
// index of huge layouts on the GPU or the CPU backend (docs/BULK.md).
#include <iostream>
#include <memory>
#include <random>

#include "bulk_job.hpp"
#include "commands.hpp"
#include "exit_codes.hpp"
#include "gpu_check/campaign.hpp"
#include "gpu_check/make_job.hpp"
#include "gpu_check/report.hpp"
#include "gpu_check/spot_check.hpp"
#include "progress.hpp"

namespace layoutcheck {

// gpu_check's names are brought in per function, not for the namespace: the
// command is compiled in a unity unit with the others (cli/CMakeLists.txt).
namespace {

struct BulkArgs {
  std::vector<std::string> words;  // LAW ARGS...
  std::string backend = "auto";
  std::string cross = "sample";
  int campaign = 0;
  std::string min_size = "2^30";
  uint64_t seed = 0;
  bool seed_given = false;
};

gpu_check::Backend choose_backend(const std::string& name) {
  using namespace gpu_check;
  if (name == "cpu") return Backend::cpu;
  if (name == "gpu") {
    if (!gpu_status().available) throw GpuError("--backend gpu: " + gpu_status().description);
    return Backend::gpu;
  }
  return auto_backend();
}

gpu_check::CrossMode cross_mode(const std::string& name) {
  using namespace gpu_check;
  return name == "full" ? CrossMode::full : name == "none" ? CrossMode::none : CrossMode::sample;
}

uint64_t size_arg(const std::string& what, const std::string& text) {
  using namespace gpu_check;
  try {
    return parse_size(text);
  } catch (const std::invalid_argument& e) {
    throw UsageError(what + ": " + e.what());
  }
}

int run_law(const BulkArgs& a) {
  using namespace gpu_check;
  if (a.words.empty()) throw UsageError(kBulkUsage);
  const Backend backend = choose_backend(a.backend);
  Prepared p;
  try {
    p = prepare_named(a.words[0], {a.words.begin() + 1, a.words.end()});
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());
  }
  std::cout << "bulk " << p.law_id << ": " << p.statement << '\n';
  Timed t;
  {
    ProgressBar bar("bulk " + p.law_id, p.job.n);  // on a terminal only; erased when done
    t = run_with_progress(
        backend, p.job, [&bar](uint64_t done, uint64_t, const BulkResult& r, double s) {
          bar.update(done,
                     std::to_string(r.mismatches) + " mismatches, " + gpu_check::seconds_text(s));
        });
  }
  std::cout << "indices " << count_text(p.job.n) << ", " << backend_name(backend) << " "
            << gpu_check::seconds_text(t.seconds) << ", "
            << (t.seconds > 0 ? sci(static_cast<double>(p.job.n) / t.seconds) : "-")
            << " indices/s\n";
  std::cout << describe(t.result) << '\n';
  const CrossMode mode = cross_mode(a.cross);
  const CrossCheck c = cross_check(p.job, backend, mode, t.result, 1);
  if (c.ran) std::cout << cross_text(c, mode) << '\n';
  const SpotCheck s = spot_check(p, t.result, 1);
  std::cout << "oracle spot check: " << s.indices << " indices, "
            << (s.agree ? "agrees" : "DISAGREES\n" + s.detail) << '\n';
  std::cout << verdict(p.job, t.result) << '\n';
  return t.result.mismatches == 0 && c.agree && s.agree ? kOk : kCheckFailed;
}

int run_campaign_cmd(const BulkArgs& a) {
  using namespace gpu_check;
  if (!a.words.empty())
    throw UsageError("--campaign takes no law arguments\n" + std::string(kBulkUsage));
  CampaignOptions o;
  o.cases = a.campaign;
  o.min_size = size_arg("--min-size", a.min_size);
  if (o.min_size < (uint64_t{1} << 10) || o.min_size > (uint64_t{1} << 36))
    throw UsageError("--min-size must lie in [2^10, 2^36]");
  o.seed = a.seed_given ? a.seed : std::random_device{}();
  o.backend = choose_backend(a.backend);
  o.cross = cross_mode(a.cross);
  o.progress = &std::cerr;
  std::cerr << "bulk campaign: " << o.cases << " cases, seed " << o.seed << ", "
            << backend_name(o.backend) << " ("
            << (o.backend == Backend::gpu ? gpu_status().description : "all cores") << ")\n";
  const CampaignReport rep = run_campaign(o);
  print_campaign(rep, std::cout);
  if (rep.ok()) return kOk;
  return rep.failed() == rep.device_errors() ? kDevice : kCheckFailed;  // only the GPU failed: 4
}

}  // namespace

JobResult run_bulk_job() {
  using namespace gpu_check;
  CampaignOptions o;
  o.cases = 10;
  o.min_size = uint64_t{1} << 22;
  o.seed = 2026;
  o.backend = auto_backend();
  o.cross = CrossMode::sample;
  const CampaignReport rep = run_campaign(o);
  JobResult r;
  for (const CaseOutcome& c : rep.cases) {
    ++r.cases;
    if (c.ok()) {
      ++r.passed;
      continue;
    }
    ++r.failed;
    r.failures.push_back("bulk " + c.law_id + " (seed " + std::to_string(o.seed) + "): " +
                         (!c.device_error.empty() ? "device error: " + c.device_error
                          : c.error.empty()       ? c.statement + ": " + verdict(c.job, c.result) +
                                                  (c.cross.agree ? "" : "; " + c.cross.detail) +
                                                  (c.spot.agree ? "" : "; " + c.spot.detail)
                                            : "refused: " + c.error));
  }
  return r;
}

void add_bulk(CLI::App& app, Action& action) {
  auto args = std::make_shared<BulkArgs>();
  CLI::App* cmd = app.add_subcommand(
      "bulk", "check a law over every index of huge layouts on the GPU or all CPU cores");
  cmd->add_option("LAW ARGS", args->words,
                  "COAL-FN L | FLATTEN-DEF L | SAME-FN L1 L2 | COMP-FN A B | COMP-TILE A M | "
                  "RINV-FN A | LINV-FN A (or equal, compose, tile, right_inverse, left_inverse)");
  cmd->add_option("--backend", args->backend, "where to run: auto (GPU if present), gpu, cpu")
      ->check(CLI::IsMember({"auto", "gpu", "cpu"}))
      ->capture_default_str();
  cmd->add_option("--cross-check", args->cross,
                  "rerun on the other backend: sample (a few windows), full, none")
      ->check(CLI::IsMember({"sample", "full", "none"}))
      ->capture_default_str();
  cmd->add_option("--campaign", args->campaign, "random large layouts: N cases, laws in turn")
      ->check(CLI::PositiveNumber);
  cmd->add_option("--min-size", args->min_size, "campaign: indices per case at least (2^K or N)")
      ->capture_default_str();
  cmd->add_option_function<uint64_t>(
      "--seed",
      [args](uint64_t s) {
        args->seed = s;
        args->seed_given = true;
      },
      "campaign: random seed (default: a fresh one, printed)");
  cmd->callback([args, &action] {
    action = [args] { return args->campaign > 0 ? run_campaign_cmd(*args) : run_law(*args); };
  });
}

}  // namespace layoutcheck
