// The CUDA backend: the core of core.hpp in grid-stride kernels over
// contiguous chunks (one division pass per chunk, then the odometer), 64-bit
// indices throughout; per-thread BulkResults are reduced across each warp with
// shuffles, then one lane adds them to the totals with atomics (atomicMin for
// the first mismatch). The values at the first mismatch come from a one-thread
// probe kernel, so every field of the result is computed on the device.
#include <cuda_runtime.h>

#include <string>

#include "gpu_check/backend.hpp"
#include "gpu_check/core.hpp"

namespace gpu_check {

namespace {

constexpr int kThreads = 256;         // per block (a multiple of the warp size)
constexpr uint64_t kGpuChunk = 4096;  // indices per chunk
constexpr unsigned kFull = 0xffffffffu;

// Device totals (unsigned long long: the type CUDA's 64-bit atomics take).
struct Totals {
  unsigned long long mismatches, first, checksum, out_of_range, duplicates, covered;
};

void check(cudaError_t e, const char* what) {
  if (e != cudaSuccess) throw GpuError(std::string("CUDA ") + what + ": " + cudaGetErrorString(e));
}

__device__ unsigned long long warp_sum(unsigned long long v) {
  for (int o = 16; o > 0; o >>= 1) v += __shfl_down_sync(kFull, v, o);
  return v;
}

__device__ unsigned long long warp_min(unsigned long long v) {
  for (int o = 16; o > 0; o >>= 1) {
    const unsigned long long w = __shfl_down_sync(kFull, v, o);
    v = w < v ? w : v;
  }
  return v;
}

// Adds a thread's partial result to the totals (every thread of the warp calls it).
__device__ void reduce(const BulkResult& r, Totals* t) {
  const unsigned long long mm = warp_sum(r.mismatches), cs = warp_sum(r.checksum);
  const unsigned long long oor = warp_sum(r.out_of_range), dup = warp_sum(r.duplicates);
  const unsigned long long first = warp_min(r.first);
  if ((threadIdx.x & 31) != 0) return;
  if (mm != 0) atomicAdd(&t->mismatches, mm);
  atomicAdd(&t->checksum, cs);
  if (oor != 0) atomicAdd(&t->out_of_range, oor);
  if (dup != 0) atomicAdd(&t->duplicates, dup);
  if (first != kNone) atomicMin(&t->first, first);
}

// Chunk c of [lo, hi) for this thread, grid-stride.
struct Chunks {
  uint64_t lo, hi, count;
  __device__ Chunks(uint64_t l, uint64_t h)
      : lo(l), hi(h), count((h - l + kGpuChunk - 1) / kGpuChunk) {}
  __device__ uint64_t start(uint64_t c) const { return lo + c * kGpuChunk; }
  __device__ uint64_t size(uint64_t c) const {
    const uint64_t s = start(c);
    return hi - s < kGpuChunk ? hi - s : kGpuChunk;
  }
};

__device__ uint64_t first_chunk() {
  return static_cast<uint64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
}
__device__ uint64_t grid_threads() { return static_cast<uint64_t>(gridDim.x) * blockDim.x; }

__global__ void check_kernel(const __grid_constant__ BulkJob job, uint64_t lo, uint64_t hi,
                             Totals* t) {
  const Chunks ch(lo, hi);
  BulkResult r;
  for (uint64_t c = first_chunk(); c < ch.count; c += grid_threads())
    check_cursor(job, ch.start(c), ch.size(c), r);
  reduce(r, t);
}

struct DevOr {
  unsigned long long* words;
  __device__ uint64_t operator()(uint64_t w, uint64_t mask) const {
    return atomicOr(words + w, mask);
  }
};
struct DevNoDup {
  __device__ void operator()(uint64_t, uint64_t) const {}
};
struct DevDup {
  unsigned long long* words;
  __device__ void operator()(uint64_t w, uint64_t mask) const { atomicOr(words + w, mask); }
};

// Tile pass 1 (dups == nullptr) or pass 2 (records offsets hit twice in dups).
__global__ void tile_kernel(const __grid_constant__ BulkJob job, uint64_t lo, uint64_t hi,
                            unsigned long long* bits, unsigned long long* dups, Totals* t) {
  const Chunks ch(lo, hi);
  BulkResult r;
  for (uint64_t c = first_chunk(); c < ch.count; c += grid_threads()) {
    if (dups == nullptr)
      tile_mark(job, ch.start(c), ch.size(c), r, DevOr{bits}, DevNoDup{});
    else
      tile_mark(job, ch.start(c), ch.size(c), r, DevOr{bits}, DevDup{dups});
  }
  reduce(r, t);
}

// Tile pass 3: the smallest index whose offset is marked in dups.
__global__ void find_kernel(const __grid_constant__ BulkJob job, uint64_t lo, uint64_t hi,
                            const unsigned long long* dups, Totals* t) {
  const Chunks ch(lo, hi);
  BulkResult r;
  for (uint64_t c = first_chunk(); c < ch.count; c += grid_threads())
    tile_find(job, ch.start(c), ch.size(c), reinterpret_cast<const uint64_t*>(dups), r);
  const unsigned long long first = warp_min(r.first);
  if ((threadIdx.x & 31) == 0 && first != kNone) atomicMin(&t->first, first);
}

__global__ void popcount_kernel(const unsigned long long* bits, uint64_t words, Totals* t) {
  unsigned long long n = 0;
  for (uint64_t w = first_chunk(); w < words; w += grid_threads()) n += __popcll(bits[w]);
  n = warp_sum(n);
  if ((threadIdx.x & 31) == 0 && n != 0) atomicAdd(&t->covered, n);
}

// The values at index i (one thread): out[0] = expected, out[1] = actual.
__global__ void probe_kernel(const __grid_constant__ BulkJob job, uint64_t i, long long* out) {
  if (job.law == Law::tile) {  // the offset of index i: T(i) = z(i)
    out[0] = out[1] = job.z(i);
    return;
  }
  BulkResult r;
  check_cursor(job, i, 1, r);
  out[0] = r.expected;
  out[1] = r.actual;
}

// Device memory freed on every path.
struct DeviceBuffer {
  void* p = nullptr;
  explicit DeviceBuffer(size_t bytes) {
    check(cudaMalloc(&p, bytes), "cudaMalloc");
    check(cudaMemset(p, 0, bytes), "cudaMemset");
  }
  ~DeviceBuffer() { cudaFree(p); }
  DeviceBuffer(const DeviceBuffer&) = delete;
  DeviceBuffer& operator=(const DeviceBuffer&) = delete;
  template <class T>
  T* as() const {
    return static_cast<T*>(p);
  }
};

int sm_count() {
  int dev = 0, sms = 1;
  check(cudaGetDevice(&dev), "cudaGetDevice");
  check(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev), "attribute");
  return sms < 1 ? 1 : sms;
}

// Blocks of kThreads that fit on one SM at once (registers, stack, shared).
template <class Kernel>
int blocks_per_sm(Kernel kernel) {
  int n = 0;
  check(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&n, kernel, kThreads, 0), "occupancy");
  return n < 1 ? 1 : n;
}

