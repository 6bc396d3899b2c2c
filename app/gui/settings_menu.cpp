#include "gui/settings_menu.h"

#include <iostream>

#include <imgui.h>

#include "anim/import/import_model.h"
#include "gui/import_settings.h"
#include "import/isolated_import.h"

namespace anim::app {

void init_import_settings(Tool& tool, const ImportOptions& command_line, bool command_line_given) {
  tool.import_settings_path = import_settings_path(tool.config_dir);
  ImportOptions options = command_line;
  if (!command_line_given && !tool.import_settings_path.empty()) {
    Result<ImportOptions> saved = load_import_settings(tool.import_settings_path);
    if (saved.ok()) {
      options = saved.value();
    } else {
      std::cerr << "animscope: " << saved.error().to_string() << " (using the defaults)\n";
    }
  }
  tool.import_options = options;
  apply_import_options(options, anim::import::import_model);
}

void set_import_settings(Tool& tool, const ImportOptions& options) {
  tool.import_options = options;
  apply_import_options(options, anim::import::import_model);
  if (tool.import_settings_path.empty()) return;
  Status saved = save_import_settings(tool.import_settings_path, options);
  if (!saved.ok()) std::cerr << "animscope: " << saved.error().to_string() << "\n";
}

void settings_menu(Tool& tool) {
  if (!ImGui::BeginMenu("Settings")) return;
  ImportOptions options = tool.import_options;
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
