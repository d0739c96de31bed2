#include "layout/swizzle.hpp"

#include <string>

#include "layout/error.hpp"
#include "refusal.hpp"

namespace layout {

Swizzle::Swizzle(int bits, int base, int shift) : b_(bits), m_(base), s_(shift) {
  auto args = [&] {
    return std::to_string(bits) + ", " + std::to_string(base) + ", " + std::to_string(shift);
  };
  if (bits < 0 || base < 0) detail::raise("swizzle", args(), "B and M must be >= 0");
  const int64_t mag = shift < 0 ? -int64_t{shift} : int64_t{shift};
  if (mag < bits) detail::raise("swizzle", args(), "|S| must be >= B (disjoint bit fields)");
  if (int64_t{base} + bits + mag > 63)
    detail::raise("swizzle", args(), "M + B + |S| must be <= 63");
  const uint64_t field = (uint64_t{1} << bits) - 1;
  yyy_ = field << (base + (shift > 0 ? shift : 0));
}

std::string to_string(const Swizzle& s) {
  return "Sw<" + std::to_string(s.bits()) + "," + std::to_string(s.base()) + "," +
         std::to_string(s.shift()) + ">";
}

}  // namespace layout
