#include "gui/setup_actions.h"

#include <filesystem>
#include <optional>
#include <utility>

#include <imgui.h>

#include "anim/files/file_io.h"
#include "gui/recovery_actions.h"

namespace anim::app {
namespace {

void perform(Tool& tool, const PendingAction& action) {
  switch (action.kind) {
    case PendingAction::Kind::kNone:
      break;
    case PendingAction::Kind::kOpen:
      open_path(tool, action.path);
      break;
    case PendingAction::Kind::kNewSetup:
      if (tool.doc) tool.doc->new_setup();
      break;
    case PendingAction::Kind::kQuit:
      tool.quit = true;
      break;
    case PendingAction::Kind::kRestore:
      restore_recovery(tool, action.path);
      break;
  }
}

// Runs what was waiting on the question, once.
void resume(Tool& tool) {
  const PendingAction action = std::exchange(tool.messages.pending, PendingAction{});
  perform(tool, action);
}

std::string file_name(const std::string& path) {
  return std::filesystem::path(path).filename().string();
}

}  // namespace

void request(Tool& tool, PendingAction action) {
  if (tool.doc && tool.doc->setup_dirty()) {
    tool.messages.pending = std::move(action);
    tool.messages.ask_unsaved = true;
    return;
  }
  perform(tool, action);
}

bool save_setup(Tool& tool) {
  if (!tool.doc || !tool.doc->has_setup()) return false;
  if (tool.doc->setup_path().empty()) {
    save_setup_as(tool);
    return false;
  }
  const Status saved = tool.doc->save_setup_as(tool.doc->setup_path());
  if (!saved.ok()) {
    show_error(tool, "Could not save " + file_name(tool.doc->setup_path()),
               saved.error().to_string());
    return false;
  }
  return true;
}

std::string last_setup_folder(const Tool& tool) {
  for (const std::string& path : tool.settings.recent.paths()) {
    const std::filesystem::path file(path);
    if (file.extension() != ".json" || !file.is_absolute()) continue;
    std::error_code ec;
    if (std::filesystem::is_directory(file.parent_path(), ec)) return file.parent_path().string();
  }
  return "";
}

void save_setup_as(Tool& tool) {
  if (!tool.doc || !tool.doc->has_setup()) return;
  std::string start = tool.doc->setup_path();
  if (start.empty()) {
    // Named after the model, in the folder of the last setup used (opened or saved); without
    // one, the working folder. Not the model's: often a system folder (shared test models).
    const std::filesystem::path model(tool.doc->path());
    const std::string name = setup::is_builtin_model(tool.doc->path())
                                 ? "setup.json"
                                 : model.stem().string() + "_setup.json";
    std::string folder = last_setup_folder(tool);
    if (folder.empty()) folder = working_folder();
    start = (std::filesystem::path(folder) / name).string();
  }
  tool.file_dialog.purpose = DialogPurpose::kSaveSetup;
  tool.file_dialog.widget.open("Save setup as", start, {ui::json_file_filter()},
                               ui::FileDialogMode::kSave);
}

void setup_dialogs(Tool& tool) {
  if (tool.messages.ask_unsaved) {
    ImGui::OpenPopup("Unsaved setup");
    tool.messages.ask_unsaved = false;
  }
  if (ImGui::BeginPopupModal("Unsaved setup", nullptr, ImGuiWindowFlags_AlwaysAutoResize)) {
    const std::string name = tool.doc && !tool.doc->setup_path().empty()
                                 ? file_name(tool.doc->setup_path())
                                 : std::string("the new setup");
    ImGui::Text("Save the changes to %s first?", name.c_str());
    ImGui::TextDisabled("Without saving, they are lost.");
    ImGui::Spacing();
    if (ImGui::Button("Save", ImVec2(110, 0))) {
      ImGui::CloseCurrentPopup();
      if (save_setup(tool)) resume(tool);  // Else Save As runs; it resumes on success.
    }
    ImGui::SameLine();
    if (ImGui::Button("Don't save", ImVec2(110, 0))) {
      ImGui::CloseCurrentPopup();
      resume(tool);
    }
    ImGui::SameLine();
    if (ImGui::Button("Cancel", ImVec2(110, 0)) ||
        ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape))) {
      ImGui::CloseCurrentPopup();
      tool.messages.pending = PendingAction{};
    }
    ImGui::EndPopup();
  }

  // The history strip's Export > Save as: ask where, then write it there.
  if (std::optional<ui::HistoryStrip::SaveRequest> request =
          tool.panels.setup.history().take_save_request();
      request && !tool.file_dialog.widget.is_open()) {
    tool.file_dialog.export_text = std::move(request->text);
    tool.file_dialog.purpose = DialogPurpose::kExportRecording;
    tool.file_dialog.widget.open("Export the recording", request->suggested_path,
                                 {ui::make_file_filter("Text", {"txt"}), ui::all_files_filter()},
                                 ui::FileDialogMode::kSave);
  }
  const bool was_open = tool.file_dialog.widget.is_open();
  const std::optional<std::string> chosen = tool.file_dialog.widget.draw();
  if (tool.file_dialog.purpose == DialogPurpose::kExportRecording) {
    if (chosen) {
      const Status written = files::write_file_atomically(*chosen, tool.file_dialog.export_text);
      if (written.ok()) {
        show_notice(tool, "Exported the recording to " + file_name(*chosen));
      } else {
        show_error(tool, "Could not export the recording", written.error().to_string());
      }
    }
    return;
  }
  if (tool.file_dialog.purpose == DialogPurpose::kOpen) {
    if (chosen) request(tool, {PendingAction::Kind::kOpen, *chosen});
    return;
  }
  if (tool.file_dialog.purpose == DialogPurpose::kAddAnimations) {
    if (chosen && tool.doc) tool.doc->add_clip_files(tool.file_dialog.widget.chosen());
    return;
  }
  if (chosen && tool.doc) {
    const Status saved = tool.doc->save_setup_as(*chosen);
    if (saved.ok()) {
      tool.settings.recent.add(*chosen);
      save_recent(tool);
      resume(tool);
    } else {
      show_error(tool, "Could not save " + file_name(*chosen), saved.error().to_string());
      tool.messages.pending = PendingAction{};
    }
  } else if (was_open && !tool.file_dialog.widget.is_open()) {
    tool.messages.pending = PendingAction{};  // Save As cancelled: so is what waited on it.
  }
}

std::string window_title(const Tool& tool) {
  if (!tool.doc) return "animscope";
  const ui::Document& doc = *tool.doc;
  const std::string shown =
      doc.has_setup() ? (doc.setup_path().empty() ? "new setup" : file_name(doc.setup_path()))
                      : file_name(doc.path());
  return "animscope - " + shown + (doc.setup_dirty() ? " *" : "");
}

}  // namespace anim::app
