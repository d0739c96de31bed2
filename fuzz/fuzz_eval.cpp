// fuzz_eval: the evaluators agree with the plain definition.
//
// A layout with large shapes and strides (sizes and offsets past 2^31, 2^32
// and up to the int64 edge) is evaluated four ways at chosen indices:
//   - Layout::operator()(i) (checked int64 arithmetic, natural and odd extension),
//   - FlatLayout per index (magic-number division), merged and unmerged,
//   - FlatLayout::eval_chunk and FlatLayout::for_each (the chunked odometer),
//   - the definition in 128-bit arithmetic (common.hpp), which decides.
// A value outside int64 must be refused (layout::Error), never wrapped; a
// refusal is allowed only where a value or an intermediate term leaves int64.
// make_flat must refuse exactly when an offset on the domain leaves int64 or
// more than kMaxFlatRank modes remain after its documented rewrites.
#include <cstdint>
#include <string>
#include <vector>

#include "common.hpp"
#include "layout/flat_layout.hpp"

namespace {

using namespace fuzz;

int64_t gen_extent(FuzzedDataProvider& in) {
  switch (in.ConsumeIntegralInRange<int>(0, 5)) {
    case 0:
      return in.ConsumeIntegralInRange<int64_t>(1, 8);
    case 1:
      return int64_t{1} << in.ConsumeIntegralInRange<int>(0, 40);
    case 2:
      return (int64_t{1} << in.ConsumeIntegralInRange<int>(1, 33)) +
             in.ConsumeIntegralInRange<int64_t>(-1, 1);
    case 3: {
      const int64_t e = edge_value(in);
      return e < 1 ? 1 : e;
    }
    case 4:
      return 1;
    default:
      return in.ConsumeIntegralInRange<int64_t>(1, 1000000);
  }
}

int64_t gen_stride(FuzzedDataProvider& in, int64_t prefix) {
  switch (in.ConsumeIntegralInRange<int>(0, 6)) {
    case 0:
      return prefix;
    case 1:
      return -prefix;
    case 2:
      return in.ConsumeIntegralInRange<int64_t>(-8, 8);
    case 3:
      return edge_value(in);
    case 4:
      return (in.ConsumeBool() ? 1 : -1) * (int64_t{1} << in.ConsumeIntegralInRange<int>(0, 62));
    case 5:
      return in.ConsumeIntegral<int64_t>();
    default:
      return in.ConsumeIntegralInRange<int64_t>(0, 1 << 20);
  }
}

// A nested shape/stride pair of up to `max_leaves` leaves.
void gen_pair(FuzzedDataProvider& in, int depth, int& budget, IntTuple& s, IntTuple& d,
              int64_t& prefix) {
  if (depth < 2 && budget > 1 && in.ConsumeIntegralInRange<int>(0, 3) == 0) {
    const int rank = in.ConsumeIntegralInRange<int>(1, 4);
    std::vector<IntTuple> ss, dd;
    for (int k = 0; k < rank && budget > 0; ++k) {
      IntTuple sk, dk;
      gen_pair(in, depth + 1, budget, sk, dk, prefix);
      ss.push_back(sk);
      dd.push_back(dk);
    }
    s = IntTuple::tuple(ss);
    d = IntTuple::tuple(dd);
    return;
  }
  --budget;
  const int64_t e = gen_extent(in);
  s = e;
  d = gen_stride(in, prefix);
  const i128 next = static_cast<i128>(prefix) * e;
  prefix = next > kI64Max ? 1 : static_cast<int64_t>(next);
}

// The rewrites of make_flat: flatten, drop size-1 modes but the last, merge
// s0:d0, s1:d1 with d1 = s0*d0. Returns the number of modes that remain.
LAYOUTCHECK_NO_COVERAGE int merged_rank(const Leaves& lv) {
  Leaves m;
  for (std::size_t k = 0; k < lv.size(); ++k)
    if (lv[k].s != 1 || k + 1 == lv.size()) m.push_back(lv[k]);
  Leaves out;
  for (const Leaf& x : m) {
    if (!out.empty() && static_cast<i128>(out.back().s) * out.back().d == x.d) {
      const i128 s = static_cast<i128>(out.back().s) * x.s;
      if (s <= kI64Max) {
        out.back().s = static_cast<int64_t>(s);
        continue;
      }
    }
    out.push_back(x);
  }
  return out.empty() ? 1 : static_cast<int>(out.size());
}

struct Checker {
  const Layout& l;
  Leaves lv;
  int64_t n;
  std::string in;

