// Internal: how operations refuse.
//
// A public operation runs inside detail::guarded, which opens a Frame naming
// the operation and its operands; the steps inside it that add context to a
// refusal ("mode 2: ", "complement(4:2, 12): ") open a step Frame. Frames are
// a thread-local stack of objects on the C++ stack: opening one costs two
// pointer writes and formats nothing. A refusal (refuse() deep inside, or
// raise() for an Error of a nested public function) formats the open frames,
// innermost first, into the one layout::Error the caller sees, and throws it
// once: no level catches and rethrows, so a refused operation costs one throw
// whatever its depth. An Overflow of checked arithmetic is caught by the
// innermost guarded and raised the same way.
//
// The message is what a catch-and-rethrow at every level would build:
//   step frame: prefixes its text to a refusal condition (not to an Error);
//   op frame:   turns a refusal condition c into Error(op, operands, c), and an
//               Error e of another operation into Error(op, operands, e.what()).
//               An Error of the same operation passes unchanged.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>

#include "layout/checked.hpp"
#include "layout/error.hpp"
#include "layout/layout.hpp"
#include "layout/result.hpp"
#include "layout/tiler.hpp"

namespace layout::detail {

// A refusal's condition written into one string, text and integers in turn
// (Condition() << "B's stride " << d << " ..."): no temporary per piece, as
// a chain of std::string + std::to_string makes.
class Condition {
public:
  Condition& operator<<(std::string_view text) {
    s_.append(text);
    return *this;
  }
  Condition& operator<<(int64_t v) {
    append_int(s_, v);
    return *this;
  }
  Condition& operator<<(Mode m) { return *this << m.s << ":" << m.d; }  // "s:d"
  std::string take() { return std::move(s_); }

private:
  std::string s_;
};

// A refusal raised outside every operation frame (not part of the public
// contract: every public entry point runs its body inside guarded).
struct Refusal {
  std::string condition;
};

class FrameBase {
public:
  using Text = void (*)(const FrameBase*, std::string&);
  FrameBase(const char* op, Text text) : op_(op), text_(text), outer_(top()) { top() = this; }
  ~FrameBase() { top() = outer_; }
  FrameBase(const FrameBase&) = delete;
  FrameBase& operator=(const FrameBase&) = delete;

