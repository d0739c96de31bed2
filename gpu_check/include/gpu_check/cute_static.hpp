// cute_static_check: CuTe's own static layouts against this library, index by
// index (docs/BULK.md, "CuTe's static layouts").
//
// Each case of cute_static_cases.inc names an operation of the algebra and its
// operands twice: in CuTe C++ with static integers (cute::Int<N>), so that
// CuTe computes the result at compile time, and in this library's notation.
// CuTe's result is evaluated by CuTe itself (`layout(i)`) on the GPU or on the
// host; ours by layout::FlatLayout. Both sides fold each checked range of
// indices into one 64-bit hash per chunk of kChunk indices; chunks whose
// hashes differ are evaluated again index by index to name the first
// differing index.
//
// This header does not include CuTe: the driver and our side compile without it.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#ifdef __CUDACC__
#define CUTE_CHECK_HD __host__ __device__
#else
#define CUTE_CHECK_HD
#endif

namespace gpu_check::cute_static {

// One line of the table. op and its operands are in this library's terms
// (ops: see our_result in cute_static_ours.cpp); cute is CuTe's expression.
struct Case {
  const char* name;
  const char* op;
  const char* a;     // first operand (a layout, or a shape for make_layout_right)
  const char* b;     // second operand or "" (a tiler, a layout or a shape)
  const char* c;     // third operand or "" (the order of tile_to_shape)
  const char* cute;  // the CuTe expression, as written in the table
};

// The table, in order (index k is case k on every side).
const std::vector<Case>& cases();

// Indices per hashed chunk.
inline constexpr uint64_t kChunk = uint64_t{1} << 20;

inline uint64_t chunk_count(uint64_t n) { return (n + kChunk - 1) / kChunk; }

// [begin, end) of chunk c of [lo, hi).
struct ChunkRange {
  uint64_t begin, end;
};
CUTE_CHECK_HD inline ChunkRange chunk_range(uint64_t lo, uint64_t hi, uint64_t c) {
  const uint64_t b = lo + c * kChunk;
  return {b, hi - b < kChunk ? hi : b + kChunk};
}

// A 64-bit finalizer with full avalanche (the splitmix64 output function).
CUTE_CHECK_HD inline uint64_t mix64(uint64_t z) {
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

// Hash of one pair (i, L(i)). A chunk's hash is the sum modulo 2^64 of the
// pair hashes of its indices: the index is part of every term, so the sum
// stands for the chunk's whole sequence of values while it can be formed in
// any order (by many threads). Two chunks that differ anywhere get equal sums
// with a probability of about 2^-64.
CUTE_CHECK_HD inline uint64_t pair_hash(uint64_t i, int64_t value) {
  return mix64(i * 0x9e3779b97f4a7c15ull +
               mix64(static_cast<uint64_t>(value) ^ 0x6a09e667f3bcc909ull));
}

// f(c) for c in [0, count) on `threads` host threads (0: all cores), which
// take the next c from a shared counter.
void parallel_for(uint64_t count, unsigned threads, const std::function<void(uint64_t)>& f);

// ---- CuTe's side (cute_static_cpu.cpp: CuTe on the host) ---------------------

// CuTe's result for case k: its size and its spelling in this library's
// notation (static integers without CuTe's `_`).
struct CuteResult {
  int64_t size;
  std::string text;
};
CuteResult cute_result(int k);
// Number of CuTe expressions compiled in (equals cases().size()).
int cute_case_count();

// hashes[c] = hash of chunk c of [lo, hi), i.e. of [lo + c kChunk,
// min(hi, lo + (c+1) kChunk)), for case k, CuTe evaluating on `threads` host
// threads.  pre: lo <= hi <= size; hashes has chunk_count(hi - lo) entries.
void cpu_hashes(int k, uint64_t lo, uint64_t hi, uint64_t* hashes, unsigned threads);
// out[j] = CuTe's L(start + j), j < count.
void cpu_values(int k, uint64_t start, uint64_t count, int64_t* out);

// ---- CuTe's side on the GPU (cute_static_check.cu) ---------------------------

// Whether a device can run the kernels (description: the device, or why not:
// no driver, no device, or a build without CUDA).
bool gpu_available(std::string& description);
// As cpu_hashes/cpu_values, on the device. Throw std::runtime_error on a CUDA
// error. gpu_hashes returns the kernel's seconds.
double gpu_hashes(int k, uint64_t lo, uint64_t hi, uint64_t* hashes);
void gpu_values(int k, uint64_t start, uint64_t count, int64_t* out);

}  // namespace gpu_check::cute_static
