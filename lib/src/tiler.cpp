#include "layout/tiler.hpp"

namespace layout {

Tiler Tiler::of_shape(const IntTuple& shape) {
  if (shape.is_int()) return Tiler(Layout(shape.value(), 1));
  std::vector<Tiler> e;
  for (int i = 0; i < shape.rank(); ++i) e.push_back(of_shape(shape[i]));
  return tuple(std::move(e));
}

std::string to_string(const Tiler& t) {
  switch (t.kind) {
    case Tiler::Kind::layout:
      return to_string(t.layout);
    case Tiler::Kind::underscore:
      return "_";
    case Tiler::Kind::tuple:
      break;
  }
  std::string out = "<";
  for (std::size_t i = 0; i < t.elems.size(); ++i) {
    if (i) out += ',';
    out += to_string(t.elems[i]);
  }
  return out + ">";
}

}  // namespace layout
