// Internal: builds a flat layout from a stream of modes, coalescing on the
// fly (the coalesce rule: size-1 modes dropped, s0:d0 followed by s1:d1 with
// d1 = s0*d0 merged into (s0*s1):d0), straight into the result's node arrays.
// The open mode stays in registers, so a short stream costs no copies.
#pragma once

#include "layout/int_tuple.hpp"

namespace layout::detail {

class CoalescingSink {
public:
  // pre: rs, rd empty; capacity: an upper bound of the modes to come.
  CoalescingSink(IntTuple::Nodes& rs, IntTuple::Nodes& rd, std::size_t capacity)
      : rs_(rs), rd_(rd) {
    rs_.reserve(capacity + 1);
    rd_.reserve(capacity + 1);
    rs_.push_back({0, 1, 1});  // the root, fixed by finish()
    rd_.push_back({0, 1, 1});
  }

  // Appends s:d. Returns false (and keeps nothing) only when a merged size
  // would pass int64.
  bool add(int64_t s, int64_t d) {
    if (s == 1) return true;
    int64_t end;
    if (cs_ != 1 && !__builtin_mul_overflow(cs_, cd_, &end) && end == d)
      return !__builtin_mul_overflow(cs_, s, &cs_);
    if (cs_ != 1) {
      rs_.push_back({cs_, 1, 0});
      rd_.push_back({cd_, 1, 0});
    }
    cs_ = s;
    cd_ = d;
    return true;
  }

  // post: rs:rd is 1:0 (no mode), s:d (one) or the flat tuple of the modes.
  void finish() {
    if (rs_.size() == 1) {  // at most one mode: written from registers
      rs_[0] = {cs_, 1, 0};
      rd_[0] = {cs_ == 1 ? 0 : cd_, 1, 0};
      return;
    }
    rs_.push_back({cs_, 1, 0});  // a flush happened, so a mode is open
    rd_.push_back({cd_, 1, 0});
    const auto n = static_cast<int64_t>(rs_.size()) - 1;
    rs_[0] = {n, static_cast<int32_t>(n + 1), 1};
    rd_[0] = {n, static_cast<int32_t>(n + 1), 1};
  }

private:
  IntTuple::Nodes& rs_;
  IntTuple::Nodes& rd_;
  int64_t cs_ = 1, cd_ = 0;  // the open mode (cs_ == 1: none yet)
};

}  // namespace layout::detail
