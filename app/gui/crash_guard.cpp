#include "gui/crash_guard.h"

#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <thread>

#include "anim/ui/files/config_paths.h"
#include "gui/recovery_actions.h"

namespace anim::app {
namespace {

// The guarded tool; read only by assertion_failed on the thread that set it.
Tool* g_tool = nullptr;
const RecentActions* g_actions = nullptr;
std::thread::id g_thread;
std::atomic<bool> g_failing{false};

// Where a report goes: $XDG_STATE_HOME/animscope/reports (beside the recovery folder); empty
// when there is no state folder.
std::string report_file() {
  const std::string recovery = ui::recovery_directory();
  if (recovery.empty()) return "";
  const std::filesystem::path folder = std::filesystem::path(recovery).parent_path() / "reports";
  std::error_code ec;
  std::filesystem::create_directories(folder, ec);
  if (ec) return "";
  return (folder / ("assertion-" + std::to_string(::getpid()) + ".txt")).string();
}

}  // namespace

void RecentActions::add(std::string line) {
  ring_[count_ % kCapacity] = std::move(line);
  ++count_;
}

std::vector<std::string> RecentActions::lines() const {
  std::vector<std::string> out;
  const std::size_t first = count_ > kCapacity ? count_ - kCapacity : 0;
  for (std::size_t i = first; i < count_; ++i) out.push_back(ring_[i % kCapacity]);
  return out;
}

AssertionGuard::AssertionGuard(Tool& tool, const RecentActions& actions) {
  g_tool = &tool;
  g_actions = &actions;
  g_thread = std::this_thread::get_id();
}

AssertionGuard::~AssertionGuard() {
  g_tool = nullptr;
  g_actions = nullptr;
}

std::string assertion_report(const char* expression, const char* file, unsigned line,
                             const char* function, const std::vector<std::string>& actions) {
  std::string out = "assertion failed: " + std::string(expression ? expression : "?") + " (" +
                    (file ? file : "?") + ":" + std::to_string(line) +
                    (function && function[0] ? std::string(", ") + function : std::string()) +
                    ")\n";
  if (actions.empty()) {
    out += "no user action came before it\n";
  } else {
    out +=
        "the last " + std::to_string(actions.size()) + " user actions before it, oldest first:\n";
    for (const std::string& action : actions) out += "  " + action + "\n";
  }
  return out;
}

void assertion_failed(const char* expression, const char* file, unsigned line,
                      const char* function) {
  // A second failure while handling the first (or on another thread meanwhile) ends at once.
  const bool first = !g_failing.exchange(true);
  const bool guarded = first && g_tool != nullptr && std::this_thread::get_id() == g_thread;
  if (!guarded) {
    std::fprintf(stderr, "animscope: assertion failed: %s (%s:%u)\n", expression, file, line);
    std::abort();
  }
  // The work first: whatever the report runs into, the edits are on disk.
  const std::string kept = keep_unsaved_work(*g_tool);
  const std::string report = assertion_report(expression, file, line, function, g_actions->lines());
  std::fprintf(stderr, "animscope: %s%s", kept.empty() ? "" : (kept + "\n").c_str(),
               report.c_str());
  if (const std::string path = report_file(); !path.empty()) {
    std::ofstream out(path, std::ios::trunc);
    out << (kept.empty() ? "" : kept + "\n") << report;
    if (out) std::fprintf(stderr, "animscope: this report is also in %s\n", path.c_str());
  }
  std::fflush(stderr);
  std::abort();
}

}  // namespace anim::app
