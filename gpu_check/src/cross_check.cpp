#include "gpu_check/cross_check.hpp"

#include <algorithm>
#include <chrono>

#include "gpu_check/report.hpp"

namespace gpu_check {

std::string backend_name(Backend b) { return b == Backend::gpu ? "gpu" : "cpu"; }

Backend auto_backend() { return gpu_status().available ? Backend::gpu : Backend::cpu; }

Timed run_timed(Backend b, const BulkJob& job, uint64_t lo, uint64_t hi, const GpuOptions& gpu) {
  const auto t0 = std::chrono::steady_clock::now();
  Timed t;
  t.result = b == Backend::gpu ? run_gpu(job, lo, hi, gpu) : run_cpu(job, lo, hi);
  t.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return t;
}

std::vector<Window> sample_windows(const BulkJob& job, uint64_t width, uint64_t seed) {
  const uint64_t n = job.n;
  if (job.law == Law::tile) return {{0, std::min(n, width)}};
  if (n <= 4 * width) return {{0, n}};
  const uint64_t extra = (seed * kMixK) % (n - width);  // a seeded position
  std::vector<Window> w = {
      {0, width}, {n / 2 - width / 2, n / 2 + width / 2}, {n - width, n}, {extra, extra + width}};
  std::sort(w.begin(), w.end(), [](const Window& a, const Window& b) { return a.lo < b.lo; });
  std::vector<Window> merged;
  for (const Window& x : w) {
    if (!merged.empty() && x.lo <= merged.back().hi)
      merged.back().hi = std::max(merged.back().hi, x.hi);
    else
      merged.push_back(x);
  }
  return merged;
}

namespace {

Timed run_other(const std::string& other, const BulkJob& job, uint64_t lo, uint64_t hi) {
  if (other == "gpu") return run_timed(Backend::gpu, job, lo, hi);
  const auto t0 = std::chrono::steady_clock::now();
  Timed t;
  if (other == "reference") {
    t.result = run_reference(job, lo, hi);
  } else {  // "cpu": the GPU's checker, on every core, sharing none of its odometer code
    CpuOptions o;
    o.strategy = Strategy::per_index;
    t.result = run_cpu(job, lo, hi, o);
  }
  t.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return t;
}

void compare(CrossCheck& c, Backend main, const Window& w, const BulkResult& a,
             const BulkResult& b) {
  if (a == b || !c.agree) return;
  c.agree = false;
  c.detail = "cross-check [" + std::to_string(w.lo) + ", " + std::to_string(w.hi) +
             "): " + backend_name(main) + " gives " + describe(a) + "; " + c.other + " gives " +
             describe(b);
}

}  // namespace

CrossCheck cross_check(const BulkJob& job, Backend main, CrossMode mode,
                       const BulkResult& main_full, uint64_t seed) {
  CrossCheck c;
  if (mode == CrossMode::none) return c;
  c.ran = true;
  c.other = main == Backend::gpu ? "cpu" : gpu_status().available ? "gpu" : "reference";
  if (mode == CrossMode::full) {
    const Timed o = run_other(c.other, job, 0, job.n);
    c.indices = job.n;
    c.other_seconds = o.seconds;
    c.main_seconds = -1;
    compare(c, main, {0, job.n}, main_full, o.result);
    return c;
  }
  for (const Window& w : sample_windows(job, kSampleWidth, seed)) {
    GpuOptions few;  // main on the GPU: a small grid, several chunks per thread
    few.max_blocks = kSampleGpuBlocks;
    const Timed m = run_timed(main, job, w.lo, w.hi, few);
    const Timed o = run_other(c.other, job, w.lo, w.hi);
    c.indices += w.hi - w.lo;
    c.main_seconds += m.seconds;
    c.other_seconds += o.seconds;
    compare(c, main, w, m.result, o.result);
  }
  return c;
}

std::string cross_text(const CrossCheck& c, CrossMode mode) {
  std::string s = std::string("cross-check ") + (mode == CrossMode::full ? "full" : "sample") +
                  " against " + c.other + (c.other == "cpu" ? " (per-index)" : "") + ": " +
                  std::to_string(c.indices) + " indices, " + seconds_text(c.other_seconds) +
                  " on " + c.other + ", ";
  return s + (c.agree ? "agrees" : "DISAGREES\n" + c.detail);
}

// The whole range on one backend, in slices when long (cross_check.hpp).
Timed run_with_progress(Backend backend, const BulkJob& job, const Progress& progress) {
  if (job.law == Law::tile || job.n < kProgressFrom) return run_timed(backend, job, 0, job.n);
  constexpr uint64_t kSlices = 16;
  Timed total;
  for (uint64_t s = 0; s < kSlices; ++s) {
    const uint64_t lo = job.n * s / kSlices, hi = job.n * (s + 1) / kSlices;
    const Timed t = run_timed(backend, job, lo, hi);
    merge(total.result, t.result);
    total.seconds += t.seconds;
    if (progress) progress(hi, job.n, total.result, total.seconds);
  }
  return total;
}

}  // namespace gpu_check
