// props::Algebra — the implementation under test, as the laws see it.
//
// Every operation the law catalog exercises is a virtual function whose
// default is the library (layout::...). The reference algebra is this class
// as is; a mutant overrides exactly one operation with a realistic bug; later,
// other implementations (CuTe itself, a Python one through a subprocess) can
// be checked with the same laws by overriding all of them.
//
// An operation refuses by throwing layout::Error, as the library does.
#pragma once

#include <cstdint>
#include <string>

#include "layout/algebra.hpp"

namespace props {

using layout::IntTuple;
using layout::Layout;
using layout::Tiler;

class Algebra {
public:
  virtual ~Algebra() = default;
  virtual std::string name() const { return "reference"; }

  // Values and coordinates.
  virtual int64_t size(const Layout& l) const { return l.size(); }
  virtual int64_t cosize(const Layout& l) const { return l.cosize(); }
  virtual int64_t eval(const Layout& l, int64_t i) const { return l(i); }
  virtual IntTuple idx2crd(const IntTuple& i, const IntTuple& shape) const {
    return layout::idx2crd(i, shape);
  }
  virtual int64_t crd2idx(const IntTuple& c, const IntTuple& shape, const IntTuple& stride) const {
    return layout::crd2idx(c, shape, stride);
  }

  // The algebra.
  virtual Layout coalesce(const Layout& l) const { return layout::coalesce(l); }
  virtual Layout coalesce(const Layout& l, const IntTuple& profile) const {
    return layout::coalesce(l, profile);
  }
  virtual Layout filter(const Layout& l) const { return layout::filter(l); }
  virtual Layout composition(const Layout& a, const Layout& b) const {
    return layout::composition(a, b);
  }
  virtual Layout composition(const Layout& a, const Tiler& b) const {
    return layout::composition(a, b);
  }
  virtual Layout complement(const Layout& a, int64_t cotarget) const {
    return layout::complement(a, cotarget);
  }
  virtual Layout right_inverse(const Layout& a) const { return layout::right_inverse(a); }
  virtual Layout left_inverse(const Layout& a) const { return layout::left_inverse(a); }
  virtual Layout logical_divide(const Layout& a, const Tiler& b) const {
    return layout::logical_divide(a, b);
  }
  virtual Layout zipped_divide(const Layout& a, const Tiler& b) const {
    return layout::zipped_divide(a, b);
  }
  virtual Layout tiled_divide(const Layout& a, const Tiler& b) const {
    return layout::tiled_divide(a, b);
  }
  virtual Layout flat_divide(const Layout& a, const Tiler& b) const {
    return layout::flat_divide(a, b);
  }
  virtual Layout logical_product(const Layout& a, const Tiler& b) const {
    return layout::logical_product(a, b);
  }
  virtual Layout zipped_product(const Layout& a, const Tiler& b) const {
    return layout::zipped_product(a, b);
  }
  virtual Layout tiled_product(const Layout& a, const Tiler& b) const {
    return layout::tiled_product(a, b);
  }
  virtual Layout blocked_product(const Layout& a, const Layout& b) const {
    return layout::blocked_product(a, b);
  }
  virtual Layout raked_product(const Layout& a, const Layout& b) const {
    return layout::raked_product(a, b);
  }
  virtual int64_t swizzle(int bits, int base, int shift, int64_t x) const {
    return layout::Swizzle(bits, base, shift)(x);
  }

  // Notation.
  virtual Layout parse_layout(const std::string& text) const { return layout::parse_layout(text); }
  virtual std::string print(const Layout& l) const { return layout::to_string(l); }
};

// The library itself.
inline const Algebra& reference_algebra() {
  static const Algebra reference;
  return reference;
}

}  // namespace props