  [[noreturn]] LAYOUTCHECK_NO_COVERAGE void fail(const std::string& what) const { die(what, in); }

  LAYOUTCHECK_NO_COVERAGE void layout_at(int64_t i) const {
    const Value want = eval_value(lv, i);
    int64_t got = 0;
    bool refused = false;
    try {
      got = l(i);
    } catch (const layout::Error& e) {
      require_message(e, "eval", in + ", i = " + std::to_string(i));
      refused = true;
    } catch (const std::exception& e) {
      fail("L(" + std::to_string(i) + ") threw something other than layout::Error: " + e.what());
    }
    if (refused) {
      if (want.v && !want.wide && i != INT64_MIN)
        fail("L(" + std::to_string(i) + ") refused, but the value " + std::to_string(*want.v) +
             " fits and no term leaves int64");
      return;
    }
    if (!want.v)
      fail("L(" + std::to_string(i) + ") = " + std::to_string(got) +
           " was not refused, but the true value is outside int64 (wrapped)");
    if (got != *want.v)
      fail("L(" + std::to_string(i) + ") = " + std::to_string(got) + ", expected " +
           std::to_string(*want.v));
  }

  LAYOUTCHECK_NO_COVERAGE void flat(bool merged, const std::vector<int64_t>& indices,
                                    FuzzedDataProvider& fdp) const {
    const char* name = merged ? "make_flat" : "make_flat_unmerged";
    i128 lo = 0, hi = 0;
    for (const Leaf& x : lv) {
      const i128 span = static_cast<i128>(x.s - 1) * x.d;
      (x.d < 0 ? lo : hi) += span;
    }
    const int rank = merged ? merged_rank(lv) : (lv.empty() ? 1 : static_cast<int>(lv.size()));
    const bool must_refuse = !fits(lo) || !fits(hi) || rank > layout::kMaxFlatRank;
    layout::FlatLayout f{};
    bool refused = false;
    try {
      f = merged ? layout::make_flat(l) : layout::make_flat_unmerged(l);
    } catch (const layout::Error& e) {
      require_message(e, name, in);
      refused = true;
    } catch (const std::exception& e) {
      fail(std::string(name) + " threw something other than layout::Error: " + e.what());
    }
    if (refused != must_refuse)
      fail(std::string(name) + (refused ? " refused" : " accepted") + " a layout with offsets [" +
           std::to_string(static_cast<double>(lo)) + ", " +
           std::to_string(static_cast<double>(hi)) + "] and " + std::to_string(rank) +
           " modes after its rewrites");
    if (refused) return;
    if (f.size != n) fail(std::string(name) + ": size " + std::to_string(f.size));
    if (f.rank < 1 || f.rank > layout::kMaxFlatRank)
      fail(std::string(name) + ": rank " + std::to_string(f.rank));
    if (f.min_offset != static_cast<int64_t>(lo) || f.max_offset != static_cast<int64_t>(hi))
      fail(std::string(name) + ": offset range [" + std::to_string(f.min_offset) + ", " +
           std::to_string(f.max_offset) + "]");
    if (f.max_index < static_cast<uint64_t>(n) - 1)
      fail(std::string(name) + ": max_index " + std::to_string(f.max_index) + " below size - 1");
    const auto at = [&](uint64_t i) -> int64_t {
      const Value want = eval_value(lv, static_cast<i128>(i));
      if (!want.v)
        fail(std::string(name) + ": max_index " + std::to_string(f.max_index) + " promises L(" +
             std::to_string(i) + ") in int64, but it is not");
      return *want.v;
    };
    std::vector<uint64_t> probe;
    for (int64_t i : indices)
      if (i >= 0 && static_cast<uint64_t>(i) <= f.max_index)
        probe.push_back(static_cast<uint64_t>(i));
    probe.push_back(f.max_index);
    for (uint64_t i : probe) {
      const int64_t want = at(i);
      if (f(i) != want)
        fail(std::string(name) + ": F(" + std::to_string(i) + ") = " + std::to_string(f(i)) +
             ", expected " + std::to_string(want));
    }
    // A chunk: start anywhere up to max_index, count up to 1100 (past the
    // 256-entry pattern table), clipped so that start + count - 1 <= max_index.
    uint64_t start = 0;
    switch (fdp.ConsumeIntegralInRange<int>(0, 3)) {
      case 0:
        start = 0;
        break;
      case 1:
        start = fdp.ConsumeIntegralInRange<uint64_t>(0, static_cast<uint64_t>(n) - 1);
        break;
      case 2:
        start = f.max_index -
                fdp.ConsumeIntegralInRange<uint64_t>(0, 2000 < f.max_index ? 2000 : f.max_index);
        break;
      default:
        start = fdp.ConsumeIntegralInRange<uint64_t>(0, f.max_index);
        break;
    }
    uint64_t count = fdp.ConsumeIntegralInRange<uint64_t>(0, 1100);
    if (count > f.max_index - start + 1) count = f.max_index - start + 1;
    std::vector<int64_t> out(count + 1, 0x5a5a5a5a);
    f.eval_chunk(start, count, out.data());
    for (uint64_t j = 0; j < count; ++j) {
      const int64_t want = at(start + j);
      if (out[j] != want)
        fail(std::string(name) + ": eval_chunk(" + std::to_string(start) + ", " +
             std::to_string(count) + ")[" + std::to_string(j) + "] = " + std::to_string(out[j]) +
             ", expected " + std::to_string(want));
    }
    if (out[count] != 0x5a5a5a5a) fail(std::string(name) + ": eval_chunk wrote past count");
    uint64_t next = start;
    f.for_each(start, count, [&](uint64_t i, int64_t v) {
      if (i != next)
        fail(std::string(name) + ": for_each visited " + std::to_string(i) + " instead of " +
             std::to_string(next));
      const int64_t want = at(i);
      if (v != want)
        fail(std::string(name) + ": for_each at " + std::to_string(i) + " gave " +
             std::to_string(v) + ", expected " + std::to_string(want));
      ++next;
    });
    if (next != start + count) fail(std::string(name) + ": for_each stopped early");
  }
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  FuzzedDataProvider in(data, size);
  int budget = in.ConsumeIntegralInRange<int>(1, 20);
  IntTuple s, d;
  int64_t prefix = 1;
  gen_pair(in, 0, budget, s, d, prefix);
  const std::string operands = layout::to_string(s) + ":" + layout::to_string(d);

