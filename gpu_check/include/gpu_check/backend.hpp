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

// available: device 0 can run this build's kernels (its sm_90 image or the
// compute_90 PTX loads: checked, not assumed); description: its name, SM
// count and the blocks per SM the occupancy calculator allows, or why none can
// be used (no CUDA in the build, no driver, no device, no image for it). The
// first call creates the CUDA context, so no later timing includes it.
struct GpuStatus {
  bool available = false;
  std::string description;
};
const GpuStatus& gpu_status();

// Thrown by run_gpu when no device is available or CUDA reports an error
// (the CLI exits 4 on it: docs/CLI.md).
class GpuError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

struct GpuOptions {
  // 0: the grid the occupancy calculator fills (blocks per SM x SMs, at most
  // one chunk per thread); > 0: at most this many blocks, so each thread
  // loops over several chunks (the self-tests and the sampled cross-check
  // exercise that loop this way).
  int max_blocks = 0;
  // When set: the kernels' time from CUDA events (no allocation, copy or
  // context creation in it), seconds.
  double* kernel_seconds = nullptr;
};

// Grid-stride kernels over contiguous chunks; warp-level reduction of counts
// and checksum, atomicMin for the first mismatch.  pre: lo <= hi <= job.n.
BulkResult run_gpu(const BulkJob& job, uint64_t lo, uint64_t hi, const GpuOptions& options = {});

}  // namespace gpu_check
