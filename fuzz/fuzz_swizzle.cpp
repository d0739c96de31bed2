// fuzz_swizzle: Swizzle<B,M,S> and Sw o L.
//   - parameters are refused exactly when invalid (B < 0, M < 0, |S| < B,
//     M + B + |S| > 63), with a message;
//   - Sw(x) is the bitwise definition, Sw(Sw(x)) = x, bits outside the field
//     pass through;
//   - Sw maps an aligned block of 2^(M+B+|S|) onto itself bijectively
//     (enumerated with a bitmap up to 2^10 elements);
//   - (Sw o L)(i) = Sw(L(i)) against the 128-bit definition of L;
//   - the catalog's swizzle laws (SWZ-ORACLE, SWZ-INVOL, SWZ-PASS, SWZ-BIJ,
//     SWZ-LAYOUT) hold on the same parameters.
#include <cstdint>
#include <cstdlib>
#include <iterator>
#include <string>
#include <vector>

#include "common.hpp"
#include "law.hpp"

namespace {

using namespace fuzz;

// The swizzle's validity and definition: the oracle's (bit by bit).
LAYOUTCHECK_NO_COVERAGE bool valid(int b, int m, int s) {
  return props::oracle::swizzle_valid(b, m, s);
}
LAYOUTCHECK_NO_COVERAGE uint64_t definition(int b, int m, int s, uint64_t x) {
  return static_cast<uint64_t>(props::oracle::swizzle(b, m, s, static_cast<int64_t>(x)));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  FuzzedDataProvider in(data, size);
  const int b = in.ConsumeIntegralInRange<int>(-1, 10);
  const int m = in.ConsumeIntegralInRange<int>(-1, 62);
  const int s = in.ConsumeIntegralInRange<int>(-64, 64);
  const std::string sw_text =
      "Sw<" + std::to_string(b) + "," + std::to_string(m) + "," + std::to_string(s) + ">";
  std::optional<layout::Swizzle> sw;
  attempt("swizzle", sw_text, [&] { sw.emplace(b, m, s); });
  if (sw.has_value() != valid(b, m, s))
    die(sw ? "invalid parameters accepted" : "valid parameters refused", sw_text);

  GenOptions o;
  o.max_size = 1 << 10;
  o.large = in.ConsumeBool();
  const Layout l = gen_layout(in, o);
  const uint64_t x0 = in.ConsumeIntegral<uint64_t>();
  const std::string inputs =
      sw_text + ", " + layout::to_string(l) + ", x0 = " + std::to_string(static_cast<int64_t>(x0));

  if (sw) {
    const int width = m + b + (s < 0 ? -s : s);  // bits [0, width) form a block
    const uint64_t block = width >= 63 ? 0 : uint64_t{1} << width;
    const uint64_t keep = width >= 64 ? 0 : ~uint64_t{0} << width;
    const auto f = [&](uint64_t x) {
      return static_cast<uint64_t>((*sw)(static_cast<int64_t>(x)));
    };
    // Pointwise, involution and block preservation on a window.
    for (uint64_t k = 0; k < 64; ++k) {
      const uint64_t x = x0 + k * 0x9e3779b97f4a7c15u;  // spread over all bits
      const uint64_t y = f(x);
      if (y != definition(b, m, s, x))
        die("Sw(" + std::to_string(x) + ") = " + std::to_string(y) + ", expected " +
                std::to_string(definition(b, m, s, x)),
            inputs);
      if (f(y) != x) die("Sw(Sw(" + std::to_string(x) + ")) != x", inputs);
      if ((y & keep) != (x & keep))
        die("Sw moved " + std::to_string(x) + " out of its block", inputs);
    }
    // Bijection on the aligned block containing x0.
    if (block != 0 && block <= 1024) {
      const uint64_t base = x0 & keep;
      std::vector<bool> seen(block, false);
      for (uint64_t j = 0; j < block; ++j) {
        const uint64_t y = f(base + j);
        if ((y & keep) != base) die("Sw leaves the block at " + std::to_string(base + j), inputs);
        if (seen[y - base])
          die("Sw is not injective on the block at " + std::to_string(base), inputs);
        seen[y - base] = true;
      }
    }
    // Sw o L.
    const layout::SwizzledLayout sl(*sw, l);
    const Leaves lv = leaves(l);
    const i128 n = size128(l.shape());
    for (int64_t i = 0; i < n && i < 256; ++i) {
      const Value v = eval_value(lv, i);
      int64_t got = 0;
      bool ok = attempt("swizzled eval", inputs, [&] { got = sl(i); });
      if (!ok) {
        if (v.v && !v.wide) die("Sw o L refused index " + std::to_string(i), inputs);
        continue;
      }
      if (!v.v) die("Sw o L did not refuse an offset past int64 at " + std::to_string(i), inputs);
      const int64_t want = static_cast<int64_t>(definition(b, m, s, static_cast<uint64_t>(*v.v)));
      if (got != want)
        die("(Sw o L)(" + std::to_string(i) + ") = " + std::to_string(got) + ", expected " +
                std::to_string(want),
            inputs);
    }
  }

  // The catalog laws scan thousands of arguments each: one per input (chosen
  // by the input), all of them with LAYOUTCHECK_FUZZ_EVERY_LAW=1 (ctest replay).
  static const bool every = std::getenv("LAYOUTCHECK_FUZZ_EVERY_LAW") != nullptr;
  const IntTuple params = IntTuple::tuple({b, m, s});
  const int64_t x = static_cast<int64_t>(x0);
  const char* const ids[] = {"SWZ-ORACLE", "SWZ-INVOL", "SWZ-PASS", "SWZ-BIJ", "SWZ-LAYOUT"};
  const std::size_t pick = in.ConsumeIntegralInRange<std::size_t>(0, std::size(ids) - 1);
  for (std::size_t k = 0; k < std::size(ids); ++k) {
    if (!every && k != pick) continue;
    const char* id = ids[k];
    const props::Law* law = props::find_law(id);
    if (!law) die(std::string("law ") + id + " is missing from the catalog", inputs);
    std::vector<props::Arg> args{params};
    if (std::string(id) == "SWZ-LAYOUT")
      args.push_back(l);
    else
      args.push_back(x);
    props::Outcome bad;
    try {
      bad = law->check(props::reference_algebra(), args);
    } catch (const std::exception& e) {
      die(std::string(id) + " threw: " + e.what(), inputs);
    }
    if (bad) die(props::describe(*bad), inputs);
  }
  return 0;
}
