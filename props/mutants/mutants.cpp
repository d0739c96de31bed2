// The mutants. Each class overrides the one operation its bug lives in; every
// other operation is the reference (the library).
#include "mutants.hpp"

#include <cstdint>
#include <string>

#include "mutant_list.hpp"
#include "plain_ops.hpp"

namespace props::mutants {

namespace {

using layout::Error;

// Runs f; a refusal of an inner operation is reported as a refusal of `op`
// (a wrapper built from other operations refuses under its own name).
template <class F>
auto as_op(const char* op, const std::string& operands, F&& f) -> decltype(f()) {
  try {
    return f();
  } catch (const Error& e) {
    throw Error(op, operands, e.condition());
  }
}

// L(i) = crd2idx(idx2crd(i)), through the algebra's own idx2crd, with
// L(-i) = -L(i).
int64_t eval_by(const Algebra& alg, const Layout& l, int64_t i) {
  if (i < 0) {
    const int64_t v = i == INT64_MIN ? INT64_MIN : eval_by(alg, l, -i);
    if (v == INT64_MIN)  // -i or -L(-i) does not fit in int64
      throw Error("eval", layout::to_string(l) + ", " + std::to_string(i),
                  "offset overflows int64");
    return -v;
  }
  return layout::crd2idx(alg.idx2crd(i, l.shape()), l.shape(), l.stride());
}

// index -> coordinate in row-major order (the last mode fastest), and the
// evaluation built on it.
class RowMajorIdx2crd : public Algebra {
public:
  std::string name() const override { return "idx2crd-row-major"; }
  IntTuple idx2crd(const IntTuple& i, const IntTuple& shape) const override {
    return plain::idx2crd(i, shape, /*row_major=*/true);
  }
  int64_t eval(const Layout& l, int64_t i) const override { return eval_by(*this, l, i); }
};

class CoalesceWrongPair : public Algebra {
public:
  std::string name() const override { return "coalesce-wrong-pair"; }
  Layout coalesce(const Layout& l) const override { return plain::coalesce(l, true); }
};

// Each mode of B gives one mode of the result: s:d -> s:A(d), as if A were
// linear over B's range.
class CompositionOneModePerB : public Algebra {
public:
  std::string name() const override { return "composition-one-mode-per-b"; }
  Layout composition(const Layout& a, const Layout& b) const override {
    return as_op("composition", layout::to_string(a) + ", " + layout::to_string(b), [&] {
      IntTuple d = b.stride();
      for (layout::ItNode& n : d.raw())
        if (!n.tuple) n.v = a(n.v);
      return Layout(b.shape(), d);
    });
  }
};

class ComplementUnsorted : public Algebra {
public:
  std::string name() const override { return "complement-unsorted"; }
  Layout complement(const Layout& a, int64_t m) const override {
    return plain::complement(a, m, /*sorted=*/false);
  }
};

// B's leaves that move (size > 1, stride != 0).
int moving_leaves(const Layout& b) {
  int n = 0;
  for (const layout::Mode& m : layout::flat_modes(b)) n += m.s > 1 && m.d != 0;
  return n;
}

bool contains(std::string_view text, const char* part) {
  return text.find(part) != std::string_view::npos;
}

// The reference composition, except that where it refuses for a reason the
// mutant does not check (skipped(condition)), the plain leaf-by-leaf walk
// answers instead.
template <class Skipped>
Layout compose_skipping(const Layout& a, const Layout& b, Skipped skipped, bool weak_stride_test) {
  try {
    return layout::composition(a, b);
  } catch (const Error& e) {
    if (!skipped(e.condition())) throw;
    return plain::compose_by_leaf(a, b, weak_stride_test);
  }
}

// Where the reference finds that no layout equals A o B for a B with one
// moving leaf (a stride that does not divide A's mode size), CuTe's weak test
// (rest_stride % curr_shape == 0 || rest_stride < curr_shape) lets it through.
class CompositionWeakStride : public Algebra {
public:
  std::string name() const override { return "composition-weak-stride-test"; }
  Layout composition(const Layout& a, const Layout& b) const override {
    const auto skipped = [&](std::string_view c) {
      return contains(c, "no layout") && moving_leaves(b) <= 1;
    };
    return compose_skipping(a, b, skipped, /*weak_stride_test=*/true);
  }
};

// By-mode composition without the carry check: where the reference refuses
// because B's modes would carry across a boundary of A, the per-mode results
// are returned anyway.
class CompositionNoCarryCheck : public Algebra {
public:
  std::string name() const override { return "composition-no-carry-check"; }
  Layout composition(const Layout& a, const Layout& b) const override {
    const auto skipped = [](std::string_view c) { return contains(c, "carry"); };
    return compose_skipping(a, b, skipped, /*weak_stride_test=*/false);
  }
};

class CosizeIsSize : public Algebra {
public:
  std::string name() const override { return "cosize-is-size"; }
  int64_t cosize(const Layout& l) const override { return l.size(); }
};

// The size accumulated in 32 bits.
class Size32 : public Algebra {
public:
  std::string name() const override { return "size-32-bit"; }
  int64_t size(const Layout& l) const override {
    uint32_t p = 1;
    l.shape().for_each_leaf([&](int64_t s) { p *= static_cast<uint32_t>(s); });
    return static_cast<int32_t>(p);
  }
};

class RightInversePastGap : public Algebra {
public:
  std::string name() const override { return "right-inverse-past-gap"; }
  Layout right_inverse(const Layout& a) const override {
    for (const layout::Mode& m : layout::flat_modes(a))
      if (m.d < 0 && m.s > 1) return layout::right_inverse(a);  // the bug is on the positive path
    return plain::right_inverse(a, /*stop_at_gap=*/false);
  }
};

// logical_divide(A, B) = A o (B, complement(B, cosize(A))): B completed to
// A's codomain instead of its domain.
class LogicalDivideCosize : public Algebra {
public:
  std::string name() const override { return "logical-divide-cosize"; }
  Layout logical_divide(const Layout& a, const Tiler& t) const override {
    if (!t.is_layout()) return layout::logical_divide(a, t);
    const Layout& b = t.layout;
    return as_op("logical_divide", layout::to_string(a) + ", " + layout::to_string(b), [&] {
      const Layout c = layout::complement(b, a.cosize());
      return layout::composition(a, layout::make_layout({b, c}));
    });
  }
};

class SwizzleMaskWide : public Algebra {
public:
  std::string name() const override { return "swizzle-mask-off-by-one"; }
  int64_t swizzle(int bits, int base, int shift, int64_t x) const override {
    return plain::swizzle(bits, base, shift, x, /*mask_extra_bit=*/true);
  }
};

// The control: the plain re-implementations, every switch correct.
class Control : public Algebra {
public:
  std::string name() const override { return "control (plain re-implementations)"; }
  IntTuple idx2crd(const IntTuple& i, const IntTuple& shape) const override {
    return plain::idx2crd(i, shape);
  }
  int64_t eval(const Layout& l, int64_t i) const override { return eval_by(*this, l, i); }
  Layout coalesce(const Layout& l) const override { return plain::coalesce(l); }
  Layout composition(const Layout& a, const Layout& b) const override {
    // the plain walk has no carry check: several moving leaves go to the library
    // (and where the walk has no rule, the library's exact construction answers)
    if (moving_leaves(b) > 1) return layout::composition(a, b);
    try {
      return plain::compose_by_leaf(a, b);
    } catch (const Error&) {
      return layout::composition(a, b);
    }
  }
  Layout logical_divide(const Layout& a, const Tiler& t) const override {
    if (!t.is_layout()) return layout::logical_divide(a, t);
    const Layout& b = t.layout;
    return as_op("logical_divide", layout::to_string(a) + ", " + layout::to_string(b), [&] {
      return layout::composition(a, layout::make_layout({b, layout::complement(b, a.size())}));
    });
  }
  Layout complement(const Layout& a, int64_t m) const override { return plain::complement(a, m); }
  Layout right_inverse(const Layout& a) const override {
    for (const layout::Mode& m : layout::flat_modes(a))
      if (m.d < 0 && m.s > 1) return layout::right_inverse(a);
    return plain::right_inverse(a);
  }
  int64_t swizzle(int bits, int base, int shift, int64_t x) const override {
    return plain::swizzle(bits, base, shift, x);
  }
};

}  // namespace

const std::vector<Mutant>& all() {
  static const std::vector<Mutant> list = {
      {"idx2crd-row-major", "idx2crd, eval",
       "index -> coordinate in row-major order (last mode fastest)", maker<RowMajorIdx2crd>()},
      {"coalesce-wrong-pair", "coalesce", "merge test compares the wrong pair: d1 == s1*d0",
       maker<CoalesceWrongPair>()},
      {"composition-one-mode-per-b", "composition", "one result mode per mode of B: s:d -> s:A(d)",
       maker<CompositionOneModePerB>()},
      {"complement-unsorted", "complement", "modes not sorted by stride",
       maker<ComplementUnsorted>()},
      {"composition-weak-stride-test", "composition",
       "CuTe's weak test rest_stride % curr_shape == 0 || rest_stride < curr_shape",
       maker<CompositionWeakStride>()},
      {"composition-no-carry-check", "composition", "by-mode composition without the carry check",
       maker<CompositionNoCarryCheck>()},
      {"cosize-is-size", "cosize", "cosize computed as size", maker<CosizeIsSize>()},
      {"size-32-bit", "size", "size accumulated in 32 bits (wraps)", maker<Size32>()},
      {"right-inverse-past-gap", "right_inverse", "does not stop at the first gap",
       maker<RightInversePastGap>()},
      {"logical-divide-cosize", "logical_divide", "B completed to cosize(A), not size(A)",
       maker<LogicalDivideCosize>()},
      {"swizzle-mask-off-by-one", "swizzle", "the swizzle mask is one bit too wide",
       maker<SwizzleMaskWide>()},
  };
  static const std::vector<Mutant> all = [] {
    std::vector<Mutant> out = list;
    for (auto more : {structure_mutants, flat_mutants, refusal_mutants, cast_mutants})
      for (Mutant& m : more()) out.push_back(std::move(m));
    return out;
  }();
  return all;
}

const Mutant* find(const std::string& name) {
  for (const Mutant& m : all())
    if (m.name == name) return &m;
  return nullptr;
}

std::unique_ptr<Algebra> control() { return std::make_unique<Control>(); }

}  // namespace props::mutants
