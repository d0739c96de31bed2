// Replay driver for builds without libFuzzer (g++, the dev and asan presets):
// runs LLVMFuzzerTestOneInput once on every file named on the command line
// and on every regular file inside the directories named there (sorted, not
// recursive). A failing input stops the process the same way it stops
// libFuzzer (the target aborts), so the test fails with the input's path as
// the last line printed before the report.
//
//   fuzz_algebra fuzz/corpus/fuzz_algebra fuzz/regressions/fuzz_algebra
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);

namespace {

bool read_file(const std::filesystem::path& p, std::vector<uint8_t>& out) {
  std::ifstream f(p, std::ios::binary);
  if (!f) return false;
  out.assign(std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>());
  return true;
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
  std::size_t done = 0;
  for (const fs::path& p : inputs) {
    std::vector<uint8_t> bytes;
    if (!read_file(p, bytes)) {
      std::fprintf(stderr, "replay: cannot read %s\n", p.c_str());
      return 2;
    }
    std::fprintf(stderr, "replay: %s (%zu bytes)\n", p.c_str(), bytes.size());
    // A copy of exactly the input's size, so that ASan sees reads past its end.
    std::vector<uint8_t> exact(bytes.begin(), bytes.end());
    LLVMFuzzerTestOneInput(exact.empty() ? nullptr : exact.data(), exact.size());
    ++done;
  }
  std::printf("replay: %zu inputs ran without a failure\n", done);
  return 0;
}
