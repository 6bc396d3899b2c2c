#pragma once
// What the tool does when an assertion fails (one of ImGui's, compiled into its library or into
// our code through third_party/imgui_config, or any assert() of the tool): no edit is lost.
// First the unsaved setup is written as this process's recovery copy, which the next start
// offers; then the assertion is reported with the user's last actions, on stderr and in a report
// file in the state folder; then the tool aborts as before. The executable routes glibc's
// __assert_fail here (gui_main.cpp); tests do not, so there an assertion aborts at once.
#include <array>
#include <cstddef>
#include <string>
#include <vector>

#include "gui/tool.h"

namespace anim::app {

// The user's last actions, as short lines ("key Ctrl+S", "left click at 412,96 over Clips"):
// what a report says led to the failure. Holds the newest kCapacity.
class RecentActions {
 public:
  static constexpr std::size_t kCapacity = 40;
  void add(std::string line);
  std::vector<std::string> lines() const;  // Oldest first.

 private:
  std::array<std::string, kCapacity> ring_;
  std::size_t count_ = 0;
};

// While one lives, a failed assertion on this thread keeps `tool`'s unsaved work and reports
// `actions` first. One at a time (the tool's main loop).
class AssertionGuard {
 public:
  AssertionGuard(Tool& tool, const RecentActions& actions);
  ~AssertionGuard();
  AssertionGuard(const AssertionGuard&) = delete;
  AssertionGuard& operator=(const AssertionGuard&) = delete;
};

// A failed assertion: `expression` at `file`:`line` in `function`. Keeps the guarded tool's work
// (see above) when called on the guarded thread, reports, and aborts.
[[noreturn]] void assertion_failed(const char* expression, const char* file, unsigned line,
                                   const char* function);

// The report's text (also what goes to stderr after the recovery line): the assertion, where,
// and the recent actions; exposed for tests.
std::string assertion_report(const char* expression, const char* file, unsigned line,
                             const char* function, const std::vector<std::string>& actions);

}  // namespace anim::app
