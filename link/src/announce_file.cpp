#include "announce_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>

namespace anim::link::detail {
namespace {

// The files the SIGTERM handler removes: fixed slots, so that the handler reads them without
// locks or allocation (a slot is published by its `used` flag after its path is written).
constexpr int kSlots = 8;
constexpr std::size_t kPathBytes = 512;
struct Slot {
  char path[kPathBytes];
  std::atomic<bool> used{false};
};
Slot g_slots[kSlots];
std::mutex g_slots_mutex;  // Between threads registering and removing (not the handler).
struct sigaction g_previous;
bool g_installed = false;

void on_sigterm(int signal, siginfo_t* info, void* context) {
  for (Slot& s : g_slots)
    if (s.used.load(std::memory_order_acquire)) unlink(s.path);
  if (g_previous.sa_flags & SA_SIGINFO) {
    if (g_previous.sa_sigaction != nullptr) {
      g_previous.sa_sigaction(signal, info, context);
      return;
    }
  } else if (g_previous.sa_handler != SIG_DFL && g_previous.sa_handler != SIG_IGN) {
    g_previous.sa_handler(signal);
    return;
  }
  if (g_previous.sa_handler == SIG_IGN && !(g_previous.sa_flags & SA_SIGINFO)) return;
  struct sigaction deflt {};
  deflt.sa_handler = SIG_DFL;
  sigemptyset(&deflt.sa_mask);
  sigaction(SIGTERM, &deflt, nullptr);
  raise(SIGTERM);
}

void remember(const std::string& path) {
  std::lock_guard<std::mutex> lock(g_slots_mutex);
  if (!g_installed) {
    struct sigaction action {};
    action.sa_sigaction = on_sigterm;
    action.sa_flags = SA_SIGINFO;
    sigemptyset(&action.sa_mask);
    if (sigaction(SIGTERM, &action, &g_previous) == 0) g_installed = true;
  }
  if (path.size() >= kPathBytes) return;
  for (Slot& s : g_slots) {
    if (s.used.load(std::memory_order_relaxed)) continue;
    std::memcpy(s.path, path.c_str(), path.size() + 1);
    s.used.store(true, std::memory_order_release);
    return;
  }
}

}  // namespace

std::string json_escape(const std::string& text) {
  std::string out;
  for (const char c : text) {
    const auto u = static_cast<unsigned char>(c);
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (u < 0x20) {
      char hex[8];
      std::snprintf(hex, sizeof(hex), "\\u%04x", u);
      out += hex;
    } else {
      out += c;
    }
  }
  return out;
}

Result<std::string> random_token() {
  FILE* f = std::fopen("/dev/urandom", "rb");
  unsigned char bytes[16];
  const bool ok = f != nullptr && std::fread(bytes, 1, sizeof(bytes), f) == sizeof(bytes);
  if (f != nullptr) std::fclose(f);
  if (!ok) return Error{Error::Code::kIo, "cannot read /dev/urandom for a token", "/dev/urandom"};
  std::string token;
  for (const unsigned char b : bytes) {
    char hex[3];
    std::snprintf(hex, sizeof(hex), "%02x", b);
    token += hex;
  }
  return token;
}

Result<std::string> write_announcement(const std::string& dir_in, int pid, uint16_t port,
                                       const std::string& token, const std::string& name) {
  std::string dir = dir_in;
  if (dir.empty()) {
    const char* runtime = std::getenv("XDG_RUNTIME_DIR");
    if (runtime == nullptr || runtime[0] == '\0')
      return Error{Error::Code::kInvalidArgument,
                   "XDG_RUNTIME_DIR is not set: nowhere to announce the game", "XDG_RUNTIME_DIR"};
    dir = std::string(runtime) + "/animscope";
  }
  if (mkdir(dir.c_str(), 0700) != 0 && errno != EEXIST)
    return Error{Error::Code::kIo, std::string("cannot create the folder: ") + std::strerror(errno),
                 dir};
  const std::string path = dir + "/" + std::to_string(pid) + ".json";
  unlink(path.c_str());  // A file left by an earlier process of the same pid.
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
  if (fd < 0)
    return Error{Error::Code::kIo, std::string("cannot create: ") + std::strerror(errno), path};
  fchmod(fd, 0600);  // Whatever the umask.
  const std::string text = "{\"pid\": " + std::to_string(pid) +
                           ", \"port\": " + std::to_string(port) + ", \"token\": \"" +
                           json_escape(token) + "\", \"name\": \"" + json_escape(name) + "\"}\n";
  const bool ok = ::write(fd, text.data(), text.size()) == static_cast<ssize_t>(text.size());
  ::close(fd);
  if (!ok) {
    unlink(path.c_str());
    return Error{Error::Code::kIo, "cannot write the announcement", path};
  }
  remember(path);
  return path;
}

void remove_announcement(const std::string& path) {
  if (path.empty()) return;
  {
    std::lock_guard<std::mutex> lock(g_slots_mutex);
    for (Slot& s : g_slots)
      if (s.used.load(std::memory_order_relaxed) && path == s.path)
        s.used.store(false, std::memory_order_release);
  }
  unlink(path.c_str());
}

}  // namespace anim::link::detail
