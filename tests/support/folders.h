#pragma once
// Folders of the running test: <temp>/animscope_<prefix>_<pid>_<test name>, so that suites run
// side by side (ctest -j) and their cases never share files; and what a folder holds. Needs
// GoogleTest only.
#include <unistd.h>

#include <filesystem>
#include <string>
#include <system_error>
#include <vector>

#include <gtest/gtest.h>

namespace anim::testutil {

// The running test's folder for `prefix` (not created).
inline std::filesystem::path TestFolderPath(const std::string& prefix) {
  return std::filesystem::temp_directory_path() /
         ("animscope_" + prefix + "_" + std::to_string(::getpid()) + "_" +
          ::testing::UnitTest::GetInstance()->current_test_info()->name());
}

// The same folder, created empty: whatever an earlier run left there is removed first.
inline std::filesystem::path FreshTestFolder(const std::string& prefix) {
  const std::filesystem::path folder = TestFolderPath(prefix);
  std::filesystem::remove_all(folder);
  std::filesystem::create_directories(folder);
  return folder;
}

// The names of the entries of `folder` (none when it cannot be read), in the order listed.
inline std::vector<std::string> FileNamesIn(const std::filesystem::path& folder) {
  std::vector<std::string> names;
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(folder, ec)) {
    names.push_back(entry.path().filename().string());
  }
  return names;
}

}  // namespace anim::testutil
