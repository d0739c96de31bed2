// The CPU backend: the core on all cores (std::thread), chunks from a shared
// atomic counter, per-thread BulkResults merged at the end.
#include <algorithm>
#include <atomic>
#include <bit>
#include <thread>
#include <vector>

#include "gpu_check/backend.hpp"
#include "gpu_check/core_chunked.hpp"

namespace gpu_check {

namespace {

unsigned thread_count(unsigned requested) {
  if (requested != 0) return requested;
  const unsigned hw = std::thread::hardware_concurrency();
  return hw == 0 ? 1 : hw;
}

// Runs fn(start, count, r) over the chunks of [lo, hi) on `threads` threads.
//   post: the merge of every thread's r.
template <class Fn>
BulkResult parallel_chunks(uint64_t lo, uint64_t hi, uint64_t chunk, unsigned threads, Fn fn) {
  const uint64_t chunks = hi > lo ? (hi - lo + chunk - 1) / chunk : 0;
  threads = static_cast<unsigned>(std::min<uint64_t>(threads, std::max<uint64_t>(chunks, 1)));
  std::atomic<uint64_t> next{0};
  std::vector<BulkResult> parts(threads);
  auto work = [&](unsigned t) {
    BulkResult mine;  // on this thread's stack: no false sharing
    for (uint64_t c; (c = next.fetch_add(1, std::memory_order_relaxed)) < chunks;) {
      const uint64_t start = lo + c * chunk;
      fn(start, std::min(chunk, hi - start), mine);
    }
    parts[t] = mine;
  };
  std::vector<std::thread> pool;
  for (unsigned t = 1; t < threads; ++t) pool.emplace_back(work, t);
  work(0);
  for (std::thread& th : pool) th.join();
  BulkResult r;
  for (const BulkResult& p : parts) merge(r, p);
  return r;
}

struct AtomicOr {
  uint64_t* words;
  uint64_t operator()(uint64_t w, uint64_t mask) const {
    return std::atomic_ref<uint64_t>(words[w]).fetch_or(mask, std::memory_order_relaxed);
  }
};
struct NoDup {
  void operator()(uint64_t, uint64_t) const {}
};
struct AtomicDup {
  uint64_t* words;
  void operator()(uint64_t w, uint64_t mask) const {
    std::atomic_ref<uint64_t>(words[w]).fetch_or(mask, std::memory_order_relaxed);
  }
};

// One tile marking pass over a chunk with the chosen strategy.
template <class Dup>
void tile_pass(const BulkJob& job, Strategy s, uint64_t start, uint64_t count, BulkResult& r,
               AtomicOr o, Dup d) {
  switch (s) {
    case Strategy::runs:
    case Strategy::chunked:
      tile_mark_chunked(job, start, count, r, o, d);
      return;
    case Strategy::cursor:
      tile_mark(job, start, count, r, o, d);
      return;
    case Strategy::per_index: {
      r.checked += count;
      auto mk = make_marker(o, d, job.m);
      for (uint64_t j = start; j < start + count; ++j)
        mk.add(r, static_cast<uint64_t>(job.y(j)), job.x(j));
      mk.flush(r);
      return;
    }
  }
}

uint64_t popcount_words(const std::vector<uint64_t>& words) {
  uint64_t n = 0;
  for (uint64_t w : words) n += static_cast<uint64_t>(std::popcount(w));
  return n;
}

// Tile: pass 1 marks and counts; when duplicates exist, pass 2 records the
// offsets hit twice and pass 3 finds the smallest index hitting one of them.
BulkResult run_tile(const BulkJob& job, uint64_t lo, uint64_t hi, const CpuOptions& o,
                    unsigned threads) {
  std::vector<uint64_t> bits((job.m + 63) / 64);
  BulkResult r = parallel_chunks(lo, hi, o.chunk, threads, [&](uint64_t s, uint64_t c, auto& p) {
    tile_pass(job, o.strategy, s, c, p, AtomicOr{bits.data()}, NoDup{});
  });
  r.covered = popcount_words(bits);
  if (r.duplicates != 0) {
    std::fill(bits.begin(), bits.end(), 0);
    std::vector<uint64_t> dups(bits.size());
    parallel_chunks(lo, hi, o.chunk, threads, [&](uint64_t s, uint64_t c, auto& p) {
      tile_pass(job, o.strategy, s, c, p, AtomicOr{bits.data()}, AtomicDup{dups.data()});
    });
    const BulkResult f = parallel_chunks(
        lo, hi, o.chunk, threads,
        [&](uint64_t s, uint64_t c, BulkResult& p) { tile_find(job, s, c, dups.data(), p); });
    if (f.first < r.first) {
      r.first = f.first;
      r.expected = f.expected;
      r.actual = f.actual;
    }
  }
  finalize_tile(r, job.m);
  return r;
}

}  // namespace

BulkResult run_cpu(const BulkJob& job, uint64_t lo, uint64_t hi, const CpuOptions& o) {
  const unsigned threads = thread_count(o.threads);
  const uint64_t chunk = std::max<uint64_t>(o.chunk, 1);
  if (job.law == Law::tile) {
    CpuOptions t = o;
    t.chunk = chunk;
    return run_tile(job, lo, hi, t, threads);
  }
  return parallel_chunks(lo, hi, chunk, threads, [&](uint64_t s, uint64_t c, BulkResult& p) {
    switch (o.strategy) {
      case Strategy::runs:
        check_runs(job, s, c, p);
        return;
      case Strategy::chunked:
        check_chunked(job, s, c, p);
        return;
      case Strategy::cursor:
        check_cursor(job, s, c, p);
        return;
      case Strategy::per_index:
        check_per_index(job, s, c, p);
        return;
    }
  });
}

BulkResult run_reference(const BulkJob& job, uint64_t lo, uint64_t hi) {
  CpuOptions o;
  o.threads = 1;
  o.strategy = Strategy::per_index;
  o.chunk = hi > lo ? hi - lo : 1;
  return run_cpu(job, lo, hi, o);
}

}  // namespace gpu_check
