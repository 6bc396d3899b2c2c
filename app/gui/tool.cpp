#include "gui/tool.h"

#include <filesystem>
#include <iostream>
#include <optional>

#include "anim/import/import_model.h"
#include "cli/model_source.h"

namespace anim::app {

void show_error(Tool& tool, const std::string& title, const std::string& text) {
  tool.error_title = title;
  tool.error_text = text;
  std::cerr << "animscope: " << title << ": " << text << "\n";
}

void save_recent(const Tool& tool) {
  if (tool.recent_path.empty()) return;
  Status saved = tool.recent.save(tool.recent_path);
  if (!saved.ok()) std::cerr << "animscope: " << saved.error().to_string() << "\n";
}

void select_joint_by_name(Tool& tool, const std::string& name) {
  const int joint = tool.doc->model().skeleton.find(name);
  if (joint < 0) {
    show_error(tool, "No joint \"" + name + "\"",
               tool.doc->path() + " has no joint of that name; nothing is selected.");
    return;
  }
  tool.selection.joint = joint;
}

void open_path(Tool& tool, const std::string& path) {
  if (path.empty()) return;
  tool.loader.start(path);
}

void collect_load(Tool& tool) {
  std::optional<Result<ModelLoader::Loaded>> done = tool.loader.take();
  if (!done) return;
  if (!done->ok()) {
    if (done->error().code != Error::Code::kCancelled) {
      show_error(tool,
                 "Could not open " + std::filesystem::path(tool.loader.path()).filename().string(),
                 done->error().to_string());
    }
    return;
  }
  ModelLoader::Loaded& loaded = done->value();
  auto doc = std::make_unique<ui::Document>(std::move(loaded.model), loaded.model_path);
  if (loaded.setup) {
    Status attached = doc->attach_setup(std::move(*loaded.setup), loaded.setup_path);
    if (!attached.ok()) show_error(tool, "The setup has problems", attached.error().to_string());
  }
  tool.doc = std::move(doc);
  tool.selection = ui::Selection{};
  tool.viewport.frame_model(*tool.doc);
  const std::string recent_path = loaded.setup_path.empty() ? loaded.model_path : loaded.setup_path;
  if (recent_path != kBuiltinDemo) {
    tool.recent.add(std::filesystem::absolute(recent_path).string());
    save_recent(tool);
  }
}

void open_file_dialog(Tool& tool) {
  std::vector<std::string> extensions = import::supported_extensions();
  extensions.push_back("json");
  std::string start = std::filesystem::current_path().string();
  if (tool.doc && tool.doc->path() != kBuiltinDemo) {
    start = std::filesystem::absolute(tool.doc->path()).parent_path().string();
  }
  tool.file_dialog.set_recent(tool.recent.paths());
  tool.dialog_purpose = DialogPurpose::kOpen;
  tool.file_dialog.open("Open model or setup", start,
                        {ui::model_file_filter(extensions), ui::json_file_filter()},
                        ui::FileDialogMode::kOpen);
}

}  // namespace anim::app
