// props::run::CountingAlgebra — forwards every operation to another algebra
// and counts the calls and the refusals, so that a driver can tell vacuous
// cases (the law's precondition was not met: no operation ran) and refused
// ones from checked ones.
#pragma once

#include "algebra.hpp"

namespace props::run {

class CountingAlgebra : public Algebra {
public:
  explicit CountingAlgebra(const Algebra& base) : base_(base) {}
  mutable int calls = 0, refusals = 0;

  std::string name() const override { return base_.name(); }
  int64_t size(const Layout& l) const override {
    return run([&] { return base_.size(l); });
  }
  int64_t cosize(const Layout& l) const override {
    return run([&] { return base_.cosize(l); });
  }
  int64_t eval(const Layout& l, int64_t i) const override {
    return run([&] { return base_.eval(l, i); });
  }
  IntTuple idx2crd(const IntTuple& i, const IntTuple& s) const override {
    return run([&] { return base_.idx2crd(i, s); });
  }
  int64_t crd2idx(const IntTuple& c, const IntTuple& s, const IntTuple& d) const override {
    return run([&] { return base_.crd2idx(c, s, d); });
  }
  Layout coalesce(const Layout& l) const override {
    return run([&] { return base_.coalesce(l); });
  }
  Layout coalesce(const Layout& l, const IntTuple& p) const override {
    return run([&] { return base_.coalesce(l, p); });
  }
  Layout filter(const Layout& l) const override {
    return run([&] { return base_.filter(l); });
  }
  Layout composition(const Layout& a, const Layout& b) const override {
    return run([&] { return base_.composition(a, b); });
  }
  Layout composition(const Layout& a, const Tiler& b) const override {
    return run([&] { return base_.composition(a, b); });
  }
  Layout complement(const Layout& a, int64_t m) const override {
    return run([&] { return base_.complement(a, m); });
  }
  Layout right_inverse(const Layout& a) const override {
    return run([&] { return base_.right_inverse(a); });
  }
  Layout left_inverse(const Layout& a) const override {
    return run([&] { return base_.left_inverse(a); });
  }
  Layout logical_divide(const Layout& a, const Tiler& b) const override {
    return run([&] { return base_.logical_divide(a, b); });
  }
  Layout zipped_divide(const Layout& a, const Tiler& b) const override {
    return run([&] { return base_.zipped_divide(a, b); });
  }
  Layout tiled_divide(const Layout& a, const Tiler& b) const override {
    return run([&] { return base_.tiled_divide(a, b); });
  }
  Layout flat_divide(const Layout& a, const Tiler& b) const override {
    return run([&] { return base_.flat_divide(a, b); });
  }
  Layout logical_product(const Layout& a, const Tiler& b) const override {
    return run([&] { return base_.logical_product(a, b); });
  }
  Layout zipped_product(const Layout& a, const Tiler& b) const override {
    return run([&] { return base_.zipped_product(a, b); });
  }
  Layout tiled_product(const Layout& a, const Tiler& b) const override {
    return run([&] { return base_.tiled_product(a, b); });
  }
  Layout blocked_product(const Layout& a, const Layout& b) const override {
    return run([&] { return base_.blocked_product(a, b); });
  }
  Layout raked_product(const Layout& a, const Layout& b) const override {
    return run([&] { return base_.raked_product(a, b); });
  }
  int64_t swizzle(int bits, int base, int shift, int64_t x) const override {
    return run([&] { return base_.swizzle(bits, base, shift, x); });
  }
  Layout parse_layout(const std::string& text) const override {
    return run([&] { return base_.parse_layout(text); });
  }
  std::string print(const Layout& l) const override { return base_.print(l); }

private:
  const Algebra& base_;

  template <class F>
  auto run(F&& f) const -> decltype(f()) {
    ++calls;
    try {
      return f();
    } catch (const layout::Error&) {
      ++refusals;
      throw;
    }
  }
};

}  // namespace props::run
