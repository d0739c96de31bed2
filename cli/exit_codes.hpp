// Exit codes of `layoutcheck` (docs/CLI.md) and the one place that maps
// exceptions to them.
#pragma once

#include <functional>
#include <stdexcept>
#include <string>

namespace layoutcheck {

enum ExitCode : int {
  kOk = 0,           // success
  kCheckFailed = 1,  // a law or a conformance check failed
  kUsage = 2,        // bad usage or malformed input
  kRefused = 3,      // the operation refused its operands
  kDevice = 4,       // the GPU failed (a CUDA error) or --backend gpu found none usable
};

// Bad usage or malformed input that is not a layout::Error (exit 2).
class UsageError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

// Runs a command and returns its exit code. Exceptions become `error: <message>`
// on stderr: UsageError, JSON errors and layout::Error from op "parse" exit 2,
// any other layout::Error and a layout::Overflow (product() documents it)
// exit 3, a gpu_check::GpuError (a CUDA error, no usable device for --backend
// gpu) exits 4, anything else (a library defect) exits 3 as "internal error".
int run_guarded(const std::function<int()>& command);

}  // namespace layoutcheck
