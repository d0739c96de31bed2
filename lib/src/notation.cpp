#include "layout/notation.hpp"

#include <cctype>

#include "layout/error.hpp"
#include "refusal.hpp"

namespace layout {

namespace {

constexpr int kMaxNesting = 64;

class Parser {
public:
  explicit Parser(std::string_view text) : s_(text) {}

  Term parse_all() {
    Term t = expr(0);
    skip_ws();
    if (pos_ != s_.size()) fail("unexpected '" + std::string(1, s_[pos_]) + "'");
    return t;
  }

private:
  [[noreturn]] void fail(const std::string& what) const {
    detail::raise("parse", "\"" + std::string(s_) + "\"",
                  what + " at position " + std::to_string(pos_));
  }
  void skip_ws() {
    while (pos_ < s_.size() && std::isspace(static_cast<unsigned char>(s_[pos_]))) ++pos_;
  }
  bool peek(char c) {
    skip_ws();
    return pos_ < s_.size() && s_[pos_] == c;
  }

  Term expr(int depth) {
    Term a = atom(depth);
    if (peek(':')) {
      ++pos_;
      Term b = atom(depth);
      Term t;
      t.kind = Term::Kind::layout;
      t.shape = pure(a, "shape");
      t.stride = pure(b, "stride");
      return t;
    }
    return a;
  }

  IntTuple pure(const Term& t, const char* what) {
    switch (t.kind) {
      case Term::Kind::integer:
        return t.value;
      case Term::Kind::tuple: {
        TupleBuilder b;
        for (const Term& e : t.elems) b.add(pure(e, what));
        return b.done();
      }
      default:
        fail(std::string("a ") + what + " must be an integer or a tuple of integers");
    }
  }

  Term atom(int depth) {
    if (depth > kMaxNesting) fail("nesting deeper than " + std::to_string(kMaxNesting));
    skip_ws();
    if (pos_ >= s_.size()) fail("unexpected end of input");
    char c = s_[pos_];
    if (c == '(' || c == '<') {
      char close = c == '(' ? ')' : '>';
      ++pos_;
      Term t;
      t.kind = Term::Kind::tuple;
      if (peek(close)) {
        ++pos_;
        return t;  // ()
      }
      while (true) {
        t.elems.push_back(expr(depth + 1));
        skip_ws();
        if (pos_ < s_.size() && s_[pos_] == ',') {
          ++pos_;
          continue;
        }
        if (pos_ < s_.size() && s_[pos_] == close) {
          ++pos_;
          return t;
        }
        fail(std::string("expected ',' or '") + close + "'");
      }
    }
    if (c == '_' || c == 'X') {  // CuTe's X (a Step's skipped mode) is `_`
      ++pos_;
      if (c == '_' && pos_ < s_.size() &&
          (std::isdigit(static_cast<unsigned char>(s_[pos_])) || s_[pos_] == '-'))
        return integer();  // static mark: _4
      Term t;
      t.kind = Term::Kind::underscore;
      return t;
    }
    if (c == '-' || c == '+' || std::isdigit(static_cast<unsigned char>(c))) return integer();
    fail("unexpected '" + std::string(1, c) + "'");
  }

  Term integer() {
    bool neg = false;
    if (s_[pos_] == '-' || s_[pos_] == '+') {
      neg = s_[pos_] == '-';
      ++pos_;
    }
    if (pos_ >= s_.size() || !std::isdigit(static_cast<unsigned char>(s_[pos_])))
      fail("expected a digit");
    // Accumulate as a negative number so that INT64_MIN parses.
    int64_t v = 0;
    while (pos_ < s_.size() && std::isdigit(static_cast<unsigned char>(s_[pos_]))) {
      int digit = s_[pos_] - '0';
      if (__builtin_mul_overflow(v, 10, &v) || __builtin_sub_overflow(v, digit, &v))
        fail("integer does not fit in int64");
      ++pos_;
    }
    if (!neg) {
      if (v == INT64_MIN) fail("integer does not fit in int64");
      v = -v;
    }
    Term t;
    t.kind = Term::Kind::integer;
    t.value = v;
    return t;
  }

  std::string_view s_;
  std::size_t pos_ = 0;
};

[[noreturn]] void bad(std::string_view text, std::string_view what) {
  detail::raise("parse", "\"" + std::string(text) + "\"", std::string(what));
}

}  // namespace

Term parse_term(std::string_view text) { return Parser(text).parse_all(); }

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
Tiler parse_tiler(std::string_view text) { return term_to_tiler(parse_term(text), text); }

void append_string(std::string& out, const Term& t) {
  switch (t.kind) {
    case Term::Kind::integer:
      out += std::to_string(t.value);
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
