// CuTe notation: parse and print.
//
//   layout   (4,2):(2,1)   ((2,2),3):((1,2),4)   8:1   (_4,_2):(_1,_4)
//   shape    (4,2)         -> compact left layout where a layout is expected
//   tiler    (4:2,3:1)  <3:3,(2,4):(1,8)>  (4:2,_)  (4,8) = <4:1,8:1>
//   coord    (1,(1,2))  and, for slicing, (_,3)
// Spaces and CuTe's `_` static marks (`_4`) are accepted. print(parse(s)) is
// the canonical spelling and parse(print(L)) == L.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "layout/layout.hpp"
#include "layout/result.hpp"
#include "layout/tiler.hpp"

namespace layout {

// Parse tree of one expression (exposed for slicing coordinates).
struct Term {
  enum class Kind { integer, underscore, tuple, layout };
  Kind kind = Kind::integer;
  int64_t value = 0;        // integer
  std::vector<Term> elems;  // tuple
  IntTuple shape, stride;   // layout
};

Term parse_term(std::string_view text);
// The same with the refusal (layout::Error, op "parse") returned, not thrown.
Result<Term> try_parse_term(std::string_view text);
Result<Layout> try_parse_layout(std::string_view text);
// "(1,_,(2,_))": integers, `_`, layouts and tuples of terms.
std::string to_string(const Term& t);
void append_string(std::string& out, const Term& t);  // appends to_string(t)
IntTuple parse_int_tuple(std::string_view text);
Layout parse_layout(std::string_view text);
Tiler parse_tiler(std::string_view text);

// Conversions of an already parsed term (throw Error("parse", ...)).
IntTuple term_to_int_tuple(const Term& t, std::string_view text);
Layout term_to_layout(const Term& t, std::string_view text);
Tiler term_to_tiler(const Term& t, std::string_view text);

}  // namespace layout
