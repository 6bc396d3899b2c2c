#pragma once
// Where the tool keeps its per-user settings (recent files, ImGui layout) and its state
// (recovery copies of unsaved setups).
#include <string>

namespace anim::ui {

// $XDG_CONFIG_HOME/animscope when XDG_CONFIG_HOME is an absolute path, else
// $HOME/.config/animscope; created (with parents) when missing. Empty when neither variable
// gives an absolute folder or the folder cannot be created. Never throws.
std::string config_directory();

// $XDG_STATE_HOME/animscope when XDG_STATE_HOME is an absolute path, else
// $HOME/.local/state/animscope; created (with parents) when missing. Empty when neither variable
// gives an absolute folder or the folder cannot be created. Never throws.
std::string state_directory();

// $HOME when it is an absolute path, else empty.
std::string home_directory();

// The recent-files list inside config_directory(); empty when there is no config folder.
std::string recent_files_path();

// The folder of recovery copies (recovery.h) inside state_directory(), created when missing;
// empty when there is no state folder or it cannot be created.
std::string recovery_directory();

}  // namespace anim::ui
