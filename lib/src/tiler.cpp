#include "layout/tiler.hpp"

namespace layout {

Tiler Tiler::of_shape(const IntTuple& shape) {
  if (shape.is_int()) return Tiler(Layout(shape.value(), 1));
  std::vector<Tiler> e;
  for (int i = 0; i < shape.rank(); ++i) e.push_back(of_shape(shape[i]));
  return tuple(std::move(e));
}

void append_string(std::string& out, const Tiler& t) {
  switch (t.kind) {
    case Tiler::Kind::layout:
      append_string(out, t.layout);
      return;
    case Tiler::Kind::underscore:
      out += '_';
      return;
    case Tiler::Kind::tuple:
      break;
  }
  out += '<';
  for (std::size_t i = 0; i < t.elems.size(); ++i) {
    if (i) out += ',';
    append_string(out, t.elems[i]);
  }
  out += '>';
}

std::string to_string(const Tiler& t) {
  std::string out;
  append_string(out, t);
  return out;
}

}  // namespace layout
