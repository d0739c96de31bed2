// Internal: the mode-level building blocks of composition and complement,
// shared by the divides and products so that they do not build intermediate
// Layout values. Each refuses (detail::refuse) or overflows (Overflow) inside
// the detail::guarded frame of the public operation that calls it.
#pragma once

#include "layout/layout.hpp"

namespace layout::detail {

// A's modes for composing into A, from its flat modes: coalesced, a trailing
// size-1 mode kept so the natural extension is unchanged, never empty (():()
// becomes 1:0).
Modes extension_modes(const Modes& flat);

// The leaves of B add up without a carry across any boundary of A's modes `a`.
void check_no_carry(const Modes& a, const Modes& leaves);

// Appends A o B for B given by its shape/stride nodes (B's profile, each leaf
// replaced by its coalesced result modes) to the node arrays rs/rd.
void compose_tree(const Modes& a, const ItNode* s, const ItNode* d, IntTuple::Nodes& rs,
                  IntTuple::Nodes& rd);
// The same for B = from_modes(b) (an integer layout for one mode, else a flat tuple).
void compose_flat(const Modes& a, const Modes& b, IntTuple::Nodes& rs, IntTuple::Nodes& rd);

// The coalesced modes of complement(A, cotarget) for A's flat modes `a`.
Modes complement_modes(const Modes& a, int64_t cotarget);

}  // namespace layout::detail
