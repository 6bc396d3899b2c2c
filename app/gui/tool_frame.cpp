#include "gui/tool_frame.h"

#include <filesystem>
#include <iostream>
#include <string>

#include <SDL_scancode.h>
#include <imgui.h>

#include "anim/ui/model/config_paths.h"
#include "anim/ui/views/machine/state_graph.h"
#include "anim/ui/widgets/imgui_frame.h"
#include "anim/ui/widgets/status_bar.h"
#include "gui/overlay_menu.h"
#include "gui/recovery_actions.h"
#include "gui/settings_menu.h"
#include "gui/setup_actions.h"
#include "loading/model_source.h"
#include "render/ui_font.h"

namespace anim::app {
namespace {

// The workspaces as two tabs in the menu bar; the current one lit.
void workspace_tabs(Tool& tool) {
  const auto tab = [&](const char* label, const char* shortcut, Workspace workspace) {
    if (ImGui::MenuItem(label, nullptr, tool.workspace == workspace)) tool.workspace = workspace;
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", shortcut);
  };
  ImGui::Separator();
  tab("Animate", "Ctrl+1: model, clips, blends", Workspace::kAnimate);
  tab("State machine", "Ctrl+2: graph, parameters and inspector beside the viewport",
      Workspace::kGraph);
  ImGui::Separator();
}

void main_menu(Tool& tool, ui::Commands& cmds) {
  if (!ImGui::BeginMainMenuBar()) return;
  if (ImGui::BeginMenu("File")) {
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
    if (ImGui::BeginMenu("Open recent", !tool.recent.paths().empty())) {
      for (const std::string& path : tool.recent.paths()) {
        if (ImGui::MenuItem(path.c_str())) request(tool, {PendingAction::Kind::kOpen, path});
      }
      ImGui::Separator();
      if (ImGui::MenuItem("Clear list")) {
        tool.recent.clear();
        save_recent(tool);
      }
      ImGui::EndMenu();
    }
    ImGui::Separator();
    const bool has_setup = tool.doc && tool.doc->has_setup();
    if (ImGui::MenuItem("New setup", nullptr, false, tool.doc != nullptr)) {
      request(tool, {PendingAction::Kind::kNewSetup, ""});
    }
    if (ImGui::MenuItem("Save setup", "Ctrl+S", false, has_setup)) save_setup(tool);
    if (ImGui::MenuItem("Save setup as...", "Ctrl+Shift+S", false, has_setup)) {
      save_setup_as(tool);
    }
    if (ImGui::MenuItem("Recover unsaved work...", nullptr, false, !tool.recovery_offers.empty())) {
      tool.offer_recovery = true;
    }
    ImGui::Separator();
    if (ImGui::MenuItem("Quit", "Ctrl+Q")) request(tool, {PendingAction::Kind::kQuit, ""});
    ImGui::EndMenu();
  }
  if (ImGui::BeginMenu("Edit")) {
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
  if (ImGui::BeginMenu("View")) {
    ui::ViewportSettings& s = tool.viewport.settings;
    for (int i = 0; i <= static_cast<int>(ui::Shading::kTruncatedWeight); ++i) {
      const auto mode = static_cast<ui::Shading>(i);
      const std::string key = std::to_string(i + 1);
      if (ImGui::MenuItem(ui::shading_name(mode), key.c_str(), s.shading == mode)) {
        s.shading = mode;
      }
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
    ImGui::Separator();
    ImGui::MenuItem("Mesh", nullptr, &s.show_mesh);
    ImGui::MenuItem("Skeleton", nullptr, &s.show_skeleton);
    ImGui::MenuItem("Joint axes", nullptr, &s.show_joint_axes);
    ImGui::MenuItem("Joint names", nullptr, &s.show_joint_names);
    ImGui::MenuItem("Rotate gizmo", "R", &s.show_rotate_gizmo);
    up_axis_menu(tool);
    ImGui::MenuItem("Grid", nullptr, &s.show_grid);
    ImGui::Separator();
    overlay_menu_items(s);
    ImGui::Separator();
    if (ImGui::MenuItem("Frame model", "F") && tool.doc) tool.viewport.frame_model(*tool.doc);
    if (ImGui::MenuItem("Reset pose", nullptr, false,
                        tool.doc && tool.doc->has_rotation_overrides())) {
      cmds.clear_rotation_overrides();
    }
    ImGui::EndMenu();
  }
  settings_menu(tool);
  workspace_tabs(tool);
  if (ImGui::BeginMenu("Help")) {
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
  ImGui::EndMainMenuBar();
}

void shortcuts(Tool& tool, ui::Commands& cmds) {
  const ImGuiIO& io = ImGui::GetIO();
  if (io.WantTextInput || !io.KeyCtrl) return;
  // ImGui 1.86 names only a few keys; the SDL backend indexes the rest by scancode.
  if (ImGui::IsKeyPressed(SDL_SCANCODE_O)) open_file_dialog(tool);
  if (ImGui::IsKeyPressed(SDL_SCANCODE_Q)) request(tool, {PendingAction::Kind::kQuit, ""});
  if (ImGui::IsKeyPressed(SDL_SCANCODE_1)) tool.workspace = Workspace::kAnimate;
  if (ImGui::IsKeyPressed(SDL_SCANCODE_2)) tool.workspace = Workspace::kGraph;
  if (!tool.doc || !tool.doc->has_setup()) return;
  if (ImGui::IsKeyPressed(SDL_SCANCODE_S)) {
    if (io.KeyShift) {
      save_setup_as(tool);
    } else {
      save_setup(tool);
    }
  }
  const bool redo =
      ImGui::IsKeyPressed(SDL_SCANCODE_Y) || (io.KeyShift && ImGui::IsKeyPressed(SDL_SCANCODE_Z));
  if (redo) {
    cmds.redo_setup_edit();
  } else if (ImGui::IsKeyPressed(SDL_SCANCODE_Z)) {
    cmds.undo_setup_edit();
  }
}

// The progress dialog of one background job, with Cancel (or Escape).
template <class T>
void loading_dialog(BackgroundJob<T>& job, const char* verb) {
  ImGui::Text("%s %s", verb, job.label().c_str());
  ImGui::ProgressBar(job.progress(), ImVec2(360, 0));
  if (job.cancelling()) {
    ImGui::TextDisabled("Cancelling: the importer stops at its next checkpoint...");
  } else if (ImGui::Button("Cancel") || ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape))) {
    job.cancel();
  }
}

void modal_dialogs(Tool& tool) {
  // Most files load in a blink: only a load that takes a while gets the dialog, so quick
  // ones do not flash it.
  constexpr float kShowLoadingAfter = 0.15f;
  const bool slow = tool.loader.elapsed() > kShowLoadingAfter ||
                    tool.clip_loader.elapsed() > kShowLoadingAfter ||
                    tool.drop_probe.elapsed() > kShowLoadingAfter;
  if (slow) ImGui::OpenPopup("Loading");
  if (ImGui::BeginPopupModal("Loading", nullptr, ImGuiWindowFlags_AlwaysAutoResize)) {
    if (tool.loader.busy()) {
      loading_dialog(tool.loader, "Opening");
    } else if (tool.clip_loader.busy()) {
      loading_dialog(tool.clip_loader, "Loading clips from");
    } else if (tool.drop_probe.busy()) {
      loading_dialog(tool.drop_probe, "Reading");
    } else {
      ImGui::CloseCurrentPopup();
    }
    ImGui::EndPopup();
  }
  if (!tool.error_title.empty()) ImGui::OpenPopup("Error##dialog");
  if (ImGui::BeginPopupModal("Error##dialog", nullptr, ImGuiWindowFlags_AlwaysAutoResize)) {
    ImGui::TextColored(ImVec4(1.0f, 0.55f, 0.45f, 1.0f), "%s", tool.error_title.c_str());
    ImGui::PushTextWrapPos(560.0f);
    ImGui::TextUnformatted(tool.error_text.c_str());
    ImGui::PopTextWrapPos();
    ImGui::Spacing();
    if (ImGui::Button("OK", ImVec2(120, 0)) ||
        ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Enter))) {
      tool.error_title.clear();
      ImGui::CloseCurrentPopup();
    }
    ImGui::EndPopup();
  }
  setup_dialogs(tool);
  recovery_dialog(tool);
}

// --view: the workspace and tab it names, once the model (and its setup) is open.
void show_pending_view(Tool& tool) {
  if (tool.pending_view.empty() || tool.loader.busy()) return;
  const std::string view = std::move(tool.pending_view);
  tool.pending_view.clear();
  if (view == "blend" || view == "curves") {
    tool.workspace = Workspace::kAnimate;
    tool.show_curves = view == "curves";
    return;
  }
  tool.workspace = Workspace::kGraph;
  tool.setup.select_tab(view == "blend_spaces" ? "Blend spaces"
                        : view == "layers"     ? "Layers"
                                               : "States");
}

// The Animate workspace's bottom panel: the Timeline, and the Curves of the selected joint in a
// tab beside it (the same clip, time axis and playhead; the Timeline's keys work in both).
void timeline_tabs(Tool& tool, const ui::Document& doc, ui::Commands& cmds) {
  tool.curves_active = false;
  if (!ImGui::BeginTabBar("##timeline_tabs")) return;
  if (ImGui::BeginTabItem("Timeline")) {
    tool.timeline.draw(doc, cmds, tool.selection);
    ImGui::EndTabItem();
  }
  const ImGuiTabItemFlags curves_flags = tool.show_curves ? ImGuiTabItemFlags_SetSelected : 0;
  tool.show_curves = false;
  if (ImGui::BeginTabItem("Curves", nullptr, curves_flags)) {
    tool.curves_active = true;
    tool.timeline.keys(doc, cmds);
    tool.curves.draw(doc, cmds, tool.selection);
    ImGui::EndTabItem();
  }
  ImGui::EndTabBar();
}

// Every panel reads the same document and pose and queues its changes in `cmds`.
void draw_panels(Tool& tool, ViewRenderer& renderer, ui::Commands& cmds) {
  const ui::Document& doc = *tool.doc;
  show_pending_view(tool);
  const bool graph = tool.workspace == Workspace::kGraph;
  // The bottom panel is taller while it shows the Curves' lanes; each tab keeps its height.
  const bool curves_height = !graph && tool.curves_active;
  LayoutSplits shown = tool.splits;
  if (curves_height) shown.timeline = tool.splits.curves;
  const WindowLayout layout =
      compute_layout(ImGui::GetIO().DisplaySize, ImGui::GetFrameHeight(), shown, tool.workspace);
  auto panel = [&](const char* name, const PanelRect& rect, PanelId id, auto&& draw) {
    if (begin_panel(name, rect, PanelKind::kResizable)) {
      adopt_resize(id, layout, shown);
      draw();
    }
    ImGui::End();
  };
  if (graph) {
    panel("Parameters", layout.parameters, PanelId::kParameters,
          [&] { tool.parameters.draw(doc, cmds, tool.selection); });
  }
  panel("Skeleton", layout.skeleton, PanelId::kSkeleton,
        [&] { tool.bone_tree.draw(doc, cmds, tool.selection); });
  if (!graph) {
    tool.clips.crossfade = tool.blend.crossfade_options();  // Right-click fades alike.
    panel("Clips", layout.clips, PanelId::kClips,
          [&] { tool.clips.draw(doc, cmds, tool.selection); });
  }
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(4, 4));
  // Drawn after the viewport, the graph under the mouse takes F from it.
  tool.viewport.frame_key_taken = graph && tool.setup.graph().took_keys();
  if (begin_panel("Viewport", layout.viewport, PanelKind::kFixed))
    tool.viewport.draw(doc, cmds, tool.selection, renderer);
  ImGui::End();
  ImGui::PopStyleVar();
  if (graph) {
    const std::string title =
        std::string(doc.setup_dirty() ? "Graph *" : "Graph") + "###graph_panel";
    panel(title.c_str(), layout.graph, PanelId::kGraph, [&] { tool.setup.draw_graph(doc, cmds); });
    panel("Inspector###setup_inspector", layout.inspector, PanelId::kInspector,
          [&] { tool.setup_inspector.draw(doc, cmds, tool.selection, tool.setup.graph()); });
    panel("Setup", layout.setup, PanelId::kSetup,
          [&] { tool.setup.draw(doc, cmds, tool.selection, /*all_tabs=*/false); });
  } else {
    panel("Inspector", layout.inspector, PanelId::kInspector,
          [&] { tool.inspector.draw(doc, cmds, tool.selection); });
    panel("Blend", layout.blend, PanelId::kBlend,
          [&] { tool.blend.draw(doc, cmds, tool.selection); });
  }
  panel("Timeline", layout.timeline, PanelId::kTimeline, [&] {
    if (graph) {
      tool.timeline.draw(doc, cmds, tool.selection);
      return;
    }
    timeline_tabs(tool, doc, cmds);
  });
  if (begin_panel("##status", layout.status, PanelKind::kBare)) {
    ui::draw_status_bar(doc, tool.frame_ms, tool.notice_age < 8.0f ? tool.notice : "");
  }
  ImGui::End();
  const float bottom = shown.timeline;
  shown.timeline = curves_height ? tool.splits.timeline : bottom;
  shown.curves = curves_height ? bottom : tool.splits.curves;
  tool.splits = shown;  // Same object: imgui.ini's handler points at it.
}

}  // namespace

