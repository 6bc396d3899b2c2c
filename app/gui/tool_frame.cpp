#include "gui/tool_frame.h"

#include <filesystem>
#include <iostream>
#include <string>

#include <imgui.h>

#include "anim/ui/files/config_paths.h"
#include "anim/ui/views/machine/state_graph.h"
#include "anim/ui/widgets/imgui_frame.h"
#include "anim/ui/widgets/status_bar.h"
#include "commands/announced_games.h"
#include "gui/attach_actions.h"
#include "gui/menu_bar.h"
#include "gui/modal_dialogs.h"
#include "gui/recovery_actions.h"
#include "gui/settings_menu.h"
#include "gui/shortcuts.h"
#include "loading/model_source.h"
#include "render/overlay_options.h"
#include "render/ui_font.h"

namespace anim::app {
namespace {

// --anim: the clip files added to the first file once it is open.
void add_requested_clip_files(Tool& tool) {
  OnceOpenRequest& asked = tool.loading.once_open;
  if (asked.anim_files.empty() || tool.loading.loader.busy()) return;
  tool.doc->add_clip_files(asked.anim_files);
  asked.anim_files.clear();
}

// --joint, --vertex, --clip, --machine and --select, --mask: each carried out once the first file
// (and its setup) is open. --view waits for the panels (show_pending_view).
void select_requested_items(Tool& tool) {
  if (tool.loading.loader.busy()) return;
  OnceOpenRequest& asked = tool.loading.once_open;
  if (!asked.joint.empty()) {
    select_joint_by_name(tool, asked.joint);
    asked.joint.clear();
  }
  if (asked.vertex >= 0) {
    tool.selection.vertex = asked.vertex;  // The Inspector says when there is no such one.
    asked.vertex = -1;
  }
  if (!asked.clip.empty()) {
    play_clip_by_name(tool, asked.clip);
    asked.clip.clear();
  }
  if (!asked.machine.empty() || !asked.select.empty()) {
    select_setup_item(tool, asked.machine, asked.select);
    asked.machine.clear();
    asked.select.clear();
  }
  if (!asked.mask.empty()) {
    tool.selection.mask_layer = asked.mask;  // The Skeleton panel drops an unknown name.
    asked.mask.clear();
  }
}

// --view: the workspace and tab it names, once the model (and its setup) is open.
void show_pending_view(Tool& tool) {
  if (tool.loading.once_open.view.empty() || tool.loading.loader.busy()) return;
  const std::string view = std::move(tool.loading.once_open.view);
  tool.loading.once_open.view.clear();
  if (view == "blend" || view == "curves") {
    tool.panels.workspace = Workspace::kAnimate;
    tool.panels.show_curves = view == "curves";
    return;
  }
  tool.panels.workspace = Workspace::kGraph;
  // `graph` leaves the Setup panel's tab as it is (Problems, for a setup opened with some).
  if (view == "graph") return;
  tool.panels.setup.select_tab(view == "blend_spaces" ? "Blend spaces"
                               : view == "layers"     ? "Layers"
                                                      : "States");
}

// The Animate workspace's bottom panel: the Timeline, and the Curves of the selected joint in a
// tab beside it (the same clip, time axis and playhead; the Timeline's keys work in both).
void timeline_tabs(Tool& tool, const ui::Document& doc, ui::Commands& cmds) {
  if (!ImGui::BeginTabBar("##timeline_tabs")) return;
  if (ImGui::BeginTabItem("Timeline")) {
    tool.panels.timeline.draw(doc, cmds, tool.selection);
    ImGui::EndTabItem();
  }
  const ImGuiTabItemFlags curves_flags =
      tool.panels.show_curves ? ImGuiTabItemFlags_SetSelected : 0;
  tool.panels.show_curves = false;
  if (ImGui::BeginTabItem("Curves", nullptr, curves_flags)) {
    tool.panels.timeline.keys(doc, cmds);
    tool.panels.curves.draw(doc, cmds, tool.selection);
    ImGui::EndTabItem();
  }
  ImGui::EndTabBar();
}

// Every panel reads the same document and pose and queues its changes in `cmds`.
void draw_panels(Tool& tool, ViewRenderer& renderer, ui::Commands& cmds) {
  const ui::Document& doc = *tool.doc;
  show_pending_view(tool);
  const bool graph = tool.panels.workspace == Workspace::kGraph;
  // One height for the bottom panel whichever tab it shows: switching tabs moves nothing.
  LayoutSplits shown = tool.settings.splits;
  const WindowLayout layout = compute_layout(ImGui::GetIO().DisplaySize, ImGui::GetFrameHeight(),
                                             shown, tool.panels.workspace);
  auto panel = [&](const char* name, const PanelRect& rect, PanelId id, auto&& draw) {
    if (begin_panel(name, rect, PanelKind::kResizable)) {
      adopt_resize(id, layout, shown);
      draw();
    }
    ImGui::End();
  };
  if (graph) {
    panel("Parameters", layout.parameters, PanelId::kParameters, [&] {
      // The IK tab only for a setup with IK entries.
      const bool ik = doc.state_machine() != nullptr && doc.state_machine()->def().has_ik();
      if (!ik) {
        tool.panels.parameters.draw(doc, cmds, tool.selection);
        return;
      }
      if (ImGui::BeginTabBar("##parameters_tabs")) {
        if (ImGui::BeginTabItem("Parameters")) {
          tool.panels.parameters.draw(doc, cmds, tool.selection);
          ImGui::EndTabItem();
        }
        if (ImGui::BeginTabItem("IK")) {
          tool.panels.ik.draw(doc, cmds);
          ImGui::EndTabItem();
        }
        ImGui::EndTabBar();
      }
    });
  }
  panel("Skeleton", layout.skeleton, PanelId::kSkeleton,
        [&] { tool.panels.bone_tree.draw(doc, cmds, tool.selection); });
  if (!graph) {
    tool.panels.clips.crossfade =
        tool.panels.blend.crossfade_options();  // Right-click fades alike.
    panel("Clips", layout.clips, PanelId::kClips,
          [&] { tool.panels.clips.draw(doc, cmds, tool.selection); });
    if (tool.panels.clips.crossfade_edited) {  // Picked in a row menu: the Blend panel's too.
      tool.panels.blend.crossfade_blend = tool.panels.clips.crossfade.blend;
      tool.panels.blend.crossfade_half_life = tool.panels.clips.crossfade.half_life;
    }
  }
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(4, 4));
  // Drawn after the viewport, the graph under the mouse takes F from it.
  tool.panels.viewport.frame_key_taken = graph && tool.panels.setup.graph().took_keys();
  if (begin_panel("Viewport", layout.viewport, PanelKind::kFixed))
    tool.panels.viewport.draw(doc, cmds, tool.selection, renderer);
  ImGui::End();
  ImGui::PopStyleVar();
  if (graph) {
    const std::string title =
        std::string(doc.setup_dirty() ? "Graph *" : "Graph") + "###graph_panel";
    panel(title.c_str(), layout.graph, PanelId::kGraph,
          [&] { tool.panels.setup.draw_graph(doc, cmds); });
    panel("Inspector###setup_inspector", layout.inspector, PanelId::kInspector, [&] {
      tool.panels.setup_inspector.draw(doc, cmds, tool.selection, tool.panels.setup.graph());
    });
    panel("Setup", layout.setup, PanelId::kSetup,
          [&] { tool.panels.setup.draw(doc, cmds, tool.selection, /*all_tabs=*/false); });
  } else {
    panel("Inspector", layout.inspector, PanelId::kInspector,
          [&] { tool.panels.inspector.draw(doc, cmds, tool.selection); });
    panel("Blend", layout.blend, PanelId::kBlend,
          [&] { tool.panels.blend.draw(doc, cmds, tool.selection); });
  }
  panel("Timeline", layout.timeline, PanelId::kTimeline, [&] {
    if (graph) {
      tool.panels.timeline.draw(doc, cmds, tool.selection);
      return;
    }
    timeline_tabs(tool, doc, cmds);
  });
  if (begin_panel("##status", layout.status, PanelKind::kBare)) {
    // Which game and setup the tool is attached to, before any passing notice.
    std::string line = tool.attach.link.status_line(doc);
    if (tool.messages.notice_age < 8.0f && !tool.messages.notice.empty())
      line = line.empty() ? tool.messages.notice : line + " | " + tool.messages.notice;
    ui::draw_status_bar(doc, tool.frame_ms, line);
  }
  ImGui::End();
  tool.settings.splits = shown;  // Same object: imgui.ini's handler points at it.
}

// The games announced on this machine, read again every second while the Attach window shows.
void scan_announced_games(Tool& tool, float dt) {
  ToolAttach& a = tool.attach;
  if (!a.window.open) return;
  a.since_scan += dt;
  if (a.since_scan < 1.0f) return;
  a.since_scan = 0.0f;
  a.games.clear();
  Result<std::string> dir = announcement_dir();
  if (!dir.ok()) return;
  for (const AnnouncedGame& g : announced_games(dir.value()))
    a.games.push_back(ui::AnnouncedGameEntry{g.pid, g.port, g.token, g.name});
}

}  // namespace

