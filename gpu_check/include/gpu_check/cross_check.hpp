// Running a job on a chosen backend, timed, and the cross-check: the same job
// on a second backend over the same indices must give the identical
// BulkResult (count, first index and values, checksum, tile counts).
#pragma once

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <string>
#include <vector>

#include "gpu_check/backend.hpp"

namespace gpu_check {

enum class Backend { cpu, gpu };
enum class CrossMode { none, sample, full };

std::string backend_name(Backend b);  // "cpu", "gpu"

// auto: the GPU when one is available, else the CPU backend.
Backend auto_backend();

struct Timed {
  BulkResult result;
  double seconds = 0;
};
// pre: lo <= hi <= job.n; b == gpu needs gpu_status().available. Wall time
// (the CUDA context exists before: gpu_status() made it).
Timed run_timed(Backend b, const BulkJob& job, uint64_t lo, uint64_t hi,
                const GpuOptions& gpu = {});

struct Window {
  uint64_t lo, hi;
};
// Sub-ranges of [0, n) sampled by the cross-check: the first, middle and last
// `width` indices and one more at a seeded position, sorted and merged
// (a single window [0, n) when they would cover most of it). Tile takes only
// the first window: every window marks its own m-bit bitmap.
std::vector<Window> sample_windows(const BulkJob& job, uint64_t width, uint64_t seed);

inline constexpr uint64_t kSampleWidth = uint64_t{1} << 22;
inline constexpr int kSampleGpuBlocks = 1;  // 256 threads, 4096 indices a chunk: 4 chunks each

struct CrossCheck {
  bool ran = false;
  bool agree = true;
  std::string other;     // "cpu", "gpu" or "reference" (one thread, per-index)
  uint64_t indices = 0;  // compared indices
  double main_seconds = 0, other_seconds = 0;  // on the compared windows (full: other only)
  std::string detail;                          // the first disagreement: window and both results
};

// The other backend: for a GPU main the CPU backend evaluating every layout
// at every index (Strategy::per_index: magic division per mode, none of the
// odometer code, check_cursor, that the GPU runs); for a CPU main the GPU when
// one is available, else the host reference. mode == full compares with
// main_full (the main backend's result over [0, n)); sample runs both on the
// sample windows, the GPU with a grid of kSampleGpuBlocks block(s), so that
// each thread walks several chunks (the grid-stride loop a full-size grid
// runs only on huge ranges).
CrossCheck cross_check(const BulkJob& job, Backend main, CrossMode mode,
                       const BulkResult& main_full, uint64_t seed);
// "cross-check sample against cpu: N indices, T on cpu, agrees" (or the disagreement).
std::string cross_text(const CrossCheck& c, CrossMode mode);

// Runs of at least this many indices report progress.
inline constexpr uint64_t kProgressFrom = uint64_t{1} << 34;
// After each slice: indices done, of n, the merged result so far, seconds.
using Progress = std::function<void(uint64_t done, uint64_t n, const BulkResult&, double)>;
// The whole range on one backend; long runs (not tile: its bitmap spans the
// range) go in 16 slices, `progress` (if any) called after each. Slices merge
// exactly: counts and checksums add, the first mismatch is the minimum.
Timed run_with_progress(Backend backend, const BulkJob& job, const Progress& progress = {});

}  // namespace gpu_check
