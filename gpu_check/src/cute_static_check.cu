// CuTe's side of cute_static_check on the GPU: one kernel per CuTe layout of
// the table (the layout is a template argument: a static CuTe layout is an
// empty type, L{} is the layout), evaluating CuTe's own `layout(i)`.
//
// hash_kernel: a block takes one chunk of kChunk indices at a time (grid
// stride over chunks); its 256 threads take the chunk's indices in residue
// classes, sum pair_hash(i, L(i)), and the block sums the threads (warp
// shuffles, then one word per warp in shared memory): one hash per chunk,
// the same sum the host forms. values_kernel writes L(i) for a window.
#include <cuda_runtime.h>

#include <stdexcept>
#include <string>

#include "gpu_check/cute_static_eval.hpp"

namespace gpu_check::cute_static {

namespace {

constexpr int kThreads = 256;  // per block, a multiple of the warp size
constexpr unsigned kFullMask = 0xffffffffu;

void check(cudaError_t e, const char* what) {
  if (e != cudaSuccess)
    throw std::runtime_error(std::string("CUDA ") + what + ": " + cudaGetErrorString(e));
}

template <class L>
__global__ void __launch_bounds__(kThreads)
    hash_kernel(uint64_t lo, uint64_t hi, unsigned long long* hashes) {
  __shared__ unsigned long long warp_sums[kThreads / 32];
  const uint64_t chunks = (hi - lo + kChunk - 1) / kChunk;
  for (uint64_t c = blockIdx.x; c < chunks; c += gridDim.x) {
    const ChunkRange r = chunk_range(lo, hi, c);
    unsigned long long h = cute_hash<L>(r.begin + threadIdx.x, r.end, kThreads);
    for (int o = 16; o > 0; o >>= 1) h += __shfl_down_sync(kFullMask, h, o);
    if ((threadIdx.x & 31) == 0) warp_sums[threadIdx.x >> 5] = h;
    __syncthreads();
    if (threadIdx.x == 0) {
      unsigned long long s = 0;
      for (int w = 0; w < kThreads / 32; ++w) s += warp_sums[w];
      hashes[c] = s;
    }
    __syncthreads();  // warp_sums is reused by the next chunk
  }
}

template <class L>
__global__ void __launch_bounds__(kThreads)
    values_kernel(uint64_t start, uint64_t count, long long* out) {
  const uint64_t stride = static_cast<uint64_t>(gridDim.x) * blockDim.x;
  for (uint64_t j = static_cast<uint64_t>(blockIdx.x) * blockDim.x + threadIdx.x; j < count;
       j += stride)
    out[j] = cute_eval<L>(start + j);
}

int max_blocks() {
  int device = 0, sms = 0;
  check(cudaGetDevice(&device), "cudaGetDevice");
  check(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device), "SM count");
  return sms * 8;  // 8 blocks of 256 threads per SM: 2048 threads, full occupancy on sm_90
}

// Device memory of n elements of T, freed at scope exit.
template <class T>
struct DeviceBuffer {
  T* p = nullptr;
  explicit DeviceBuffer(uint64_t n) { check(cudaMalloc(&p, n * sizeof(T)), "cudaMalloc"); }
  ~DeviceBuffer() { cudaFree(p); }
  DeviceBuffer(const DeviceBuffer&) = delete;
  DeviceBuffer& operator=(const DeviceBuffer&) = delete;
};

}  // namespace

bool gpu_available(std::string& description) {
  int n = 0;
  const cudaError_t e = cudaGetDeviceCount(&n);
  if (e != cudaSuccess) {
    description = std::string("no usable GPU: ") + cudaGetErrorString(e);
    return false;
  }
  if (n == 0) {
    description = "no usable GPU: no CUDA device";
    return false;
  }
  cudaDeviceProp p{};
  if (cudaGetDeviceProperties(&p, 0) != cudaSuccess) {
    description = "no usable GPU: no device properties";
    return false;
  }
  description = std::string(p.name) + ", " + std::to_string(p.multiProcessorCount) + " SMs, sm_" +
                std::to_string(p.major) + std::to_string(p.minor);
  return true;
}

double gpu_hashes(int k, uint64_t lo, uint64_t hi, uint64_t* hashes) {
  const uint64_t chunks = chunk_count(hi - lo);
  if (chunks == 0) return 0;
  DeviceBuffer<unsigned long long> d(chunks);
  const int blocks = static_cast<int>(
      chunks < static_cast<uint64_t>(max_blocks()) ? chunks : static_cast<uint64_t>(max_blocks()));
  cudaEvent_t t0, t1;
  check(cudaEventCreate(&t0), "cudaEventCreate");
  check(cudaEventCreate(&t1), "cudaEventCreate");
  check(cudaEventRecord(t0), "cudaEventRecord");
  visit_case(k, [&](auto kc) {
    hash_kernel<CuteLayout<decltype(kc)::value>><<<blocks, kThreads>>>(lo, hi, d.p);
  });
  check(cudaGetLastError(), "hash_kernel launch");
  check(cudaEventRecord(t1), "cudaEventRecord");
  check(cudaEventSynchronize(t1), "hash_kernel");
  float ms = 0;
  check(cudaEventElapsedTime(&ms, t0, t1), "cudaEventElapsedTime");
  cudaEventDestroy(t0);
  cudaEventDestroy(t1);
  check(cudaMemcpy(hashes, d.p, chunks * sizeof(uint64_t), cudaMemcpyDeviceToHost), "cudaMemcpy");
  return ms / 1e3;
}

void gpu_values(int k, uint64_t start, uint64_t count, int64_t* out) {
  if (count == 0) return;
  DeviceBuffer<long long> d(count);
  const uint64_t want = (count + kThreads - 1) / kThreads;
  const int blocks = static_cast<int>(
      want < static_cast<uint64_t>(max_blocks()) ? want : static_cast<uint64_t>(max_blocks()));
  visit_case(k, [&](auto kc) {
    values_kernel<CuteLayout<decltype(kc)::value>><<<blocks, kThreads>>>(start, count, d.p);
  });
  check(cudaGetLastError(), "values_kernel launch");
  check(cudaMemcpy(out, d.p, count * sizeof(int64_t), cudaMemcpyDeviceToHost), "cudaMemcpy");
}

}  // namespace gpu_check::cute_static
