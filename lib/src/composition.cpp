#include "layout/composition.hpp"

#include "algebra_core.hpp"
#include "layout/checked.hpp"
#include "layout/coalesce.hpp"
#include "layout/error.hpp"
#include "layout_ref.hpp"
#include "leaf_tile.hpp"
#include "quick_div.hpp"
#include "refusal.hpp"

namespace layout {

using detail::refuse;

namespace {

// What compose_leaf found: the modes, no symbolic rule, or a stride past
// int64 (the walk's d * a_j: A o s:d has a value past int64, a refusal).
enum class Walk { composed, no_rule, overflow };

// rest_d * aj_d into r, or Walk::overflow: without `room` (the general path)
// recorded as the operation's refusal (fail_overflow, the Error that
// checked::mul's throw would become); the fast path (`room` given) records
// nothing, as its general path meets the same overflow again.
template <class Room>
bool walk_mul(int64_t rest_d, int64_t aj_d, int64_t& r) {
  return detail::step_ok<std::is_same_v<Room, std::nullptr_t>, '*'>(rest_d, aj_d, r);
}

// A o (s:d) for A given by its extension-preserving coalesced modes `a`
// (the last one unbounded), by the symbolic walk. Appends the result modes to
// `out` and returns Walk::composed; Walk::no_rule where the walk has no rule
// (then *why, if given, says which); Walk::overflow where a stride of the
// result passes int64 (walk_mul). Where `room` is given, takes from it, for
// each bounded mode j of A, the largest coordinate (digit) c_j of d*i.
//   pre:  a non-empty; out is Modes or a FixedVector (where it loses modes,
//         its `lost` flag says so).
//   post: with R the appended modes, R(i) = A(d*i) for 0 <= i < s; for d > 0,
//         d*i = sum_j c_j(i) * (a_0 ... a_{j-1}) with 0 <= c_j(i) < a_j for
//         the bounded modes j, and max_i c_j(i) taken from room (j).
//   (compose_leaf_up: the walk itself, for d > 0 and s > 1.)
template <class Out, class Room>
[[gnu::always_inline]] inline Walk compose_leaf_up(detail::ModeSpan a, int64_t s, int64_t d,
                                                   Out& out, std::string* why, Room room) {
  int64_t rest_s = s;
  int64_t rest_d = d;
  for (std::size_t j = 0; j + 1 < a.size() && rest_s > 1; ++j) {
    const int64_t aj = a[j].s;
    if (detail::rem(rest_d, aj) == 0) {  // B steps over mode j entirely: its digit stays 0
      rest_d = detail::quot(rest_d, aj);
      continue;
    }
    int64_t last;  // rest_d * (rest_s - 1): B's last element relative to mode j
    if (!__builtin_mul_overflow(rest_d, rest_s - 1, &last) && last < aj) {
      int64_t step;
      if (!walk_mul<Room>(rest_d, a[j].d, step)) return Walk::overflow;
      out.push_back({rest_s, step});  // B ends inside mode j
      if constexpr (!std::is_same_v<Room, std::nullptr_t>) room->take(j, last);
      return Walk::composed;
    }
    if (detail::rem(aj, rest_d) != 0) {
      if (why)
        *why = (detail::Condition()
                << "B's stride " << rest_d << " (relative to A's mode " << Mode{aj, a[j].d}
                << ") neither divides nor is a multiple of that mode's size " << aj
                << ", and B runs past it")
                   .take();
      return Walk::no_rule;
    }
    const int64_t n = detail::quot(aj, rest_d);
    if (detail::rem(rest_s, n) != 0) {
      if (why)
        *why =
            (detail::Condition() << "B's remaining size " << rest_s << " is not a multiple of the "
                                 << n << " elements that A's mode " << Mode{aj, a[j].d} << " holds")
                .take();
      return Walk::no_rule;
    }
    int64_t step;
    if (!walk_mul<Room>(rest_d, a[j].d, step)) return Walk::overflow;
    out.push_back({n, step});
    if constexpr (!std::is_same_v<Room, std::nullptr_t>) room->take(j, aj - rest_d);
    rest_s = detail::quot(rest_s, n);
    rest_d = 1;
  }
  if (rest_s > 1) {
    int64_t step;
    if (!walk_mul<Room>(rest_d, a.back().d, step)) return Walk::overflow;
    out.push_back({rest_s, step});
  }
  return Walk::composed;
}

// compose_leaf itself: s = 1, d = 0 and (by A(-x) = -A(x)) d < 0 around the
// walk (the fast path inlines the walk for s > 1, d > 0 and calls this for
// the rest).
template <class Out, class Room = std::nullptr_t>
Walk compose_leaf(detail::ModeSpan a, int64_t s, int64_t d, Out& out, std::string* why,
                  Room room = nullptr) {
  if (s == 1) return Walk::composed;
  if (d == 0) {
    out.push_back({s, 0});
    return Walk::composed;
  }
  // A(-x) = -A(x) (odd extension), so A o s:d is A o s:|d| with negated strides.
  const bool negative = d < 0;
  const std::size_t first = out.size();
  const Walk w = compose_leaf_up(a, s, negative ? checked::abs(d) : d, out, why, room);
  if (w != Walk::composed || !negative) return w;
  for (std::size_t k = first; k < out.size(); ++k) out[k].d = checked::sub(0, out[k].d);
  return Walk::composed;
}

// Largest value of (d * i) mod p for 0 <= i < s (d >= 0, s >= 1, p >= 2), or an
// upper bound of it where the exact value would cost more than a short loop.
int64_t max_residue(int64_t s, int64_t d, int64_t p) {
  const int64_t step = detail::rem(d, p);
  if (step == 0) return 0;
  int64_t last;
  if (!__builtin_mul_overflow(d, s - 1, &last) && last < p) return last;
  const int64_t g = checked::gcd(d, p);
  if (s >= p / g || s > 65536) return p - g;
  int64_t x = 0, best = 0;
  for (int64_t i = 1; i < s; ++i) {
    x = x >= p - step ? x - (p - step) : x + step;  // (x + step) mod p
    if (x > best) best = x;
  }
  return best;
}

// The leaves of B provably add up without a carry across any boundary of A,
// so that A(sum of leaf images) = sum of A(leaf image): A is one linear mode,
// or B's values stay inside A's first mode (|B| < a_0), or the moving leaves
// have one sign and, for every prefix product P of A's
// bounded modes, their largest residues mod P (of |d|) sum below P. Returns
// false where this is not proven (then *why, if given, says why).
bool no_carry(detail::ModeSpan a, detail::ModeSpan leaves, std::string* why) {
  if (a.size() == 1) return true;  // A linear
  int moving = 0;
  bool positive = false, negative = false;
  for (const Mode& m : leaves) {
    if (m.s == 1 || m.d == 0) continue;
    ++moving;
    (m.d > 0 ? positive : negative) = true;
  }
  if (moving < 2) return true;  // nothing to carry into
  // The largest |value| of B and of its partial sums, INT64_MAX where it passes
  // int64: the bounds below then prove nothing, and the residues decide (a
  // carry is a question of residues, whatever the size of B's values).
  int64_t max_value = 0;
  bool saturated = false;
  for (const Mode& m : leaves) {
    int64_t span;
    if (m.s != 1 && m.d != 0 &&
        (__builtin_mul_overflow(m.s - 1, checked::abs(m.d), &span) ||
         __builtin_add_overflow(max_value, span, &max_value))) {
      max_value = INT64_MAX;
      saturated = true;
      break;
    }
  }
  if (max_value < a[0].s) return true;  // A(x) = x*e_0 for |x| < a_0: linear on all of B
  if (positive && negative) {
    if (why) *why = "B has modes of both signs";
    return false;
  }
  // One sign: A(-x) = -A(x), so the leaves of -B carry exactly when those of B do.
  int64_t p = 1;
  for (std::size_t j = 0; j + 1 < a.size(); ++j) {
    // No carry possible past a boundary beyond B's values (a prefix product
    // of A's bounded modes is at most size(A), so it passes int64 only for
    // modes that are not a layout's).
    if (__builtin_mul_overflow(p, a[j].s, &p)) return !saturated;
    if (p > max_value) return true;
    int64_t sum = 0;
    for (const Mode& m : leaves) {
      if (m.s == 1 || m.d == 0) continue;
      if (!__builtin_add_overflow(sum, max_residue(m.s, checked::abs(m.d), p), &sum) && sum < p)
        continue;
      if (why) {
        std::string parts;  // every leaf's largest residue
        for (const Mode& x : leaves)
          if (x.s != 1 && x.d != 0)
            parts += (parts.empty() ? "" : " + ") +
                     std::to_string(max_residue(x.s, checked::abs(x.d), p));
        *why = "the modes of B may overlap across A's mode boundary " + std::to_string(p) +
               " (their largest residues mod " + std::to_string(p) + " add to " + parts +
               " >= " + std::to_string(p) + ")";
      }
      return false;
    }
  }
  return true;
}

// coalesce_tail for Modes or a FixedVector of modes.
template <class Out>
void coalesce_tail_of(Out& m, std::size_t first) {
  std::size_t w = first;
  for (std::size_t k = first; k < m.size(); ++k) {
    const Mode cur = m[k];
    if (cur.s == 1) continue;
    int64_t end;
    if (w > first && !__builtin_mul_overflow(m[w - 1].s, m[w - 1].d, &end) && end == cur.d) {
      m[w - 1].s = checked::mul(m[w - 1].s, cur.s);
      continue;
    }
    m[w++] = cur;
  }
  m.resize(w);
}

// Brings the modes m[first, end) that compose_leaf appended for one leaf to
// canonical form: coalesced, a lone size-1 mode dropped.
template <class Out>
[[gnu::always_inline]] inline void canonical_leaf(Out& m, std::size_t first) {
  if (m.size() > first + 1)
    coalesce_tail_of(m, first);
  else if (m.size() == first + 1 && m.back().s == 1)
    m.pop_back();
}

// Closes the leaf whose result starts at modes[first]: 1:0 where it has no
// mode, and its end recorded.
template <class C>
void close_leaf(C& out, std::size_t first) {
  if (out.modes.size() == first) out.modes.push_back({1, 0});
  out.ends.push_back(static_cast<int32_t>(out.modes.size()));
}

// The room left in each bounded digit of A for the leaves' largest digits:
// a_j - 1 less what the leaves so far took. A leaf that would pass a_j - 1
// sets `full`.
struct DigitRoom {
  int64_t left[detail::kFastAModes];
  bool full = false;
  explicit DigitRoom(detail::ModeSpan a) {
    for (std::size_t j = 0; j + 1 < a.size(); ++j) left[j] = a[j].s - 1;
  }
  void take(std::size_t j, int64_t c) {
    if (c > left[j])
      full = true;
    else
      left[j] -= c;
  }
};

// compose_leaves_fast, inlined into composition's own fast path. Where the
// leaves have no negative stride and, for each bounded digit j of A, their
// largest digits add up to at most a_j - 1 (DigitRoom), the digits of a sum
// of leaf values are the sums of their digits: no carry, so
// A(sum) = sum of A(leaf values) without no_carry's residue bounds. A leaf
// the walk has no rule for takes compose_leaves' exact construction (its
// non-recording twin, up to kFastExact indices), and then no_carry or the
// sum check (the same) decides, as in compose_leaves.
// A's modes are coalesced here (pre of compose_leaves_fast), so each leaf's
// modes are already canonical and canonical_leaf is not called: the walk
// gives the modes (n_j, r d_j) of consecutive modes j of A, the first with
// n_j r = a_j and the rest with r = 1, each of size >= 2 (the signs flipped
// together where d < 0), and two of them merge only where a_j d_j = d_{j+1},
// which coalesced modes never satisfy.
[[gnu::always_inline]] inline bool compose_leaves_walk(detail::ModeSpan a, detail::ModeSpan leaves,
                                                       detail::FastComposed& out) {
  if (leaves.size() > out.ends.capacity() || a.size() > detail::kFastAModes) return false;
  if (a.size() == 1) return detail::compose_leaves_linear(a[0].d, leaves, out);
  DigitRoom room(a);
  for (const Mode& leaf : leaves) {
    const std::size_t first = out.modes.size();
    if (leaf.d < 0) room.full = true;
    const Walk w = leaf.s != 1 && leaf.d > 0
                       ? compose_leaf_up(a, leaf.s, leaf.d, out.modes, nullptr, &room)
                       : compose_leaf(a, leaf.s, leaf.d, out.modes, nullptr, &room);
    if (w == Walk::no_rule) {  // the general path's exact construction, on a small leaf
      out.modes.resize(first);
      if (leaf.s > detail::kFastExact ||
          !detail::compose_exact_leaf_fast(a, leaf.s, leaf.d, out.modes))
        return false;
      room.full = true;  // its digits are not counted: the no-carry proof decides
    } else if (w != Walk::composed) {
      return false;
    }
    if (out.modes.lost) return false;
    close_leaf(out, first);
  }
  // The general path's order: no carry, else the sum checked on every index.
  return !room.full || no_carry(a, leaves, nullptr) || detail::check_additive_fast(a, leaves);
}

std::string size_limit() { return "2^" + std::to_string(__builtin_ctzll(detail::kExactLimit)); }

}  // namespace

namespace detail {

// Coalesces m[first, end) in place: size-1 modes dropped, s0:d0, s1:d1 merged
// when d1 = s0*d0 (coalesce_modes on the tail, without a copy).
void coalesce_tail(Modes& m, std::size_t first) { coalesce_tail_of(m, first); }

bool compose_leaves(ModeSpan a, ModeSpan leaves, Composed& out) {
  out.modes.clear();
  out.ends.clear();
  for (std::size_t k = 0; k < leaves.size(); ++k) {
    const std::size_t first = out.modes.size();
    const Walk w = compose_leaf(a, leaves[k].s, leaves[k].d, out.modes, nullptr);
    if (w == Walk::composed) {
      canonical_leaf(out.modes, first);
    } else if (w == Walk::overflow) {
      return false;  // refused: fail_overflow recorded it
    } else {
      out.modes.resize(first);
      const int64_t s = leaves[k].s;
      if (s > kExactLimit) {
        std::string why;
        (void)compose_leaf(a, s, leaves[k].d, out.modes, &why);
        return fail("not decided for a mode of B of size " + std::to_string(s) + " > " +
                    size_limit() + " where no symbolic rule applies: " + why);
      }
      if (!compose_exact_leaf(a, s, leaves[k].d, out.modes)) return false;
    }
    close_leaf(out, first);
  }
  if (no_carry(a, leaves, nullptr)) return true;
  int64_t total = 1;
  for (const Mode& m : leaves) total = checked::mul(total, m.s);
  if (total > kExactLimit) {
    std::string why;
    no_carry(a, leaves, &why);
    return fail("not decided for size(B) = " + std::to_string(total) + " > " + size_limit() +
                " whether A o B adds up over B's modes: " + why);
  }
  return check_additive(a, leaves);
}

void emit_tree(ComposedView c, std::size_t& next, const ItNode* s, IntTuple::Nodes& rs,
               IntTuple::Nodes& rd) {
  if (!s->tuple) {
    emit_flat(c, next, 1, rs, rd);  // one leaf: its mode, or a flat tuple of its modes
    return;
  }
  OpenTuple t(rs, rd, s->v);
  const ItNode* cs = s + 1;
  for (int64_t k = 0; k < s->v; ++k, cs += cs->span) emit_tree(c, next, cs, rs, rd);
  t.close();
}

void emit_flat(ComposedView c, std::size_t& next, std::size_t n, IntTuple::Nodes& rs,
               IntTuple::Nodes& rd) {
  const std::size_t count = flat_nodes(c, next, n);  // one extension of rs/rd
  ItNode* ps = rs.extend(count);
  ItNode* pd = rd.extend(count);
  put_flat(c, next, n, count, ps, pd);
  next += n;
}

bool moving_modes(ModeSpan leaves, Mode* out, std::size_t& count) {
  count = 0;
  for (const Mode& m : leaves) {
    if (m.s == 1 || m.d == 0) continue;
    if (m.d < 0) return false;
    out[count++] = m;
  }
  return true;
}

bool compose_leaves_fast(ModeSpan a, ModeSpan leaves, FastComposed& out) {
  return compose_leaves_walk(a, leaves, out);
}

namespace {

// emit_composed_tree, inlined into composition's own fast path.
[[gnu::always_inline]] inline void emit_composed_tree_into(ComposedView c, std::size_t nb,
                                                           const ItNode* s, const ItNode* d,
                                                           IntTuple::Nodes& rs,
                                                           IntTuple::Nodes& rd) {
  if (nb != 0 && c.ends[nb - 1] != static_cast<int32_t>(nb)) {  // a leaf became a tuple
    std::size_t next = 0;
    emit_tree(c, next, s, rs, rd);
    return;
  }
  const auto nodes = static_cast<std::size_t>(s->span);
  put_replacing_leaves(rs.extend(nodes), rd.extend(nodes), s, d, c.modes);
}

}  // namespace

void emit_composed_tree(ComposedView c, std::size_t nb, const ItNode* s, const ItNode* d,
                        IntTuple::Nodes& rs, IntTuple::Nodes& rd) {
  emit_composed_tree_into(c, nb, s, d, rs, rd);
}

namespace {

// extension_modes into am: coalesce_modes(flat_modes(a), true) in one pass
// over the nodes, the open mode in registers.
//   pre: am is empty.
template <class Out>
[[gnu::always_inline]] inline void extension_modes_into(LayoutRef a, Out& am) {
  const ItNode* s = a.s;
  const ItNode* d = a.d;
  int32_t last = s->span - 1;  // the last leaf (an empty tuple has none)
  while (last >= 0 && s[last].tuple) --last;
  int64_t cs = 0, cd = 0;  // the open mode (cs == 0: none yet)
  for (int32_t k = 0; k <= last; ++k) {
    if (s[k].tuple || (s[k].v == 1 && k != last)) continue;
    int64_t end;
    if (cs != 0 && !__builtin_mul_overflow(cs, cd, &end) && end == d[k].v) {
      cs = checked::mul(cs, s[k].v);
      continue;
    }
    if (cs != 0) am.push_back({cs, cd});
    cs = s[k].v;
    cd = d[k].v;
  }
  am.push_back(cs != 0 ? Mode{cs, cd} : Mode{1, 0});  // A = ():() is the constant 0
}

}  // namespace

Modes extension_modes(LayoutRef a) {
  Modes am;
  extension_modes_into(a, am);
  return am;
}

bool extension_modes_fast(LayoutRef a, FixedVector<Mode, kFastAModes>& out) {
  extension_modes_into(a, out);
  return !out.lost;
}

}  // namespace detail

namespace {

using detail::LayoutRef;

// Appends A o B (layout B) for A's extension modes `am`; false: refused.
bool compose_layout_into(const Modes& am, const Layout& b, IntTuple::Nodes& rs,
                         IntTuple::Nodes& rd) {
  detail::Composed c;
  const Modes leaves = flat_modes(b);
  if (!detail::compose_leaves(am, leaves, c)) return false;
  detail::emit_composed_tree(c, leaves.size(), b.shape().root(), b.stride().root(), rs, rd);
  return true;
}

// A o B into rs/rd on the common inputs: every leaf of B composes by the
// symbolic walk and provably without a carry, and the result is in range.
// Returns false for anything else (rs/rd cut back to what they held), which
// the general path computes or refuses with its message; where it returns
// true, what it appended is what the general path appends.
bool compose_fast(LayoutRef a, const Layout& b, IntTuple::Nodes& rs, IntTuple::Nodes& rd) {
  return detail::attempt_fast(
      rs, rd, [&]() __attribute__((always_inline)) {
        const ItNode* bs = b.shape().root();
        const ItNode* bd = b.stride().root();
        Mode leaves[detail::kFastLeaves];
        std::size_t n = 0;
        detail::FixedVector<Mode, detail::kFastAModes> am;
        detail::FastComposed c;
        if (!detail::gather_leaves(bs, bd, b.shape().node_count(), leaves, n)) return false;
        if (!a.s->tuple) {  // A one leaf: its one extension mode
          if (!detail::compose_leaves_fast_leaf(a.d->v, detail::ModeSpan(leaves, n), c))
            return false;
        } else {
          detail::extension_modes_into(a, am);
          if (am.lost || !compose_leaves_walk(am, detail::ModeSpan(leaves, n), c)) return false;
        }
        // The result's leaves are c's modes (emit_composed_tree writes each once).
        if (!detail::representable(c.modes.data(), c.modes.size())) return false;
        detail::emit_composed_tree_into(c, n, bs, bd, rs, rd);
        return true;
      });
}

// A o B for a mode A of a tiled composition: the fast path, else the general
// one (which refuses inside the enclosing frame).
bool compose_mode_into(LayoutRef a, const Layout& b, IntTuple::Nodes& rs, IntTuple::Nodes& rd) {
  return compose_fast(a, b, rs, rd) || compose_layout_into(detail::extension_modes(a), b, rs, rd);
}

// The general path of A o B, for the boundary `guard` (guarded_build or
// guarded_result).
template <class Guard>
auto composition_general(const Layout& a, const Layout& b, Guard guard) {
  return guard("composition", detail::binary_operands(a, b), [&](auto& rs, auto& rd) {
    return compose_layout_into(detail::extension_modes(LayoutRef(a)), b, rs, rd);
  });
}

template <class Guard>
auto composition_tiler(const Layout& a, const Tiler& b, Guard guard) {
  return guard("composition", detail::binary_operands(a, b), [&](auto& rs, auto& rd) {
    return detail::tiler_into(LayoutRef(a), b, /*keep_rest=*/false, compose_mode_into, rs, rd);
  });
}

}  // namespace

Layout composition(const Layout& a, const Layout& b) {
  return detail::fast_or_general(
      [&](IntTuple::Nodes& rs, IntTuple::Nodes& rd) {
        return compose_fast(LayoutRef(a), b, rs, rd);
      },
      [&](auto guard) { return composition_general(a, b, guard); });
}

Result<Layout> try_composition(const Layout& a, const Layout& b) {
  return detail::fast_or_result(
      [&](IntTuple::Nodes& rs, IntTuple::Nodes& rd) {
        return compose_fast(LayoutRef(a), b, rs, rd);
      },
      [&](auto guard) { return composition_general(a, b, guard); });
}

namespace {

// A o B for a tuple tiler B outside the frame: a tile of leaves on leaf modes
// directly, else the by-mode walk over compose_fast with the whole result's
// range checked; false where the general path (composition_tiler) decides.
bool composition_tuple_fast(const Layout& a, const Tiler& b, IntTuple::Nodes& rs,
                            IntTuple::Nodes& rd) {
  if (detail::compose_by_leaf_tile(LayoutRef(a), b, rs, rd)) return true;
  return detail::tiler_into<true>(LayoutRef(a), b, /*keep_rest=*/false, compose_fast, rs, rd) &&
         detail::representable(rs.data(), rd.data(), rs.size());
}

}  // namespace

Layout composition(const Layout& a, const Tiler& b) {
  if (b.is_layout()) return composition(a, b.layout);
  if (b.kind == Tiler::Kind::underscore) return composition_tiler(a, b, detail::Throwing{});
  return detail::fast_or_general(
      [&](IntTuple::Nodes& rs, IntTuple::Nodes& rd) {
        return composition_tuple_fast(a, b, rs, rd);
      },
      [&](auto guard) { return composition_tiler(a, b, guard); });
}

Result<Layout> try_composition(const Layout& a, const Tiler& b) {
  if (b.is_layout()) return try_composition(a, b.layout);
  if (b.kind == Tiler::Kind::underscore) return composition_tiler(a, b, detail::Trying{});
  return detail::fast_or_result(
      [&](IntTuple::Nodes& rs, IntTuple::Nodes& rd) {
        return composition_tuple_fast(a, b, rs, rd);
      },
      [&](auto guard) { return composition_tiler(a, b, guard); });
}

Layout with_shape(const Layout& a, const IntTuple& shape) {
  return detail::guarded(
      "with_shape", [&] { return to_string(a) + ", " + to_string(shape); },
      [&] { return composition(a, make_layout_left(shape)); });
}

}  // namespace layout