// The grid for `items` work items (one per thread per pass): the blocks that
// fit on the device at once, fewer when there is less work, at most
// max_blocks when that is > 0.
template <class Kernel>
int grid_size(Kernel kernel, uint64_t items, int max_blocks) {
  uint64_t full = static_cast<uint64_t>(blocks_per_sm(kernel)) * sm_count();
  if (max_blocks > 0 && static_cast<uint64_t>(max_blocks) < full)
    full = static_cast<uint64_t>(max_blocks);
  const uint64_t need = (items + kThreads - 1) / kThreads;
  return static_cast<int>(need < full ? (need == 0 ? 1 : need) : full);
}

// A CUDA event pair around the kernels of one run (destroyed on every path).
struct EventTimer {
  cudaEvent_t start = nullptr, stop = nullptr;
  explicit EventTimer(bool on) {
    if (!on) return;
    check(cudaEventCreate(&start), "cudaEventCreate");
    check(cudaEventCreate(&stop), "cudaEventCreate");
    check(cudaEventRecord(start), "cudaEventRecord");
  }
  ~EventTimer() {
    if (start) cudaEventDestroy(start);
    if (stop) cudaEventDestroy(stop);
  }
  EventTimer(const EventTimer&) = delete;
  EventTimer& operator=(const EventTimer&) = delete;
  double seconds() {
    check(cudaEventRecord(stop), "cudaEventRecord");
    check(cudaEventSynchronize(stop), "cudaEventSynchronize");
    float ms = 0;
    check(cudaEventElapsedTime(&ms, start, stop), "cudaEventElapsedTime");
    return ms / 1e3;
  }
};

Totals fetch(const DeviceBuffer& t) {
  check(cudaGetLastError(), "kernel launch");
  check(cudaDeviceSynchronize(), "kernel");
  Totals h;
  check(cudaMemcpy(&h, t.p, sizeof h, cudaMemcpyDeviceToHost), "cudaMemcpy");
  return h;
}

void init_first(const DeviceBuffer& t) {
  const unsigned long long none = kNone;
  check(cudaMemcpy(&t.as<Totals>()->first, &none, sizeof none, cudaMemcpyHostToDevice),
        "cudaMemcpy");
}

}  // namespace

bool gpu_compiled() { return true; }

