// The whole tool's frame (tool_frame, every panel, the menu bar and the dialogs) in headless
// ImGui at the smallest window, 1024x640: each workspace leaves the viewport a view of at least
// 400x300 pixels; the viewport toolbar keeps its places through every shading; the bottom panel
// keeps its height when the Curves tab comes to the front; Escape closes the error dialog. The
// view is drawn by a renderer that only notes the size it is asked for.
#include <SDL_scancode.h>
#include <gtest/gtest.h>
#include <imgui.h>
#include <imgui_internal.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <thread>
#include <string>
#include <vector>

#include "anim/setup/setup.h"
#include "gui/startup_request.h"
#include "gui/tool.h"
#include "gui/tool_frame.h"
#include "gui/window_layout.h"
#include "render/view_renderer.h"
#include "support/folders.h"
#include "support/imgui_harness.h"

namespace anim::app {
namespace {

namespace fs = std::filesystem;

class SizeOnly final : public ViewRenderer {
 public:
  unsigned draw(const FrameInputs&, const ui::ViewportSettings&, int w, int h) override {
    width = w;
    height = h;
    return 0;
  }
  int width = 0, height = 0;
};

class ToolLayout : public ::testing::Test {
 protected:
  void SetUp() override {
    // Config and state folders of the test's own: the tool reads and writes nothing of the user's.
    root_ = testutil::TestFolderPath("tool_layout");
    fs::create_directories(root_);
    for (const char* name : {"XDG_CONFIG_HOME", "XDG_STATE_HOME"}) {
      const char* was = std::getenv(name);
      saved_env_.push_back({name, was ? was : "", was != nullptr});
      ::setenv(name, root_.c_str(), 1);
    }
    start_tool(tool_, StartupRequest{});  // The built-in demo.
    ImGuiIO& io = ui::testing::CreateHeadlessContext(ImVec2(1024, 640));
    configure_imgui(tool_, /*keep_layout=*/false, 1.0f);
    io.Fonts->Build();
    // The keys as ImGui's SDL backend maps them (keyboard navigation needs them all).
    const int keys[][2] = {
        {ImGuiKey_Tab, SDL_SCANCODE_TAB},         {ImGuiKey_LeftArrow, SDL_SCANCODE_LEFT},
        {ImGuiKey_RightArrow, SDL_SCANCODE_RIGHT}, {ImGuiKey_UpArrow, SDL_SCANCODE_UP},
        {ImGuiKey_DownArrow, SDL_SCANCODE_DOWN},   {ImGuiKey_PageUp, SDL_SCANCODE_PAGEUP},
        {ImGuiKey_PageDown, SDL_SCANCODE_PAGEDOWN}, {ImGuiKey_Home, SDL_SCANCODE_HOME},
        {ImGuiKey_End, SDL_SCANCODE_END},           {ImGuiKey_Insert, SDL_SCANCODE_INSERT},
        {ImGuiKey_Delete, SDL_SCANCODE_DELETE},     {ImGuiKey_Backspace, SDL_SCANCODE_BACKSPACE},
        {ImGuiKey_Space, SDL_SCANCODE_SPACE},       {ImGuiKey_Enter, SDL_SCANCODE_RETURN},
        {ImGuiKey_Escape, SDL_SCANCODE_ESCAPE},     {ImGuiKey_KeyPadEnter, SDL_SCANCODE_KP_ENTER},
        {ImGuiKey_A, SDL_SCANCODE_A},               {ImGuiKey_C, SDL_SCANCODE_C},
        {ImGuiKey_V, SDL_SCANCODE_V},               {ImGuiKey_X, SDL_SCANCODE_X},
        {ImGuiKey_Y, SDL_SCANCODE_Y},               {ImGuiKey_Z, SDL_SCANCODE_Z}};
    for (const auto& key : keys) io.KeyMap[key[0]] = key[1];
    frames(3);
  }
  void TearDown() override {
    stop_tool(tool_);
    ImGui::DestroyContext();
    for (const SavedEnv& e : saved_env_) {
      if (e.set) {
        ::setenv(e.name, e.value.c_str(), 1);
      } else {
        ::unsetenv(e.name);
      }
    }
    fs::remove_all(root_);
  }

  void frames(int count) {
    for (int i = 0; i < count; ++i) {
      ImGui::GetIO().DeltaTime = 1.0f / 60.0f;
      tool_frame(tool_, renderer_, 1.0f / 60.0f);
    }
  }
  void press(int key) {
    ImGui::GetIO().KeysDown[key] = true;
    frames(1);
    ImGui::GetIO().KeysDown[key] = false;
    frames(1);
  }
  // A panel's window: its place and size as last drawn (zero when there is none).
  ImVec2 window_pos(const char* name) const {
    const ImGuiWindow* w = ImGui::FindWindowByName(name);
    return w != nullptr ? w->Pos : ImVec2(0, 0);
  }
  ImVec2 window_size(const char* name) const {
    const ImGuiWindow* w = ImGui::FindWindowByName(name);
    return w != nullptr ? w->Size : ImVec2(0, 0);
  }

