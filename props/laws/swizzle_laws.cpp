// Swizzle<B,M,S>: SWZ-ORACLE, SWZ-INVOL, SWZ-PASS, SWZ-BIJ, SWZ-LAYOUT.
// The parameters are one IntTuple (B,M,S); x0 starts the window of arguments.
#include <map>
#include <set>

#include "catalog_groups.hpp"
#include "law_util.hpp"

namespace props {

namespace {

using namespace util;

struct Params {
  int b, m, s;
};

// (B,M,S) as ints; nullopt when not a rank-3 tuple of small integers.
std::optional<Params> params(const IntTuple& t) {
  if (!t.is_tuple() || t.rank() != 3 || t.depth() != 1) return std::nullopt;
  for (int k = 0; k < 3; ++k)
    if (t[k].value() < -1000 || t[k].value() > 1000) return std::nullopt;
  return Params{static_cast<int>(t[0].value()), static_cast<int>(t[1].value()),
                static_cast<int>(t[2].value())};
}

bool valid(const Params& p) { return oracle::swizzle_valid(p.b, p.m, p.s); }
int64_t oracle_swizzle(const Params& p, int64_t x) { return oracle::swizzle(p.b, p.m, p.s, x); }

// The window of arguments: x0 .. x0 + 4095 and a few far values.
std::vector<int64_t> window(int64_t x0) {
  std::vector<int64_t> xs;
  for (int64_t k = 0; k < 4096; ++k)
    if (x0 <= INT64_MAX - k) xs.push_back(x0 + k);
  for (int64_t x : {INT64_MAX, INT64_MIN, int64_t{-1}, int64_t{1} << 62, (int64_t{1} << 40) - 1})
    xs.push_back(x);
  return xs;
}

// SWZ-ORACLE: valid parameters never refused and f(x) is the bitwise
// definition; invalid ones (B < 0, M < 0, |S| < B, M+B+|S| > 63) refused.
Outcome swz_oracle(const Algebra& alg, const std::vector<Arg>& args) {
  const auto p = params(std::get<IntTuple>(args[0]));
  if (!p) return vacuous("too large for the oracle or outside the evaluator");
  const int64_t x0 = std::get<int64_t>(args[1]);
  for (int64_t x : window(x0)) {
    int64_t got = 0;
    try {
      got = alg.swizzle(p->b, p->m, p->s, x);
    } catch (const Error& e) {
      if (!valid(*p)) return vacuous("refused");
      return refused("SWZ-ORACLE", args, "swizzle", e);
    }
    if (!valid(*p))
      return fail("SWZ-ORACLE", args, "invalid parameters were not refused", x, std::nullopt, got);
    const int64_t want = oracle_swizzle(*p, x);
    if (got != want) return fail("SWZ-ORACLE", args, "swizzle disagrees", x, want, got);
  }
  return std::nullopt;
}

// SWZ-INVOL: f(f(x)) = x.
Outcome swz_invol(const Algebra& alg, const std::vector<Arg>& args) {
  const auto p = params(std::get<IntTuple>(args[0]));
  if (!p || !valid(*p)) return vacuous("outside the precondition");
  try {
    for (int64_t x : window(std::get<int64_t>(args[1]))) {
      const int64_t y = alg.swizzle(p->b, p->m, p->s, alg.swizzle(p->b, p->m, p->s, x));
      if (y != x) return fail("SWZ-INVOL", args, "f(f(x)) != x", x, x, y);
    }
  } catch (const Error& e) {
    return refused("SWZ-INVOL", args, "swizzle", e);
  }
  return std::nullopt;
}

// SWZ-PASS: the bits of x outside [M, M+B+|S|) pass through unchanged.
Outcome swz_pass(const Algebra& alg, const std::vector<Arg>& args) {
  const auto p = params(std::get<IntTuple>(args[0]));
  if (!p || !valid(*p)) return vacuous("outside the precondition");
  const int w = p->m + p->b + (p->s < 0 ? -p->s : p->s);
  const uint64_t field =
      ((w >= 64 ? ~uint64_t{0} : (uint64_t{1} << w) - 1)) & ~((uint64_t{1} << p->m) - 1);
  try {
    for (int64_t x : window(std::get<int64_t>(args[1]))) {
      const int64_t y = alg.swizzle(p->b, p->m, p->s, x);
      if ((static_cast<uint64_t>(x) ^ static_cast<uint64_t>(y)) & ~field)
        return fail("SWZ-PASS", args, "a bit outside [M, M+B+|S|) changed", x, std::nullopt, y);
    }
  } catch (const Error& e) {
    return refused("SWZ-PASS", args, "swizzle", e);
  }
  return std::nullopt;
}

// SWZ-BIJ: f maps the aligned block of 2^(M+B+|S|) containing x0 onto itself,
// bijectively (blocks up to 2^16; past that, f keeps every x of the window in
// its block and is injective on the window).
Outcome swz_bij(const Algebra& alg, const std::vector<Arg>& args) {
  const auto p = params(std::get<IntTuple>(args[0]));
  if (!p || !valid(*p)) return vacuous("outside the precondition");
  const int w = p->m + p->b + (p->s < 0 ? -p->s : p->s);
  if (w > 16) {  // too large to enumerate: f stays in each x's block and is injective on the window
    std::map<int64_t, int64_t> preimage;  // y -> x (the window may repeat an x)
    try {
      for (int64_t x : window(std::get<int64_t>(args[1]))) {
        const int64_t y = alg.swizzle(p->b, p->m, p->s, x);
        if (w < 64 && ((static_cast<uint64_t>(x) ^ static_cast<uint64_t>(y)) >> w) != 0)
          return fail("SWZ-BIJ", args, "f leaves the aligned block", x, std::nullopt, y);
        const auto [at, fresh] = preimage.emplace(y, x);
        if (!fresh && at->second != x)
          return fail("SWZ-BIJ", args, "f is not injective", x, std::nullopt, y);
      }
    } catch (const Error& e) {
      return refused("SWZ-BIJ", args, "swizzle", e);
    }
    return std::nullopt;
  }
  const int64_t len = int64_t{1} << w;
  const int64_t x0 = std::get<int64_t>(args[1]);
  const int64_t base =
      static_cast<int64_t>(static_cast<uint64_t>(x0) & ~static_cast<uint64_t>(len - 1));
  std::vector<char> seen(static_cast<std::size_t>(len), 0);
  try {
    for (int64_t k = 0; k < len; ++k) {
      const int64_t y = alg.swizzle(p->b, p->m, p->s, base + k);
      const int64_t off =
          static_cast<int64_t>(static_cast<uint64_t>(y) - static_cast<uint64_t>(base));
      if (off < 0 || off >= len)
        return fail("SWZ-BIJ", args, "f leaves the aligned block", base + k, std::nullopt, y);
      if (seen[static_cast<std::size_t>(off)]++)
        return fail("SWZ-BIJ", args, "f is not injective on the block", base + k, std::nullopt, y);
    }
  } catch (const Error& e) {
    return refused("SWZ-BIJ", args, "swizzle", e);
  }
  return std::nullopt;
}

// SWZ-LAYOUT: the swizzled layout evaluates swizzle(L(i)) for i < size(L).
Outcome swz_layout(const Algebra& alg, const std::vector<Arg>& args) {
  const auto p = params(std::get<IntTuple>(args[0]));
  const Layout& l = std::get<Layout>(args[1]);
  if (!p || !valid(*p)) return vacuous("outside the precondition");
  const auto t = table(l);
  if (!t) return vacuous("too large for the oracle or outside the evaluator");
  for (std::size_t i = 0; i < t->size(); ++i) {
    int64_t got = 0;
    try {
      got = alg.swizzle_layout(p->b, p->m, p->s, l, static_cast<int64_t>(i));
    } catch (const Error& e) {
      return refused("SWZ-LAYOUT", args, "swizzle o layout", e);
    }
    const int64_t want = oracle_swizzle(*p, (*t)[i]);
    if (got != want)
      return fail("SWZ-LAYOUT", args, "swizzle(L(i)) disagrees", static_cast<int64_t>(i), want,
                  got);
  }
  return std::nullopt;
}

}  // namespace

std::vector<Law> swizzle_laws() {
  using K = ArgKind;
  return {
      {"SWZ-ORACLE",
       "Sw<B,M,S>(x) = x XOR the B bits |S| above (S > 0) / below (S < 0) the target field, bit "
       "by bit; invalid parameters refused",
       "swizzle",
       "valid and invalid (B,M,S), S < 0, B = 0, far arguments",
       {K::int_tuple, K::integer},
       guard(swz_oracle)},
      {"SWZ-INVOL",
       "Sw(Sw(x)) = x",
       "swizzle",
       "valid (B,M,S), negative and far arguments",
       {K::int_tuple, K::integer},
       guard(swz_invol)},
      {"SWZ-PASS",
       "bits of x outside [M, M+B+|S|) pass through Sw unchanged",
       "swizzle",
       "valid (B,M,S), negative and far arguments",
       {K::int_tuple, K::integer},
       guard(swz_pass)},
      {"SWZ-BIJ",
       "Sw maps each aligned block of 2^(M+B+|S|) onto itself bijectively",
       "swizzle",
       "valid (B,M,S), any block (enumerated up to 2^16)",
       {K::int_tuple, K::integer},
       guard(swz_bij)},
      {"SWZ-LAYOUT",
       "the swizzled layout Sw o L evaluates Sw(L(i)) for i < size(L)",
       "swizzle, eval",
       "valid (B,M,S), compact and random layouts",
       {K::int_tuple, K::layout},
       guard(swz_layout)},
  };
}

}  // namespace props
