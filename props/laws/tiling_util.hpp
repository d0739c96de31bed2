// Internal: the definitions of the divides and products as brute-force
// evaluators. The layout is split into pieces (each piece a digit of the
// result's colexicographic index); the expected value sums per-mode terms
// computed with the oracle. The algebra is called only for the complements,
// which are validated by brute force before use.
#pragma once

#include "law_util.hpp"

namespace props::util {

// One factor of a divided or multiplied mode.
struct Half {
  Layout a;            // A_k
  Layout b;            // B_k (divides: the tiler; products: the copies layout)
  Layout c;            // the complement
  bool whole = false;  // A_k alone (a `_` or a mode past the tiler)
  bool unit = false;   // the tile 1:0 of a `_` in a zipped/tiled/flat divide
  // The oracle's leaves of A_k, B_k, C_k and J_k = (B_k, C_k), and size(B_k),
  // read once per plan (expected_value runs for every index).
  Leaves al, bl, cl, jl;
  int64_t size_b = 1;
};

struct Piece {
  std::size_t mode;
  int part;  // 0: first half (tile / A_k), 1: second half (rest / copies), 2: A_k whole
  int64_t size;
};

// The complement by its documented formula (oracle::complement), never the
// algebra's: a wrong complement inside a divide or product is then a wrong
// divide or product. nullopt where the formula is not defined.
inline std::optional<Layout> formula_complement(const Layout& x, int64_t cotarget) {
  const auto c = oracle::complement(x, cotarget);
  if (!c) return std::nullopt;
  return oracle::from_leaves(*c);
}

// Expected value of the regrouped layout at index i.
// Divides: part 0/1 are the tile/rest digits t, u of A_k(J_k(t + size(B_k) u)),
// J_k = (B_k, C_k). Products: A_k(t) + C_k(B_k(u)).
// All in 128 bits (an operand's offsets, or J's, may pass int64 where the
// result's do not); INT64_MIN when the value is past int64, which a
// representable result never takes; oracle::Unrepresentable (the case is
// skipped) where even 128 bits do not hold an intermediate.
inline int64_t expected_value(const std::vector<Half>& halves, const Ints& piece_sizes,
                              const std::vector<Piece>& pieces, bool product, int64_t i) {
  const Ints dg = digits(i, piece_sizes);
  Ints t, u;
  t.resize(halves.size());
  u.resize(halves.size());
  for (std::size_t k = 0; k < pieces.size(); ++k)
    (pieces[k].part == 1 ? u : t)[pieces[k].mode] = dg[k];
  auto at = [](const Leaves& lv, i128 x) {
    const auto v = oracle::eval_wide(lv, x);
    if (!v) throw oracle::Unrepresentable{};
    return *v;
  };
  i128 sum = 0;
  for (std::size_t k = 0; k < halves.size(); ++k) {
    const Half& h = halves[k];
    if (h.whole)
      sum += at(h.al, t[k]);
    else if (h.unit)
      sum += at(h.al, u[k]);
    else if (product)
      sum += at(h.al, t[k]) + at(h.cl, at(h.bl, u[k]));
    else
      sum += at(h.al, at(h.jl, t[k] + static_cast<i128>(h.size_b) * u[k]));
    if (sum > (i128{1} << 126) || sum < -(i128{1} << 126)) throw oracle::Unrepresentable{};
  }
  if (sum > INT64_MAX || sum <= INT64_MIN) return INT64_MIN;
  return static_cast<int64_t>(sum);
}

enum class Group { logical, zipped, tiled, flat };

// A plan: the halves and how the result's index splits into pieces.
struct Plan {
  std::vector<Half> halves;
  std::vector<Piece> pieces;
  Ints piece_sizes;                 // the sizes of the pieces, in order
  std::vector<int64_t> mode_sizes;  // expected top-level mode sizes (empty: not checked)
  bool prefix_only = false;         // only the first mode_sizes.size() modes are known
};

// The halves of a tiler on A: a layout tiler applies to A as a whole; a tuple
// of layouts and `_` (no nesting) applies by mode; `_` keeps A_k whole in the
// logical grouping and is the unit tile otherwise. nullopt when the tiler is
// outside this evaluator (nested tuples, rank above A's) or a complement is not
// defined (the operation must then refuse). The halves do not depend on the
// grouping: the regrouping laws build them once.
struct Halves {
  std::vector<Half> halves;
};

inline std::optional<Halves> halves_of(const Layout& a, const Tiler& t, bool logical,
                                       bool product) {
  std::vector<Layout> as;
  std::vector<const Tiler*> ts;
  if (t.is_layout() || t.is_underscore()) {
    as.push_back(a);
    ts.push_back(&t);
  } else {
    if (a.shape().is_int() || t.rank() > a.rank()) return std::nullopt;
    for (int k = 0; k < a.rank(); ++k) {
      as.push_back(a[k]);
      ts.push_back(k < t.rank() ? &t.elems[static_cast<std::size_t>(k)] : nullptr);
    }
  }
  Halves out;
  for (std::size_t k = 0; k < as.size(); ++k) {
    Half h;
    h.a = as[k];
    const Tiler* tk = ts[k];
    if (!tk || (tk->is_underscore() && logical)) {
      h.whole = true;
    } else if (tk->is_underscore()) {
      if (product) return std::nullopt;  // refused by the products
      h.unit = true;
    } else if (tk->is_tuple()) {
      return std::nullopt;
    } else {
      h.b = tk->layout;
      const auto sa = oracle::size(h.a);
      if (!sa || *sa > kLimit) return std::nullopt;
      const i128 target = product ? static_cast<i128>(*sa) * cosize(h.b) : *sa;
      if (target > kLimit) return std::nullopt;
      const auto c = formula_complement(product ? h.a : h.b, static_cast<int64_t>(target));
      if (!c) return std::nullopt;
      h.c = *c;
    }
    h.al = oracle::leaves(h.a);
    h.bl = oracle::leaves(h.b);
    h.cl = oracle::leaves(h.c);
    h.jl = oracle::leaves(join(h.b, h.c));
    h.size_b = size64(h.b);
    out.halves.push_back(std::move(h));
  }
  return out;
}

// The plan of grouping g over the halves (from halves_of with logical = (g ==
// Group::logical)).
inline Plan arrange(Halves h, const Tiler& t, Group g, bool product) {
  Plan p;
  p.halves = std::move(h.halves);
  const std::size_t r = t.is_tuple() ? static_cast<std::size_t>(t.rank()) : 1;
  auto first = [&](const Half& x) { return x.unit ? 1 : product ? size64(x.a) : size64(x.b); };
  auto second = [&](const Half& x) {
    return x.unit ? size64(x.a) : product ? size64(x.b) : size64(x.c);
  };
  const std::size_t n = p.halves.size();
  if (g == Group::logical) {
    for (std::size_t k = 0; k < n; ++k) {
      const Half& x = p.halves[k];
      if (x.whole) {
        p.pieces.push_back({k, 2, size64(x.a)});
        p.mode_sizes.push_back(size64(x.a));
      } else {
        p.pieces.push_back({k, 0, first(x)});
        p.pieces.push_back({k, 1, second(x)});
        p.mode_sizes.push_back(sat_mul(first(x), second(x)));
      }
    }
    if (t.is_layout()) p.mode_sizes = {first(p.halves[0]), second(p.halves[0])};
  } else {
    int64_t tiles = 1, rests = 1;
    for (std::size_t k = 0; k < std::min(r, n); ++k) {
      p.pieces.push_back({k, 0, first(p.halves[k])});
      tiles = sat_mul(tiles, first(p.halves[k]));
    }
    for (std::size_t k = 0; k < std::min(r, n); ++k) {
      p.pieces.push_back({k, 1, second(p.halves[k])});
      rests = sat_mul(rests, second(p.halves[k]));
      if (g == Group::tiled) p.mode_sizes.push_back(second(p.halves[k]));
    }
    for (std::size_t k = r; k < n; ++k) {
      p.pieces.push_back({k, 2, size64(p.halves[k].a)});
      rests = sat_mul(rests, size64(p.halves[k].a));
      if (g == Group::tiled) p.mode_sizes.push_back(size64(p.halves[k].a));
    }
    if (g == Group::zipped) p.mode_sizes = {tiles, rests};
    if (g == Group::tiled) p.mode_sizes.insert(p.mode_sizes.begin(), tiles);
    // The rest of a layout tiler, and of a bare `_` (the unit tile: the rest
    // is A), is unpacked into its modes.
    if (g == Group::tiled && (t.is_layout() || t.is_underscore())) {
      p.mode_sizes = {tiles};
      p.prefix_only = true;
    }
    if (g == Group::flat) p.mode_sizes.clear();
  }
  for (const Piece& x : p.pieces) p.piece_sizes.push_back(x.size);
  return p;
}

inline std::optional<Plan> plan(const Layout& a, const Tiler& t, Group g, bool product) {
  auto h = halves_of(a, t, g == Group::logical, product);
  if (!h) return std::nullopt;
  return arrange(std::move(*h), t, g, product);
}

// Checks a divide or product result against its plan: size, top-level mode
// sizes, values.
inline Outcome check_plan(const std::string& law, const std::vector<Arg>& args,
                          const std::string& op, const Plan& p, const Layout& got, bool product) {
  int64_t n = 1;
  for (const Piece& x : p.pieces) n = sat_mul(n, x.size);
  if (n > kLimit) return vacuous("too large for the oracle or outside the evaluator");
  if (oracle::size(got) != static_cast<int64_t>(n))
    return fail(law, args, op + " gave " + show(got) + ", of another size", std::nullopt,
                static_cast<int64_t>(n), oracle::size(got).value_or(-1));
  if (p.mode_sizes.size() >= 2 || p.prefix_only) {
    const int want_rank = static_cast<int>(p.mode_sizes.size());
    bool ok = got.shape().is_tuple() &&
              (p.prefix_only ? got.rank() >= want_rank : got.rank() == want_rank);
    for (std::size_t k = 0; ok && k < p.mode_sizes.size(); ++k)
      ok = util::size(got.shape()[static_cast<int>(k)]) == p.mode_sizes[k];
    if (!ok) {
      std::string want;
      for (int64_t s : p.mode_sizes) want += (want.empty() ? "" : ",") + std::to_string(s);
      return fail(law, args,
                  op + " gave " + show(got) + ", whose modes are not of sizes (" + want + ")");
    }
  }
  return pointwise(
      law, args, [&] { return op + " gave " + show(got) + ", not its definition"; }, got,
      static_cast<int64_t>(n),
      [&](int64_t i) { return expected_value(p.halves, p.piece_sizes, p.pieces, product, i); });
}

// One operation a regrouping law checks, and its grouping.
struct Regrouping {
  const char* name;
  Group group;
  Layout (*run)(const Algebra&, const Layout&, const Tiler&);
};

// DIV-REGROUP / PROD-REGROUP on the operations [first, last) of `ops`: each
// result that is not refused is its grouping of the by-mode logical divide
// (product) of A by T, args = {A, T}. The halves do not depend on the
// grouping: they are built once, at the first result.
inline Outcome check_regroupings(const std::string& law, const Regrouping* ops, bool product,
                                 const Algebra& alg, const std::vector<Arg>& args,
                                 std::size_t first, std::size_t last) {
  const Layout& a = std::get<Layout>(args[0]);
  const Tiler& t = std::get<Tiler>(args[1]);
  std::optional<std::optional<Halves>> halves;
  return each_part(first, last, [&](std::size_t part) -> Outcome {
    const Regrouping& op = ops[part];
    Layout r;
    try {
      r = op.run(alg, a, t);
    } catch (const Error&) {
      return vacuous("refused");
    }
    if (!halves) halves = halves_of(a, t, /*logical=*/false, product);
    if (!*halves) return vacuous("a tiler outside the evaluator");
    return check_plan(law, args, op.name, arrange(**halves, t, op.group, product), r, product);
  });
}

}  // namespace props::util
