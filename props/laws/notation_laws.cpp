// Notation: NOTE-ROUNDTRIP, NOTE-CANON, PARSE-MALFORMED. The oracle here is a
// small recognizer of the plain `shape:stride` grammar written from the notes
// in docs/SEMANTICS.md, independent of the library's parser.
#include <cctype>
#include <cstring>

#include "catalog_groups.hpp"
#include "law_util.hpp"
#include "refusal_as_value.hpp"

namespace props {

namespace {

using namespace util;

// The canonical spelling: integers in decimal, tuples "(a,b)", "shape:stride".
std::string spell(const IntTuple& t) {
  if (t.is_int()) return std::to_string(t.value());
  std::string out = "(";
  for (int k = 0; k < t.rank(); ++k) out += (k ? "," : "") + spell(t[k]);
  return out + ")";
}
std::string spell(const Layout& l) { return spell(l.shape()) + ":" + spell(l.stride()); }

// Recognizer of   term [':' term]   with term = int | '(' term (',' term)* ')',
// int = ['_'] ['-'|'+'] digits, spaces anywhere between tokens.
class MiniParser {
public:
  explicit MiniParser(const std::string& s) : s_(s) {}
  // The shape and stride when the text is in the grammar (stride empty for a
  // bare shape); nullopt otherwise.
  std::optional<std::pair<IntTuple, std::optional<IntTuple>>> run() {
    auto a = term(0);
    if (!a) return std::nullopt;
    std::optional<IntTuple> b;
    ws();
    if (pos_ < s_.size() && s_[pos_] == ':') {
      ++pos_;
      b = term(0);
      if (!b) return std::nullopt;
    }
    ws();
    if (pos_ != s_.size()) return std::nullopt;
    return std::make_pair(*a, b);
  }

private:
  void ws() {
    while (pos_ < s_.size() && std::isspace(static_cast<unsigned char>(s_[pos_]))) ++pos_;
  }
  std::optional<IntTuple> term(int depth) {
    if (depth > 32) return std::nullopt;
    ws();
    if (pos_ >= s_.size()) return std::nullopt;
    if (s_[pos_] == '(') {
      ++pos_;
      layout::TupleBuilder e;
      while (true) {
        auto t = term(depth + 1);
        if (!t) return std::nullopt;
        e.add(*t);
        ws();
        if (pos_ < s_.size() && s_[pos_] == ',') {
          ++pos_;
          continue;
        }
        if (pos_ < s_.size() && s_[pos_] == ')') {
          ++pos_;
          return e.done();
        }
        return std::nullopt;
      }
    }
    bool neg = false;
    if (s_[pos_] == '_') {
      ++pos_;
      if (pos_ < s_.size() && s_[pos_] == '-') neg = s_[pos_++] == '-';
    } else if (s_[pos_] == '-' || s_[pos_] == '+') {
      neg = s_[pos_++] == '-';
    }
    if (pos_ >= s_.size() || !std::isdigit(static_cast<unsigned char>(s_[pos_])))
      return std::nullopt;
    i128 v = 0;
    while (pos_ < s_.size() && std::isdigit(static_cast<unsigned char>(s_[pos_]))) {
      v = v * 10 + (s_[pos_++] - '0');
      if (v > (static_cast<i128>(1) << 64)) return std::nullopt;
    }
    if (neg) v = -v;
    if (v > INT64_MAX || v < INT64_MIN) return std::nullopt;
    return IntTuple(static_cast<int64_t>(v));
  }
  const std::string& s_;
  std::size_t pos_ = 0;
};

bool same_profile(const IntTuple& a, const IntTuple& b) {
  if (a.is_int() != b.is_int()) return false;
  if (a.is_int()) return true;
  if (a.rank() != b.rank()) return false;
  for (int k = 0; k < a.rank(); ++k)
    if (!same_profile(a[k], b[k])) return false;
  return true;
}

// The layout the text denotes by the plain grammar: nullopt when the text is
// outside it; "invalid" when it is in the grammar but no layout.
struct Denoted {
  bool in_grammar = false;
  std::optional<Layout> layout;  // nullopt: malformed (leaf < 1, incongruent, size past int64)
};

Denoted denote(const std::string& text) {
  Denoted d;
  const auto r = MiniParser(text).run();
  if (!r) return d;
  d.in_grammar = true;
  const IntTuple& s = r->first;
  bool ok = s.num_leaves() > 0;
  s.for_each_leaf([&](int64_t v) { ok = ok && v >= 1; });
  if (!ok || util::size(s) > INT64_MAX) return d;
  IntTuple stride;
  if (r->second) {
    stride = *r->second;
    if (!same_profile(s, stride)) return d;
  } else {  // a bare shape: compact left
    util::Ints p;
    int64_t run = 1;
    s.for_each_leaf([&](int64_t v) {
      p.push_back(run);
      run *= v;
    });
    stride = util::with_leaves(s, p);
  }
  d.layout = Layout::unchecked(s, stride);
  return d;
}

// alg.parse_layout(text) with a refusal as a value.
layout::Result<Layout> parse(const Algebra& alg, const std::string& text) {
  return refusal_as_value(
      alg, [&] { return layout::try_parse_layout(text); }, [&] { return alg.parse_layout(text); });
}

// NOTE-ROUNDTRIP: print(L) is the canonical spelling and parse(print(L)) == L.
Outcome note_roundtrip(const Algebra& alg, const std::vector<Arg>& args) {
  const Layout& l = std::get<Layout>(args[0]);
  std::string s;
  try {
    s = alg.print(l);
  } catch (const Error& e) {
    return refused("NOTE-ROUNDTRIP", args, "print", e);
  }
  if (s != spell(l))
    return fail("NOTE-ROUNDTRIP", args, "print gave \"" + s + "\", not \"" + spell(l) + "\"");
  Layout back;
  try {
    back = alg.parse_layout(s);
  } catch (const Error& e) {
    return fail("NOTE-ROUNDTRIP", args, std::string("parse(print(L)) refused: ") + e.what());
  }
  if (back != l) return fail("NOTE-ROUNDTRIP", args, "parse(\"" + s + "\") gave " + spell(back));
  return std::nullopt;
}

// NOTE-CANON: a text in the plain grammar denoting a layout parses to it
// (spaces, `_` marks and bare shapes included); any text that parses prints
// to a fixed point: parse(print(parse(s))) == parse(s).
Outcome note_canon(const Algebra& alg, const std::vector<Arg>& args) {
  const std::string& text = std::get<std::string>(args[0]);
  if (text.size() > 4096) return vacuous("outside the precondition");
  const Denoted d = denote(text);
  const layout::Result<Layout> parsed = parse(alg, text);
  if (!parsed) {
    if (d.layout) return refused("NOTE-CANON", args, "parse", parsed.error());
    return vacuous("refused");  // PARSE-MALFORMED judges refusals
  }
  const Layout& l = *parsed;
  if (d.layout && l != *d.layout)
    return fail("NOTE-CANON", args, "parsed as " + spell(l) + ", not " + spell(*d.layout));
  std::string p;
  Layout back;
  try {
    p = alg.print(l);
    back = alg.parse_layout(p);
  } catch (const Error& e) {
    return fail("NOTE-CANON", args, std::string("print/parse of the result refused: ") + e.what());
  }
  if (back != l || alg.print(back) != p)
    return fail("NOTE-CANON", args, "print(parse(s)) = \"" + p + "\" is not a fixed point");
  return std::nullopt;
}

// Lexical malformation, independent of any parser: empty, a byte outside the
// notation's alphabet, unbalanced or mismatched brackets, an integer literal
// past int64.
std::optional<std::string> lexically_malformed(const std::string& s) {
  std::string stack;
  bool any = false;
  for (std::size_t i = 0; i < s.size(); ++i) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    if (std::isspace(c)) continue;
    any = true;
    if (std::isdigit(c)) {
      i128 v = 0;
      std::size_t j = i;
      while (j < s.size() && std::isdigit(static_cast<unsigned char>(s[j])) &&
             v < (static_cast<i128>(1) << 70))
        v = v * 10 + (s[j++] - '0');
      const bool neg = i > 0 && s[i - 1] == '-';
      if (v > static_cast<i128>(INT64_MAX) + (neg ? 1 : 0)) return "an integer past int64";
      while (j < s.size() && std::isdigit(static_cast<unsigned char>(s[j]))) ++j;
      i = j - 1;
      continue;
    }
    if (c == '(' || c == '<') {
      stack.push_back(c == '(' ? ')' : '>');
    } else if (c == ')' || c == '>') {
      if (stack.empty() || stack.back() != static_cast<char>(c)) return "unbalanced brackets";
      stack.pop_back();
    } else if (!std::strchr(",:_-+", c) || c == 0) {
      return "a character outside the notation";
    }
  }
  if (!any) return "nothing to parse";
  if (!stack.empty()) return "unclosed brackets";
  return std::nullopt;
}

// PARSE-MALFORMED: a malformed text (lexically, or a plain shape:stride that
// is no layout: a shape leaf < 1, incongruent, size past int64) is refused
// with a layout::Error that carries a message; no other exception escapes.
Outcome parse_malformed(const Algebra& alg, const std::vector<Arg>& args) {
  const std::string& text = std::get<std::string>(args[0]);
  if (text.size() > 4096) return vacuous("outside the precondition");
  std::optional<std::string> why = lexically_malformed(text);
  if (!why) {
    const Denoted d = denote(text);
    if (d.in_grammar && !d.layout) why = "no layout (shape leaf < 1, incongruent or too large)";
  }
  try {
    const layout::Result<Layout> l = parse(alg, text);
    if (l && why) return fail("PARSE-MALFORMED", args, "accepted (" + *why + ") as " + spell(*l));
    if (!l && (l.error().condition().empty() || l.error().op().empty()))
      return fail("PARSE-MALFORMED", args, "refused without a message");
  } catch (const Unsupported&) {  // an audited implementation: not this law's finding
    throw;
  } catch (const ImplementationFailure&) {
    throw;
  } catch (const std::exception& e) {
    return fail("PARSE-MALFORMED", args, std::string("threw another exception: ") + e.what());
  }
  return std::nullopt;
}

}  // namespace

std::vector<Law> notation_laws() {
  using K = ArgKind;
  return {
      {"NOTE-ROUNDTRIP",
       "print(L) is the canonical spelling (decimal, \"(a,b)\", \"shape:stride\") and "
       "parse(print(L)) == L",
       "print, parse",
       "random nested, rank-1 tuples, negative and large values",
       {K::layout},
       guard(note_roundtrip)},
      {"NOTE-CANON",
       "a shape:stride text (spaces, `_` marks, bare shapes) parses to the layout it denotes; "
       "parse(print(parse(s))) == parse(s) and print is a fixed point",
       "parse, print",
       "spellings of random layouts, arbitrary strings",
       {K::text},
       guard(note_canon)},
      {"PARSE-MALFORMED",
       "malformed text (empty, foreign character, unbalanced brackets, integer past int64, "
       "shape leaf < 1, incongruent) is refused with an Error carrying a message; nothing else "
       "is thrown",
       "parse",
       "arbitrary and near-miss strings",
       {K::text},
       guard(parse_malformed)},
  };
}

}  // namespace props
