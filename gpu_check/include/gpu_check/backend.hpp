// The two backends of the bulk checks. Both run one BulkJob over [lo, hi)
// (pre: lo <= hi <= job.n) and return the same BulkResult: same mismatch count,
// first index with its values, checksum and (tile) defect counts.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>

#include "gpu_check/job.hpp"
#include "gpu_check/result.hpp"

namespace gpu_check {

// How the CPU backend walks a chunk (all give identical results).
enum class Strategy {
  runs,       // the default, the fastest per law (check_runs): `equal` steps both odometers
              // over mode-0 runs (>= 32 entries) or else goes `chunked`; the
              // compositions go `cursor`
  chunked,    // eval_chunk blocks + a vectorized compare
  cursor,     // the odometer, index by index (what the GPU runs)
  per_index,  // every layout evaluated at every index (magic division per mode)
};

struct CpuOptions {
  unsigned threads = 0;  // 0: std::thread::hardware_concurrency()
  Strategy strategy = Strategy::runs;
  uint64_t chunk = uint64_t{1} << 16;  // indices per work item (one division pass each)
};

// All cores: threads take contiguous chunks from a shared counter.
BulkResult run_cpu(const BulkJob& job, uint64_t lo, uint64_t hi, const CpuOptions& options = {});

// The host reference: one thread, per-index strategy (for the cross-check
// when no GPU is present, and for the tests).
BulkResult run_reference(const BulkJob& job, uint64_t lo, uint64_t hi);

// ---- GPU (gpu_backend.cu; gpu_stub.cpp when built without CUDA) ------------

// Whether the CUDA backend was compiled in.
bool gpu_compiled();

// available: a device can run the kernels; description: its name and SM
// count, or why none can be used (no CUDA in the build, no driver, no device).
struct GpuStatus {
  bool available = false;
  std::string description;
};
const GpuStatus& gpu_status();

// Thrown by run_gpu when no device is available or CUDA reports an error.
class GpuError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

// Grid-stride kernels over contiguous chunks; warp-level reduction of counts
// and checksum, atomicMin for the first mismatch.  pre: lo <= hi <= job.n.
BulkResult run_gpu(const BulkJob& job, uint64_t lo, uint64_t hi);

}  // namespace gpu_check
