#include "gui/app.h"

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>

#include <SDL.h>
#include <glad/gl.h>
#include <imgui.h>
#include <imgui_impl_opengl3.h>
#include <imgui_impl_sdl.h>

#include "anim/ui/config_paths.h"
#include "anim/ui/imgui_frame.h"
#include "anim/ui/status_bar.h"
#include "cli/model_source.h"
#include "gui/exit_signals.h"
#include "gui/recovery_actions.h"
#include "gui/settings_menu.h"
#include "gui/setup_actions.h"
#include "gui/tool.h"
#include "render/gl_window.h"
#include "render/png_writer.h"
#include "render/scene_renderer.h"

namespace anim::app {
namespace {

void main_menu(Tool& tool) {
  if (!ImGui::BeginMainMenuBar()) return;
  if (ImGui::BeginMenu("File")) {
    if (ImGui::MenuItem("Open...", "Ctrl+O")) open_file_dialog(tool);
    if (ImGui::MenuItem("Add animations...", nullptr, false, tool.doc != nullptr)) {
      open_add_animations_dialog(tool);
    }
    if (ImGui::MenuItem("Reload clip files", nullptr, false,
                        tool.doc && !tool.doc->clip_file_entries().empty())) {
      tool.doc->request_clip_file_reload();
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
      tool.doc->undo_setup_edit();
    }
    if (ImGui::MenuItem(redo.c_str(), "Ctrl+Y", false, edits && edits->can_redo())) {
      tool.doc->redo_setup_edit();
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
    ImGui::Separator();
    ImGui::MenuItem("Mesh", nullptr, &s.show_mesh);
    ImGui::MenuItem("Skeleton", nullptr, &s.show_skeleton);
    ImGui::MenuItem("Joint axes", nullptr, &s.show_joint_axes);
    ImGui::MenuItem("Joint names", nullptr, &s.show_joint_names);
    ImGui::MenuItem("Rotate gizmo", "R", &s.show_rotate_gizmo);
    bool z_up = s.up_axis == ui::UpAxis::kZ;
    if (ImGui::MenuItem("Z axis up", nullptr, &z_up) && tool.doc) {
      s.up_axis = z_up ? ui::UpAxis::kZ : ui::UpAxis::kY;
      tool.viewport.frame_model(*tool.doc);
    }
    ImGui::MenuItem("Grid", nullptr, &s.show_grid);
    ImGui::Separator();
    if (ImGui::MenuItem("Frame model", "F") && tool.doc) tool.viewport.frame_model(*tool.doc);
    if (ImGui::MenuItem("Reset pose", nullptr, false,
                        tool.doc && tool.doc->has_rotation_overrides())) {
      tool.doc->clear_rotation_overrides();
    }
    ImGui::EndMenu();
  }
  settings_menu(tool);
  if (ImGui::BeginMenu("Help")) {
    ImGui::TextUnformatted("Orbit: drag   Pan: Shift+drag or right drag   Zoom: wheel");
    ImGui::TextUnformatted("Select a joint: click it in the view or the Skeleton tree");
    ImGui::TextUnformatted("Play/pause: Space   Step: Left/Right   Frame: F   Shading: 1-5");
    ImGui::TextUnformatted("Rotate gizmo: R, then drag a ring around the selected joint");
    ImGui::TextUnformatted("Open: Ctrl+O or drop a file on the window");
    ImGui::TextUnformatted("Add clips from other files: File > Add animations, or drop them");
    ImGui::EndMenu();
  }
  ImGui::EndMainMenuBar();
}

void shortcuts(Tool& tool) {
  const ImGuiIO& io = ImGui::GetIO();
  if (io.WantTextInput || !io.KeyCtrl) return;
  // ImGui 1.86 names only a few keys; the SDL backend indexes the rest by scancode.
  if (ImGui::IsKeyPressed(SDL_SCANCODE_O)) open_file_dialog(tool);
  if (ImGui::IsKeyPressed(SDL_SCANCODE_Q)) request(tool, {PendingAction::Kind::kQuit, ""});
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
    tool.doc->redo_setup_edit();
  } else if (ImGui::IsKeyPressed(SDL_SCANCODE_Z)) {
    tool.doc->undo_setup_edit();
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

void draw_panels(Tool& tool, SceneRenderer& renderer) {
  ui::Document& doc = *tool.doc;
  const WindowLayout layout =
      compute_layout(ImGui::GetIO().DisplaySize, ImGui::GetFrameHeight(), tool.splits);
  auto panel = [&](const char* name, const PanelRect& rect, PanelId id, auto&& draw) {
    if (begin_panel(name, rect, PanelKind::kResizable)) {
      adopt_resize(id, layout, tool.splits);
      draw();
    }
    ImGui::End();
  };
  panel("Skeleton", layout.skeleton, PanelId::kSkeleton,
        [&] { tool.bone_tree.draw(doc, tool.selection); });
  panel("Clips", layout.clips, PanelId::kClips, [&] { tool.clips.draw(doc, tool.selection); });
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(4, 4));
  if (begin_panel("Viewport", layout.viewport, PanelKind::kFixed))
    tool.viewport.draw(doc, tool.selection, renderer);
  ImGui::End();
  ImGui::PopStyleVar();
  panel("Inspector", layout.inspector, PanelId::kInspector,
        [&] { tool.inspector.draw(doc, tool.selection); });
  panel("Blend", layout.blend, PanelId::kBlend, [&] {
    // Playback blends and the setup editor share the column: one tab each.
    if (!ImGui::BeginTabBar("##right")) return;
    if (ImGui::BeginTabItem("Blend")) {
      tool.blend.draw(doc, tool.selection);
      ImGui::EndTabItem();
    }
    const std::string setup_tab =
        std::string(doc.setup_dirty() ? "Setup *" : "Setup") + "###setup_tab";
    const bool editing = ImGui::BeginTabItem(setup_tab.c_str());
    if (editing) {
      tool.setup.draw(doc, tool.selection);
      ImGui::EndTabItem();
    }
    tool.splits.editing = editing;  // The column widens from the next frame on.
    ImGui::EndTabBar();
  });
  panel("Timeline", layout.timeline, PanelId::kTimeline,
        [&] { tool.timeline.draw(doc, tool.selection); });
  if (begin_panel("##status", layout.status, PanelKind::kBare)) {
    ui::draw_status_bar(doc, tool.frame_ms, tool.notice_age < 8.0f ? tool.notice : "");
  }
  ImGui::End();
}

void setup_style(float dpi_scale) {
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
  style.ScaleAllSizes(dpi_scale);
  ImGuiIO& io = ImGui::GetIO();
  const char* font = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";
  std::error_code ec;
  if (std::filesystem::is_regular_file(font, ec)) {
    io.Fonts->AddFontFromFileTTF(font, 15.0f * dpi_scale);
  } else {
    ImFontConfig config;
    config.SizePixels = 13.0f * dpi_scale;
    io.Fonts->AddFontDefault(&config);
  }
}

Status save_screenshot(GlWindow& window, const std::string& path) {
  int w = 0, h = 0;
  window.drawable_size(&w, &h);
  std::vector<uint8_t> pixels(static_cast<std::size_t>(w) * h * 4);
  glBindFramebuffer(GL_READ_FRAMEBUFFER, 0);
  glReadBuffer(GL_BACK);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadPixels(0, 0, w, h, GL_RGBA, GL_UNSIGNED_BYTE, pixels.data());
  std::vector<uint8_t> flipped(pixels.size());
  const std::size_t row = static_cast<std::size_t>(w) * 4;
  for (int y = 0; y < h; ++y) {
    std::copy(pixels.begin() + (h - 1 - y) * row, pixels.begin() + (h - y) * row,
              flipped.begin() + y * row);
  }
  for (std::size_t i = 3; i < flipped.size(); i += 4) flipped[i] = 255;
  return write_png(path, w, h, flipped);
}

// For tests of the real binary only: ANIMSCOPE_TEST_SETUP_EDIT=FILE.json makes one edit, as the
// Setup panel would, to the setup opened from the command line once it is open: its contents
// become FILE's (the model it names is kept). Nothing when unset.
std::optional<Setup> test_setup_edit() {
  const char* file = std::getenv("ANIMSCOPE_TEST_SETUP_EDIT");
  if (file == nullptr || file[0] == '\0') return std::nullopt;
  Result<Setup> setup = load_setup(file);
  if (!setup.ok()) {
    std::cerr << "animscope: ANIMSCOPE_TEST_SETUP_EDIT: " << setup.error().to_string() << "\n";
    return std::nullopt;
  }
  return std::move(setup).value();
}

}  // namespace

int run_gui(const GuiOptions& options) {
  // First, so a signal while the window opens is noticed by the first frame.
  catch_exit_signals();
  GlWindow::Options window_options;
  window_options.title = "animscope";
  window_options.width = options.width;
  window_options.height = options.height;
  window_options.vsync = options.screenshot_path.empty();
  auto window = GlWindow::create(window_options);
  if (!window.ok()) {
    std::cerr << "animscope: " << window.error().to_string() << "\n";
    return 2;
  }
  auto renderer = SceneRenderer::create();
  if (!renderer.ok()) {
    std::cerr << "animscope: " << renderer.error().to_string() << "\n";
    return 2;
  }
  Tool tool;
  tool.config_dir = ui::config_directory();
  tool.recent_path = ui::recent_files_path();
  if (!tool.recent_path.empty()) {
    Status loaded = tool.recent.load(tool.recent_path);
    if (!loaded.ok()) std::cerr << "animscope: " << loaded.error().to_string() << "\n";
  }
  init_import_settings(tool, options.import_options, options.import_options_given);
  const std::string ini_path = tool.config_dir.empty() ? "" : tool.config_dir + "/imgui.ini";
  tool.recovery = ui::RecoveryKeeper(ui::recovery_directory());
  if (tool.recovery.folder().empty()) {
    std::cerr << "animscope: no state folder (XDG_STATE_HOME or HOME): unsaved setup changes get "
                 "no recovery copies\n";
  }
  find_recovery_offers(tool);
  std::optional<Setup> test_edit = test_setup_edit();

  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  const bool keep_layout = options.screenshot_path.empty() && !ini_path.empty();
  io.IniFilename = keep_layout ? ini_path.c_str() : nullptr;
  register_layout_settings(tool.splits);
  io.ConfigFlags |= ImGuiConfigFlags_NavEnableKeyboard;
  float ddpi = 96.0f;
  const float dpi_scale =
      SDL_GetDisplayDPI(0, &ddpi, nullptr, nullptr) == 0 && ddpi > 120.0f ? ddpi / 96.0f : 1.0f;
  setup_style(dpi_scale);
  ImGui_ImplSDL2_InitForOpenGL(window.value()->sdl(), window.value()->context());
  // A screenshot shows the tool untouched: no hover effects from wherever the pointer is.
  if (!options.screenshot_path.empty()) {
    SDL_WarpMouseInWindow(window.value()->sdl(), options.width - 1, options.height - 1);
  }
  ImGui_ImplOpenGL3_Init("#version 450");

  // The first document: what the command line named, the demo otherwise. Shown at once (the
  // demo) or after loading; a failure still leaves the demo open.
  Result<Model> demo = load_model_source(kBuiltinDemo);
  tool.doc = std::make_unique<ui::Document>(std::move(demo).value(), kBuiltinDemo);
  tool.viewport.frame_model(*tool.doc);
  tool.pending_anim_files = options.anim_files;
  if (!options.open_path.empty() && options.open_path != kBuiltinDemo) {
    open_path(tool, options.open_path);
  }

  tool.viewport.settings.shading = options.shading;
  tool.viewport.settings.show_joint_names = options.show_joint_names;
  tool.viewport.settings.up_axis = options.up_axis;
  std::string pending_joint = options.select_joint;  // Once the first model is open.

  using Clock = std::chrono::steady_clock;
  const Clock::time_point started = Clock::now();
  Clock::time_point last = started;
  bool signalled = false;
  for (int frame = 0; !tool.quit; ++frame) {
    SDL_Event event;
    while (SDL_PollEvent(&event)) {
      ImGui_ImplSDL2_ProcessEvent(&event);
      if (event.type == SDL_QUIT) request(tool, {PendingAction::Kind::kQuit, ""});
      if (event.type == SDL_DROPFILE) {
        tool.dropped.push_back(event.drop.file);
        SDL_free(event.drop.file);
      }
    }
    // SIGINT, SIGTERM, SIGHUP: keep unsaved work for the next start, then end without asking.
    if (const int signal = exit_signal()) {
      keep_work_on_signal(tool, signal);
      signalled = true;
      break;
    }
    // In screenshot mode wait for loads to finish so the picture shows the model.
    const bool loading = tool.loader.busy() || tool.clip_loader.busy() || tool.drop_probe.busy();
    if (!options.screenshot_path.empty() && loading) {
      SDL_Delay(5);
      --frame;
      continue;
    }
    const Clock::time_point now = Clock::now();
    const float dt = options.screenshot_path.empty()
                         ? std::chrono::duration<float>(now - last).count()
                         : 1.0f / 60.0f;
    last = now;
    collect_load(tool);
    if (test_edit && !tool.loader.busy() && tool.doc->has_setup()) {
      test_edit->model = tool.doc->setup()->model;
      tool.doc->edit_setup(std::move(*test_edit), "test edit");
      test_edit.reset();
    }
    if (!tool.pending_anim_files.empty() && !tool.loader.busy()) {
      tool.doc->add_clip_files(tool.pending_anim_files);
      tool.pending_anim_files.clear();
    }
    handle_drops(tool);
    sync_clip_files(tool, dt);
    tool.notice_age += dt;
    if (!pending_joint.empty() && !tool.loader.busy()) {
      select_joint_by_name(tool, pending_joint);
      pending_joint.clear();
    }

    const Clock::time_point work_start = Clock::now();
    tool.doc->update(dt > 0.1f ? 0.1f : dt);
    ImGui_ImplOpenGL3_NewFrame();
    ImGui_ImplSDL2_NewFrame();
    ui::new_frame();
    main_menu(tool);
    shortcuts(tool);
    draw_panels(tool, *renderer.value());
    modal_dialogs(tool);
    keep_recovery_copy(tool, std::chrono::duration<double>(Clock::now() - started).count());
    ImGui::Render();
    tool.frame_ms = std::chrono::duration<float, std::milli>(Clock::now() - work_start).count();

    int w = 0, h = 0;
    window.value()->drawable_size(&w, &h);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glViewport(0, 0, w, h);
    glClearColor(0.08f, 0.08f, 0.09f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
    if (!options.screenshot_path.empty() && frame + 1 >= options.frames) {
      Status saved = save_screenshot(*window.value(), options.screenshot_path);
      if (saved.ok()) {
        std::cout << "animscope: saved " << options.screenshot_path << " showing "
                  << tool.doc->path() << "\n";
      } else {
        std::cerr << "animscope: " << saved.error().to_string() << "\n";
      }
      tool.quit = true;
    }
    window.value()->set_title(window_title(tool));
    window.value()->swap();
  }
  // A clean exit leaves no copy; one on a signal is what the next start offers.
  if (!signalled) tool.recovery.remove_copy();
  tool.loader.cancel();
  tool.clip_loader.cancel();
  tool.drop_probe.cancel();
  renderer.value().reset();
  tool.doc.reset();
  ImGui_ImplOpenGL3_Shutdown();
  ImGui_ImplSDL2_Shutdown();
  ImGui::DestroyContext();
  return 0;
}

}  // namespace anim::app
