// fuzz_parse: arbitrary bytes into the CuTe notation parser.
//   - nothing but layout::Error (with a message) is ever thrown, nothing crashes;
//   - an accepted layout prints canonically, the canonical text re-parses to
//     the same layout and prints to itself (fixed point); the same for tilers
//     and integer tuples;
//   - the catalog's notation laws (NOTE-CANON, PARSE-MALFORMED) hold on the
//     text: they decide malformation without the library's parser.
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "common.hpp"
#include "law.hpp"

namespace {

using fuzz::attempt;
using fuzz::die;

LAYOUTCHECK_NO_COVERAGE bool same_tiler(const layout::Tiler& a, const layout::Tiler& b) {
  if (a.kind != b.kind) return false;
  if (a.is_layout()) return a.layout == b.layout;
  if (a.is_underscore()) return true;
  if (a.elems.size() != b.elems.size()) return false;
  for (std::size_t k = 0; k < a.elems.size(); ++k)
    if (!same_tiler(a.elems[k], b.elems[k])) return false;
  return true;
}

LAYOUTCHECK_NO_COVERAGE std::string quoted(std::string_view s) {
  std::string out = "\"";
  for (char ch : s) {
    const auto c = static_cast<unsigned char>(ch);
    if (c >= 0x20 && c < 0x7f && c != '"' && c != '\\') {
      out += ch;
    } else {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02x", c);
      out += buf;
    }
  }
  return out + "\"";
}

LAYOUTCHECK_NO_COVERAGE void check_layout(std::string_view text) {
  const std::string in = quoted(text);
  layout::Layout l;
  if (!attempt("parse_layout", in, [&] { l = layout::parse_layout(text); })) return;
  // Valid by construction: congruent, leaves >= 1, size within int64.
  attempt("make_layout (revalidate)", in, [&] { (void)layout::Layout(l.shape(), l.stride()); });
  const std::string canon = layout::to_string(l);
  layout::Layout again;
  try {
    again = layout::parse_layout(canon);
  } catch (const layout::Error& e) {
    die("the canonical spelling \"" + canon + "\" is refused: " + e.what(), in);
  }
  if (again != l) die("\"" + canon + "\" re-parses to " + layout::to_string(again), in);
  if (layout::to_string(again) != canon)
    die("print is not a fixed point: " + canon + " -> " + layout::to_string(again), in);
}

LAYOUTCHECK_NO_COVERAGE void check_tiler(std::string_view text) {
  const std::string in = quoted(text);
  layout::Tiler t;
  if (!attempt("parse_tiler", in, [&] { t = layout::parse_tiler(text); })) return;
  const std::string canon = layout::to_string(t);
  layout::Tiler again;
  try {
    again = layout::parse_tiler(canon);
  } catch (const layout::Error& e) {
    die("the canonical tiler spelling \"" + canon + "\" is refused: " + e.what(), in);
  }
  if (!same_tiler(t, again))
    die("tiler \"" + canon + "\" re-parses to " + layout::to_string(again), in);
  if (layout::to_string(again) != canon)
    die("tiler print is not a fixed point: " + canon + " -> " + layout::to_string(again), in);
}

LAYOUTCHECK_NO_COVERAGE void check_int_tuple(std::string_view text) {
  const std::string in = quoted(text);
  layout::IntTuple t;
  if (!attempt("parse_int_tuple", in, [&] { t = layout::parse_int_tuple(text); })) return;
  const std::string canon = layout::to_string(t);
  layout::IntTuple again;
  try {
    again = layout::parse_int_tuple(canon);
  } catch (const layout::Error& e) {
    die("the canonical tuple spelling \"" + canon + "\" is refused: " + e.what(), in);
  }
  if (again != t) die("tuple \"" + canon + "\" re-parses to " + layout::to_string(again), in);
}

LAYOUTCHECK_NO_COVERAGE void check_term(std::string_view text) {
  const std::string in = quoted(text);
  layout::Term t;
  if (!attempt("parse_term", in, [&] { t = layout::parse_term(text); })) return;
  // Conversions of a parsed term refuse with a message or succeed.
  attempt("term_to_layout", in, [&] { (void)layout::term_to_layout(t, text); });
  attempt("term_to_tiler", in, [&] { (void)layout::term_to_tiler(t, text); });
  attempt("term_to_int_tuple", in, [&] { (void)layout::term_to_int_tuple(t, text); });
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > 4096) return -1;  // keep one input fast; longer texts add nothing new
  const std::string text(reinterpret_cast<const char*>(data), size);
  check_layout(text);
  check_tiler(text);
  check_int_tuple(text);
  check_term(text);
  for (const char* id : {"NOTE-CANON", "PARSE-MALFORMED"}) {
    const props::Law* law = props::find_law(id);
    if (!law) die(std::string("law ") + id + " is missing from the catalog", quoted(text));
    props::Outcome bad;
    try {
      bad = law->check(props::reference_algebra(), {text});
    } catch (const std::exception& e) {
      die(std::string(id) + " threw: " + e.what(), quoted(text));
    }
    if (bad) die(props::describe(*bad), quoted(text));
  }
  return 0;
}
