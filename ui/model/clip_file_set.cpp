#include "anim/ui/model/clip_file_set.h"

#include <algorithm>
#include <filesystem>

namespace anim::ui {

std::vector<setup::SetupAnimation> ClipFileSet::take_loose() {
  std::vector<setup::SetupAnimation> out = std::move(loose_);
  loose_.clear();
  return out;
}

std::size_t ClipFileSet::add(std::vector<setup::SetupAnimation>& entries,
                             const std::vector<std::string>& paths, const std::string& setup_path) {
  namespace fs = std::filesystem;
  std::error_code ec;  // Without a working folder, relative paths stay as they are.
  auto normal = [&](const std::string& path) { return fs::absolute(path, ec).lexically_normal(); };
  auto listed = [&](const fs::path& absolute) {
    return std::any_of(entries.begin(), entries.end(), [&](const setup::SetupAnimation& e) {
      return normal(setup::resolve_setup_relative(setup_path, e.file)) == absolute;
    });
  };
  const std::size_t before = entries.size();
  for (const std::string& path : paths) {
    const fs::path absolute = normal(path);
    if (listed(absolute)) continue;
    setup::SetupAnimation entry;
    entry.file = setup_path.empty()
                     ? absolute.string()
                     : setup::rebase_setup_relative("", setup_path, absolute.string());
    entries.push_back(std::move(entry));
  }
  return entries.size() - before;
}

void ClipFileSet::adopt(std::vector<import::AnimationFile> files,
                        std::vector<Diagnostic> problems, bool has_setup) {
  if (!has_setup) {
    loose_.clear();
    for (const import::AnimationFile& f : files) {
      setup::SetupAnimation entry;
      entry.file = f.path;
      entry.clip = f.clip;
      entry.alias = f.alias;
      entry.joint_map = f.joint_map;
      loose_.push_back(std::move(entry));
    }
  }
  loaded_ = std::move(files);
  problems_ = std::move(problems);
}

void ClipFileSet::installed(std::vector<import::AnimationFile> files,
                            std::vector<Diagnostic> problems) {
  loaded_ = std::move(files);
  problems_ = std::move(problems);
  reload_requested_ = false;
  changed_.clear();
  ++generation_;
}

}  // namespace anim::ui
