#include "process/isolated_import.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "anim/package.h"
#include "process/import_child.h"
#include "process/import_protocol.h"
#include "process/sibling_executable.h"

extern char** environ;

namespace anim::app {
namespace {

namespace protocol = import_protocol;

Error failure(const std::string& path, const std::string& message,
              Error::Code code = Error::Code::kInvalidData) {
  return Error{code, message, path};
}

// The child process, killed and reaped unless it was waited for.
class Child {
 public:
  Child() = default;
  Child(const Child&) = delete;
  Child& operator=(const Child&) = delete;
  ~Child() {
    if (pid_ > 0) {
      kill();
      wait();
    }
    if (fd_ >= 0) ::close(fd_);
  }

  // Starts `argv[0]` with its standard output into a pipe; errno-style code on failure.
  int start(const std::vector<std::string>& args) {
    int fds[2];
    if (::pipe2(fds, O_CLOEXEC) != 0) return errno;
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, fds[1], STDOUT_FILENO);
    std::vector<char*> argv;
    for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    const int error = ::posix_spawn(&pid_, argv[0], &actions, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    ::close(fds[1]);
    if (error != 0) {
      pid_ = -1;
      ::close(fds[0]);
      return error;
    }
    fd_ = fds[0];
    return 0;
  }

  int fd() const { return fd_; }
  void kill() { ::kill(pid_, SIGKILL); }
  // The wait status.
  int wait() {
    int status = 0;
    while (::waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
    }
    pid_ = -1;
    return status;
  }

