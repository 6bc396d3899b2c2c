#pragma once
// The process environment in tests: ScopedEnv sets (or unsets) a variable for one test and puts
// the old value back; OwnStateFolder gives a whole suite its own XDG_STATE_HOME, so that no
// recovery copy a user's animscope left behind shows up in what the suite checks. Needs
// GoogleTest only.
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <string>
#include <system_error>

#include <gtest/gtest.h>

namespace anim::testutil {

class ScopedEnv {
 public:
  // `value` nullptr: the variable is unset for the test.
  ScopedEnv(const char* name, const char* value) : name_(name) {
    const char* old = std::getenv(name);
    had_ = old != nullptr;
    if (had_) old_ = old;
    if (value == nullptr) {
      ::unsetenv(name);
    } else {
      ::setenv(name, value, 1);
    }
  }
  ~ScopedEnv() {
    if (had_) {
      ::setenv(name_, old_.c_str(), 1);
    } else {
      ::unsetenv(name_);
    }
  }
  ScopedEnv(const ScopedEnv&) = delete;
  ScopedEnv& operator=(const ScopedEnv&) = delete;

 private:
  const char* name_;
  bool had_ = false;
  std::string old_;
};

// Registered once per suite: AddGlobalTestEnvironment(new OwnStateFolder("render_state")) sets
// XDG_STATE_HOME to <temp>/animscope_render_state_<pid> for the whole run and removes it after.
class OwnStateFolder : public ::testing::Environment {
 public:
  explicit OwnStateFolder(const std::string& prefix) : prefix_(prefix) {}
  void SetUp() override {
    folder_ = std::filesystem::temp_directory_path() /
              ("animscope_" + prefix_ + "_" + std::to_string(::getpid()));
    ::setenv("XDG_STATE_HOME", folder_.c_str(), 1);
  }
  void TearDown() override {
    std::error_code ec;
    std::filesystem::remove_all(folder_, ec);
  }

 private:
  std::string prefix_;
  std::filesystem::path folder_;
};

}  // namespace anim::testutil