void start_tool(Tool& tool, const StartupRequest& request) {
  tool.settings.config_dir = ui::config_directory();
  tool.settings.recent_path = ui::recent_files_path();
  if (!tool.settings.recent_path.empty()) {
    Status loaded = tool.settings.recent.load(tool.settings.recent_path);
    if (!loaded.ok()) std::cerr << "animscope: " << loaded.error().to_string() << "\n";
  }
  init_import_settings(tool, request.import_options, request.import_options_given);
  init_up_axis_choices(tool, request.up_axis);
  tool.recovery.keeper = ui::RecoveryKeeper(ui::recovery_directory());
  if (tool.recovery.keeper.folder().empty()) {
    std::cerr << "animscope: no state folder (XDG_STATE_HOME or HOME): unsaved setup changes get "
                 "no recovery copies\n";
  }
  find_recovery_offers(tool);
  // The first document: what the command line named, the demo otherwise. Shown at once (the
  // demo) or after loading; a failure still leaves the demo open.
  Result<Model> demo = load_model_source(kBuiltinDemo);
  tool.doc = std::make_unique<ui::Document>(std::move(demo).value(), kBuiltinDemo);
  apply_up_axis(tool);
  tool.panels.viewport.frame_model(*tool.doc);
  if (!request.open_path.empty() && request.open_path != kBuiltinDemo) {
    open_path(tool, request.open_path);
  }
  tool.loading.once_open = request.once_open;
  ui::ViewportSettings& settings = tool.panels.viewport.settings;
  settings.shading = request.shading;
  settings.show_joint_names = request.show_joint_names;
  settings.ramp = request.ramp;
  settings.unlit = request.unlit;
  apply_overlay_options(request.overlays, settings);
}

