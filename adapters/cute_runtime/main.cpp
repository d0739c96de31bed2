// layoutcheck-cute-runtime: CuteRuntimeAlgebra behind the audit protocol
// (docs/AUDIT.md), so that `layoutcheck audit cute-runtime` runs CuTe in a
// process of its own: a crash of CuTe is a finding, not the harness's end.
#include <iostream>

#include "cute_runtime_algebra.hpp"
#include "serve.hpp"

int main() {
  std::ios::sync_with_stdio(false);
  const adapters::CuteRuntimeAlgebra cute;
  adapters::serve(cute, cute.name(), adapters::CuteRuntimeAlgebra::operations(), std::cin,
                  std::cout);
  return 0;
}
