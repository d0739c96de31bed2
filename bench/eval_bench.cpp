// Offsets per second of the flat evaluation core on one core
// (items_per_second = evaluated offsets per second).
//
//   PerIndex/<layout>          F(i) for consecutive i (magic dividers, merged modes)
//   PerIndexUnmerged/<layout>  same, FlatLayout built from the raw flat modes
//   PerIndexHwDiv/<layout>     baseline: raw flat modes, hardware `/` and `%`
//   PerIndexHwDivMerged/...    baseline: merged modes, hardware `/` and `%`
//   Definition/<layout>        Layout::operator()(int64_t), the checked definition
//   Chunk/<layout>             eval_chunk into a 4096-entry buffer, repeated
//   ForEach/<layout>           for_each over 4096 indices, summing the offsets
//
// Every benchmark visits indices in batches of 4096 starting at multiples of
// 4096 below size(L) (below 4096 for layouts smaller than that, which then
// includes the natural extension; the cost per index is the same).
#include <benchmark/benchmark.h>

#include <cstdint>
#include <string>
#include <vector>

#include "layout/flat_layout.hpp"
#include "layout/notation.hpp"

namespace {

using layout::FlatLayout;

constexpr uint64_t kBatch = 4096;

// The layouts measured; the first three are the ones CuTe's numbers refer to.
const char* const kLayouts[] = {
    "(64,1024):(1,64)",
    "((4,8),(2,16),8):((2,64),(1,8),1024)",
    "(1024,1024,64):(1,1024,1048576)",
    "(3,5,7,11):(1,4,25,200)",
};

// Start of the next batch: base + kBatch, back to 0 when the batch would end
// past size (or always 0 for layouts smaller than one batch).
uint64_t next_base(uint64_t base, int64_t size) {
  base += kBatch;
  return base + kBatch <= static_cast<uint64_t>(size) ? base : 0;
}

// Baseline: the definition with hardware division, digit by digit.
//   pre/post: as FlatLayout::operator().
int64_t eval_hw(const FlatLayout& f, uint64_t i) {
  uint64_t off = 0;
  for (int k = 0; k + 1 < f.rank; ++k) {
    const uint64_t s = static_cast<uint64_t>(f.shape[k]);
    off += (i % s) * static_cast<uint64_t>(f.stride[k]);
    i /= s;
  }
  off += i * static_cast<uint64_t>(f.stride[f.rank - 1]);
  return static_cast<int64_t>(off);
}

enum class Kind { merged, unmerged, hw_div, hw_div_merged };

void BM_PerIndex(benchmark::State& state, const char* text, Kind kind) {
  const layout::Layout l = layout::parse_layout(text);
  const FlatLayout f = (kind == Kind::unmerged || kind == Kind::hw_div)
                           ? layout::make_flat_unmerged(l)
                           : layout::make_flat(l);
  uint64_t base = 0;
  int64_t sum = 0;
  for (auto _ : state) {
    if (kind == Kind::merged || kind == Kind::unmerged) {
      for (uint64_t j = 0; j < kBatch; ++j) sum += f(base + j);
    } else {
      for (uint64_t j = 0; j < kBatch; ++j) sum += eval_hw(f, base + j);
    }
    benchmark::DoNotOptimize(sum);
    base = next_base(base, f.size);
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * kBatch));
  state.counters["rank"] = f.rank;
}

void BM_Definition(benchmark::State& state, const char* text) {
  const layout::Layout l = layout::parse_layout(text);
  uint64_t base = 0;
  int64_t sum = 0;
  for (auto _ : state) {
    for (uint64_t j = 0; j < kBatch; ++j) sum += l(static_cast<int64_t>(base + j));
    benchmark::DoNotOptimize(sum);
    base = next_base(base, l.size());
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * kBatch));
}

void BM_Chunk(benchmark::State& state, const char* text) {
  const FlatLayout f = layout::make_flat(layout::parse_layout(text));
  std::vector<int64_t> buf(kBatch);
  uint64_t base = 0;
  for (auto _ : state) {
    f.eval_chunk(base, kBatch, buf.data());
    benchmark::DoNotOptimize(buf.data());
    benchmark::ClobberMemory();
    base = next_base(base, f.size);
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * kBatch));
  state.counters["rank"] = f.rank;
}

void BM_ForEach(benchmark::State& state, const char* text) {
  const FlatLayout f = layout::make_flat(layout::parse_layout(text));
  uint64_t base = 0;
  int64_t sum = 0;
  for (auto _ : state) {
    f.for_each(base, kBatch, [&](uint64_t, int64_t off) { sum += off; });
    benchmark::DoNotOptimize(sum);
    base = next_base(base, f.size);
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * kBatch));
}

// Registers every benchmark on every layout.
int register_all() {
  for (const char* text : kLayouts) {
    const std::string t(text);
    benchmark::RegisterBenchmark(("PerIndex/" + t).c_str(), BM_PerIndex, text, Kind::merged);
    benchmark::RegisterBenchmark(("PerIndexUnmerged/" + t).c_str(), BM_PerIndex, text,
                                 Kind::unmerged);
    benchmark::RegisterBenchmark(("PerIndexHwDiv/" + t).c_str(), BM_PerIndex, text, Kind::hw_div);
    benchmark::RegisterBenchmark(("PerIndexHwDivMerged/" + t).c_str(), BM_PerIndex, text,
                                 Kind::hw_div_merged);
    benchmark::RegisterBenchmark(("Definition/" + t).c_str(), BM_Definition, text);
    benchmark::RegisterBenchmark(("Chunk/" + t).c_str(), BM_Chunk, text);
    benchmark::RegisterBenchmark(("ForEach/" + t).c_str(), BM_ForEach, text);
  }
  return 0;
}

[[maybe_unused]] const int registered = register_all();

}  // namespace

BENCHMARK_MAIN();
