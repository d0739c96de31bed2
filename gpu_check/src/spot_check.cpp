#include "gpu_check/spot_check.hpp"

#include <algorithm>
#include <optional>
#include <vector>

#include "gpu_check/random_layouts.hpp"
#include "oracle.hpp"

namespace gpu_check {

namespace {

namespace oracle = props::oracle;
using oracle::wide;

struct Checker {
  const Prepared& p;
  const BulkResult& r;
  SpotCheck out;

  bool disagree(std::string what) {
    if (out.agree) {
      out.agree = false;
      out.detail = "oracle spot check (" + p.law_id + "): " + std::move(what);
    }
    return false;
  }

  // F(i) (and its chunks) against the source layout.
  bool flat_matches(const layout::FlatLayout& f, const layout::Layout& source, const char* name,
                    const std::vector<uint64_t>& idx) {
    const oracle::Leaves lv = oracle::leaves(source);
    for (uint64_t i : idx) {
      const auto want = oracle::eval_wide(lv, static_cast<wide>(i));
      const int64_t got = f(i);
      if (!want || *want != got)
        return disagree(
            std::string(name) + "'s flat layout gives " + std::to_string(got) + " at i = " +
            std::to_string(i) + ", its layout " + layout::to_string(source) + " gives " +
            (want ? std::to_string(static_cast<int64_t>(*want)) : "a value past int64"));
    }
    const uint64_t n = static_cast<uint64_t>(f.size);
    for (const uint64_t start : {uint64_t{0}, n > kSpotEnds ? n - kSpotEnds : 0}) {
      const uint64_t count = std::min(kSpotEnds, n - start);
      std::vector<int64_t> chunk(count);
      f.eval_chunk(start, count, chunk.data());
      for (uint64_t j = 0; j < count; ++j) {
        const auto want = oracle::eval_wide(lv, static_cast<wide>(start + j));
        if (!want || *want != chunk[j])
          return disagree(std::string(name) + "'s eval_chunk gives " + std::to_string(chunk[j]) +
                          " at i = " + std::to_string(start + j) + " for " +
                          layout::to_string(source));
      }
    }
    return true;
  }

  // The law's expected and actual values at i by the oracle (nullopt: past int64).
  std::pair<std::optional<wide>, std::optional<wide>> law_at(uint64_t i) const {
    const auto& s = p.sources;
    auto at = [](const layout::Layout& l, wide x) {
      return oracle::eval_wide(oracle::leaves(l), x);
    };
    const wide w = static_cast<wide>(i);
    switch (p.job.law) {
      case Law::equal:
        return {at(s[0], w), at(s[1], w)};
      case Law::compose: {
        const auto b = at(s[1], w);
        return {b ? at(s[0], *b) : std::nullopt, at(s[2], w)};
      }
      case Law::right_inverse:
      case Law::left_inverse: {
        const auto y = at(s[1], w);
        return {w, y ? at(s[0], *y) : std::nullopt};
      }
      case Law::tile:
        break;
    }
    return {at(s[0], w), at(s[0], w)};
  }

  void check_law(const std::vector<uint64_t>& idx) {
    if (p.job.law == Law::tile) {
      for (uint64_t i : idx) {  // every offset in [0, m)
        const auto v = law_at(i).first;
        if ((!v || *v < 0 || *v >= static_cast<wide>(p.job.m)) && r.out_of_range == 0) {
          disagree("T(" + std::to_string(i) + ") is outside [0, M), the bulk result counts none");
          return;
        }
      }
      if (r.first != kNone) {
        const auto v = law_at(r.first).first;
        if (!v || *v != r.expected)
          disagree("the reported bad index " + std::to_string(r.first) + " has offset " +
                   std::to_string(r.expected) + ", the oracle gives another");
      }
      return;
    }
    for (uint64_t i : idx) {
      const auto [e, a] = law_at(i);
      if (e == a) continue;
      if (r.mismatches == 0 || r.first > i) {
        disagree("the law fails at i = " + std::to_string(i) +
                 ", which the bulk result does not report (first " +
                 (r.first == kNone ? std::string("none") : std::to_string(r.first)) + ")");
        return;
      }
    }
    if (r.first != kNone) {
      const auto [e, a] = law_at(r.first);
      if (e == a || e != static_cast<wide>(r.expected) || a != static_cast<wide>(r.actual))
        disagree("the reported first mismatch at i = " + std::to_string(r.first) + " (expected " +
                 std::to_string(r.expected) + ", got " + std::to_string(r.actual) +
                 ") is not the oracle's");
    }
  }
};

}  // namespace

SpotCheck spot_check(const Prepared& p, const BulkResult& r, uint64_t seed) {
  Checker c{p, r, {}};
  const uint64_t n = p.job.n;
  std::vector<uint64_t> idx;
  for (uint64_t i = 0; i < std::min(n, kSpotEnds); ++i) idx.push_back(i);
  for (uint64_t k = 1; k <= kSpotEnds && k <= n; ++k) idx.push_back(n - k);
  Rng rng{seed};
  for (uint64_t k = 0; k < kSpotRandom && n > 0; ++k) idx.push_back(rng.below(n));
  std::sort(idx.begin(), idx.end());
  idx.erase(std::unique(idx.begin(), idx.end()), idx.end());
  c.out.indices = idx.size();
  // The flat layouts against their sources (tile: z = T; x and y are T's
  // modes in stride order, checked through the law at the visiting positions).
  const auto& s = p.sources;
  bool ok = true;
  switch (p.job.law) {
    case Law::equal:
      ok = c.flat_matches(p.job.x, s[0], "L1", idx) && c.flat_matches(p.job.y, s[1], "L2", idx);
      break;
    case Law::compose:
      ok = c.flat_matches(p.job.y, s[1], "B", idx) && c.flat_matches(p.job.z, s[2], "R", idx);
      break;
    case Law::right_inverse:
    case Law::left_inverse:
      ok = c.flat_matches(p.job.y, s[1], p.job.law == Law::right_inverse ? "R" : "A", idx);
      break;
    case Law::tile:
      ok = c.flat_matches(p.job.z, s[0], "T", idx);
      for (uint64_t j : idx) {  // visiting position j: x(j) = T(y(j))
        if (!ok) break;
        const auto t = oracle::eval_wide(oracle::leaves(s[0]), static_cast<wide>(p.job.y(j)));
        if (!t || *t != p.job.x(j))
          ok = c.disagree("the visiting order's x(" + std::to_string(j) + ") is not T(y(j))");
      }
      break;
  }
  // The outer layout of a composition is evaluated at the inner one's values.
  if (ok && (p.job.law == Law::compose || p.job.law == Law::right_inverse ||
             p.job.law == Law::left_inverse)) {
    const oracle::Leaves inner = oracle::leaves(s[1]), outer = oracle::leaves(s[0]);
    for (uint64_t i : idx) {
      const auto v = oracle::eval_wide(inner, static_cast<wide>(i));
      if (!v) continue;
      const auto want = oracle::eval_wide(outer, *v);
      const int64_t got = p.job.x(static_cast<uint64_t>(static_cast<int64_t>(*v)));
      if (!want || *want != got) {
        ok = c.disagree("the outer flat layout gives " + std::to_string(got) + " at " +
                        std::to_string(static_cast<int64_t>(*v)) + ", its layout " +
                        layout::to_string(s[0]) + " another value");
        break;
      }
    }
  }
  if (ok) c.check_law(idx);
  return c.out;
}

}  // namespace gpu_check
