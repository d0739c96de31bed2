#include "layout/coalesce.hpp"

#include "layout/checked.hpp"
#include "layout/error.hpp"
#include "mode_sink.hpp"
#include "refusal.hpp"

namespace layout {

Modes coalesce_modes(const Modes& m, bool keep_extension) {
  Modes out;
  for (std::size_t k = 0; k < m.size(); ++k) {
    Mode cur = m[k];
    bool last = k + 1 == m.size();
    if (cur.s == 1 && !(keep_extension && last)) continue;
    if (!out.empty()) {
      Mode& prev = out.back();
      int64_t end;
      // prev.s * prev.d == cur.d: cur continues prev.
      if (!__builtin_mul_overflow(prev.s, prev.d, &end) && end == cur.d) {
        prev.s = checked::mul(prev.s, cur.s);
        continue;
      }
    }
    out.push_back(cur);
  }
  return out;
}

// One pass over L's leaves into the result's nodes. A merge multiplies sizes
// whose product is at most size(L), which fits in int64: nothing can overflow.
Layout coalesce(const Layout& l) {
  return Layout::build([&](IntTuple::Nodes& rs, IntTuple::Nodes& rd) {
    const ItNode* s = l.shape().root();
    const ItNode* d = l.stride().root();
    const std::size_t n = l.shape().node_count();
    detail::CoalescingSink sink(rs, rd, n);
    for (std::size_t k = 0; k < n; ++k)
      if (!s[k].tuple) (void)sink.add(s[k].v, d[k].v);
    sink.finish();
  });
}

Layout coalesce(const Layout& l, const IntTuple& profile) {
  if (profile.is_int()) return coalesce(l);
  if (l.rank() < profile.rank())
    detail::raise("coalesce", to_string(l) + ", " + to_string(profile),
                  "the profile has more modes than the layout");
  TupleBuilder s, d;
  for (int i = 0; i < l.rank(); ++i) {
    Layout mode = i < profile.rank() ? coalesce(l[i], profile[i]) : l[i];
    s.add(mode.shape());
    d.add(mode.stride());
  }
  return Layout::unchecked(s.done(), d.done());
}

Layout filter(const Layout& l) {
  Modes m = flat_modes(l);
  for (Mode& x : m)
    if (x.d == 0) x.s = 1;
  try {
    return from_modes(coalesce_modes(m));
  } catch (const Overflow& e) {
    detail::raise("filter", to_string(l), e.what());
  }
}

}  // namespace layout
