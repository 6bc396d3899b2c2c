#pragma once
// Where the tool keeps its per-user settings (recent files, ImGui layout).
#include <string>

namespace anim::ui {

// $XDG_CONFIG_HOME/animscope when XDG_CONFIG_HOME is an absolute path, else
// $HOME/.config/animscope; created (with parents) when missing. Empty when neither variable
// gives an absolute folder or the folder cannot be created. Never throws.
std::string config_directory();

// $HOME when it is an absolute path, else empty.
std::string home_directory();

// The recent-files list inside config_directory(); empty when there is no config folder.
std::string recent_files_path();

}  // namespace anim::ui
