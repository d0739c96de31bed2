// with_tiler: the operation's translation unit.
#include "cute_runtime_algebra.hpp"

namespace adapters::cute_runtime {

Layout tiler_composition(const Layout& a, const Tiler& b);
Layout tiler_logical_divide(const Layout& a, const Tiler& b);
Layout tiler_zipped_divide(const Layout& a, const Tiler& b);
Layout tiler_tiled_divide(const Layout& a, const Tiler& b);
Layout tiler_flat_divide(const Layout& a, const Tiler& b);
Layout tiler_logical_product(const Layout& a, const Tiler& b);
Layout tiler_zipped_product(const Layout& a, const Tiler& b);
Layout tiler_tiled_product(const Layout& a, const Tiler& b);

Layout with_tiler(TilerOp op, const Layout& a, const Tiler& b) {
  switch (op) {
    case TilerOp::composition:
      return tiler_composition(a, b);
    case TilerOp::logical_divide:
      return tiler_logical_divide(a, b);
    case TilerOp::zipped_divide:
      return tiler_zipped_divide(a, b);
    case TilerOp::tiled_divide:
      return tiler_tiled_divide(a, b);
    case TilerOp::flat_divide:
      return tiler_flat_divide(a, b);
    case TilerOp::logical_product:
      return tiler_logical_product(a, b);
    case TilerOp::zipped_product:
      return tiler_zipped_product(a, b);
    case TilerOp::tiled_product:
      return tiler_tiled_product(a, b);
  }
  throw props::Unsupported("no such tiler operation");
}

}  // namespace adapters::cute_runtime
