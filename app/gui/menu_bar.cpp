#include "gui/menu_bar.h"

#include <string>

#include <imgui.h>

#include "gui/overlay_menu.h"
#include "gui/settings_menu.h"
#include "gui/setup_actions.h"
#include "loading/model_source.h"

namespace anim::app {
namespace {

void open_recent_menu(Tool& tool) {
  if (!ImGui::BeginMenu("Open recent", !tool.settings.recent.paths().empty())) return;
  for (const std::string& path : tool.settings.recent.paths()) {
    if (ImGui::MenuItem(path.c_str())) request(tool, {PendingAction::Kind::kOpen, path});
  }
  ImGui::Separator();
  if (ImGui::MenuItem("Clear list")) {
    tool.settings.recent.clear();
    save_recent(tool);
  }
  ImGui::EndMenu();
}

void file_menu(Tool& tool, ui::Commands& cmds) {
  if (!ImGui::BeginMenu("File")) return;
  if (ImGui::MenuItem("Open...", "Ctrl+O")) open_file_dialog(tool);
  if (ImGui::MenuItem("Add animations...", nullptr, false, tool.doc != nullptr)) {
    open_add_animations_dialog(tool);
  }
  if (ImGui::MenuItem("Reload clip files", nullptr, false,
                      tool.doc && !tool.doc->clip_file_entries().empty())) {
    cmds.request_clip_file_reload();
  }
  if (ImGui::MenuItem("Open built-in demo")) {
    request(tool, {PendingAction::Kind::kOpen, kBuiltinDemo});
  }
  open_recent_menu(tool);
  ImGui::Separator();
  const bool has_setup = tool.doc && tool.doc->has_setup();
  if (ImGui::MenuItem("New setup", nullptr, false, tool.doc != nullptr)) {
    request(tool, {PendingAction::Kind::kNewSetup, ""});
  }
  if (ImGui::MenuItem("Save setup", "Ctrl+S", false, has_setup)) save_setup(tool);
  if (ImGui::MenuItem("Save setup as...", "Ctrl+Shift+S", false, has_setup)) {
    save_setup_as(tool);
  }
  if (ImGui::MenuItem("Recover unsaved work...", nullptr, false, !tool.recovery.offers.empty())) {
    tool.recovery.show_offer = true;
  }
  ImGui::Separator();
  if (ImGui::MenuItem("Attach to game...")) {
    tool.attach.window.open = true;
    tool.attach.since_scan = 1e9f;  // Read the announcements now.
  }
  ImGui::Separator();
  if (ImGui::MenuItem("Quit", "Ctrl+Q")) request(tool, {PendingAction::Kind::kQuit, ""});
  ImGui::EndMenu();
}

void edit_menu(Tool& tool, ui::Commands& cmds) {
  if (!ImGui::BeginMenu("Edit")) return;
  const bool has_setup = tool.doc && tool.doc->has_setup();
  const ui::SetupHistory* edits = has_setup ? &tool.doc->setup_history() : nullptr;
  const std::string undo = edits && edits->can_undo() ? "Undo " + edits->undo_label() : "Undo";
  const std::string redo = edits && edits->can_redo() ? "Redo " + edits->redo_label() : "Redo";
  if (ImGui::MenuItem(undo.c_str(), "Ctrl+Z", false, edits && edits->can_undo())) {
    cmds.undo_setup_edit();
  }
  if (ImGui::MenuItem(redo.c_str(), "Ctrl+Y", false, edits && edits->can_redo())) {
    cmds.redo_setup_edit();
  }
  ImGui::EndMenu();
}

// View's shadings (keys 1 to 5) and the data shadings' colours.
void shading_items(ui::ViewportSettings& s) {
  for (int i = 0; i <= static_cast<int>(ui::Shading::kTruncatedWeight); ++i) {
    const auto mode = static_cast<ui::Shading>(i);
    const std::string key = std::to_string(i + 1);
    if (ImGui::MenuItem(ui::shading_name(mode), key.c_str(), s.shading == mode)) s.shading = mode;
  }
  if (ImGui::BeginMenu("Colour ramp")) {
    for (int i = 0; i < ui::kRampCount; ++i) {
      const auto ramp = static_cast<ui::Ramp>(i);
      if (ImGui::MenuItem(ui::ramp_name(ramp), nullptr, s.ramp == ramp)) s.ramp = ramp;
    }
    ImGui::EndMenu();
  }
  ImGui::MenuItem("Unlit data colours", nullptr, &s.unlit);
  ImGui::MenuItem("Legend", nullptr, &s.show_legend);
}

void view_menu(Tool& tool, ui::Commands& cmds) {
  if (!ImGui::BeginMenu("View")) return;
  ui::ViewportSettings& s = tool.panels.viewport.settings;
  shading_items(s);
  ImGui::Separator();
  ImGui::MenuItem("Mesh", nullptr, &s.show_mesh);
  ImGui::MenuItem("Skeleton", nullptr, &s.show_skeleton);
  ImGui::MenuItem("Joint axes", nullptr, &s.show_joint_axes);
  ImGui::MenuItem("Joint names", nullptr, &s.show_joint_names);
  ImGui::MenuItem("Rotate gizmo", "R", &s.show_rotate_gizmo);
  ImGui::MenuItem("IK targets and ground", nullptr, &s.show_ik);
  up_axis_menu(tool);
  ImGui::MenuItem("Grid", nullptr, &s.show_grid);
  ImGui::Separator();
  overlay_menu_items(s);
  ImGui::Separator();
  if (ImGui::MenuItem("Frame model", "F") && tool.doc) tool.panels.viewport.frame_model(*tool.doc);
  if (ImGui::MenuItem("Reset pose", nullptr, false,
                      tool.doc && tool.doc->has_rotation_overrides())) {
    cmds.clear_rotation_overrides();
  }
  ImGui::EndMenu();
}

// The workspaces as two tabs in the menu bar; the current one lit.
void workspace_tabs(Tool& tool) {
  const auto tab = [&](const char* label, const char* shortcut, Workspace workspace) {
    if (ImGui::MenuItem(label, nullptr, tool.panels.workspace == workspace))
      tool.panels.workspace = workspace;
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", shortcut);
  };
  ImGui::Separator();
  tab("Animate", "Ctrl+1: model, clips, blends", Workspace::kAnimate);
  tab("State machine", "Ctrl+2: graph, parameters and inspector beside the viewport",
      Workspace::kGraph);
  ImGui::Separator();
}

void help_menu(Tool& tool) {
  if (!ImGui::BeginMenu("Help")) return;
  if (ImGui::MenuItem("About animscope")) tool.messages.show_about = true;
  ImGui::Separator();
  ImGui::TextUnformatted("Orbit: drag   Pan: Shift+drag or right drag   Zoom: wheel");
  ImGui::TextUnformatted("Select a joint: click it in the view or the Skeleton tree");
  ImGui::TextUnformatted("Play/pause: Space   Step: Left/Right   Frame: F   Shading: 1-5");
  ImGui::TextUnformatted("Rotate gizmo: R, then drag a ring around the selected joint");
  ImGui::TextUnformatted("Open: Ctrl+O or drop a file on the window");
  ImGui::TextUnformatted("Add clips from other files: File > Add animations, or drop them");
  ImGui::TextUnformatted("Workspaces: Ctrl+1 Animate, Ctrl+2 State machine");
  ImGui::TextUnformatted("Graph: double-click or right-click empty space for a state; drag");
  ImGui::TextUnformatted("  from a box's rim to another box for a transition; Del, F2, F");
  ImGui::EndMenu();
}

}  // namespace

void menu_bar(Tool& tool, ui::Commands& cmds) {
  if (!ImGui::BeginMainMenuBar()) return;
  file_menu(tool, cmds);
  edit_menu(tool, cmds);
  view_menu(tool, cmds);
  settings_menu(tool);
  workspace_tabs(tool);
  help_menu(tool);
  ImGui::EndMainMenuBar();
}

}  // namespace anim::app
