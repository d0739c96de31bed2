// layout::Error — the single error type of the library.
// Every refusal names the operation, its operands in CuTe notation and the
// violated condition in words:  "composition((6,2):(1,7), (3,2):(2,3)): ...".
#pragma once

#include <stdexcept>
#include <string>

namespace layout {

class Error : public std::runtime_error {
public:
  Error(std::string op, std::string operands, std::string condition)
      : std::runtime_error(op + "(" + operands + "): " + condition), op_(std::move(op)),
        operands_(std::move(operands)), condition_(std::move(condition)) {}

  const std::string& op() const noexcept { return op_; }
  const std::string& operands() const noexcept { return operands_; }
  const std::string& condition() const noexcept { return condition_; }

private:
  std::string op_;
  std::string operands_;
  std::string condition_;
};

// Thrown by checked arithmetic deep inside an operation; the public entry
// points catch it and rethrow as Error with their own name and operands.
class Overflow : public std::runtime_error {
public:
  explicit Overflow(const std::string& what) : std::runtime_error(what) {}
};

}  // namespace layout
