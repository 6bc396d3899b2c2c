#include "gui/up_axis_choices.h"

#include <filesystem>
#include <sstream>
#include <system_error>

#include "anim/files/file_io.h"
#include "render/view_options.h"

namespace anim::app {
namespace {

constexpr ui::UpAxis kAxes[] = {ui::UpAxis::kY,    ui::UpAxis::kZ,    ui::UpAxis::kX,
                                ui::UpAxis::kNegY, ui::UpAxis::kNegZ, ui::UpAxis::kNegX};

std::optional<ui::UpAxis> axis_named(const std::string& name) {
  for (const ui::UpAxis axis : kAxes) {
    if (name == ui::up_axis_name(axis)) return axis;
  }
  return std::nullopt;
}

}  // namespace

std::string up_axis_choices_path(const std::string& config_dir) {
  return config_dir.empty() ? std::string() : config_dir + "/up_axis.conf";
}

std::string up_axis_file_key(const std::string& model_path) {
  if (model_path.rfind("builtin:", 0) == 0) return model_path;
  std::error_code ec;
  const std::filesystem::path absolute = std::filesystem::absolute(model_path, ec);
  if (ec) return model_path;
  return absolute.lexically_normal().string();
}

Result<UpAxisChoices> load_up_axis_choices(const std::string& path) {
  Result<std::string> text = files::read_file(path);
  if (!text.ok()) {
    if (text.error().code == Error::Code::kNotFound) return UpAxisChoices{};
    return text.error();
  }
  UpAxisChoices choices;
  std::istringstream lines(text.value());
  std::string line;
  for (int number = 1; std::getline(lines, line); ++number) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty() || line[0] == '#') continue;
    const std::string where = path + ":" + std::to_string(number);
    const std::size_t space = line.find(' ');
    const std::optional<ui::UpAxis> axis =
        space == std::string::npos ? std::nullopt : axis_named(line.substr(0, space));
    if (!axis || space + 1 >= line.size()) {
      return Error{Error::Code::kParse,
                   "expected \"AXIS FILE\" (AXIS one of +Y +Z +X -Y -Z -X), got \"" + line + "\"",
                   where};
    }
    choices.by_file[line.substr(space + 1)] = *axis;
  }
  return choices;
}

std::string up_axis_choices_text(const UpAxisChoices& choices) {
  std::string text = "# animscope: up axis per model file\n";
  for (const auto& [file, axis] : choices.by_file) {
    text += std::string(ui::up_axis_name(axis)) + " " + file + "\n";
  }
  return text;
}

Status save_up_axis_choices(const std::string& path, const UpAxisChoices& choices) {
  return files::write_file_atomically(path, up_axis_choices_text(choices));
}

ui::UpAxis resolve_up_axis(const std::optional<ui::UpAxis>& command_line,
                           const UpAxisChoices& choices, const std::string& model_path,
                           const FileUpAxis& file) {
  if (command_line) return *command_line;
  const auto chosen = choices.by_file.find(up_axis_file_key(model_path));
  if (chosen != choices.by_file.end()) return chosen->second;
  return up_axis_from_file(file);
}

}  // namespace anim::app
