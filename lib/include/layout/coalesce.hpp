// coalesce and filter.
#pragma once

#include "layout/layout.hpp"

namespace layout {

// coalesce(L): the same function on [0, size(L)) with the fewest modes.
//   pre:  none.
//   post: size(R) = size(L); depth(R) <= 1; R(i) = L(i) for 0 <= i < size(L);
//         no size-1 mode and no neighbours s0:d0, s1:d1 with d1 = s0*d0 remain;
//         no modes -> 1:0, one mode -> the integer layout s:d.
Layout coalesce(const Layout& l);

// By-mode coalesce. An integer profile coalesces the whole layout; a tuple
// profile p needs rank(L) >= rank(p) and coalesces mode i by p_i, keeping the
// other modes.  post: rank(R) = rank(L), size and values on the domain kept.
Layout coalesce(const Layout& l, const IntTuple& profile);

// filter(L) = coalesce of L with its stride-0 modes removed.
//   post: {R(j)} = {L(i)} as sets; R has no stride-0 or size-1 mode unless R = 1:0.
Layout filter(const Layout& l);

// The flat modes of coalesce(L) (internal building block).
// keep_extension: keep a trailing size-1 mode so that the natural extension
// past size(L) is unchanged (the function is then equal on all i >= 0).
Modes coalesce_modes(const Modes& m, bool keep_extension = false);

}  // namespace layout
