#include "layout/max_common.hpp"

#include "layout/coalesce.hpp"
#include "layout/composition.hpp"
#include "layout/inverse.hpp"
#include "refusal.hpp"

namespace layout {

namespace {

// The first mode of coalesce(A o right_inverse(B)) when its stride is 1.
struct Common {
  Layout inverse;  // right_inverse(B)
  int64_t n;       // the common vector (1 when the first mode's stride is not 1)
};

Common common(const Layout& a, const Layout& b) {
  Layout inverse = right_inverse(b);
  const Modes c = flat_modes(coalesce(composition(a, inverse)));
  const bool unit = !c.empty() && c[0].d == 1;
  return {std::move(inverse), unit ? c[0].s : 1};
}

}  // namespace

int64_t max_common_vector(const Layout& a, const Layout& b) {
  return detail::guarded(
      "max_common_vector", [&] { return to_string(a) + ", " + to_string(b); },
      [&] { return common(a, b).n; });
}

Layout max_common_layout(const Layout& a, const Layout& b) {
  return detail::guarded(
      "max_common_layout", [&] { return to_string(a) + ", " + to_string(b); },
      [&] {
        const Common c = common(a, b);
        return c.n == 1 ? Layout() : composition(c.inverse, Layout(c.n, 1));
      });
}

}  // namespace layout
