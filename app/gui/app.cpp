#include "gui/app.h"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <SDL.h>
#include <glad/gl.h>
#include <imgui.h>
#include <imgui_impl_opengl3.h>
#include <imgui_impl_sdl.h>
#include <imgui_internal.h>

#include "anim/setup/setup.h"
#include "anim/ui/widgets/imgui_frame.h"
#include "gui/attach_actions.h"
#include "gui/crash_guard.h"
#include "gui/exit_signals.h"
#include "gui/recovery_actions.h"
#include "gui/scripted_preview.h"
#include "gui/sdl_keys.h"
#include "gui/setup_actions.h"
#include "gui/tool.h"
#include "gui/tool_frame.h"
#include "render/gl_window.h"
#include "render/png_writer.h"
#include "render/scene_renderer.h"
#include "render/view_renderer.h"

namespace anim::app {
namespace {

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
std::optional<setup::Setup> test_setup_edit() {
  const char* file = std::getenv("ANIMSCOPE_TEST_SETUP_EDIT");
  if (file == nullptr || file[0] == '\0') return std::nullopt;
  Result<setup::Setup> setup = setup::load_setup(file);
  if (!setup.ok()) {
    std::cerr << "animscope: ANIMSCOPE_TEST_SETUP_EDIT: " << setup.error().to_string() << "\n";
    return std::nullopt;
  }
  return std::move(setup).value();
}

// For tests of the real binary only: ANIMSCOPE_TEST_IMGUI_ASSERT=N fails one of ImGui's own
// assertions (a PushID left open) N frames after the setup opened from the command line was
// edited by ANIMSCOPE_TEST_SETUP_EDIT (or after start without one). -1 when unset.
int test_assert_frames() {
  const char* frames = std::getenv("ANIMSCOPE_TEST_IMGUI_ASSERT");
  return frames == nullptr || frames[0] == '\0' ? -1 : std::max(0, std::atoi(frames));
}

std::string key_text(const SDL_KeyboardEvent& key) {
  std::string text;
  if (key.keysym.mod & KMOD_CTRL) text += "Ctrl+";
  if (key.keysym.mod & KMOD_SHIFT) text += "Shift+";
  if (key.keysym.mod & KMOD_ALT) text += "Alt+";
  return text + SDL_GetKeyName(key.keysym.sym);
}

// A user action as a line of a crash report; empty for events that are none (motion, timers).
std::string describe_action(const SDL_Event& event) {
  const auto where = [](int x, int y) {
    std::string text = " at " + std::to_string(x) + "," + std::to_string(y);
    if (const ImGuiWindow* over = ImGui::GetCurrentContext()->HoveredWindow) {
      text += std::string(" over \"") + over->Name + "\"";
    }
    return text;
  };
  switch (event.type) {
    case SDL_KEYDOWN:
      return event.key.repeat ? "" : "key " + key_text(event.key);
    case SDL_MOUSEBUTTONDOWN: {
      const char* names[] = {"", "left", "middle", "right"};
      const int b = event.button.button;
      return std::string(b >= 1 && b <= 3 ? names[b] : "other") +
             (event.button.clicks > 1 ? " double-click" : " click") +
             where(event.button.x, event.button.y);
    }
    case SDL_MOUSEWHEEL:
      return "wheel " + std::to_string(event.wheel.y);
    case SDL_TEXTINPUT:
      return std::string("typed \"") + event.text.text + "\"";
    case SDL_DROPFILE:
      return std::string("dropped ") + event.drop.file;
    case SDL_WINDOWEVENT:
      if (event.window.event == SDL_WINDOWEVENT_SIZE_CHANGED) {
        return "window resized to " + std::to_string(event.window.data1) + "x" +
               std::to_string(event.window.data2);
      }
      return "";
    case SDL_QUIT:
      return "asked to quit";
    default:
      return "";
  }
}

// The test hooks above, for one run: the edit waiting for the setup to open, and the frames left
// until the assertion.
struct TestHooks {
  std::optional<setup::Setup> edit = test_setup_edit();
  int assert_in = test_assert_frames();

