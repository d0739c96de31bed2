// "My" layout algebra: a coalesce and a complement of its own, put behind
// props::Algebra (everything it does not override is layoutcheck's library),
// and checked by the catalog's laws on RapidCheck's inputs. The second
// algebra has a complement bug (the last mode's size taken as M / its stride,
// not M / the end of A's image); the test shows that the laws catch it.
#include <gtest/gtest.h>
#include <rapidcheck.h>

#include <algorithm>
#include <string>
#include <vector>

#include "algebra.hpp"     // props::Algebra
#include "generators.hpp"  // props::gen::args_for
#include "law.hpp"         // props::catalog, props::find_law

namespace {

using layout::Layout;
using layout::Mode;
using layout::Modes;

// Coalesce: merge neighbouring leaves (s0, d0), (s1, d1) with d1 = s0 d0, drop
// size-1 leaves; none left: 1:0.
class MyAlgebra : public props::Algebra {
public:
  Layout coalesce(const Layout& l) const override {
    Modes out;
    for (const Mode& m : layout::flat_modes(l)) {
      if (m.s == 1) continue;
      if (!out.empty() && out.back().s * out.back().d == m.d)
        out.back().s *= m.s;
      else
        out.push_back(m);
    }
    return layout::from_modes(out);
  }
};

// The same with the complement's last mode sized M / (its stride).
class MyBuggyAlgebra : public MyAlgebra {
public:
  Layout complement(const Layout& a, int64_t m) const override {
    Layout c = layout::complement(a, m);
    Modes modes = layout::flat_modes(c);
    const int64_t stride = modes.empty() ? 0 : modes.back().d;
    if (stride == 0) return c;  // 1:0, A already covers [0, M): no mode to mis-size
    // the right size is ceil(M / E), E = A's end
    modes.back().s = std::max<int64_t>(1, m / stride);
    return layout::from_modes(modes);
  }
};

// Runs one law of the catalog on `cases` RapidCheck inputs of one input
// class; true when it held.
bool holds(const props::Algebra& alg, const std::string& id, props::gen::InputClass c) {
  const props::Law* law = props::find_law(id);
  if (!law) return false;
  return rc::check(id, [&] {
    const std::vector<props::Arg> args = *props::gen::args_for(*law, c);
    const props::Outcome out = law->check(alg, args);
    if (out) RC_FAIL(props::describe(*out));
  });
}

TEST(MyAlgebra, CoalescePreservesTheFunction) {
  const MyAlgebra mine;
  for (auto c : {props::gen::InputClass::nested, props::gen::InputClass::compact,
                 props::gen::InputClass::size_one, props::gen::InputClass::negative})
    EXPECT_TRUE(holds(mine, "COAL-FN", c));
}

TEST(MyAlgebra, TheCatalogCatchesTheComplementBug) {
  EXPECT_TRUE(holds(MyAlgebra(), "CPL-EXACT", props::gen::InputClass::gaps));
  EXPECT_FALSE(holds(MyBuggyAlgebra(), "CPL-EXACT", props::gen::InputClass::gaps));
}

}  // namespace
