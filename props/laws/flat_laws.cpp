// The flat evaluation core: FLAT-RANGE, FLAT-EVAL, FLAT-WINDOW, MAGIC-DIV.
// FlatLayout is what the bulk checks (CPU and CUDA) evaluate with; its
// contract reaches indices up to max_index, which saturates at 2^64 - 1, so
// these laws evaluate the oracle at 128-bit indices.
#include <algorithm>
#include <array>

#include "catalog_groups.hpp"
#include "law_util.hpp"

namespace props {

namespace {

using namespace util;

constexpr uint64_t kAll = ~uint64_t{0};

// A deterministic stream of 64-bit values (splitmix64) from a law's seed.
struct Stream {
  uint64_t x;
  uint64_t next() {
    uint64_t z = (x += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
  uint64_t below(uint64_t n) { return n == 0 ? 0 : next() % n; }  // n > 0: in [0, n)
};

// What make_flat must give: the offset range on the domain, and whether it
// may refuse (more than 16 modes after merging) or must (offsets past int64).
struct FlatDef {
  i128 lo = 0, hi = 0;
  bool fits = true;         // [lo, hi] within int64
  bool may_refuse = false;  // too many modes
};

FlatDef flat_def(const Layout& l) {
  FlatDef f;
  for (const oracle::Leaf& x : oracle::leaves(l)) {
    const i128 term = static_cast<i128>(x.s - 1) * x.d;
    (term < 0 ? f.lo : f.hi) += term;
  }
  f.fits = f.lo >= INT64_MIN && f.hi <= INT64_MAX;
  // make_flat keeps at most 16 modes after dropping size-1 modes and merging
  // neighbours (the last mode kept): more than 15 coalesced modes may refuse.
  f.may_refuse = oracle::coalesced(oracle::leaves(l)).size() >= 16;
  return f;
}

// Builds F = make_flat(L) (or the unmerged variant) and judges a refusal.
// nullopt with `out` set: the case ends there.
std::optional<FlatLayout> build(const std::string& law, const Algebra& alg,
                                const std::vector<Arg>& args, const Layout& l, bool merged,
                                Outcome& out) {
  const FlatDef def = flat_def(l);
  try {
    FlatLayout f = merged ? alg.make_flat(l) : alg.make_flat_unmerged(l);
    if (!def.fits) {
      out = fail(law, args, "make_flat of a layout whose offsets pass int64 was not refused");
      return std::nullopt;
    }
    return f;
  } catch (const Error& e) {
    const bool unmerged_too_many = !merged && oracle::leaves(l).size() > 16;
    out = !def.fits || def.may_refuse || unmerged_too_many
              ? vacuous("refused")
              : refused(law, args, merged ? "make_flat" : "make_flat_unmerged", e);
    return std::nullopt;
  }
}

// The prefix products of L's leaves below 2^64 (the digit boundaries).
std::vector<uint64_t> boundaries(const Layout& l) {
  std::vector<uint64_t> out;
  i128 p = 1;
  for (const oracle::Leaf& x : oracle::leaves(l)) {
    p *= x.s;
    if (p > kAll) break;
    if (x.s > 1) out.push_back(static_cast<uint64_t>(p));
  }
  return out;
}

// The indices a law evaluates F at, all <= max_index: the start of the
// domain (all of it up to 2^12), its last 1024, the last 1024 of the contract
// (max_index, near 2^64 when it saturates), the digit boundaries near both,
// and 1024 random ones. The three runs of consecutive indices are merged
// where they overlap; a point inside a run is dropped, so no index repeats
// but a point drawn twice (it is not sorted: that was a third of the law's
// time under the fuzzer's sanitizers).
std::vector<uint64_t> sample_indices(const Layout& l, uint64_t n, uint64_t max_index,
                                     uint64_t seed) {
  struct Run {
    uint64_t lo, hi;  // [lo, hi], lo <= hi
  };
  std::array<Run, 3> runs{};
  std::size_t r = 0;
  const i128 top = static_cast<i128>(max_index);
  auto add_run = [&](i128 lo, i128 end) {  // [lo, end) within [0, max_index]
    lo = std::max<i128>(lo, 0);
    end = std::min<i128>(end, top + 1);
    if (lo < end) runs[r++] = {static_cast<uint64_t>(lo), static_cast<uint64_t>(end - 1)};
  };
  add_run(0, n <= (uint64_t{1} << 12) ? n : 1024);
  add_run(static_cast<i128>(n) - std::min<uint64_t>(n, 1024), n);
  add_run(top - 1023, top + 1);
  for (std::size_t k = 1; k < r; ++k)  // by start (three runs: insertion)
    for (std::size_t j = k; j > 0 && runs[j].lo < runs[j - 1].lo; --j)
      std::swap(runs[j], runs[j - 1]);
  std::size_t merged = 0;
  for (std::size_t k = 0; k < r; ++k) {
    if (merged > 0 && static_cast<i128>(runs[k].lo) <= static_cast<i128>(runs[merged - 1].hi) + 1)
      runs[merged - 1].hi = std::max(runs[merged - 1].hi, runs[k].hi);
    else
      runs[merged++] = runs[k];
  }
  std::vector<uint64_t> out;
  std::size_t run_length = 0;
  for (std::size_t k = 0; k < merged; ++k) run_length += runs[k].hi - runs[k].lo + 1;
  out.reserve(run_length + 1024 + 16 * 3 * 5);
  for (std::size_t k = 0; k < merged; ++k)
    for (uint64_t i = runs[k].lo;; ++i) {
      out.push_back(i);
      if (i == runs[k].hi) break;
    }
  auto add_point = [&](i128 i) {
    if (i < 0 || i > top) return;
    const auto u = static_cast<uint64_t>(i);
    for (std::size_t k = 0; k < merged; ++k)
      if (runs[k].lo <= u && u <= runs[k].hi) return;
    out.push_back(u);
  };
  for (uint64_t p : boundaries(l))
    for (const i128 base : {static_cast<i128>(p), static_cast<i128>(max_index / p) * p,
                            static_cast<i128>(max_index / 2 / p) * p})
      for (int d = -2; d <= 2; ++d) add_point(base + d);
  Stream s{seed};
  for (int k = 0; k < 1024; ++k)
    add_point(s.below(max_index) + (max_index == kAll ? s.below(2) : 0));
  return out;
}

// L(i) by the oracle at a 64-bit index; nullopt past int64.
std::optional<int64_t> at(const Leaves& lv, uint64_t i) {
  const auto v = oracle::eval_wide(lv, static_cast<i128>(i));
  if (!v || *v > INT64_MAX || *v < INT64_MIN) return std::nullopt;
  return static_cast<int64_t>(*v);
}

// FLAT-RANGE: make_flat(L) has size(L), the exact offset range on the domain
// (sums of the negative and positive terms), and max_index is exact: every
// i <= max_index has L(i) in int64 (sampled by FLAT-EVAL) and, unless it
// saturates at 2^64 - 1, some index of the next max_index + 1 .. + size(L)
// does not. Never refused with offsets in int64 and at most 16 modes after
// merging; refused when the offsets pass int64.
Outcome flat_range(const Algebra& alg, const std::vector<Arg>& args) {
  const Layout& l = std::get<Layout>(args[0]);
  Outcome out;
  const auto f = build("FLAT-RANGE", alg, args, l, true, out);
  if (!f) return out;
  const FlatDef def = flat_def(l);
  const auto n = oracle::size(l);
  if (!n) return vacuous("size past int64");
  if (f->size != *n)
    return fail("FLAT-RANGE", args, "size is not size(L)", std::nullopt, *n, f->size);
  if (f->min_offset != static_cast<int64_t>(def.lo) ||
      f->max_offset != static_cast<int64_t>(def.hi))
    return fail("FLAT-RANGE", args,
                "offset range [" + std::to_string(f->min_offset) + ", " +
                    std::to_string(f->max_offset) + "], the definition's is [" +
                    std::to_string(static_cast<int64_t>(def.lo)) + ", " +
                    std::to_string(static_cast<int64_t>(def.hi)) + "]");
  const Leaves lv = oracle::leaves(l);
  if (!at(lv, f->max_index))
    return fail("FLAT-RANGE", args, "L(max_index) passes int64: max_index is too large",
                static_cast<int64_t>(f->max_index));
  if (f->max_index != kAll) {
    if (*n > limit()) return std::nullopt;  // maximality not decided for large domains
    for (int64_t k = 1; k <= *n; ++k) {
      const i128 i = static_cast<i128>(f->max_index) + k;
      if (i > kAll) break;
      if (!at(lv, static_cast<uint64_t>(i))) return std::nullopt;
    }
    return fail("FLAT-RANGE", args,
                "every index of max_index + 1 .. max_index + size(L) fits: max_index is too small",
                static_cast<int64_t>(f->max_index));
  }
  return std::nullopt;
}

// FLAT-EVAL: F(i) = L(i) (natural extension) for sampled i <= max_index, for
// make_flat and make_flat_unmerged. Argument 1 seeds the sample.
Outcome flat_eval(const Algebra& alg, const std::vector<Arg>& args) {
  const Layout& l = std::get<Layout>(args[0]);
  const uint64_t seed = static_cast<uint64_t>(std::get<int64_t>(args[1]));
  const Leaves lv = oracle::leaves(l);
  bool checked = false;
  // The oracle's values at the previous pass's samples (the same indices when
  // both passes have the same max_index): evaluated once.
  std::vector<uint64_t> sampled;
  std::vector<std::optional<int64_t>> wanted;
  for (const bool merged : {true, false}) {
    Outcome out;
    const auto f = build("FLAT-EVAL", alg, args, l, merged, out);
    if (!f) {
      if (out) return out;
      continue;
    }
    const uint64_t n = static_cast<uint64_t>(f->size);
    std::vector<uint64_t> samples = sample_indices(l, n, f->max_index, seed);
    if (samples != sampled) {
      wanted.resize(samples.size());
      for (std::size_t k = 0; k < samples.size(); ++k) wanted[k] = at(lv, samples[k]);
      sampled = std::move(samples);
    }
    for (std::size_t k = 0; k < sampled.size(); ++k) {
      const uint64_t i = sampled[k];
      const auto& want = wanted[k];
      const int64_t got = alg.flat_eval(*f, i);
      if (!want)
        return fail("FLAT-EVAL", args,
                    "L(i) passes int64 at i <= max_index = " + std::to_string(f->max_index),
                    static_cast<int64_t>(i), std::nullopt, got);
      if (got != *want)
        return fail("FLAT-EVAL", args,
                    std::string(merged ? "make_flat" : "make_flat_unmerged") +
                        " F(i) != L(i) at i = " + std::to_string(i),
                    static_cast<int64_t>(i), *want, got);
    }
    checked = true;
  }
  return checked ? Outcome() : vacuous("refused");
}

// FLAT-WINDOW, parts eval_chunk and for_each: over windows [start, start +
// count) of the domain, of its end and of the contract's end (max_index),
// of lengths around the chunk kernel's pattern size (256), eval_chunk writes
// L(start + j) at out[j] and for_each visits (start + j, L(start + j)) in order.
constexpr const char* kWindowParts[] = {"eval_chunk", "for_each"};

Outcome flat_window(const Algebra& alg, const std::vector<Arg>& args, std::size_t first,
                    std::size_t last) {
  const Layout& l = std::get<Layout>(args[0]);
  Stream s{static_cast<uint64_t>(std::get<int64_t>(args[1]))};
  Outcome out;
  const auto f = build("FLAT-WINDOW", alg, args, l, true, out);
  if (!f) return out;
  const Leaves lv = oracle::leaves(l);
  const uint64_t n = static_cast<uint64_t>(f->size), top = f->max_index;
  // (start, count) windows, all within [0, max_index].
  std::vector<std::pair<uint64_t, uint64_t>> windows;
  auto add = [&](i128 start, uint64_t count) {
    if (start < 0) start = 0;
    if (start > top) return;
    const i128 room = static_cast<i128>(top) - start + 1;
    windows.emplace_back(static_cast<uint64_t>(start),
                         static_cast<uint64_t>(std::min<i128>(count, room)));
  };
  add(0, std::min<uint64_t>(n, 4096));
  for (int k = 0; k < 6; ++k) {
    const uint64_t count = s.below(3 * 256 + 40) + 1;
    add(s.below(n), count);
    add(static_cast<i128>(n) - static_cast<i128>(s.below(count + 1)), count);
    add(static_cast<i128>(top) - count + 1, count);
    add(s.below(top), count);
  }
  // The oracle's values on the first window, evaluated once: most other windows
  // overlap it (for a layout of at most 4096 indices, all but those near a
  // max_index past its domain).
  std::vector<std::optional<int64_t>> first_window;
  if (!windows.empty() && windows[0].first == 0) {
    first_window.resize(windows[0].second);
    for (uint64_t i = 0; i < windows[0].second; ++i) first_window[i] = at(lv, i);
  }
  auto oracle_at = [&](uint64_t i) {
    return i < first_window.size() ? first_window[i] : at(lv, i);
  };
  return each_part(first, last, [&](std::size_t part) -> Outcome {
    for (const auto& [start, count] : windows) {
      if (part == 0) {
        std::vector<int64_t> got(count);
        alg.flat_chunk(*f, start, count, got.data());
        for (uint64_t j = 0; j < count; ++j) {
          const auto want = oracle_at(start + j);
          if (got[j] != want.value_or(INT64_MIN))
            return fail("FLAT-WINDOW", args,
                        "eval_chunk(" + std::to_string(start) + ", " + std::to_string(count) +
                            ") is wrong at out[" + std::to_string(j) + "]",
                        static_cast<int64_t>(start + j), want, got[j]);
        }
      } else {
        const auto got = alg.flat_for_each(*f, start, count);
        if (got.size() != count)
          return fail("FLAT-WINDOW", args,
                      "for_each(" + std::to_string(start) + ", " + std::to_string(count) +
                          ") visited " + std::to_string(got.size()) + " indices");
        for (uint64_t j = 0; j < count; ++j) {
          const auto want = oracle_at(start + j);
          if (got[j].first != start + j || got[j].second != want.value_or(INT64_MIN))
            return fail("FLAT-WINDOW", args,
                        "for_each(" + std::to_string(start) + ", " + std::to_string(count) +
                            ") visit " + std::to_string(j) + " is (" +
                            std::to_string(got[j].first) + ", " + std::to_string(got[j].second) +
                            ")",
                        static_cast<int64_t>(start + j), want, got[j].second);
        }
      }
    }
    return std::nullopt;
  });
}

// MAGIC-DIV: MagicDivider::make(d).div(n) = floor(n / d) for every divisor
// d >= 1 and dividend n < 2^64 (both read as uint64: -1 is 2^64 - 1), on
// dividends around n, around the multiples of d next to n, near 2^32, 2^63
// and 2^64, and below d.
Outcome magic_div(const Algebra& alg, const std::vector<Arg>& args) {
  const uint64_t d = static_cast<uint64_t>(std::get<int64_t>(args[0]));
  const uint64_t n = static_cast<uint64_t>(std::get<int64_t>(args[1]));
  if (d == 0) return vacuous("divisor 0");
  std::vector<uint64_t> xs;
  for (int64_t k = -64; k <= 64; ++k) {
    xs.push_back(n + static_cast<uint64_t>(k));            // wraps: both ends of 2^64
    xs.push_back((n / d) * d + static_cast<uint64_t>(k));  // around a multiple of d
    xs.push_back(d + static_cast<uint64_t>(k));
    xs.push_back((uint64_t{1} << 63) + static_cast<uint64_t>(k));
    xs.push_back((uint64_t{1} << 32) + static_cast<uint64_t>(k));
    xs.push_back(kAll - static_cast<uint64_t>(k < 0 ? -k : k));
  }
  const uint64_t q = kAll / d;  // the largest quotients and their neighbours
  for (uint64_t j = 0; j <= 4 && j <= q; ++j)
    for (int64_t k = -1; k <= 1; ++k) xs.push_back((q - j) * d + static_cast<uint64_t>(k));
  Stream s{n ^ d};
  for (int k = 0; k < 1024; ++k) xs.push_back(s.next());
  for (uint64_t x : xs) {
    const uint64_t got = alg.magic_div(d, x);
    if (got != x / d)
      return fail("MAGIC-DIV", args,
                  "floor(" + std::to_string(x) + " / " + std::to_string(d) +
                      ") = " + std::to_string(x / d) + ", the divider gave " + std::to_string(got));
  }
  return std::nullopt;
}

}  // namespace

std::vector<Law> flat_laws() {
  using K = ArgKind;
  return {
      {"FLAT-RANGE",
       "make_flat(L): size(L), offset range [sum of negative terms, sum of positive terms], "
       "L(max_index) in int64 and max_index maximal (or 2^64 - 1); refused iff offsets pass "
       "int64 (or > 16 modes)",
       "make_flat",
       "random nested, negative and huge strides, stride 0 last, huge shapes",
       {K::layout},
       guard(flat_range)},
      {"FLAT-EVAL",
       "F(i) = L(i) for sampled i <= max_index (domain, its end, up to 2^64 - 1 where max_index "
       "saturates, digit boundaries), for make_flat and make_flat_unmerged",
       "make_flat, FlatLayout::operator(), MagicDivider",
       "random nested, shapes past 2^32 and non-powers of two, saturating max_index",
       {K::layout, K::integer},
       guard(flat_eval)},
      {"FLAT-WINDOW",
       "eval_chunk(start, n) writes L(start + j) and for_each(start, n) visits (start + j, "
       "L(start + j)) in order, for windows at the start, the end of the domain and max_index",
       "FlatLayout::eval_chunk, FlatLayout::for_each",
       "random nested, blocks around the 256-entry pattern, saturating max_index",
       {K::layout, K::integer},
       guard_parts(flat_window, std::size(kWindowParts)),
       {std::begin(kWindowParts), std::end(kWindowParts)},
       guard_part(flat_window, std::size(kWindowParts))},
      {"MAGIC-DIV",
       "MagicDivider::make(d).div(n) = floor(n / d) for all d >= 1, n < 2^64 (uint64 bit "
       "patterns: -1 is 2^64 - 1)",
       "MagicDivider",
       "divisors just above powers of two, 2^32 +- k, near 2^63 and 2^64; dividends near 2^63, "
       "2^64 and multiples of d",
       {K::integer, K::integer},
       guard(magic_div)},
  };
}

}  // namespace props
