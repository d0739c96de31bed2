// composition(A, B) for A's profiles in [Lo, Hi) and every B profile: the
// 41 x 41 instantiations are spread over four translation units.
#pragma once

#include "answer.hpp"

namespace adapters::cute_runtime {

template <int Lo, int Hi>
Layout composition_range(int ka, int kb, const Layout& a, const Layout& b) {
  return dispatch<Hi - Lo>(ka - Lo, [&]<int KA>() {
    return dispatch<kProfiles>(kb, [&]<int KB>() {
      return answer(
          cute::composition(to_cute_layout<Profile<Lo + KA>>(a), to_cute_layout<Profile<KB>>(b)));
    });
  });
}

Layout composition_0(int ka, int kb, const Layout& a, const Layout& b);
Layout composition_1(int ka, int kb, const Layout& a, const Layout& b);
Layout composition_2(int ka, int kb, const Layout& a, const Layout& b);
Layout composition_3(int ka, int kb, const Layout& a, const Layout& b);

}  // namespace adapters::cute_runtime
