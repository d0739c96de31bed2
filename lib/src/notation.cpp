#include "layout/notation.hpp"

#include <cctype>

#include "layout/error.hpp"
#include "refusal.hpp"

namespace layout {

namespace {

constexpr int kMaxNesting = 64;

// Recursive descent over the notation. A syntax error is a status: the
// methods return false after fail() recorded the condition, up to
// parse_all(), which returns it as the Error (no throw through the
// recursion: a malformed text costs no unwinding).
class Parser {
public:
  explicit Parser(std::string_view text) : s_(text) {}

  Result<Term> parse_all() {
    Term t;
    if (!expr(0, t)) return error();
    skip_ws();
    if (pos_ != s_.size()) {
      (void)fail("unexpected '" + std::string(1, s_[pos_]) + "'");
      return error();
    }
    return t;
  }

private:
  // Records the refusal `what` at the current position; false.
  bool fail(const std::string& what) {
    condition_ = what + " at position " + std::to_string(pos_);
    return false;
  }
  Error error() const {
    return detail::format_through(
        detail::Pending{true, "parse", "\"" + std::string(s_) + "\"", condition_},
        detail::FrameBase::top());
  }
  void skip_ws() {
    while (pos_ < s_.size() && std::isspace(static_cast<unsigned char>(s_[pos_]))) ++pos_;
  }
  bool peek(char c) {
    skip_ws();
    return pos_ < s_.size() && s_[pos_] == c;
  }

  // expr, atom and integer fill `out`, a default Term (each caller passes a
  // fresh one), and set only the fields of its kind.
  bool expr(int depth, Term& out) {
    if (!atom(depth, out)) return false;
    if (!peek(':')) return true;
    ++pos_;
    Term b;
    if (!atom(depth, b)) return false;
    Term t;
    t.kind = Term::Kind::layout;
    if (!pure(out, "shape", t.shape) || !pure(b, "stride", t.stride)) return false;
    out = std::move(t);
    return true;
  }

  bool pure(const Term& t, const char* what, IntTuple& out) {
    switch (t.kind) {
      case Term::Kind::integer:
        out = IntTuple(t.value);
        return true;
      case Term::Kind::tuple: {
        TupleBuilder b;
        for (const Term& e : t.elems) {
          IntTuple x;
          if (!pure(e, what, x)) return false;
          b.add(x);
        }
        out = b.done();
        return true;
      }
      default:
        return fail(std::string("a ") + what + " must be an integer or a tuple of integers");
    }
  }

  bool atom(int depth, Term& out) {
    if (depth > kMaxNesting) return fail("nesting deeper than " + std::to_string(kMaxNesting));
    skip_ws();
    if (pos_ >= s_.size()) return fail("unexpected end of input");
    char c = s_[pos_];
    if (c == '(' || c == '<') {
      char close = c == '(' ? ')' : '>';
      ++pos_;
      out.kind = Term::Kind::tuple;
      if (peek(close)) {
        ++pos_;
        return true;  // ()
      }
      out.elems.reserve(elements_ahead(close));
      while (true) {
        out.elems.emplace_back();
        if (!expr(depth + 1, out.elems.back())) return false;
        skip_ws();
        if (pos_ < s_.size() && s_[pos_] == ',') {
          ++pos_;
          continue;
        }
        if (pos_ < s_.size() && s_[pos_] == close) {
          ++pos_;
          return true;
        }
        return fail(std::string("expected ',' or '") + close + "'");
      }
    }
    if (c == '_' || c == 'X') {  // CuTe's X (a Step's skipped mode) is `_`
      ++pos_;
      if (c == '_' && pos_ < s_.size() &&
          (std::isdigit(static_cast<unsigned char>(s_[pos_])) || s_[pos_] == '-'))
        return integer(out);  // static mark: _4
      out.kind = Term::Kind::underscore;
      return true;
    }
    if (c == '-' || c == '+' || std::isdigit(static_cast<unsigned char>(c))) return integer(out);
    return fail("unexpected '" + std::string(1, c) + "'");
  }

  // The number of elements of the tuple opened just before pos_, counted
  // ahead by its commas outside nested brackets up to its `close` or the end
  // (at most 16): a reservation, so that the elements are parsed in place and
  // no Term, with its inline node arrays, is moved when the vector grows.
  std::size_t elements_ahead(char close) const {
    std::size_t n = 1;
    int depth = 0;
    for (std::size_t i = pos_; i < s_.size() && n < 16; ++i) {
      const char ch = s_[i];
      if (ch == '(' || ch == '<') {
        ++depth;
      } else if (ch == ')' || ch == '>') {
        if (depth == 0 && ch == close) break;
        depth = depth > 0 ? depth - 1 : 0;
      } else if (ch == ',' && depth == 0) {
        ++n;
      }
    }
    return n;
  }

