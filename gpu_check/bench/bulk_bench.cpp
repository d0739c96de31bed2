// Indices checked per second by the bulk checks on the CPU
// (items_per_second = indices checked per second).
//
//   Strategy/<law>__<strategy>/<rank>  one thread: the per-index, odometer
//                               (cursor), chunked and runs cores; `equal` of L
//                               against flatten(L), `compose` A o size(A):1,
//                               `left_inverse` of the rank-r layout
//   Backend/<law>/<rank>        the CPU backend on all cores (threads = cores)
//   Gpu/<law>                   the GPU backend (skipped without a device)
//
// Every layout has 2^26 indices (GPU: 2^34); strides leave gaps so that
// nothing merges and the flat rank is exactly r.
#include <benchmark/benchmark.h>

#include <string>

#include "gpu_check/backend.hpp"
#include "gpu_check/core_chunked.hpp"
#include "gpu_check/make_job.hpp"
#include "layout/algebra.hpp"

namespace {

using namespace gpu_check;

constexpr int kBits = 26;     // CPU layouts: 2^26 indices
constexpr int kGpuBits = 34;  // GPU layouts: 2^34 indices
constexpr uint64_t kSize = uint64_t{1} << kBits;

// A rank-r layout of 2^total indices with gapped strides (no mode merges):
// sizes split the bits as evenly as possible, stride_k = 2 * end_{k-1}.
layout::Layout rank_layout(int r, int total = kBits) {
  std::vector<layout::Mode> m;
  int64_t end = 1;
  for (int k = 0; k < r; ++k) {
    const int bits = total / r + (k < total % r ? 1 : 0);
    const int64_t s = int64_t{1} << bits;
    const int64_t d = k == 0 ? 1 : 2 * end;
    m.push_back({s, d});
    end = s * d;
  }
  return layout::from_modes(m.data(), m.data() + m.size());
}

// The job of a law on the rank-r layout (the algebra's result from the library).
BulkJob job_for(Law law, int r, int total = kBits) {
  const layout::Layout a = rank_layout(r, total);
  switch (law) {
    case Law::equal:
      return equal_job(a, layout::flatten(a));
    case Law::compose:  // A o (size(A):1): every index through A's dividers
      return prepare_compose(a, layout::Layout(a.size(), 1)).job;
    case Law::left_inverse:
      return prepare_left_inverse(a).job;
    case Law::tile:
      return prepare_tile(layout::coalesce(layout::make_layout_left(layout::IntTuple(a.size()))),
                          a.size())
          .job;
    case Law::right_inverse:
      return prepare_right_inverse(layout::make_layout_left(a.shape())).job;
  }
  return equal_job(a, a);
}

void BM_Strategy(benchmark::State& state, Law law, Strategy s) {
  const BulkJob j = job_for(law, static_cast<int>(state.range(0)));
  constexpr uint64_t kBatch = 1 << 16;
  uint64_t base = 0;
  uint64_t sum = 0;
  for (auto _ : state) {
    BulkResult r;
    switch (s) {
      case Strategy::per_index:
        check_per_index(j, base, kBatch, r);
        break;
      case Strategy::cursor:
        check_cursor(j, base, kBatch, r);
        break;
      case Strategy::chunked:
        check_chunked(j, base, kBatch, r);
        break;
      case Strategy::runs:
        check_runs(j, base, kBatch, r);
        break;
    }
    sum += r.checksum + r.mismatches;
    base = (base + kBatch) % kSize;
  }
  benchmark::DoNotOptimize(sum);
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * kBatch));
}

void BM_Backend(benchmark::State& state, Law law) {
  const BulkJob j = job_for(law, static_cast<int>(state.range(0)));
  uint64_t sum = 0;
  for (auto _ : state) sum += run_cpu(j, 0, j.n).checksum;
  benchmark::DoNotOptimize(sum);
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * j.n));
}

void BM_Gpu(benchmark::State& state, Law law) {
  if (!gpu_status().available) {
    state.SkipWithError(("no GPU: " + gpu_status().description).c_str());
    return;
  }
  const BulkJob j = job_for(law, static_cast<int>(state.range(0)), kGpuBits);
  uint64_t sum = 0;
  for (auto _ : state) sum += run_gpu(j, 0, j.n).checksum;
  benchmark::DoNotOptimize(sum);
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * j.n));
}

BENCHMARK_CAPTURE(BM_Strategy, equal__per_index, Law::equal, Strategy::per_index)->DenseRange(1, 8);
BENCHMARK_CAPTURE(BM_Strategy, equal__cursor, Law::equal, Strategy::cursor)->DenseRange(1, 8);
BENCHMARK_CAPTURE(BM_Strategy, equal__chunked, Law::equal, Strategy::chunked)->DenseRange(1, 8);
BENCHMARK_CAPTURE(BM_Strategy, equal__runs, Law::equal, Strategy::runs)->DenseRange(1, 8);
BENCHMARK_CAPTURE(BM_Strategy, compose__per_index, Law::compose, Strategy::per_index)
    ->DenseRange(1, 8, 3);
BENCHMARK_CAPTURE(BM_Strategy, compose__cursor, Law::compose, Strategy::cursor)
    ->DenseRange(1, 8, 3);
BENCHMARK_CAPTURE(BM_Strategy, compose__chunked, Law::compose, Strategy::chunked)
    ->DenseRange(1, 8, 3);
BENCHMARK_CAPTURE(BM_Strategy, left_inverse__per_index, Law::left_inverse, Strategy::per_index)
    ->DenseRange(1, 8, 3);
BENCHMARK_CAPTURE(BM_Strategy, left_inverse__chunked, Law::left_inverse, Strategy::chunked)
    ->DenseRange(1, 8, 3);
BENCHMARK_CAPTURE(BM_Backend, equal, Law::equal)->DenseRange(1, 8)->UseRealTime();
BENCHMARK_CAPTURE(BM_Backend, compose, Law::compose)->DenseRange(1, 8, 3)->UseRealTime();
BENCHMARK_CAPTURE(BM_Backend, left_inverse, Law::left_inverse)->DenseRange(1, 8, 3)->UseRealTime();
BENCHMARK_CAPTURE(BM_Backend, right_inverse, Law::right_inverse)
    ->DenseRange(1, 8, 3)
    ->UseRealTime();
BENCHMARK_CAPTURE(BM_Backend, tile, Law::tile)->Arg(1)->UseRealTime();
BENCHMARK_CAPTURE(BM_Gpu, equal, Law::equal)->DenseRange(1, 8)->UseRealTime();
BENCHMARK_CAPTURE(BM_Gpu, compose, Law::compose)->DenseRange(1, 8, 3)->UseRealTime();
BENCHMARK_CAPTURE(BM_Gpu, tile, Law::tile)->Arg(1)->UseRealTime();

}  // namespace

BENCHMARK_MAIN();
