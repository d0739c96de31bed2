// The GPU backend of a build without CUDA: never available.
#include "gpu_check/backend.hpp"

namespace gpu_check {

bool gpu_compiled() { return false; }

const GpuStatus& gpu_status() {
  static const GpuStatus status{false, "built without CUDA (nvcc was not found at configure time)"};
  return status;
}

BulkResult run_gpu(const BulkJob&, uint64_t, uint64_t, const GpuOptions&) {
  throw GpuError("no GPU backend: " + gpu_status().description);
}

}  // namespace gpu_check