void configure_imgui(Tool& tool, bool keep_layout, float dpi_scale) {
  ImGuiIO& io = ImGui::GetIO();
  tool.settings.ini_path = keep_layout && !tool.settings.config_dir.empty()
                               ? tool.settings.config_dir + "/imgui.ini"
                               : "";
  io.IniFilename = tool.settings.ini_path.empty() ? nullptr : tool.settings.ini_path.c_str();
  register_layout_settings(tool.settings.splits);
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
  add_requested_clip_files(tool);
  handle_drops(tool);
  sync_clip_files(tool, dt);
  tool.messages.notice_age += dt;
  tool.seconds += dt;
  select_requested_items(tool);

  const double work_start = tool.clock();
  // The Shift ramp acts whatever panel has the focus and whichever workspace shows.
  tool.panels.blend.apply_shift_ramp(*tool.doc);
  tool.panels.parameters.apply_shift_ramp(*tool.doc);
  tool.doc->set_overlay_request(tool.panels.viewport.overlay_request());
  tool.doc->set_root_motion_in_world(tool.panels.viewport.settings.root_motion_in_world);
  // An attached game's frames, and the edits for it (no network wait: AttachSession).
  scan_announced_games(tool, dt);
  sync_attach(tool);
  tool.doc->update(dt > 0.1f ? 0.1f : dt);
  ui::new_frame();
  // The document is read by everything drawn this frame and changed once all of it has drawn.
  ui::Commands cmds;
  menu_bar(tool, cmds);
  shortcuts(tool, cmds);
  draw_panels(tool, renderer, cmds);
  tool.attach.window.draw(*tool.doc, tool.attach.games, tool.attach.link);
  const int travels = tool.doc->travels();
  cmds.apply(*tool.doc);
  // "Travel here" in the graph: what came of it in the status bar too, where messages are read.
  if (tool.doc->travels() != travels) show_notice(tool, tool.doc->travel_note());
  modal_dialogs(tool);
  keep_recovery_copy(tool, tool.seconds);
  ImGui::Render();
  tool.frame_ms = static_cast<float>((tool.clock() - work_start) * 1000.0);
}

void stop_tool(Tool& tool) {
  tool.attach.link.session.detach();  // Never waits: the worker winds down on its own.
  tool.loading.loader.cancel();
  tool.loading.clip_loader.cancel();
  tool.loading.drop_probe.cancel();
  tool.doc.reset();
}

}  // namespace anim::app
