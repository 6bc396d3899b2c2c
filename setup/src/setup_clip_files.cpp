#include "anim/setup/clip_files.h"

namespace anim::setup {

std::vector<import::AnimationFile> clip_files_of(const std::vector<SetupAnimation>& entries,
                                                 const std::string& setup_path, bool located) {
  std::vector<import::AnimationFile> files;
  for (std::size_t i = 0; i < entries.size(); ++i) {
    const SetupAnimation& e = entries[i];
    files.push_back({resolve_setup_relative(setup_path, e.file),
                     located ? "/animations/" + std::to_string(i) : std::string(), e.clip, e.alias,
                     e.joint_map});
  }
  return files;
}

}  // namespace anim::setup
