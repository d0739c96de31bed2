// CuTe's side of cute_static_check on the host: the same templated evaluation
// the GPU runs (cute_static_eval.hpp), compiled by the host compiler.
#include <stdexcept>

#include "gpu_check/cute_static_eval.hpp"

namespace gpu_check::cute_static {

namespace {

void check_case(int k) {
  if (k < 0 || k >= kCuteCases)
    throw std::out_of_range("cute_static: no case " + std::to_string(k));
}

}  // namespace

int cute_case_count() { return kCuteCases; }

CuteResult cute_result(int k) {
  check_case(k);
  CuteResult r{0, ""};
  visit_case(k, [&](auto kc) {
    using L = CuteLayout<decltype(kc)::value>;
    r.size = static_cast<int64_t>(cute::size(L{}));
    r.text = cute_text(L{});
  });
  return r;
}

void cpu_hashes(int k, uint64_t lo, uint64_t hi, uint64_t* hashes, unsigned threads) {
  check_case(k);
  visit_case(k, [&](auto kc) {
    using L = CuteLayout<decltype(kc)::value>;
    parallel_for(chunk_count(hi - lo), threads, [&](uint64_t c) {
      const ChunkRange r = chunk_range(lo, hi, c);
      hashes[c] = cute_hash<L>(r.begin, r.end, 1);
    });
  });
}

void cpu_values(int k, uint64_t start, uint64_t count, int64_t* out) {
  check_case(k);
  visit_case(k, [&](auto kc) {
    using L = CuteLayout<decltype(kc)::value>;
    for (uint64_t j = 0; j < count; ++j) out[j] = cute_eval<L>(start + j);
  });
}

}  // namespace gpu_check::cute_static
