// cute-runtime: NVIDIA's CuTe C++ (the headers of nvidia-cutlass 4.2) with
// runtime int64 values, in process, as a props::Algebra (docs/AUDIT.md).
//
// CuTe types a layout by its nesting, so every operation is instantiated for
// the profiles of profiles.hpp (flat rank 1-4, depth 2 up to rank 3) and the
// tilers of tilers.hpp (rank-1 layouts, by-mode tuples of n:d and `_`);
// operands of other profiles are props::Unsupported. So is what CuTe itself
// cannot compute with runtime values (its static_asserts): the complement of
// rank >= 2 layouts and with it the products of such layouts, left_inverse,
// downcast. An answer that is no layout (a shape of 0, ...) is a
// MalformedAnswer. Built with NDEBUG: CuTe's assert()s are off, as in the
// release builds kernels ship with.
#pragma once

#include "unsupported_algebra.hpp"

namespace adapters {

class CuteRuntimeAlgebra : public UnsupportedAlgebra {
public:
  CuteRuntimeAlgebra() : UnsupportedAlgebra("CuTe C++ 4.2 (runtime int64 values)") {}
  // The protocol names of the operations it has (the hello reply).
  static const std::vector<std::string>& operations();

  int64_t size(const Layout& l) const override;
  int64_t cosize(const Layout& l) const override;
  int64_t eval(const Layout& l, int64_t i) const override;
  IntTuple idx2crd(const IntTuple& i, const IntTuple& shape) const override;
  int64_t crd2idx(const IntTuple& c, const IntTuple& shape, const IntTuple& stride) const override;
  int64_t crd2idx(const IntTuple& c, const IntTuple& shape) const override;
  int rank(const Layout& l) const override;
  int depth(const Layout& l) const override;
  Layout flatten(const Layout& l) const override;
  Layout make_layout_left(const IntTuple& shape) const override;
  Layout make_layout_right(const IntTuple& shape) const override;
  IntTuple shape_div(const IntTuple& a, const IntTuple& b) const override;
  IntTuple prefix_product(const IntTuple& a, int64_t init) const override;
  int64_t product(const IntTuple& a) const override;
  int64_t inner_product(const IntTuple& a, const IntTuple& b) const override;
  Layout coalesce(const Layout& l) const override;
  Layout filter(const Layout& l) const override;
  Layout composition(const Layout& a, const Layout& b) const override;
  Layout composition(const Layout& a, const Tiler& b) const override;
  Layout complement(const Layout& a, int64_t cotarget) const override;
  Layout complement(const Layout& a) const override;
  Layout right_inverse(const Layout& a) const override;
  Layout upcast(const Layout& a, int64_t n) const override;
  Layout make_layout_like(const Layout& l) const override;
  Layout logical_divide(const Layout& a, const Tiler& b) const override;
  Layout zipped_divide(const Layout& a, const Tiler& b) const override;
  Layout tiled_divide(const Layout& a, const Tiler& b) const override;
  Layout flat_divide(const Layout& a, const Tiler& b) const override;
  Layout logical_product(const Layout& a, const Tiler& b) const override;
  Layout zipped_product(const Layout& a, const Tiler& b) const override;
  Layout tiled_product(const Layout& a, const Tiler& b) const override;
  Layout blocked_product(const Layout& a, const Layout& b) const override;
  Layout raked_product(const Layout& a, const Layout& b) const override;
};

namespace cute_runtime {
// The instantiation tables, one translation unit each (compile time).
Layout composition_layouts(int ka, int kb, const Layout& a, const Layout& b);  // composition_*.cpp
enum class TilerOp {
  composition,
  logical_divide,
  zipped_divide,
  tiled_divide,
  flat_divide,
  logical_product,
  zipped_product,
  tiled_product
};
Layout with_tiler(TilerOp op, const Layout& a, const Tiler& b);  // tiler_ops_*.cpp
}  // namespace cute_runtime

}  // namespace adapters
