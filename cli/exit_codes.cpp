#include "exit_codes.hpp"

#include <iostream>
#include <new>
#include <nlohmann/json.hpp>

#include "gpu_check/backend.hpp"
#include "layout/error.hpp"

namespace layoutcheck {

namespace {

int report(const std::string& message, int code) {
  std::cerr << "error: " << message << '\n';
  return code;
}

}  // namespace

int run_guarded(const std::function<int()>& command) {
  try {
    return command();
  } catch (const UsageError& e) {
    return report(e.what(), kUsage);
  } catch (const layout::Error& e) {
    return report(e.what(), e.op() == "parse" ? kUsage : kRefused);
  } catch (const layout::Overflow& e) {
    return report(std::string("overflow: ") + e.what(), kRefused);
  } catch (const gpu_check::GpuError& e) {
    return report(std::string("device error: ") + e.what(), kDevice);
  } catch (const nlohmann::json::exception& e) {
    return report(std::string("malformed JSON: ") + e.what(), kUsage);
  } catch (const std::bad_alloc&) {
    return report("internal error: out of memory", kRefused);
  } catch (const std::exception& e) {
    return report(std::string("internal error: ") + e.what(), kRefused);
  }
}

}  // namespace layoutcheck
