#pragma once
// Running a binary as a child process that a test can signal: its pid, its output in a file,
// waiting with a time limit, and what /proc says about it.
#include <fcntl.h>
#include <signal.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <thread>
#include <utility>
#include <vector>

namespace anim::app::testing {

using Environment = std::vector<std::pair<std::string, std::string>>;

// Starts argv[0] with `argv`, the environment changed by `env` (an empty value unsets), stdout
// and stderr into `output` (a file), and SIGINT, SIGTERM and SIGHUP at their defaults, as a shell
// starts a foreground command, whatever this test process inherited. -1 on failure.
inline pid_t spawn(const std::vector<std::string>& argv, const Environment& env,
                   const std::string& output) {
  // Everything is prepared before fork: the child only calls async-signal-safe functions.
  std::vector<std::string> environment;
  for (char** e = environ; *e != nullptr; ++e) {
    const std::string entry = *e;
    const std::string name = entry.substr(0, entry.find('='));
    bool replaced = false;
    for (const auto& change : env) replaced = replaced || change.first == name;
    if (!replaced) environment.push_back(entry);
  }
  for (const auto& [name, value] : env) {
    if (!value.empty()) environment.push_back(name + "=" + value);
  }
  std::vector<char*> args, envp;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  for (const std::string& e : environment) envp.push_back(const_cast<char*>(e.c_str()));
  envp.push_back(nullptr);
  sigset_t none;
  sigemptyset(&none);
  const pid_t pid = ::fork();
  if (pid != 0) return pid;
  for (int signal : {SIGINT, SIGTERM, SIGHUP}) ::signal(signal, SIG_DFL);
  ::sigprocmask(SIG_SETMASK, &none, nullptr);
  const int fd = ::open(output.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd >= 0) {
    ::dup2(fd, 1);
    ::dup2(fd, 2);
  }
  const int null = ::open("/dev/null", O_RDONLY);
  if (null >= 0) ::dup2(null, 0);
  ::execve(args[0], args.data(), envp.data());
  ::_exit(127);
}

// The child's wait status once it ends, or nothing after `seconds` (it is then killed and
// reaped, so no test leaves a process behind).
inline std::optional<int> wait_for(pid_t pid, double seconds) {
  const auto until = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
  while (std::chrono::steady_clock::now() < until) {
    int status = 0;
    const pid_t done = ::waitpid(pid, &status, WNOHANG);
    if (done == pid) return status;
    if (done < 0) return std::nullopt;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  ::kill(pid, SIGKILL);
  int status = 0;
  ::waitpid(pid, &status, 0);
  return std::nullopt;
}

// Polls `ready` every 20 ms for up to `seconds`; whether it became true.
template <class Ready>
bool eventually(double seconds, Ready&& ready) {
  const auto until = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
  while (std::chrono::steady_clock::now() < until) {
    if (ready()) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return ready();
}

// A "Name:\tvalue" line of /proc/PID/status; empty when there is none.
inline std::string proc_status(pid_t pid, const std::string& name) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/status");
  for (std::string line; std::getline(in, line);) {
    if (line.rfind(name + ":", 0) == 0) {
      std::string value = line.substr(name.size() + 1);
      value.erase(0, value.find_first_not_of(" \t"));
      return value;
    }
  }
  return {};
}

// Whether `pid` has a handler for `signal` (its SigCgt mask).
inline bool catches(pid_t pid, int signal) {
  const std::string mask = proc_status(pid, "SigCgt");
  if (mask.empty()) return false;
  return (std::stoull(mask, nullptr, 16) >> (signal - 1)) & 1u;
}

// The system call `pid` is blocked in (first field of /proc/PID/syscall), or -1.
inline long blocked_syscall(pid_t pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/syscall");
  long number = -1;
  if (!(in >> number)) return -1;
  return number;
}

inline std::string read_all(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace anim::app::testing
