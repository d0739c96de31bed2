// layout::Error — the single error type of the library.
// Every refusal names the operation, its operands in CuTe notation and the
// violated condition in words:  "composition((6,2):(1,7), (3,2):(2,3)): ...".
//
// The three parts are views into the one message (what()): an Error costs one
// allocation, which matters where refusals are frequent (fuzzing, searches
// over candidate layouts).
#pragma once

#include <charconv>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <stdexcept>
#include <string>
#include <string_view>

namespace layout {

class Error : public std::exception {
public:
  Error(std::string_view op, std::string_view operands, std::string_view condition)
      : op_size_(op.size()), operands_size_(operands.size()) {
    message_.reserve(op.size() + operands.size() + condition.size() + 4);
    message_.append(op).append("(").append(operands).append("): ").append(condition);
  }

  const char* what() const noexcept override { return message_.c_str(); }
  std::string_view op() const noexcept { return std::string_view(message_).substr(0, op_size_); }
  std::string_view operands() const noexcept {
    return std::string_view(message_).substr(op_size_ + 1, operands_size_);
  }
  std::string_view condition() const noexcept {
    return std::string_view(message_).substr(op_size_ + operands_size_ + 4);
  }

private:
  std::string message_;  // op(operands): condition
  std::size_t op_size_, operands_size_;
};

// Thrown by checked arithmetic deep inside an operation; the public entry
// points catch it and rethrow as Error with their own name and operands.
class Overflow : public std::runtime_error {
public:
  explicit Overflow(const std::string& what) : std::runtime_error(what) {}
};

namespace detail {
// Appends the decimal digits of v to a message (no temporary string).
inline void append_int(std::string& out, int64_t v) {
  char digits[24];
  out.append(digits, std::to_chars(digits, digits + sizeof digits, v).ptr);
}
}  // namespace detail

}  // namespace layout