  struct SavedEnv {
    const char* name;
    std::string value;
    bool set;
  };
  fs::path root_;
  std::vector<SavedEnv> saved_env_;
  Tool tool_;
  SizeOnly renderer_;
};

TEST_F(ToolLayout, EveryWorkspaceShowsA400x300ViewAtTheSmallestWindow) {
  for (Workspace workspace : {Workspace::kAnimate, Workspace::kGraph}) {
    SCOPED_TRACE(workspace == Workspace::kGraph ? "State machine" : "Animate");
    tool_.panels.workspace = workspace;
    frames(3);
    EXPECT_GE(renderer_.width, 400);
    EXPECT_GE(renderer_.height, 300);
    // Every panel inside the window, none squeezed away.
    EXPECT_GE(window_size("Timeline").y, 90.0f);
    EXPECT_LE(window_pos("Timeline").y + window_size("Timeline").y, 640.0f);
    EXPECT_GE(window_size("Skeleton").x, 180.0f);
    EXPECT_GE(window_size("Viewport").x, 400.0f);
    EXPECT_LE(window_pos("Viewport").x + window_size("Viewport").x, 1024.0f);
  }
}

TEST_F(ToolLayout, TheViewportToolbarKeepsOneRowThroughEveryShading) {
  frames(2);
  const ui::ItemRect* frame = tool_.panels.viewport.rects.find("frame");
  const ui::ItemRect* shading = tool_.panels.viewport.rects.find("shading");
  ASSERT_NE(frame, nullptr);
  ASSERT_NE(shading, nullptr);
  const ui::ItemRect frame_before = *frame;
  const float row = shading->min.y;
  EXPECT_FLOAT_EQ(frame_before.min.y, row) << "Frame is on the shading's row";
  const int height = renderer_.height;
  for (int i = 0; i <= static_cast<int>(ui::Shading::kTruncatedWeight); ++i) {
    tool_.panels.viewport.settings.shading = static_cast<ui::Shading>(i);
    frames(2);
    SCOPED_TRACE(ui::shading_name(static_cast<ui::Shading>(i)));
    frame = tool_.panels.viewport.rects.find("frame");
    ASSERT_NE(frame, nullptr);
    EXPECT_FLOAT_EQ(frame->min.x, frame_before.min.x);
    EXPECT_FLOAT_EQ(frame->min.y, frame_before.min.y);
    EXPECT_EQ(renderer_.height, height) << "the toolbar took another row";
  }
  // In the State machine workspace's narrower viewport, the switches that do not fit go into
  // "More" and the row stays one.
  tool_.panels.workspace = Workspace::kGraph;
  frames(3);
  ASSERT_NE(tool_.panels.viewport.rects.find("more"), nullptr);
  frame = tool_.panels.viewport.rects.find("frame");
  shading = tool_.panels.viewport.rects.find("shading");
  ASSERT_NE(frame, nullptr);
  EXPECT_FLOAT_EQ(frame->min.y, shading->min.y);
}

TEST_F(ToolLayout, TheBottomPanelKeepsItsHeightThroughTimelineAndCurves) {
  const float height = window_size("Timeline").y;
  ASSERT_GT(height, 0.0f);
  const int view_height = renderer_.height;
  tool_.panels.show_curves = true;  // The Curves tab to the front, as --view curves does.
  frames(3);
  EXPECT_FLOAT_EQ(window_size("Timeline").y, height);
  EXPECT_EQ(renderer_.height, view_height);
}

TEST_F(ToolLayout, EscapeOrEnterClosesTheErrorDialog) {
  show_error(tool_, "Could not open broken.fbx", "broken.fbx: not a model file");
  frames(3);
  ASSERT_FALSE(tool_.messages.error_title.empty());
  press(SDL_SCANCODE_ESCAPE);
  EXPECT_TRUE(tool_.messages.error_title.empty()) << "Escape left the error dialog open";
  show_error(tool_, "Could not open broken.fbx", "broken.fbx: not a model file");
  frames(3);
  press(SDL_SCANCODE_RETURN);
  EXPECT_TRUE(tool_.messages.error_title.empty()) << "Enter left the error dialog open";
}

TEST_F(ToolLayout, ASetupOpenedWithProblemsShowsThemInTheStateMachineWorkspace) {
  // The example setup with a transition's target misspelt.
  Result<setup::Setup> loaded = setup::load_setup(ANIMSCOPE_SOURCE_DIR "/projects/demo_locomotion.json");
  ASSERT_TRUE(loaded.ok());
  setup::Setup s = std::move(loaded).value();
  s.transitions[1].to = "Idel";
  const std::string path = (root_ / "misspelt.json").string();
  ASSERT_TRUE(setup::save_setup(s, path).ok());
  open_path(tool_, path);
  tool_.loading.once_open.view = "graph";  // As --view graph asks.
  for (int i = 0; i < 3000 && tool_.loading.loader.busy(); ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  frames(4);
  ASSERT_TRUE(tool_.doc->has_setup());
  ASSERT_FALSE(tool_.doc->setup_problems().empty());
  EXPECT_EQ(tool_.panels.workspace, Workspace::kGraph);
  // The Problems tab in front: its first row is drawn.
  EXPECT_NE(tool_.panels.setup.rects.find("problem:0"), nullptr);
}

}  // namespace
}  // namespace anim::app
