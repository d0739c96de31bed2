// Internal: builds a flat layout from a stream of modes, coalescing on the
// fly (the coalesce rule: size-1 modes dropped, s0:d0 followed by s1:d1 with
// d1 = s0*d0 merged into (s0*s1):d0), straight into the result's node arrays.
// The open mode stays in registers, so a short stream costs no copies.
#pragma once

#include "layout/int_tuple.hpp"
#include "layout/layout.hpp"
#include "quick_div.hpp"

namespace layout::detail {

class CoalescingSink {
public:
  // pre: rs, rd empty; capacity: an upper bound of the modes to come. The
  // node arrays are sized once for capacity modes and a root, written
  // through pointers, and cut to the modes kept by finish().
  CoalescingSink(IntTuple::Nodes& rs, IntTuple::Nodes& rd, std::size_t capacity)
      : rs_(rs), rd_(rd), ps_(rs.extend(capacity + 1)), pd_(rd.extend(capacity + 1)) {}

  // Appends s:d. Returns false (and keeps nothing) only when a merged size
  // would pass int64.
  bool add(int64_t s, int64_t d) {
    if (s == 1) return true;
    int64_t end;
    if (cs_ != 1 && !__builtin_mul_overflow(cs_, cd_, &end) && end == d)
      return !__builtin_mul_overflow(cs_, s, &cs_);
    if (cs_ != 1) {
      ++n_;
      ps_[n_] = {cs_, 1, 0};
      pd_[n_] = {cd_, 1, 0};
    }
    cs_ = s;
    cd_ = d;
    return true;
  }

  // post: rs:rd is 1:0 (no mode), s:d (one) or the flat tuple of the modes.
  void finish() {
    if (n_ == 0) {  // at most one mode: written from registers
      ps_[0] = {cs_, 1, 0};
      pd_[0] = {cs_ == 1 ? 0 : cd_, 1, 0};
      rs_.truncate(1);
      rd_.truncate(1);
      return;
    }
    ++n_;  // a flush happened, so a mode is open
    ps_[n_] = {cs_, 1, 0};
    pd_[n_] = {cd_, 1, 0};
    const auto n = static_cast<int64_t>(n_);
    ps_[0] = {n, static_cast<int32_t>(n + 1), 1};
    pd_[0] = {n, static_cast<int32_t>(n + 1), 1};
    rs_.truncate(n_ + 1);
    rd_.truncate(n_ + 1);
  }

private:
  IntTuple::Nodes& rs_;
  IntTuple::Nodes& rd_;
  ItNode* ps_;  // rs_'s nodes: [0] the root, [1, n_] the flushed modes
  ItNode* pd_;
  std::size_t n_ = 0;        // modes flushed
  int64_t cs_ = 1, cd_ = 0;  // the open mode (cs_ == 1: none yet)
};

// The same coalescing rule into a caller's array of modes (capacity: the
// modes to come), for the fast paths that compose with the modes afterwards.
class ModeArraySink {
public:
  explicit ModeArraySink(Mode* out) : out_(out) {}

  // Appends s:d (merged into the last mode where it continues it). false
  // only when a merged size would pass int64. Inlined: a call costs as much
  // as the body, and g++ stops inlining it once it has several callers.
  [[gnu::always_inline]] bool add(int64_t s, int64_t d) {
    if (s == 1) return true;
    int64_t end;
    if (n_ != 0) {
      Mode& last = out_[n_ - 1];
      if (!__builtin_mul_overflow(last.s, last.d, &end) && end == d)
        return !__builtin_mul_overflow(last.s, s, &last.s);
    }
    out_[n_++] = {s, d};
    return true;
  }
  std::size_t size() const { return n_; }

private:
  Mode* out_;
  std::size_t n_ = 0;
};

// Streams the modes of complement(A, cotarget) into sink, for A's moving
// modes m[0, n) (s != 1, d > 0; sorted here by stride): (d_j / E_{j-1}) :
// E_{j-1} per mode, E_j = s_j * d_j, then ceil(cotarget / E_n) : E_n.
// false where the general path decides (it refuses or raises): cotarget < 1,
// modes that overlap or interleave (d_j < E_{j-1}), a step past int64.
// *extent (if given) receives E_n.
template <class Sink>
[[gnu::always_inline]] inline bool complement_walk(Mode* m, std::size_t n, int64_t cotarget,
                                                   Sink& sink, int64_t* extent = nullptr) {
  if (cotarget < 1) return false;
  sort_small(m, m + n, [](const Mode& x) { return x.d; });
  int64_t end = 1;
  for (std::size_t k = 0; k < n; ++k) {
    if (m[k].d < end || !sink.add(quot(m[k].d, end), end) ||
        __builtin_mul_overflow(m[k].s, m[k].d, &end))
      return false;
  }
  if (extent) *extent = end;
  return sink.add(ceil_quot(cotarget, end), end);
}

}  // namespace layout::detail
