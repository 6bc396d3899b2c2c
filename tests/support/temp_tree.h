#pragma once
// A scratch folder for one test, removed afterwards, with helpers to fill it.
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <system_error>

#include <gtest/gtest.h>

namespace anim::ui::testing {

class TempTree {
 public:
  TempTree() {
    const ::testing::TestInfo* info = ::testing::UnitTest::GetInstance()->current_test_info();
    root_ = std::filesystem::temp_directory_path() /
            ("animscope_ui_" + std::to_string(::getpid()) + "_" + info->test_suite_name() + "_" +
             info->name());
    std::filesystem::remove_all(root_);
    std::filesystem::create_directories(root_);
  }
  ~TempTree() {
    std::error_code ec;
    // Give back permissions a test took away, or remove_all cannot clean up.
    for (auto it = std::filesystem::recursive_directory_iterator(root_, ec);
         !ec && it != std::filesystem::recursive_directory_iterator(); it.increment(ec)) {
      std::filesystem::permissions(it->path(), std::filesystem::perms::owner_all,
                                   std::filesystem::perm_options::add, ec);
    }
    std::filesystem::remove_all(root_, ec);
  }
  TempTree(const TempTree&) = delete;
  TempTree& operator=(const TempTree&) = delete;

  std::string path() const { return root_.string(); }
  std::string path(const std::string& relative) const { return (root_ / relative).string(); }

  // Writes `bytes` bytes of filler to `relative`, creating folders on the way.
  std::string file(const std::string& relative, std::size_t bytes = 0) const {
    const std::filesystem::path target = root_ / relative;
    std::filesystem::create_directories(target.parent_path());
    std::ofstream(target, std::ios::binary) << std::string(bytes, 'x');
    return target.string();
  }
  std::string folder(const std::string& relative) const {
    std::filesystem::create_directories(root_ / relative);
    return (root_ / relative).string();
  }
  // A symbolic link at `relative` pointing at `target` (taken literally).
  std::string link(const std::string& target, const std::string& relative) const {
    std::filesystem::create_symlink(target, root_ / relative);
    return (root_ / relative).string();
  }

 private:
  std::filesystem::path root_;
};

}  // namespace anim::ui::testing
