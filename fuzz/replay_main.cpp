// Replay driver for builds without libFuzzer (g++, the dev and asan presets):
// runs LLVMFuzzerTestOneInput once on every file named on the command line
// and on every regular file inside the directories named there (sorted, not
// recursive). A failing input stops the process the same way it stops
// libFuzzer (the target aborts), so the test fails with the input's path as
// the last line printed before the report.
//
//   fuzz_algebra fuzz/corpus/fuzz_algebra fuzz/regressions/fuzz_algebra
//
// LAYOUTCHECK_REPLAY_TIMES=N runs every input N more times after the first and
// reports the time per run (the mean over all inputs and the slowest ten): a
// profile of the target's own work per input, without libFuzzer's.
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <string>
#include <utility>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);

namespace {

bool read_file(const std::filesystem::path& p, std::vector<uint8_t>& out) {
  std::ifstream f(p, std::ios::binary);
  if (!f) return false;
  out.assign(std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>());
  return true;
}

// Runs the input at p once, then `times` more times; the mean time of those
// runs in microseconds (0 when times is 0), or -1 when p cannot be read.
double replay(const std::filesystem::path& p, long times) {
  std::vector<uint8_t> bytes;
  if (!read_file(p, bytes)) return -1;
  std::fprintf(stderr, "replay: %s (%zu bytes)\n", p.c_str(), bytes.size());
  // A copy of exactly the input's size, so that ASan sees reads past its end.
  const std::size_t n = bytes.size();
  const std::unique_ptr<uint8_t[]> exact(n ? new uint8_t[n] : nullptr);
  if (n) std::memcpy(exact.get(), bytes.data(), n);
  LLVMFuzzerTestOneInput(exact.get(), n);
  if (times <= 0) return 0;
  const auto start = std::chrono::steady_clock::now();
  for (long r = 0; r < times; ++r) LLVMFuzzerTestOneInput(exact.get(), n);
  const std::chrono::duration<double, std::micro> spent = std::chrono::steady_clock::now() - start;
  return spent.count() / static_cast<double>(times);
}

}  // namespace

int main(int argc, char** argv) {
  namespace fs = std::filesystem;
  std::vector<fs::path> inputs;
  for (int a = 1; a < argc; ++a) {
    const fs::path p = argv[a];
    std::error_code ec;
    if (fs::is_directory(p, ec)) {
      std::vector<fs::path> files;
      for (const auto& e : fs::directory_iterator(p))
        if (e.is_regular_file()) files.push_back(e.path());
      std::sort(files.begin(), files.end());
      inputs.insert(inputs.end(), files.begin(), files.end());
    } else if (fs::is_regular_file(p, ec)) {
      inputs.push_back(p);
    } else {
      std::fprintf(stderr, "replay: %s: no such file or directory\n", argv[a]);
      return 2;
    }
  }
  const char* times_env = std::getenv("LAYOUTCHECK_REPLAY_TIMES");
  const long times = times_env ? std::strtol(times_env, nullptr, 10) : 0;
  std::vector<std::pair<double, std::size_t>> timing;  // microseconds per run, input index
  std::size_t done = 0;
  for (const fs::path& p : inputs) {
    const double us = replay(p, times);
    if (us < 0) {
      std::fprintf(stderr, "replay: cannot read %s\n", p.c_str());
      return 2;
    }
    if (times > 0) timing.emplace_back(us, done);
    ++done;
  }
  std::printf("replay: %zu inputs ran without a failure\n", done);
  if (!timing.empty()) {
    double sum = 0;
    for (const auto& t : timing) sum += t.first;
    std::sort(timing.begin(), timing.end(),
              [](const auto& x, const auto& y) { return x.first > y.first; });
    std::printf("replay: %.1f us per input (mean of %zu inputs, %ld runs each); slowest:\n",
                sum / static_cast<double>(timing.size()), timing.size(), times);
    for (std::size_t k = 0; k < timing.size() && k < 10; ++k)
      std::printf("  %10.1f us  %s\n", timing[k].first, inputs[timing[k].second].c_str());
  }
  return 0;
}
