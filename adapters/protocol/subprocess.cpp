#include "subprocess.hpp"

#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstring>
#include <stdexcept>

namespace adapters {

Subprocess::Subprocess(const std::string& command) {
  int in[2], out[2];
  if (pipe(in) != 0) throw std::runtime_error(std::string("pipe: ") + std::strerror(errno));
  if (pipe(out) != 0) {
    close(in[0]);
    close(in[1]);
    throw std::runtime_error(std::string("pipe: ") + std::strerror(errno));
  }
  pid_ = fork();
  if (pid_ < 0) throw std::runtime_error(std::string("fork: ") + std::strerror(errno));
  if (pid_ == 0) {  // the child: stdin from `in`, stdout to `out`, its own process group
    setpgid(0, 0);
    dup2(in[0], STDIN_FILENO);
    dup2(out[1], STDOUT_FILENO);
    close(in[0]);
    close(in[1]);
    close(out[0]);
    close(out[1]);
    execl("/bin/sh", "sh", "-c", command.c_str(), static_cast<char*>(nullptr));
    _exit(127);
  }
  close(in[0]);
  close(out[1]);
  to_child_ = in[1];
  from_child_ = out[0];
  // A child that dies must not kill the harness through SIGPIPE.
  std::signal(SIGPIPE, SIG_IGN);
}

Subprocess::~Subprocess() { stop(); }

bool Subprocess::send(const std::string& line) {
  const std::string data = line + "\n";
  std::size_t done = 0;
  while (done < data.size()) {
    const ssize_t n = write(to_child_, data.data() + done, data.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    done += static_cast<std::size_t>(n);
  }
  return true;
}

std::optional<std::string> Subprocess::receive(int timeout_ms, bool& timed_out) {
  timed_out = false;
  while (true) {
    const std::size_t nl = buffer_.find('\n');
    if (nl != std::string::npos) {
      std::string line = buffer_.substr(0, nl);
      buffer_.erase(0, nl + 1);
      return line;
    }
    pollfd p{from_child_, POLLIN, 0};
    const int ready = poll(&p, 1, timeout_ms);
    if (ready < 0 && errno == EINTR) continue;
    if (ready == 0) {
      timed_out = true;
      return std::nullopt;
    }
    char chunk[4096];
    const ssize_t n = read(from_child_, chunk, sizeof chunk);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return std::nullopt;
    buffer_.append(chunk, static_cast<std::size_t>(n));
  }
}

std::string Subprocess::stop() {
  if (pid_ <= 0) return "not running";
  if (to_child_ >= 0) close(to_child_);
  if (from_child_ >= 0) close(from_child_);
  to_child_ = from_child_ = -1;
  int status = 0;
  if (waitpid(pid_, &status, WNOHANG) == 0) {
    kill(-pid_, SIGKILL);  // the shell and whatever it started
    kill(pid_, SIGKILL);
    waitpid(pid_, &status, 0);
  } else {
    kill(-pid_, SIGKILL);  // what the shell left behind
  }
  pid_ = -1;
  if (WIFEXITED(status)) return "exited with status " + std::to_string(WEXITSTATUS(status));
  if (WIFSIGNALED(status)) return "killed by signal " + std::to_string(WTERMSIG(status));
  return "ended";
}

}  // namespace adapters
