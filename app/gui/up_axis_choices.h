#pragma once
// The up axis the user chose for each model file (View > Up axis), kept between runs in a small
// text file in the config folder, one file per line:
//
//   # animscope: up axis per model file
//   +Z /home/me/models/robot.fbx
//
// A file without a line shows as the file says (Model::up_axis), +Y when it says nothing.
#include <map>
#include <optional>
#include <string>

#include "anim/model.h"
#include "anim/result.h"
#include "anim/ui/scene/viewport_settings.h"

namespace anim::app {

struct UpAxisChoices {
  std::map<std::string, ui::UpAxis> by_file;  // Keys: up_axis_file_key() of the model path.
};

// The file inside `config_dir`; empty when there is no config folder.
std::string up_axis_choices_path(const std::string& config_dir);

// How a model path is remembered: absolute and normalized, so "./a.fbx" and "a.fbx" agree.
// Built-in models ("builtin:demo") stay as they are.
std::string up_axis_file_key(const std::string& model_path);

// Reads the choices. A missing file gives none; a garbled line gives an Error naming the file
// and line (the caller keeps what it had). Never throws.
Result<UpAxisChoices> load_up_axis_choices(const std::string& path);

// The file's text for `choices`.
std::string up_axis_choices_text(const UpAxisChoices& choices);

// Writes them atomically. Never throws.
Status save_up_axis_choices(const std::string& path, const UpAxisChoices& choices);

// The up axis to show the model of `model_path` with: `command_line` (--up) when given, else the
// user's choice for that file, else the file's own (`file`), else +Y.
ui::UpAxis resolve_up_axis(const std::optional<ui::UpAxis>& command_line,
                           const UpAxisChoices& choices, const std::string& model_path,
                           const FileUpAxis& file);

}  // namespace anim::app
