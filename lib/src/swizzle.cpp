#include "layout/swizzle.hpp"

#include <string>

#include "layout/checked.hpp"
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

int64_t swizzle_bytes(const Swizzle& sw, int64_t bits, int64_t x) {
  return detail::guarded(
      "swizzle_bytes",
      [&] { return to_string(sw) + ", " + std::to_string(bits) + ", " + std::to_string(x); },
      [&] {
        if (bits < 1) detail::refuse("the element width must be >= 1 bit");
        if (x < 0) detail::refuse("a negative element offset has no address");
        const int64_t address = checked::mul(x, bits);
        const int64_t swizzled = checked::add(checked::mul(sw(address >> 3), 8), address & 7);
        if (swizzled % bits != 0)
          detail::refuse("the swizzled bit address " + std::to_string(swizzled) + " is not on a " +
                         std::to_string(bits) + "-bit element boundary");
        return swizzled / bits;
      });
}

}  // namespace layout
