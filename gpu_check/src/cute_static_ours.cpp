// Our side of cute_static_check, and the table as text (cute_static_cases.inc).
#include "gpu_check/cute_static_ours.hpp"

#include <algorithm>
#include <atomic>
#include <stdexcept>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "layout/algebra.hpp"

namespace gpu_check::cute_static {

const std::vector<Case>& cases() {
  static const std::vector<Case> all = {
#define CASE(name, op, a, b, c, ...) {name, op, a, b, c, #__VA_ARGS__},
#include "gpu_check/cute_static_cases.inc"
#undef CASE
  };
  return all;
}

void parallel_for(uint64_t count, unsigned threads, const std::function<void(uint64_t)>& f) {
  if (threads == 0) threads = std::max(1u, std::thread::hardware_concurrency());
  if (threads > count) threads = static_cast<unsigned>(count);
  std::atomic<uint64_t> next{0};
  auto work = [&] {
    for (uint64_t c = next++; c < count; c = next++) f(c);
  };
  if (threads <= 1) {
    work();
    return;
  }
  std::vector<std::thread> pool;
  pool.reserve(threads - 1);
  for (unsigned t = 1; t < threads; ++t) pool.emplace_back(work);
  work();
  for (std::thread& t : pool) t.join();
}

layout::Layout our_result(const Case& c) {
  using namespace layout;
  const std::string_view op = c.op;
  if (op == "make_layout_right") return make_layout_right(parse_int_tuple(c.a));
  const Layout a = parse_layout(c.a);
  if (op == "layout") return a;
  if (op == "right_inverse") return right_inverse(a);
  if (op == "left_inverse") return left_inverse(a);
  if (op == "coalesce") return coalesce(a);
  if (op == "complement") return complement(a, std::stoll(c.b));
  if (op == "tile_to_shape") {
    const IntTuple shape = parse_int_tuple(c.b);
    if (std::string_view(c.c).empty()) return tile_to_shape(a, shape);
    return tile_to_shape(a, shape, parse_int_tuple(c.c));
  }
  if (op == "blocked_product") return blocked_product(a, parse_layout(c.b));
  if (op == "raked_product") return raked_product(a, parse_layout(c.b));
  if (op == "tiled_copy_tv") {
    const Layout v = parse_layout(c.b);
    return with_shape(right_inverse(raked_product(a, v)), IntTuple::tuple({a.size(), v.size()}));
  }
  const Tiler t = parse_tiler(c.b);
  if (op == "logical_product") return logical_product(a, t);
  if (op == "zipped_product") return zipped_product(a, t);
  if (op == "tiled_product") return tiled_product(a, t);
  if (op == "logical_divide") return logical_divide(a, t);
  if (op == "zipped_divide") return zipped_divide(a, t);
  if (op == "tiled_divide") return tiled_divide(a, t);
  if (op == "flat_divide") return flat_divide(a, t);
  if (op == "composition") return composition(a, t);
  throw std::invalid_argument(std::string("cute_static_check: unknown op ") + c.op);
}

layout::Layout planted(const layout::Layout& l) {
  const layout::Modes m = layout::flat_modes(l);
  int k = static_cast<int>(m.size()) - 1;
  while (k >= 0 && m[k].s % 2 != 0) --k;
  layout::Modes out;
  if (k < 0) {  // no even extent: the last mode's stride is off by one
    out = m;
    out[out.size() - 1].d += 1;
    return layout::from_modes(out);
  }
  for (int j = 0; j < static_cast<int>(m.size()); ++j) {
    if (j != k) {
      out.push_back(m[j]);
      continue;
    }
    const int64_t half = m[j].s / 2;
    out.push_back({half, m[j].d});
    out.push_back({2, m[j].d * half + 1});
  }
  return layout::from_modes(out);
}

void our_hashes(const layout::FlatLayout& f, uint64_t lo, uint64_t hi, uint64_t* hashes,
                unsigned threads) {
  parallel_for(chunk_count(hi - lo), threads, [&](uint64_t c) {
    constexpr uint64_t kBlock = 4096;
    int64_t v[kBlock];
    const ChunkRange r = chunk_range(lo, hi, c);
    uint64_t h = 0;
    for (uint64_t s = r.begin; s < r.end; s += kBlock) {
      const uint64_t count = r.end - s < kBlock ? r.end - s : kBlock;
      f.eval_chunk(s, count, v);
      for (uint64_t j = 0; j < count; ++j) h += pair_hash(s + j, v[j]);
    }
    hashes[c] = h;
  });
}

}  // namespace gpu_check::cute_static