  // The setup opened from the command line is collected by the frame that sees it loaded.
  void before_frame(Tool& tool) {
    if (!edit || tool.loading.loader.busy() || !tool.doc->has_setup()) return;
    edit->model = tool.doc->setup()->model;
    tool.doc->edit_setup(std::move(*edit), "test edit");
    edit.reset();
  }

  void after_frame() {
    if (assert_in < 0 || edit || assert_in-- != 0) return;
    ui::new_frame();
    ImGui::Begin("Test assertion");
    ImGui::PushID("left open");
    ImGui::End();  // ImGui asserts: the ID stack is not back where Begin left it.
  }
};

// ImGui on `window` (opened with `options`) for `tool`, with SDL's keys. A screenshot keeps no
// layout and parks the pointer in a corner, so the picture shows the tool untouched by hover
// effects.
void start_imgui(Tool& tool, GlWindow& window, const GlWindow::Options& options, bool screenshot) {
  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ui::set_key_map(sdl_key_map());
  float ddpi = 96.0f;
  const float dpi_scale =
      SDL_GetDisplayDPI(0, &ddpi, nullptr, nullptr) == 0 && ddpi > 120.0f ? ddpi / 96.0f : 1.0f;
  configure_imgui(tool, !screenshot, dpi_scale);
  ImGui_ImplSDL2_InitForOpenGL(window.sdl(), window.context());
  if (screenshot) SDL_WarpMouseInWindow(window.sdl(), options.width - 1, options.height - 1);
  ImGui_ImplOpenGL3_Init("#version 450");
}

// This frame's SDL events: to ImGui, to the crash report's recent actions, and a quit or dropped
// files to the tool.
void poll_events(Tool& tool, RecentActions& actions) {
  SDL_Event event;
  while (SDL_PollEvent(&event)) {
    if (std::string action = describe_action(event); !action.empty()) {
      actions.add(std::move(action));
    }
    ImGui_ImplSDL2_ProcessEvent(&event);
    if (event.type == SDL_QUIT) request(tool, {PendingAction::Kind::kQuit, ""});
    if (event.type == SDL_DROPFILE) {
      tool.loading.dropped.push_back(event.drop.file);
      SDL_free(event.drop.file);
    }
  }
}

// Draws the frame ImGui rendered into the window's back buffer.
void draw_frame(GlWindow& window) {
  int w = 0, h = 0;
  window.drawable_size(&w, &h);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glViewport(0, 0, w, h);
  glClearColor(0.08f, 0.08f, 0.09f, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
}

// How long a screenshot of an attached tool waits for the game's character to show.
constexpr int kAttachWaitSeconds = 30;

// A frame of a screenshot while attached lasts at least 1/60 s from `start`: the game runs in
// real time, and the recording to rewind is the game's.
void pace_frame(std::chrono::steady_clock::time_point start) {
  const auto until = start + std::chrono::microseconds(16667);
  const auto now = std::chrono::steady_clock::now();
  if (now < until)
    SDL_Delay(static_cast<Uint32>(
        std::chrono::duration_cast<std::chrono::milliseconds>(until - now).count() + 1));
}

// --screenshot: saves the back buffer to `path` and says so (or why not).
void take_screenshot(GlWindow& window, const std::string& path, const Tool& tool) {
  Status saved = save_screenshot(window, path);
  if (saved.ok()) {
    std::cout << "animscope: saved " << path << " showing " << tool.doc->path() << "\n";
    if (tool.attach.link.session.status().phase != ui::AttachSession::Phase::kDetached)
      std::cout << "animscope: " << attach_summary(tool) << "\n";
  } else {
    std::cerr << "animscope: " << saved.error().to_string() << "\n";
  }
}

}  // namespace

int run_gui(const StartupRequest& request) {
  // First, so a signal while the window opens is noticed by the first frame.
  catch_exit_signals();
  const bool screenshot = !request.screenshot_path.empty();
  GlWindow::Options window_options;
  window_options.title = "animscope";
  window_options.vsync = !screenshot;
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
  GlViewRenderer view(*renderer.value());
  using Clock = std::chrono::steady_clock;
  Tool tool;
  start_tool(tool, request);
  RecentActions actions;
  const AssertionGuard guard(tool, actions);
  TestHooks hooks;
  const bool attach = request.attach.attach;
  const bool watch = attach && !request.attach.watch.empty();
  ScriptedPreview preview(request.sets, request.rewind, /*for_game=*/watch);
  start_imgui(tool, *window.value(), window_options, screenshot);
  if (attach) {
    const Status started = start_attach(tool, request.attach);
    if (!started.ok() && screenshot) {
      std::cerr << "animscope: cannot attach: " << started.error().message << "\n";
      stop_tool(tool);
      ImGui_ImplOpenGL3_Shutdown();
      ImGui_ImplSDL2_Shutdown();
      ImGui::DestroyContext();
      return 1;
    }
    if (!started.ok()) show_error(tool, "Attach to game", started.error().message);
    // Without a character to watch, the window lists the game's characters to pick from.
    if (!watch || !started.ok()) tool.attach.window.open = true;
  }
  // A screenshot of an attached tool counts its frames from the first that follows the game,
  // at the game's pace (real time), and gives up when the game cannot be shown.
  const Clock::time_point attach_start = Clock::now();
  bool attach_failed = false;

  Clock::time_point last = Clock::now();
  bool signalled = false;
  std::uint64_t ground_for = 0;  // The document --ground-shape was given to.
  for (int frame = 0; !tool.quit; ++frame) {
    poll_events(tool, actions);
    // SIGINT, SIGTERM, SIGHUP: keep unsaved work for the next start, then end without asking.
    if (const int signal = exit_signal()) {
      keep_work_on_signal(tool, signal);
      signalled = true;
      break;
    }
    // In screenshot mode wait for loads to finish so the picture shows the model.
    const bool loading = tool.loading.loader.busy() || tool.loading.clip_loader.busy() ||
                         tool.loading.drop_probe.busy();
    if (screenshot && loading) {
      SDL_Delay(5);
      --frame;
      continue;
    }
    const Clock::time_point now = Clock::now();
    const float dt = screenshot ? 1.0f / 60.0f : std::chrono::duration<float>(now - last).count();
    last = now;
    hooks.before_frame(tool);
    if (tool.doc && request.ground && ground_for != tool.doc->stamp().document) {
      tool.doc->set_ground(*request.ground);  // Each document opened stands on it.
      ground_for = tool.doc->stamp().document;
    }
    if (tool.doc) preview.before_update(*tool.doc, dt, frame + 2 == request.frames);
    ImGui_ImplOpenGL3_NewFrame();
    ImGui_ImplSDL2_NewFrame();
    tool_frame(tool, view, dt);
    hooks.after_frame();
    draw_frame(*window.value());
    if (screenshot && watch && !following_game(tool)) {
      const ui::AttachSession::Phase phase = tool.attach.link.session.status().phase;
      const bool hopeless = phase == ui::AttachSession::Phase::kFailed ||
                            phase == ui::AttachSession::Phase::kLost ||
                            !tool.attach.link.watch_error.empty() ||
                            Clock::now() - attach_start > std::chrono::seconds(kAttachWaitSeconds);
      if (hopeless) {
        std::cerr << "animscope: not showing the game's character: " << attach_summary(tool)
                  << "\n";
        attach_failed = true;
        tool.quit = true;
      }
      frame = -1;  // Counting starts once the game's character shows.
    } else if (screenshot && frame + 1 >= request.frames) {
      take_screenshot(*window.value(), request.screenshot_path, tool);
      tool.quit = true;
    }
    if (screenshot && attach) pace_frame(now);
    window.value()->set_title(window_title(tool));
    window.value()->swap();
  }
  // A clean exit leaves no copy; one on a signal is what the next start offers.
  if (!signalled) tool.recovery.keeper.remove_copy();
  renderer.value().reset();
  stop_tool(tool);
  ImGui_ImplOpenGL3_Shutdown();
  ImGui_ImplSDL2_Shutdown();
  ImGui::DestroyContext();
  return attach_failed ? 1 : 0;
}

}  // namespace anim::app