void start_tool(Tool& tool, const GuiOptions& options) {
  tool.config_dir = ui::config_directory();
  tool.recent_path = ui::recent_files_path();
  if (!tool.recent_path.empty()) {
    Status loaded = tool.recent.load(tool.recent_path);
    if (!loaded.ok()) std::cerr << "animscope: " << loaded.error().to_string() << "\n";
  }
  init_import_settings(tool, options.import_options, options.import_options_given);
  init_up_axis_choices(tool, options.up_axis);
  tool.recovery = ui::RecoveryKeeper(ui::recovery_directory());
  if (tool.recovery.folder().empty()) {
    std::cerr << "animscope: no state folder (XDG_STATE_HOME or HOME): unsaved setup changes get "
                 "no recovery copies\n";
  }
  find_recovery_offers(tool);
  // The first document: what the command line named, the demo otherwise. Shown at once (the
  // demo) or after loading; a failure still leaves the demo open.
  Result<Model> demo = load_model_source(kBuiltinDemo);
  tool.doc = std::make_unique<ui::Document>(std::move(demo).value(), kBuiltinDemo);
  apply_up_axis(tool);
  tool.viewport.frame_model(*tool.doc);
  tool.pending_anim_files = options.anim_files;
  if (!options.open_path.empty() && options.open_path != kBuiltinDemo) {
    open_path(tool, options.open_path);
  }
  tool.viewport.settings.shading = options.shading;
  tool.viewport.settings.show_joint_names = options.show_joint_names;
  tool.viewport.settings.ramp = options.ramp;
  tool.viewport.settings.unlit = options.unlit;
  apply_overlay_options(options.overlays, tool.viewport.settings);
  tool.pending_joint = options.select_joint;
  tool.pending_vertex = options.select_vertex;
  tool.pending_clip = options.play_clip;
  tool.pending_mask = options.mask_layer;
  tool.pending_machine = options.machine;
  tool.pending_select = options.select;
  tool.pending_view = options.view;
}

