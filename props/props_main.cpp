// main for the property tests: sets RapidCheck's default case count without
// overriding a user's RC_PARAMS (setenv with overwrite 0), so
// RC_PARAMS="reproduce=..." still replays a failure.
//
// LAYOUTCHECK_DEEP=1 runs 100x the cases (nightly).
#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>
#include <string>

namespace {
// Cases per law and class: the default suite stays under 2 minutes on 2 cores.
constexpr long default_cases = 200;
}  // namespace

int main(int argc, char** argv) {
  const char* deep = std::getenv("LAYOUTCHECK_DEEP");
  const long n = deep && std::strcmp(deep, "1") == 0 ? 100 * default_cases : default_cases;
  const std::string params = "max_success=" + std::to_string(n);
  setenv("RC_PARAMS", params.c_str(), 0);
  testing::InitGoogleTest(&argc, argv);
  return RUN_ALL_TESTS();
}
