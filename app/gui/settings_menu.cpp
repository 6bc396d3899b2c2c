#include "gui/settings_menu.h"

#include <iostream>

#include <imgui.h>

#include "anim/import/import_model.h"
#include "gui/import_settings.h"
#include "process/isolated_import.h"
#include "render/view_options.h"

namespace anim::app {

void init_import_settings(Tool& tool, const ImportOptions& command_line, bool command_line_given) {
  tool.settings.import_settings_path = import_settings_path(tool.settings.config_dir);
  ImportOptions options = command_line;
  if (!command_line_given && !tool.settings.import_settings_path.empty()) {
    Result<ImportOptions> saved = load_import_settings(tool.settings.import_settings_path);
    if (saved.ok()) {
      options = saved.value();
    } else {
      std::cerr << "animscope: " << saved.error().to_string() << " (using the defaults)\n";
    }
  }
  tool.settings.import_options = options;
  apply_import_options(options, anim::import::import_model);
}

void set_import_settings(Tool& tool, const ImportOptions& options) {
  tool.settings.import_options = options;
  apply_import_options(options, anim::import::import_model);
  if (tool.settings.import_settings_path.empty()) return;
  Status saved = save_import_settings(tool.settings.import_settings_path, options);
  if (!saved.ok()) std::cerr << "animscope: " << saved.error().to_string() << "\n";
}

void init_up_axis_choices(Tool& tool, const std::optional<ui::UpAxis>& command_line) {
  tool.settings.command_line_up = command_line;
  tool.settings.up_choices_path = up_axis_choices_path(tool.settings.config_dir);
  if (tool.settings.up_choices_path.empty()) return;
  Result<UpAxisChoices> saved = load_up_axis_choices(tool.settings.up_choices_path);
  if (saved.ok()) {
    tool.settings.up_choices = std::move(saved).value();
  } else {
    std::cerr << "animscope: " << saved.error().to_string() << " (no up axis choices kept)\n";
  }
}

void apply_up_axis(Tool& tool) {
  if (!tool.doc) return;
  tool.panels.viewport.settings.up_axis =
      resolve_up_axis(tool.settings.command_line_up, tool.settings.up_choices, tool.doc->path(),
                      tool.doc->model().up_axis);
}

void choose_up_axis(Tool& tool, const std::optional<ui::UpAxis>& up) {
  if (!tool.doc) return;
  tool.settings.command_line_up.reset();  // The user's pick wins from now on.
  const std::string key = up_axis_file_key(tool.doc->path());
  if (up) {
    tool.settings.up_choices.by_file[key] = *up;
  } else {
    tool.settings.up_choices.by_file.erase(key);
  }
  if (!tool.settings.up_choices_path.empty()) {
    Status saved = save_up_axis_choices(tool.settings.up_choices_path, tool.settings.up_choices);
    if (!saved.ok()) std::cerr << "animscope: " << saved.error().to_string() << "\n";
  }
  apply_up_axis(tool);
  tool.panels.viewport.frame_model(*tool.doc);
}

void up_axis_menu(Tool& tool) {
  if (!ImGui::BeginMenu("Up axis", tool.doc != nullptr)) return;
  const ui::UpAxis now = tool.panels.viewport.settings.up_axis;
  const FileUpAxis file = tool.doc->model().up_axis;
  const auto chosen = tool.settings.up_choices.by_file.find(up_axis_file_key(tool.doc->path()));
  const bool own =
      chosen == tool.settings.up_choices.by_file.end() && !tool.settings.command_line_up;
  const std::string own_label = file.known() ? std::string("As the file says (") +
                                                   ui::up_axis_name(up_axis_from_file(file)) + ")"
                                             : std::string("As the file says (it does not: +Y)");
  if (ImGui::MenuItem(own_label.c_str(), nullptr, own)) choose_up_axis(tool, std::nullopt);
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip("FBX files name their up axis; Collada files are turned Y-up as they load.");
  }
  ImGui::Separator();
  for (const ui::UpAxis axis : {ui::UpAxis::kY, ui::UpAxis::kZ, ui::UpAxis::kX, ui::UpAxis::kNegY,
                                ui::UpAxis::kNegZ, ui::UpAxis::kNegX}) {
    if (ImGui::MenuItem(ui::up_axis_name(axis), nullptr, !own && now == axis)) {
      choose_up_axis(tool, axis);
    }
  }
  ImGui::EndMenu();
}

void settings_menu(Tool& tool) {
  if (!ImGui::BeginMenu("Settings")) return;
  ImportOptions options = tool.settings.import_options;
  bool isolated = !options.in_process;
  if (ImGui::MenuItem("Import in a separate process", nullptr, &isolated)) {
    options.in_process = !isolated;
    set_import_settings(tool, options);
  }
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip(
        "assimp reads model and clip files in a child process: a file that crashes it or\n"
        "eats all memory gives an error instead of taking the tool down. Off: in this\n"
        "process, for debugging the importer.");
  }
  const uint64_t default_limit = default_import_memory_limit();
  const std::string current =
      format_bytes(options.memory_limit ? options.memory_limit : default_limit);
  if (ImGui::BeginMenu(("Import memory limit: " + current).c_str(), isolated)) {
    const std::string default_label = "Default (" + format_bytes(default_limit) + ")";
    if (ImGui::MenuItem(default_label.c_str(), nullptr, options.memory_limit == 0)) {
      options.memory_limit = 0;
      set_import_settings(tool, options);
    }
    constexpr uint64_t kGiB = uint64_t{1} << 30;
    for (const uint64_t gib : {1, 2, 4, 8, 16, 32}) {
      const uint64_t bytes = gib * kGiB;
      if (ImGui::MenuItem(format_bytes(bytes).c_str(), nullptr, options.memory_limit == bytes)) {
        options.memory_limit = bytes;
        set_import_settings(tool, options);
      }
    }
    ImGui::EndMenu();
  }
  ImGui::EndMenu();
}

}  // namespace anim::app