void configure_imgui(Tool& tool, bool keep_layout, float dpi_scale) {
  ImGuiIO& io = ImGui::GetIO();
  tool.ini_path = keep_layout && !tool.config_dir.empty() ? tool.config_dir + "/imgui.ini" : "";
  io.IniFilename = tool.ini_path.empty() ? nullptr : tool.ini_path.c_str();
  register_layout_settings(tool.splits);
  io.ConfigFlags |= ImGuiConfigFlags_NavEnableKeyboard;
  ImGui::StyleColorsDark();
  ImGuiStyle& style = ImGui::GetStyle();
  style.WindowRounding = 0.0f;
  style.FrameRounding = 3.0f;
  style.GrabRounding = 3.0f;
  style.WindowBorderSize = 1.0f;
  style.FramePadding = ImVec2(6, 4);
  style.ItemSpacing = ImVec2(8, 5);
  style.Colors[ImGuiCol_WindowBg] = ImVec4(0.11f, 0.115f, 0.125f, 1.0f);
  style.Colors[ImGuiCol_TitleBgActive] = ImVec4(0.16f, 0.29f, 0.48f, 1.0f);
  // Dialogs and menus are opaque: the dark style's slight transparency let the panels behind
  // show through the file dialog.
  style.Colors[ImGuiCol_PopupBg].w = 1.0f;
  // A slim, half-clear grab, so a slider's number stays readable where the grab sits.
  style.GrabMinSize = 6.0f;
  style.Colors[ImGuiCol_SliderGrab].w = 0.55f;
  style.Colors[ImGuiCol_SliderGrabActive].w = 0.8f;
  style.ScaleAllSizes(dpi_scale);
  add_ui_font(dpi_scale);
}