 private:
  pid_t pid_ = -1;
  int fd_ = -1;
};

std::string signal_text(int signal) {
  const char* name = ::strsignal(signal);
  return "signal " + std::to_string(signal) + (name ? std::string(", ") + name : "");
}

Model as_model(Package&& p, const std::string& path) {
  Model m;
  m.source_path = path;
  m.skeleton = std::move(p.skeleton);
  m.skin = std::move(p.skin);
  m.mesh = std::move(p.mesh);
  m.clips = std::move(p.key_clips);
  m.max_influences = p.max_influences;
  m.truncated_vertices = static_cast<std::size_t>(p.truncated_vertices);
  m.up_axis = p.up_axis;
  return m;
}

}  // namespace

uint64_t default_import_memory_limit() {
  constexpr uint64_t kMax = uint64_t{8} << 30;
  const long pages = ::sysconf(_SC_PHYS_PAGES);
  const long page_size = ::sysconf(_SC_PAGESIZE);
  if (pages <= 0 || page_size <= 0) return kMax;
  return std::min(kMax, static_cast<uint64_t>(pages) * static_cast<uint64_t>(page_size) / 2);
}

std::string format_bytes(uint64_t bytes) {
  char text[32];
  if (bytes >= (uint64_t{1} << 30)) {
    std::snprintf(text, sizeof(text), "%.1f GiB", static_cast<double>(bytes) / (1 << 30));
  } else {
    std::snprintf(text, sizeof(text), "%.0f MiB", static_cast<double>(bytes) / (1 << 20));
  }
  return text;
}

std::string import_helper_path() {
  if (const char* path = std::getenv("ANIMSCOPE_IMPORT_HELPER"); path && *path) return path;
  return sibling_executable_path(ANIMSCOPE_IMPORT_EXECUTABLE);
}

namespace {

// What the child said before it ended.
struct ChildAnswer {
  std::vector<uint8_t> result;
  bool have_result = false, have_error = false, out_of_memory = false;
  Error error;
};

// The model, or why there is none, from what the child said and how it ended (`status`, as
// waitpid reports it).
Result<Model> outcome(const std::string& path, const IsolatedImportOptions& options, int status,
                      ChildAnswer& answer) {
  const std::string limit = format_bytes(options.memory_limit);
  if (answer.out_of_memory ||
      (WIFEXITED(status) && WEXITSTATUS(status) == protocol::kOutOfMemoryExit)) {
    return failure(path, "import needed more than " + limit + " (limit) and was stopped");
  }
  if (WIFSIGNALED(status)) {
    const int signal = WTERMSIG(status);
    if (signal == SIGKILL) {
      return failure(path, "the importer was killed (" + signal_text(signal) +
                               "; the system may have run out of memory)");
    }
    return failure(path, "the importer crashed (" + signal_text(signal) + ")");
  }
  if (answer.have_error) {
    answer.error.path = answer.error.path.empty() ? path : answer.error.path;
    return answer.error;
  }
  if (!answer.have_result) {
    return failure(path, "the importer stopped without an answer (exit status " +
                             std::to_string(WIFEXITED(status) ? WEXITSTATUS(status) : -1) + ")");
  }
  Result<Package> package =
      load_package(Span<const uint8_t>(answer.result.data(), answer.result.size()));
  if (!package.ok()) {
    return failure(path, "the importer's answer is damaged: " + package.error().to_string());
  }
  return as_model(std::move(package.value()), path);
}

}  // namespace

Result<Model> import_isolated(const std::string& path, const IsolatedImportOptions& options,
                              const import::ProgressCallback& progress) {
  std::vector<std::string> args = {options.helper, kImportChildCommand, path};
  if (options.memory_limit > 0) {
    args.insert(args.end(), {"--memory-limit", std::to_string(options.memory_limit)});
  }
  // A load cancelled before it began ends here. Started only to be killed at its first report,
  // the child could as well have crashed or answered first, which one depending on how fast it
  // ran: the outcome of a cancelled load would then change with the machine's load.
  if (progress && !progress(0.0f)) {
    return failure(path, "loading cancelled", Error::Code::kCancelled);
  }
  Child child;
  if (const int error = child.start(args); error != 0) {
    return failure(path,
                   "cannot start the importer " + options.helper + ": " + std::strerror(error),
                   Error::Code::kIo);
  }

  protocol::RecordReader reader;
  std::vector<uint8_t> payload;
  ChildAnswer answer;
  float fraction = 0.0f;
  std::vector<uint8_t> chunk(1 << 16);
  for (;;) {
    pollfd p{child.fd(), POLLIN, 0};
    const int ready = ::poll(&p, 1, 100);
    if (ready < 0 && errno != EINTR) return failure(path, "lost the importer's output");
    if (ready > 0) {
      const ssize_t n = ::read(child.fd(), chunk.data(), chunk.size());
      if (n < 0 && errno != EINTR && errno != EAGAIN) {
        return failure(path, "lost the importer's output");
      }
      if (n == 0) break;  // The child closed its output: it ended.
      if (n > 0) reader.feed(chunk.data(), static_cast<std::size_t>(n));
    }
    protocol::Kind kind;
    while (reader.next(kind, payload)) {
      if (kind == protocol::Kind::kProgress && payload.size() == sizeof(float)) {
        std::memcpy(&fraction, payload.data(), sizeof(float));
        if (!std::isfinite(fraction)) fraction = 0.0f;
        fraction = std::clamp(fraction, 0.0f, 1.0f);
      } else if (kind == protocol::Kind::kResult) {
        answer.result.swap(payload);
        answer.have_result = true;
      } else if (kind == protocol::Kind::kError) {
        answer.have_error = protocol::parse_error(payload, answer.error);
      } else if (kind == protocol::Kind::kOutOfMemory) {
        answer.out_of_memory = true;
      }
    }
    if (progress && !progress(fraction)) {
      child.kill();
      child.wait();
      return failure(path, "loading cancelled", Error::Code::kCancelled);
    }
  }
  return outcome(path, options, child.wait(), answer);
}

import::ModelReader isolated_reader(IsolatedImportOptions options){
    return [options](const std::string& path, const import::ProgressCallback& progress){
        return import_isolated(path, options, progress);
};  // namespace anim::app
}

}  // namespace anim::app
