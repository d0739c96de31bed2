// A child process spoken to in lines: its stdin and stdout are pipes, its
// stderr is the harness's; it runs in a process group of its own, killed
// whole when it stops. POSIX only (fork, exec, poll).
#pragma once

#include <sys/types.h>

#include <optional>
#include <string>

namespace adapters {

class Subprocess {
public:
  // Runs `/bin/sh -c command`. Throws std::runtime_error if it cannot start.
  explicit Subprocess(const std::string& command);
  ~Subprocess();
  Subprocess(const Subprocess&) = delete;
  Subprocess& operator=(const Subprocess&) = delete;

  // Writes one line (a '\n' is added); false when the child has closed its
  // stdin (it exited or crashed).
  bool send(const std::string& line);
  // The next line of its stdout without the '\n'; nullopt on end of file
  // (it exited) or when none came within timeout_ms.
  std::optional<std::string> receive(int timeout_ms, bool& timed_out);
  // Kills the child's process group (SIGKILL) and reaps the child; how it
  // ended, in words.
  std::string stop();

private:
  pid_t pid_ = -1;
  int to_child_ = -1, from_child_ = -1;
  std::string buffer_;  // read but not yet returned
};

}  // namespace adapters
