#include "monkey/monkey_time.h"

#include <fcntl.h>
#include <sys/stat.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <system_error>
#include <vector>

namespace anim::app::monkey {
namespace {

namespace fs = std::filesystem;

// 2024-01-01 12:00:00 UTC, half a second in: far from a second's edge, so a listing that rounds
// to seconds shows the same time in every run.
constexpr long long kFirstStamp = 1704110400;
constexpr long long kHalfSecond = 500'000'000;
// 2024-06-01 12:00:00 UTC.
constexpr std::int64_t kCalendarStartMs = std::int64_t{1717243200} * 1000;

}  // namespace

std::int64_t MonkeyTime::wall_ms() const {
  return kCalendarStartMs + static_cast<std::int64_t>(std::llround(seconds_ * 1000.0));
}

int MonkeyTime::stamp_changes() {
  std::vector<std::string> changed;
  std::error_code ec;
  const auto visit = [&](const fs::path& path) {
    struct stat info {};
    if (::lstat(path.c_str(), &info) != 0) return;
    if (!S_ISREG(info.st_mode) && !S_ISDIR(info.st_mode)) return;
    const Stamp now{static_cast<long long>(info.st_mtim.tv_sec),
                    static_cast<long long>(info.st_mtim.tv_nsec)};
    const auto given = given_.find(path.string());
    if (given == given_.end() || !(given->second == now)) changed.push_back(path.string());
  };
  visit(sandbox_);
  for (auto it = fs::recursive_directory_iterator(
           sandbox_, fs::directory_options::skip_permission_denied, ec);
       !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
    visit(it->path());
  }
  // In name order: a folder lists its entries in an order of the file system's own.
  std::sort(changed.begin(), changed.end());
  for (const std::string& path : changed) {
    const Stamp stamp{kFirstStamp + stamps_++, kHalfSecond};
    const struct timespec times[2] = {{static_cast<time_t>(stamp.seconds), stamp.nanoseconds},
                                      {static_cast<time_t>(stamp.seconds), stamp.nanoseconds}};
    if (::utimensat(AT_FDCWD, path.c_str(), times, AT_SYMLINK_NOFOLLOW) == 0) {
      given_[path] = stamp;
    }
  }
  return static_cast<int>(changed.size());
}

}  // namespace anim::app::monkey
