// A progress bar on stderr for long runs (bulk slices, audit laws), drawn
// only when stderr is a terminal: in CI logs and pipes it writes nothing.
// Debian 12 packages no C++ progress-bar library (indicators is not in
// bookworm), so this is the few lines it takes: one line redrawn with \r,
// erased when the run ends.
#pragma once

#include <cstdint>
#include <string>

namespace layoutcheck {

class ProgressBar {
public:
  // enabled: draw at all (default: stderr is a terminal).
  ProgressBar(std::string what, uint64_t total);
  ProgressBar(std::string what, uint64_t total, bool enabled);
  ~ProgressBar();  // erases the bar
  ProgressBar(const ProgressBar&) = delete;
  ProgressBar& operator=(const ProgressBar&) = delete;
  // "what [#####.....] done/total note"
  void update(uint64_t done, const std::string& note = "");
  // Erases the bar (before other output); the next update draws it again.
  void clear();
  bool enabled() const { return enabled_; }
  // The line update() draws, without \r (for tests).
  std::string line(uint64_t done, const std::string& note) const;

private:
  std::string what_;
  uint64_t total_;
  bool enabled_;
  bool drawn_ = false;
};

}  // namespace layoutcheck
