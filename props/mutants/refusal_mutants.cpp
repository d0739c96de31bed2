// Over-refusal mutants (issue 12): each is the library with one needless
// refusal of inputs that have a correct answer. The completeness laws
// (COMP-, PROD-, LINV-, CPL-COMPLETE) must kill every one.
#include <algorithm>
#include <cstdint>
#include <string>

#include "mutant_list.hpp"
#include "plain_ops.hpp"

namespace props::mutants {

namespace {

using layout::Error;
using layout::Mode;
using layout::Modes;

std::string pair_text(const Layout& a, const Layout& b) {
  return layout::to_string(a) + ", " + layout::to_string(b);
}

// composition refuses a B of several moving modes with a negative stride (the
// library before issue 12).
class CompositionRefusesNegativeB : public Algebra {
public:
  std::string name() const override { return "composition-refuses-negative-b"; }
  Layout composition(const Layout& a, const Layout& b) const override {
    int moving = 0;
    bool negative = false;
    for (const Mode& m : layout::flat_modes(b)) {
      moving += m.s > 1 && m.d != 0;
      negative = negative || (m.s > 1 && m.d < 0);
    }
    if (moving > 1 && negative)
      throw Error("composition", pair_text(a, b), "B has several modes and a negative stride");
    return layout::composition(a, b);
  }
};

bool has_underscore(const Tiler& t) {
  if (t.is_underscore()) return true;
  return std::any_of(t.elems.begin(), t.elems.end(), has_underscore);
}

// The products refuse `_` in the tiler.
class ProductRefusesUnderscore : public Algebra {
public:
  std::string name() const override { return "product-refuses-underscore"; }
  Layout logical_product(const Layout& a, const Tiler& b) const override {
    check("logical_product", a, b);
    return layout::logical_product(a, b);
  }
  Layout zipped_product(const Layout& a, const Tiler& b) const override {
    check("zipped_product", a, b);
    return layout::zipped_product(a, b);
  }
  Layout tiled_product(const Layout& a, const Tiler& b) const override {
    check("tiled_product", a, b);
    return layout::tiled_product(a, b);
  }

private:
  static void check(const char* op, const Layout& a, const Tiler& b) {
    if (has_underscore(b))
      throw Error(op, layout::to_string(a) + ", " + layout::to_string(b),
                  "'_' has no meaning in a product tiler");
  }
};

// composition refuses wherever the plain symbolic walk has no rule: a stride
// that neither divides nor is a multiple of A's mode size, or a size that does
// not divide into it (the library before issue 12).
class CompositionRefusesNonDividing : public Algebra {
public:
  std::string name() const override { return "composition-refuses-non-dividing"; }
  Layout composition(const Layout& a, const Layout& b) const override {
    (void)plain::compose_by_leaf(a, b);  // refuses where the walk has no rule
    return layout::composition(a, b);
  }
};

// left_inverse refuses A with strides of both signs.
class LeftInverseRefusesMixedSigns : public Algebra {
public:
  std::string name() const override { return "left-inverse-refuses-mixed-signs"; }
  Layout left_inverse(const Layout& a) const override {
    bool negative = false, positive = false;
    for (const Mode& x : layout::flat_modes(a)) {
      negative = negative || (x.s > 1 && x.d < 0);
      positive = positive || (x.s > 1 && x.d > 0);
    }
    if (negative && positive)
      throw Error("left_inverse", layout::to_string(a), "A mixes positive and negative strides");
    return layout::left_inverse(a);
  }
};

// left_inverse claims "no layout inverts A" wherever A's strides, sorted, do
// not chain (the library before issue 12; (2,8):(5,4) has one).
class LeftInverseChainOnly : public Algebra {
public:
  std::string name() const override { return "left-inverse-chain-only"; }
  Layout left_inverse(const Layout& a) const override {
    Modes m;
    for (const Mode& x : layout::flat_modes(layout::coalesce(a)))
      if (x.s > 1) m.push_back({x.s, x.d < 0 ? -x.d : x.d});
    layout::sort_small(m.begin(), m.end(), [](const Mode& x) { return x.d; });
    for (std::size_t j = 0; j + 1 < m.size(); ++j)
      if (m[j].d != 0 && (m[j + 1].d % m[j].d != 0 || m[j + 1].d / m[j].d < m[j].s))
        throw Error("left_inverse", layout::to_string(a),
                    "no layout inverts A: its sorted strides do not chain");
    return layout::left_inverse(a);
  }
};

// complement refuses a cotarget that is not a multiple of A's end s_k*d_k
// (the complement then under-fills, but it is defined).
class ComplementRefusesNonDividing : public Algebra {
public:
  std::string name() const override { return "complement-refuses-non-dividing-cotarget"; }
  Layout complement(const Layout& a, int64_t m) const override {
    Modes v;
    for (const Mode& x : layout::flat_modes(a))
      if (x.s > 1 && x.d != 0) v.push_back(x);
    layout::sort_small(v.begin(), v.end(), [](const Mode& x) { return x.d; });
    int64_t end = 1;
    if (!v.empty() && !__builtin_mul_overflow(v.back().s, v.back().d, &end) && end > 0 && m >= 1 &&
        m % end != 0)
      throw Error("complement", layout::to_string(a) + ", " + std::to_string(m),
                  "the cotarget is not a multiple of A's end " + std::to_string(end));
    return layout::complement(a, m);
  }
};

}  // namespace

std::vector<Mutant> refusal_mutants() {
  return {
      {"composition-refuses-negative-b", "composition",
       "a B of several modes with a negative stride refused", maker<CompositionRefusesNegativeB>()},
      {"product-refuses-underscore", "logical/zipped/tiled_product", "`_` in the tiler refused",
       maker<ProductRefusesUnderscore>()},
      {"composition-refuses-non-dividing", "composition",
       "refused wherever the symbolic walk has no rule (non-dividing stride or size)",
       maker<CompositionRefusesNonDividing>()},
      {"left-inverse-refuses-mixed-signs", "left_inverse", "A of both signs refused",
       maker<LeftInverseRefusesMixedSigns>()},
      {"left-inverse-chain-only", "left_inverse",
       "\"no layout inverts A\" wherever the sorted strides do not chain",
       maker<LeftInverseChainOnly>()},
      {"complement-refuses-non-dividing-cotarget", "complement",
       "a cotarget that A's end does not divide refused", maker<ComplementRefusesNonDividing>()},
  };
}

}  // namespace props::mutants
