// bulk_throughput: indices/s of each bulk law on the GPU (CUDA-event time of
// the kernels, after a warm-up run) or on the CPU backend (wall time), with
// no benchmark library, so the GPU machine's bare image builds it
// (device_check.sh step 5; docs/BULK.md, docs/PERFORMANCE.md).
//   bulk_throughput [--backend gpu|cpu|auto] [--size N|2^K] [--repeat R]
// Each law runs one fixed job past 2^32 offsets (the same layouts as
// device_check.sh step 4; tile's M is the power of two in [2^28, 2^34]
// nearest above size) over its first min(n, size) indices, R times; the row
// gives the best and the median run. Exit 0 when every run held, 1 when a
// law failed (a wrong job: the numbers would mean nothing), 2 bad usage,
// 4 a device error.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

#include "gpu_check/backend.hpp"
#include "gpu_check/cross_check.hpp"
#include "gpu_check/make_job.hpp"
#include "gpu_check/report.hpp"

namespace {

using namespace gpu_check;

struct Case {
  const char* law;
  std::vector<std::string> operands;
};

// 2^34 indices each (left_inverse, right_inverse: 2^34 and 2^35).
const std::vector<Case> kCases = {
    {"SAME-FN",
     {"((4096,16),(1024,256)):((1,8192),(131072,134217728))",
      "(4096,16,1024,256):(1,8192,131072,134217728)"}},
    {"COMP-FN", {"(65536,65536,16):(1,131072,17179869184)", "(65536,262144):(1,65536)"}},
    {"COMP-TILE", {"(1024,(4,64)):(1,(4096,4194304))", "17179869184"}},
    {"RINV-FN", {"(131072,131072,2):(131072,1,1099511627776)"}},
    {"LINV-FN", {"(131072,131072):(1,262144)"}},
};

// One timed run over [0, n); held stays true while the law holds (a tile
// prefix leaves offsets uncovered, so only a whole tile is judged).
double run_once(Backend b, const BulkJob& job, uint64_t n, bool& held) {
  double seconds = 0;
  BulkResult r;
  if (b == Backend::gpu) {
    GpuOptions o;
    o.kernel_seconds = &seconds;
    r = run_gpu(job, 0, n, o);
  } else {
    const auto t0 = std::chrono::steady_clock::now();
    r = run_cpu(job, 0, n);
    seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  }
  held = held && (r.mismatches == 0 || (job.law == Law::tile && n < job.n));
  return seconds;
}

int usage(const std::string& why) {
  std::fprintf(stderr,
               "error: %s\nusage: bulk_throughput [--backend gpu|cpu|auto] [--size N|2^K] "
               "[--repeat R]\n",
               why.c_str());
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  std::string backend = "auto";
  uint64_t size = 0;  // 0: the whole job on the GPU, 2^28 on the CPU
  int repeat = 5;
  for (int k = 1; k < argc; ++k) {
    const std::string a = argv[k];
    if (k + 1 >= argc) return usage("missing value after " + a);
    const std::string v = argv[++k];
    try {
      if (a == "--backend" && (v == "gpu" || v == "cpu" || v == "auto"))
        backend = v;
      else if (a == "--size")
        size = parse_size(v);
      else if (a == "--repeat")
        repeat = std::stoi(v);
      else
        return usage("bad option " + a + " " + v);
    } catch (const std::exception& e) {
      return usage(a + ": " + e.what());
    }
  }
  if (repeat < 1 || repeat > 1000) return usage("--repeat must lie in [1, 1000]");
  try {
    if (backend == "gpu" && !gpu_status().available)
      throw GpuError("--backend gpu: " + gpu_status().description);
    const Backend b = backend == "cpu" ? Backend::cpu : auto_backend();
    if (size == 0) size = b == Backend::gpu ? ~uint64_t{0} : uint64_t{1} << 28;
    std::printf("bulk_throughput on %s: %s; %d runs per law, %s\n", backend_name(b).c_str(),
                b == Backend::gpu ? gpu_status().description.c_str() : "all cores", repeat,
                b == Backend::gpu ? "CUDA-event time of the kernels after a warm-up run"
                                  : "wall time after a warm-up run");
    std::printf("%-10s %-14s %16s %12s %12s %12s  %s\n", "law", "job", "indices", "best s",
                "median s", "indices/s", "result");
    bool all_held = true;
    for (Case c : kCases) {
      if (std::strcmp(c.law, "COMP-TILE") ==
          0) {  // M = 2^28 .. 2^34: a bitmap no larger than needed
        uint64_t m = uint64_t{1} << 28;
        while (m < size && m < (uint64_t{1} << 34)) m <<= 1;
        c.operands[1] = std::to_string(m);
      }
      const Prepared p = prepare_named(c.law, c.operands);
      const uint64_t n = std::min(p.job.n, size);
      bool held = true;
      run_once(b, p.job, std::min<uint64_t>(n, uint64_t{1} << 24), held);  // warm-up
      std::vector<double> t;
      for (int r = 0; r < repeat; ++r) t.push_back(run_once(b, p.job, n, held));
      std::sort(t.begin(), t.end());
      const double best = t.front(), median = t[t.size() / 2];
      all_held = all_held && held;
      std::printf("%-10s %-14s %16s %12.4f %12.4f %12s  %s\n", p.law_id.c_str(),
                  law_name(p.job.law).c_str(), count_text(n).c_str(), best, median,
                  best > 0 ? sci(static_cast<double>(n) / best).c_str() : "-",
                  held ? "holds" : "FAILED");
    }
    return all_held ? 0 : 1;
  } catch (const GpuError& e) {
    std::fprintf(stderr, "error: device error: %s\n", e.what());
    return 4;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "error: %s\n", e.what());
    return 3;
  }
}