  bool integer(Term& out) {
    bool neg = false;
    if (s_[pos_] == '-' || s_[pos_] == '+') {
      neg = s_[pos_] == '-';
      ++pos_;
    }
    if (pos_ >= s_.size() || !std::isdigit(static_cast<unsigned char>(s_[pos_])))
      return fail("expected a digit");
    // Accumulate as a negative number so that INT64_MIN parses.
    int64_t v = 0;
    while (pos_ < s_.size() && std::isdigit(static_cast<unsigned char>(s_[pos_]))) {
      int digit = s_[pos_] - '0';
      if (__builtin_mul_overflow(v, 10, &v) || __builtin_sub_overflow(v, digit, &v))
        return fail("integer does not fit in int64");
      ++pos_;
    }
    if (!neg) {
      if (v == INT64_MIN) return fail("integer does not fit in int64");
      v = -v;
    }
    out.kind = Term::Kind::integer;
    out.value = v;
    return true;
  }

  std::string_view s_;
  std::size_t pos_ = 0;
  std::string condition_;  // the last fail()'s
};

[[noreturn]] void bad(std::string_view text, std::string_view what) {
  detail::raise("parse", "\"" + std::string(text) + "\"", std::string(what));
}

}  // namespace

Result<Term> try_parse_term(std::string_view text) { return Parser(text).parse_all(); }
Term parse_term(std::string_view text) { return try_parse_term(text).value(); }

IntTuple term_to_int_tuple(const Term& t, std::string_view text) {
  switch (t.kind) {
    case Term::Kind::integer:
      return t.value;
    case Term::Kind::tuple: {
      TupleBuilder b;
      for (const Term& e : t.elems) b.add(term_to_int_tuple(e, text));
      return b.done();
    }
    case Term::Kind::underscore:
      bad(text, "'_' is not allowed here");
    case Term::Kind::layout:
      break;
  }
  bad(text, "expected an integer or a tuple of integers, not a layout");
}

Layout term_to_layout(const Term& t, std::string_view text) {
  switch (t.kind) {
    case Term::Kind::layout:
      try {
        return Layout(t.shape, t.stride);
      } catch (const Error& e) {
        bad(text, e.condition());
      }
    case Term::Kind::integer:
    case Term::Kind::tuple: {
      bool has_layout = false;
      if (t.kind == Term::Kind::tuple)
        for (const Term& e : t.elems)
          has_layout = has_layout || (e.kind != Term::Kind::integer && e.kind != Term::Kind::tuple);
      if (!has_layout) {
        try {
          return make_layout_left(term_to_int_tuple(t, text));
        } catch (const Error& e) {
          bad(text, e.condition());
        }
      }
      std::vector<Layout> modes;
      for (const Term& e : t.elems) modes.push_back(term_to_layout(e, text));
      try {
        return make_layout(modes);
      } catch (const Error& e) {
        bad(text, e.condition());
      }
    }
    case Term::Kind::underscore:
      break;
  }
  bad(text, "expected a layout, not '_'");
}

Tiler term_to_tiler(const Term& t, std::string_view text) {
  switch (t.kind) {
    case Term::Kind::layout:
    case Term::Kind::integer:
      return Tiler(term_to_layout(t, text));
    case Term::Kind::underscore:
      return Tiler::underscore();
    case Term::Kind::tuple:
      break;
  }
  std::vector<Tiler> e;
  for (const Term& x : t.elems) e.push_back(term_to_tiler(x, text));
  return Tiler::tuple(std::move(e));
}

IntTuple parse_int_tuple(std::string_view text) {
  return term_to_int_tuple(parse_term(text), text);
}
Layout parse_layout(std::string_view text) { return term_to_layout(parse_term(text), text); }
Result<Layout> try_parse_layout(std::string_view text) {
  const Result<Term> t = try_parse_term(text);
  if (!t) return t.error();
  try {  // a text in the grammar that denotes no layout: rare, still thrown inside
    return term_to_layout(*t, text);
  } catch (const Error& e) {
    return e;
  }
}
Tiler parse_tiler(std::string_view text) { return term_to_tiler(parse_term(text), text); }

void append_string(std::string& out, const Term& t) {
  switch (t.kind) {
    case Term::Kind::integer:
      detail::append_int(out, t.value);
      return;
    case Term::Kind::underscore:
      out += '_';
      return;
    case Term::Kind::layout:
      append_string(out, t.shape);
      out += ':';
      append_string(out, t.stride);
      return;
    case Term::Kind::tuple:
      break;
  }
  out += '(';
  for (std::size_t i = 0; i < t.elems.size(); ++i) {
    if (i) out += ',';
    append_string(out, t.elems[i]);
  }
  out += ')';
}

std::string to_string(const Term& t) {
  std::string out;
  append_string(out, t);
  return out;
}

}  // namespace layout
