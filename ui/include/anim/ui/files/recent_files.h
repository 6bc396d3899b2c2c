#pragma once
// The recently opened files, newest first, kept between runs in a small text file.
#include <cstddef>
#include <string>
#include <vector>

#include "anim/result.h"

namespace anim::ui {

class RecentFiles {
 public:
  static constexpr std::size_t kDefaultCapacity = 10;

  // Keeps at most `capacity` paths (at least one).
  explicit RecentFiles(std::size_t capacity = kDefaultCapacity);

  // Puts `path` first (made absolute against the working folder and lexically normal),
  // removing an older copy of it and dropping the oldest entry past the capacity. False,
  // changing nothing, for an empty path or one holding a line break (it could not be saved).
  bool add(const std::string& path);
  // Removes `path` (compared after the same normalisation as add); false when absent.
  bool remove(const std::string& path);
  void clear() { paths_.clear(); }

  // Newest first; every entry absolute and unique.
  const std::vector<std::string>& paths() const { return paths_; }
  bool empty() const { return paths_.empty(); }
  std::size_t size() const { return paths_.size(); }
  std::size_t capacity() const { return capacity_; }

  // Replaces the list with the one in `file`. A missing file is not an error (first run) and
  // gives an empty list; an unreadable or garbled one gives an empty list and an Error naming
  // the file. Lines that are not absolute paths are skipped. Never throws.
  Status load(const std::string& file);
  // Writes the list atomically (temporary file beside `file`, fsync, rename), creating the
  // folder if needed. On failure the old file is untouched. Never throws.
  Status save(const std::string& file) const;

  // The first line of the file format; each following line is one path, newest first.
  static constexpr const char* kHeader = "animscope recent files 1";

 private:
  std::size_t capacity_;
  std::vector<std::string> paths_;
};

}  // namespace anim::ui
