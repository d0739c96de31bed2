#include "layout/nullspace.hpp"

#include "refusal.hpp"

namespace layout {

Layout nullspace(const Layout& l) {
  return detail::guarded(
      "nullspace", [&] { return to_string(l); },
      [&] {
        Modes kernel;
        int64_t position = 1;  // colexicographic stride of the current leaf
        for (const Mode& m : flat_modes(l)) {
          if (m.d == 0) kernel.push_back({m.s, position});
          position = checked::mul(position, m.s);
        }
        return from_modes(kernel);
      });
}

}  // namespace layout