void tool_frame(Tool& tool, ViewRenderer& renderer, float dt) {
  collect_load(tool);
  if (!tool.pending_anim_files.empty() && !tool.loader.busy()) {
    tool.doc->add_clip_files(tool.pending_anim_files);
    tool.pending_anim_files.clear();
  }
  handle_drops(tool);
  sync_clip_files(tool, dt);
  tool.notice_age += dt;
  tool.seconds += dt;
  if (!tool.pending_joint.empty() && !tool.loader.busy()) {
    select_joint_by_name(tool, tool.pending_joint);
    tool.pending_joint.clear();
  }
  if (tool.pending_vertex >= 0 && !tool.loader.busy()) {
    tool.selection.vertex = tool.pending_vertex;  // The Inspector says when there is no such one.
    tool.pending_vertex = -1;
  }
  if (!tool.pending_clip.empty() && !tool.loader.busy()) {
    play_clip_by_name(tool, tool.pending_clip);
    tool.pending_clip.clear();
  }
  if ((!tool.pending_machine.empty() || !tool.pending_select.empty()) && !tool.loader.busy()) {
    select_setup_item(tool, tool.pending_machine, tool.pending_select);
    tool.pending_machine.clear();
    tool.pending_select.clear();
  }
  if (!tool.pending_mask.empty() && !tool.loader.busy()) {
    tool.selection.mask_layer = tool.pending_mask;  // The Skeleton panel drops an unknown name.
    tool.pending_mask.clear();
  }

  const double work_start = tool.clock();
  // The Shift ramp acts whatever panel has the focus and whichever workspace shows.
  tool.blend.apply_shift_ramp(*tool.doc);
  tool.parameters.apply_shift_ramp(*tool.doc);
  tool.doc->set_overlay_request(tool.viewport.overlay_request());
  tool.doc->set_root_motion_in_world(tool.viewport.settings.root_motion_in_world);
  tool.doc->update(dt > 0.1f ? 0.1f : dt);
  ui::new_frame();
  // The document is read by everything drawn this frame and changed once all of it has drawn.
  ui::Commands cmds;
  main_menu(tool, cmds);
  shortcuts(tool, cmds);
  draw_panels(tool, renderer, cmds);
  cmds.apply(*tool.doc);
  modal_dialogs(tool);
  keep_recovery_copy(tool, tool.seconds);
  ImGui::Render();
  tool.frame_ms = static_cast<float>((tool.clock() - work_start) * 1000.0);
}

void stop_tool(Tool& tool) {
  tool.loader.cancel();
  tool.clip_loader.cancel();
  tool.drop_probe.cancel();
  tool.doc.reset();
}

}  // namespace anim::app
