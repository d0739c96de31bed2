// The GPU side of cute_static_check in a build without CUDA: never available.
#include <stdexcept>

#include "gpu_check/cute_static.hpp"

namespace gpu_check::cute_static {

bool gpu_available(std::string& description) {
  description = "built without CUDA (LAYOUTCHECK_CUDA is OFF)";
  return false;
}

double gpu_hashes(int, uint64_t, uint64_t, uint64_t*) {
  throw std::runtime_error("cute_static_check: built without CUDA");
}

void gpu_values(int, uint64_t, uint64_t, int64_t*) {
  throw std::runtime_error("cute_static_check: built without CUDA");
}

}  // namespace gpu_check::cute_static
