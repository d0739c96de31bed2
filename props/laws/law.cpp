#include "law.hpp"

namespace props {

std::string describe(const Counterexample& c) {
  std::string out = c.law + " on " + c.inputs + ": " + c.what;
  if (c.index) {
    out += " (at index " + std::to_string(*c.index);
    if (c.expected) out += ", expected " + std::to_string(*c.expected);
    if (c.actual) out += ", actual " + std::to_string(*c.actual);
    out += ")";
  }
  return out;
}

namespace {

// A string argument in double quotes, control bytes and quotes escaped.
std::string quoted(const std::string& s) {
  static const char* hex = "0123456789abcdef";
  std::string out = "\"";
  for (char ch : s) {
    const auto c = static_cast<unsigned char>(ch);
    if (c == '"' || c == '\\') {
      out += '\\';
      out += ch;
    } else if (c < 0x20 || c >= 0x7f) {
      out += "\\x";
      out += hex[c >> 4];
      out += hex[c & 15];
    } else {
      out += ch;
    }
  }
  return out + "\"";
}

}  // namespace

std::string notation(const Arg& a) {
  return std::visit(
      [&](const auto& x) -> std::string {
        using X = std::decay_t<decltype(x)>;
        if constexpr (std::is_same_v<X, int64_t>) {
          return std::to_string(x);
        } else if constexpr (std::is_same_v<X, std::string>) {
          return quoted(x);
        } else if constexpr (std::is_same_v<X, std::vector<int64_t>>) {
          std::string out = "[";
          for (std::size_t i = 0; i < x.size(); ++i) out += (i ? " " : "") + std::to_string(x[i]);
          return out + "]";
        } else {
          return layout::to_string(x);
        }
      },
      a);
}

std::string notation(const std::vector<Arg>& args) {
  std::string out;
  for (const Arg& a : args) {
    if (!out.empty()) out += ", ";
    out += notation(a);
  }
  return out;
}

Counterexample fail(const std::string& law, const std::vector<Arg>& args, std::string what,
                    std::optional<int64_t> index, std::optional<int64_t> expected,
                    std::optional<int64_t> actual) {
  return {law, notation(args), std::move(what), index, expected, actual};
}

const char* kind_name(ArgKind k) {
  switch (k) {
    case ArgKind::layout:
      return "LAYOUT";
    case ArgKind::tiler:
      return "TILER";
    case ArgKind::integer:
      return "INT";
    case ArgKind::int_tuple:
      return "TUPLE";
    case ArgKind::coordinate:
      return "COORD";
    case ArgKind::integers:
      return "INT...";
    case ArgKind::text:
      break;
  }
  return "TEXT";
}

Arg parse_arg(ArgKind kind, const std::string& text) {
  switch (kind) {
    case ArgKind::layout:
      return layout::parse_layout(text);
    case ArgKind::tiler:
      return layout::parse_tiler(text);
    case ArgKind::integer:
    case ArgKind::integers: {
      const layout::Term t = layout::parse_term(text);  // spaces, `_5`, int64 range
      if (t.kind != layout::Term::Kind::integer)
        throw layout::Error("parse", text, "expected an integer");
      if (kind == ArgKind::integers) return std::vector<int64_t>{t.value};
      return t.value;
    }
    case ArgKind::int_tuple:
      return layout::parse_int_tuple(text);
    case ArgKind::coordinate:
      return layout::parse_term(text);
    case ArgKind::text:
      break;
  }
  return text;
}

const Law* find_law(const std::string& id) {
  for (const Law& l : catalog())
    if (l.id == id) return &l;
  return nullptr;
}

}  // namespace props