  // The constructor refuses exactly the sizes past int64.
  std::optional<Layout> made;
  try {
    made.emplace(s, d);
  } catch (const layout::Error& e) {
    require_message(e, "make_layout", operands);
  }
  const i128 n128 = size128(s);
  if (made.has_value() != (n128 <= kI64Max))
    die(made ? "a layout whose size passes int64 was accepted" : "a valid layout was refused",
        operands);
  if (!made) return 0;
  const Layout& l = *made;
  Checker c{l, leaves(l), static_cast<int64_t>(n128), layout::to_string(l)};

  if (l.size() != c.n) die("size() = " + std::to_string(l.size()), c.in);
  {  // cosize = 1 + sum (s-1)|d|, refused past int64 (or on an intermediate |d| past it)
    i128 want = 1;
    bool wide = false;
    for (const Leaf& x : c.lv) {
      const i128 ad = x.d < 0 ? -static_cast<i128>(x.d) : x.d;
      if (!fits(ad)) wide = true;
      want += static_cast<i128>(x.s - 1) * ad;
    }
    int64_t got = 0;
    bool refused = false;
    try {
      got = l.cosize();
    } catch (const layout::Error& e) {
      require_message(e, "cosize", c.in);
      refused = true;
    }
    if (refused && fits(want) && !wide) die("cosize refused, but it fits in int64", c.in);
    if (!refused && (!fits(want) || got != static_cast<int64_t>(want)))
      die("cosize() = " + std::to_string(got) + ", expected " +
              (fits(want) ? std::to_string(static_cast<int64_t>(want)) : "a refusal"),
          c.in);
  }

  std::vector<int64_t> indices = {0, 1, 2, c.n - 1, c.n / 2, c.n, INT64_MAX, INT64_MIN};
  if (c.n < INT64_MAX) indices.push_back(c.n + 1);
  for (int64_t e : {int64_t{1} << 31, int64_t{1} << 32}) {
    indices.push_back(e - 1);
    indices.push_back(e);
    indices.push_back(e + 1);
  }
  const int extra = in.ConsumeIntegralInRange<int>(0, 8);
  for (int k = 0; k < extra; ++k) {
    switch (in.ConsumeIntegralInRange<int>(0, 2)) {
      case 0:
        indices.push_back(in.ConsumeIntegralInRange<int64_t>(0, c.n - 1));
        break;
      case 1:
        indices.push_back(edge_value(in));
        break;
      default:
        indices.push_back(in.ConsumeIntegral<int64_t>());
        break;
    }
  }
  for (int64_t i : indices) {
    c.layout_at(i);
    if (i != INT64_MIN) c.layout_at(-i);
  }
  c.flat(true, indices, in);
  c.flat(false, indices, in);
  return 0;
}
