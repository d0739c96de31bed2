#include "progress.hpp"

#include <unistd.h>

#include <cstdio>

namespace layoutcheck {

namespace {
constexpr int kWidth = 30;
}

ProgressBar::ProgressBar(std::string what, uint64_t total)
    : ProgressBar(std::move(what), total, isatty(STDERR_FILENO) == 1) {}

ProgressBar::ProgressBar(std::string what, uint64_t total, bool enabled)
    : what_(std::move(what)), total_(total), enabled_(enabled) {}

ProgressBar::~ProgressBar() { clear(); }

void ProgressBar::clear() {
  if (drawn_) std::fprintf(stderr, "\r\033[K");
  drawn_ = false;
}

std::string ProgressBar::line(uint64_t done, const std::string& note) const {
  const uint64_t d = done > total_ ? total_ : done;
  const int filled = total_ == 0 ? kWidth : static_cast<int>(d * kWidth / total_);
  std::string bar = what_ + " [" + std::string(static_cast<std::size_t>(filled), '#') +
                    std::string(static_cast<std::size_t>(kWidth - filled), '.') + "] " +
                    std::to_string(d) + "/" + std::to_string(total_);
  if (!note.empty()) bar += " " + note;
  return bar.size() > 100 ? bar.substr(0, 100) : bar;
}

void ProgressBar::update(uint64_t done, const std::string& note) {
  if (!enabled_) return;
  std::fprintf(stderr, "\r\033[K%s", line(done, note).c_str());
  std::fflush(stderr);
  drawn_ = true;
}

}  // namespace layoutcheck