  const char* op() const { return op_; }  // nullptr for a step
  void text(std::string& out) const { text_(this, out); }
  const FrameBase* outer() const { return outer_; }
  static FrameBase*& top() {
    thread_local FrameBase* t = nullptr;
    return t;
  }

private:
  const char* op_;
  Text text_;
  FrameBase* outer_;
};

// A frame whose text (the operands of op, or a step's prefix) f appends to a
// string: f(std::string&). f is called only when something is refused.
template <class F>
class Frame : public FrameBase {
public:
  Frame(const char* op, F f) : FrameBase(op, &call), f_(std::move(f)) {}

private:
  static void call(const FrameBase* self, std::string& out) {
    static_cast<const Frame*>(self)->f_(out);
  }
  F f_;
};

// A step inside an operation: its text prefixes the condition of a refusal.
template <class F>
Frame<F> step(F f) {
  return Frame<F>(nullptr, std::move(f));
}

// The step "mode i: " of a by-mode operation.
inline auto mode_step(int i) {
  return step([i](std::string& out) { out += "mode " + std::to_string(i) + ": "; });
}

// What is being raised: a refusal condition (not yet named by an operation)
// or an Error.
struct Pending {
  bool error = false;
  std::string op, operands, condition;
};

// Formats p through the frames from f outwards and throws the result once.
[[noreturn]] void raise_through(Pending p, const FrameBase* f);

// The Error raise_through(p, f) throws, returned (a refusal outside every
// operation frame still throws Refusal).
Error format_through(Pending p, const FrameBase* f);

// Status-style refusal (the operations that have try_* twins): records the
// Error that refuse(condition) would throw, formatted through the open
// frames, and returns false, which every caller passes up unchanged to the
// operation's boundary (guarded_build), where take_failure() collects it.
[[nodiscard]] bool fail(std::string condition);
// The same for an Error already formatted (an Overflow named by its
// operation, format_through): recorded, false.
[[nodiscard]] bool fail(Error e);
// An int64 overflow ("a op b overflows int64", checked.hpp's text) as a
// status: records the Error that the Overflow thrown here would become at
// the innermost operation's boundary (named by that operation and the ones
// around it; no step prefix), and returns false.
[[nodiscard]] bool fail_overflow(int64_t a, const char* op, int64_t b);
// checked::add/sub/mul as statuses: r = a op b, or false after fail_overflow
// (the same text the checked step would throw).
[[gnu::always_inline]] inline bool add_ok(int64_t a, int64_t b, int64_t& r) {
  if (__builtin_add_overflow(a, b, &r)) [[unlikely]]
    return fail_overflow(a, " + ", b);
  return true;
}
[[gnu::always_inline]] inline bool sub_ok(int64_t a, int64_t b, int64_t& r) {
  if (__builtin_sub_overflow(a, b, &r)) [[unlikely]]
    return fail_overflow(a, " - ", b);
  return true;
}
[[gnu::always_inline]] inline bool mul_ok(int64_t a, int64_t b, int64_t& r) {
  if (__builtin_mul_overflow(a, b, &r)) [[unlikely]]
    return fail_overflow(a, " * ", b);
  return true;
}
// One of them where kRecord (op '+', '-' or '*'); otherwise, for a fast path
// whose general path meets the same overflow again, the step alone,
// recording nothing.
template <bool kRecord, char kOp>
[[gnu::always_inline]] inline bool step_ok(int64_t a, int64_t b, int64_t& r) {
  if constexpr (kRecord)
    return kOp == '+' ? add_ok(a, b, r) : kOp == '-' ? sub_ok(a, b, r) : mul_ok(a, b, r);
  else
    return !(kOp == '+'   ? __builtin_add_overflow(a, b, &r)
             : kOp == '-' ? __builtin_sub_overflow(a, b, &r)
                          : __builtin_mul_overflow(a, b, &r));
}
// The Error of the last fail() on this thread (moved out).
Error take_failure();

// Refuses the innermost open operation for the violated condition.
[[noreturn]] inline void refuse(std::string condition) {
  raise_through(Pending{false, {}, {}, std::move(condition)}, FrameBase::top());
}

// Throws Error(op, operands, condition), named by the open operations (the
// library throws every Error through here).
[[noreturn]] inline void raise(std::string op, std::string operands, std::string condition) {
  raise_through(Pending{true, std::move(op), std::move(operands), std::move(condition)},
                FrameBase::top());
}

// The range of a layout summed leaf by leaf (representable below): its size
// and its span sum (s-1)|d|, the span in 128 bits and tested once: while the
// size fits, sum (s-1) <= size(L) < 2^63 and every |d| <= 2^63, so it stays
// below 2^126. A size-1 mode adds 0, whatever its stride (even -2^63).
class RangeSum {
public:
  // false: the size passed int64.
  bool add(int64_t s, int64_t d) {
    if (__builtin_mul_overflow(size_, s, &size_)) return false;
    const uint64_t v = static_cast<uint64_t>(d);
    const uint64_t magnitude = d < 0 ? 0 - v : v;  // 2^63 for -2^63
    span_ += static_cast<uwide>(static_cast<uint64_t>(s - 1)) * magnitude;
    return true;
  }
  bool span_fits() const { return span_ <= static_cast<uwide>(INT64_MAX); }

private:
  __extension__ typedef unsigned __int128 uwide;
  uwide span_ = 0;
  int64_t size_ = 1;
};

// Whether the layout with these shape and stride nodes (n of each) is
// usable: its size and its span sum (s-1)|d| fit in int64 (so every offset
// on its domain does, and its cosize 1 + span is at most 2^63).
inline bool representable(const ItNode* s, const ItNode* d, std::size_t n) {
  RangeSum sum;
  for (std::size_t k = 0; k < n; ++k)
    if (!s[k].tuple && !sum.add(s[k].v, d[k].v)) return false;
  return sum.span_fits();
}

// The same for a layout whose leaves are the modes m[0, n), in any order.
inline bool representable(const Mode* m, std::size_t n) {
  RangeSum sum;
  for (std::size_t k = 0; k < n; ++k)
    if (!sum.add(m[k].s, m[k].d)) return false;
  return sum.span_fits();
}

// A layout result must be usable (representable above). As a status: false after fail().
bool refuse_unrepresentable(const Layout& r);
inline bool check_representable(const Layout& r) {
  return representable(r.shape().root(), r.stride().root(), r.shape().node_count()) ||
         refuse_unrepresentable(r);
}
// The same for a result still being built in node arrays.
inline bool check_representable(const IntTuple::Nodes& rs, const IntTuple::Nodes& rd) {
  return representable(rs.data(), rd.data(), rs.size()) ||
         refuse_unrepresentable(Layout::build([&](IntTuple::Nodes& s, IntTuple::Nodes& d) {
           s = rs;
           d = rd;
         }));
}

// The same as a refusal (thrown once).
inline void require_representable(const Layout& r) {
  if (!check_representable(r)) throw take_failure();
}
template <class T>
void require_representable(const T&) {}
// As a status: a layout result must be representable, other results pass.
inline bool check_result(const Layout& r) { return check_representable(r); }
template <class T>
bool check_result(const T&) {
  return true;
}

// Runs body() as the public operation op; operands() formats its operands
// (called only on a refusal). A refusal or an Overflow inside becomes an
// Error(op, operands(), ...), named by the enclosing operations if any.
template <class Body, class Operands>
auto guarded(const char* op, Operands&& operands, Body&& body) -> decltype(body()) {
  try {
    const Frame frame(op, [&](std::string& out) { out += operands(); });
    auto result = body();
    require_representable(result);
    return result;
  } catch (const Overflow& o) {
    raise_through(Pending{true, op, operands(), o.what()}, FrameBase::top());
  }
}

// The operation op whose result body(rs, rd) -> bool appends to empty node
// arrays, inside op's frame; false from body (or an unrepresentable result)
// sets ok = false with the refusal recorded by fail(). An Overflow of checked
// arithmetic (thrown) is caught here and recorded the same way, named by op
// and the enclosing operations (no second throw); an Error of a nested
// public function passes.
template <class Body, class Operands>
Layout build_in_frame(const char* op, Operands& operands, Body& body, bool& ok) {
  // The try block is inside build's callback: g++ does not elide the copy of
  // a named result declared inside a try block (a move of both node arrays).
  return Layout::build([&](IntTuple::Nodes& rs, IntTuple::Nodes& rd) {
    try {
      const Frame frame(op, [&](std::string& out) { out += operands(); });
      ok = body(rs, rd) && check_representable(rs, rd);
    } catch (const Overflow& o) {
      ok = fail(format_through(Pending{true, op, operands(), o.what()}, FrameBase::top()));
    }
  });
}

// The throwing boundary: the result, or one throw of the refusal's Error.
template <class Body, class Operands>
Layout guarded_build(const char* op, Operands&& operands, Body&& body) {
  bool ok = false;
  Layout r = build_in_frame(op, operands, body, ok);
  if (!ok) throw take_failure();
  return r;
}

// The try_* boundary: the result or the Error, never a throw.
template <class Body, class Operands>
Result<Layout> guarded_result(const char* op, Operands&& operands, Body&& body) {
  try {
    bool ok = false;
    Layout r = build_in_frame(op, operands, body, ok);
    if (ok) return Result<Layout>(std::move(r));
    return Result<Layout>(take_failure());
  } catch (const Error& e) {
    return Result<Layout>(e);
  }
}

// The try_* boundary for a result that is not a layout: body(r) -> bool fills
// r inside op's frame; false from body is the refusal recorded by fail(). An
// Overflow becomes the Error that guarded() would raise, and an Error of a
// nested public function is returned too: never a throw.
template <class T, class Body, class Operands>
Result<T> guarded_status(const char* op, Operands&& operands, Body&& body) {
  try {
    try {
      const Frame frame(op, [&](std::string& out) { out += operands(); });
      T r{};
      if (body(r) && check_result(r)) return Result<T>(std::move(r));
      return Result<T>(take_failure());
    } catch (const Overflow& o) {
      return Result<T>(format_through(Pending{true, op, operands(), o.what()}, FrameBase::top()));
    }
  } catch (const Error& e) {
    return Result<T>(e);
  }
}

// The throwing twin of guarded_status: body(r) -> bool fills r inside op's
// frame; false from body is thrown once as the Error fail() recorded.
template <class T, class Body, class Operands>
T guarded_value(const char* op, Operands&& operands, Body&& body) {
  return guarded(op, operands, [&] {
    T r{};
    if (!body(r)) throw take_failure();
    return r;
  });
}

// The two boundaries as function objects, for code that serves both the
// throwing function and its try_* twin.
struct Throwing {
  template <class Operands, class Body>
  Layout operator()(const char* op, Operands&& operands, Body&& body) const {
    return guarded_build(op, operands, body);
  }
};
struct Trying {
  template <class Operands, class Body>
  Result<Layout> operator()(const char* op, Operands&& operands, Body&& body) const {
    return guarded_result(op, operands, body);
  }
};

// The boundaries of an operation with a fast path outside its frame
// (composition, complement, the divides and products): fast(rs, rd) -> bool
// appends the result, in range, to the empty node arrays, or returns false
// (rs/rd then hold anything) where the general path decides; general(guard)
// computes the result or its refusal through the boundary guard (Throwing or
// Trying). The general path runs out of line, so that the fast path's frame
// holds no Layout.
template <class General>
[[gnu::noinline]] void general_into(const General& general, IntTuple::Nodes& rs,
                                    IntTuple::Nodes& rd) {
  const Layout r = general(Throwing{});
  rs = r.shape().nodes();
  rd = r.stride().nodes();
}
template <class Fast, class General>
[[gnu::always_inline]] inline Layout fast_or_general(const Fast& fast, const General& general) {
  return Layout::build([&](IntTuple::Nodes& rs, IntTuple::Nodes& rd) {
    if (!fast(rs, rd)) general_into(general, rs, rd);
  });
}
template <class Fast, class General>
Result<Layout> fast_or_result(const Fast& fast, const General& general) {
  bool ok = false;
  Layout r = Layout::build([&](IntTuple::Nodes& rs, IntTuple::Nodes& rd) { ok = fast(rs, rd); });
  if (ok) return r;
  return general(Trying{});
}
// The two as function objects, for code that serves both; Guard: the
// boundary of the same kind without a fast path.
struct FastThrowing {
  using Guard = Throwing;
  template <class Fast, class General>
  Layout operator()(const Fast& fast, const General& general) const {
    return fast_or_general(fast, general);
  }
};
struct FastTrying {
  using Guard = Trying;
  template <class Fast, class General>
  Result<Layout> operator()(const Fast& fast, const General& general) const {
    return fast_or_result(fast, general);
  }
};

// The operands "a, b" of a binary operation, formatted only on a refusal.
template <class A, class B>
auto binary_operands(const A& a, const B& b) {
  return [&a, &b] {
    std::string out;
    out.reserve(128);
    append_string(out, a);
    out += ", ";
    append_string(out, b);
    return out;
  };
}

}  // namespace layout::detail