const GpuStatus& gpu_status() {
  static const GpuStatus status = [] {
    int n = 0;
    const cudaError_t e = cudaGetDeviceCount(&n);
    if (e != cudaSuccess)
      return GpuStatus{false, std::string("no usable GPU: ") + cudaGetErrorString(e)};
    if (n == 0) return GpuStatus{false, "no usable GPU: no CUDA device"};
    cudaDeviceProp p{};
    if (cudaGetDeviceProperties(&p, 0) != cudaSuccess)
      return GpuStatus{false, "no usable GPU: no properties"};
    const std::string name = std::string(p.name) + " (" + std::to_string(p.multiProcessorCount) +
                             " SMs, sm_" + std::to_string(p.major) + std::to_string(p.minor);
    // The context now, so that no timed run pays for it.
    cudaError_t c = cudaSetDevice(0);
    if (c == cudaSuccess) c = cudaFree(nullptr);
    if (c != cudaSuccess)
      return GpuStatus{false, "no usable GPU: " + name + "): " + cudaGetErrorString(c)};
    // Whether this build's image (sm_90 SASS, compute_90 PTX) loads on it.
    cudaFuncAttributes a{};
    c = cudaFuncGetAttributes(&a, check_kernel);
    if (c != cudaSuccess) {
      cudaGetLastError();  // clear it: the CPU backend runs instead
      return GpuStatus{false, "no usable GPU: " + name +
                                  ") cannot run this build's kernels (sm_90 and compute_90 "
                                  "PTX): " +
                                  cudaGetErrorString(c)};
    }
    int per_sm = 0;
    cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, check_kernel, kThreads, 0);
    return GpuStatus{true, name + ", " + std::to_string(per_sm) + " blocks of " +
                               std::to_string(kThreads) + " per SM, " + std::to_string(a.numRegs) +
                               " registers, " + std::to_string(a.localSizeBytes) + " B stack)"};
  }();
  return status;
}

BulkResult run_gpu(const BulkJob& job, uint64_t lo, uint64_t hi, const GpuOptions& o) {
  if (!gpu_status().available) throw GpuError(gpu_status().description);
  BulkResult r;
  r.checked = hi - lo;
  if (hi <= lo) {
    if (job.law == Law::tile) finalize_tile(r, job.m);
    return r;
  }
  const uint64_t chunks = (hi - lo + kGpuChunk - 1) / kGpuChunk;
  DeviceBuffer totals(sizeof(Totals));
  init_first(totals);
  Totals t{};
  EventTimer timer(o.kernel_seconds != nullptr);
  if (job.law != Law::tile) {
    check_kernel<<<grid_size(check_kernel, chunks, o.max_blocks), kThreads>>>(job, lo, hi,
                                                                              totals.as<Totals>());
    t = fetch(totals);
  } else {
    const uint64_t words = (job.m + 63) / 64;
    DeviceBuffer bits(words * 8);
    const int blocks = grid_size(tile_kernel, chunks, o.max_blocks);
    tile_kernel<<<blocks, kThreads>>>(job, lo, hi, bits.as<unsigned long long>(), nullptr,
                                      totals.as<Totals>());
    popcount_kernel<<<grid_size(popcount_kernel, words, o.max_blocks), kThreads>>>(
        bits.as<unsigned long long>(), words, totals.as<Totals>());
    t = fetch(totals);
    if (t.duplicates != 0) {  // passes 2 and 3: which offsets repeat, the first index hitting one
      check(cudaMemset(bits.p, 0, words * 8), "cudaMemset");
      DeviceBuffer dups(words * 8), scratch(sizeof(Totals));
      tile_kernel<<<blocks, kThreads>>>(job, lo, hi, bits.as<unsigned long long>(),
                                        dups.as<unsigned long long>(), scratch.as<Totals>());
      find_kernel<<<grid_size(find_kernel, chunks, o.max_blocks), kThreads>>>(
          job, lo, hi, dups.as<unsigned long long>(), totals.as<Totals>());
      t = fetch(totals);  // first = min(first out of range, first duplicate)
    }
  }
  if (o.kernel_seconds != nullptr) *o.kernel_seconds = timer.seconds();
  r.mismatches = t.mismatches;
  r.first = t.first;
  r.checksum = t.checksum;
  r.out_of_range = t.out_of_range;
  r.duplicates = t.duplicates;
  r.covered = t.covered;
  if (job.law == Law::tile) finalize_tile(r, job.m);
  if (r.first != kNone) {
    DeviceBuffer values(2 * sizeof(long long));
    probe_kernel<<<1, 1>>>(job, r.first, values.as<long long>());
    check(cudaGetLastError(), "kernel launch");
    long long h[2];
    check(cudaMemcpy(h, values.p, sizeof h, cudaMemcpyDeviceToHost), "cudaMemcpy");
    r.expected = h[0];
    r.actual = h[1];
  }
  return r;
}

}  // namespace gpu_check
