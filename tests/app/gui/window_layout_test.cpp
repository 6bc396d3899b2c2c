// The tool's panel layout: tiling, minimum sizes, dragging a panel edge, and the splits kept
// in imgui.ini. Headless ImGui (no window, no GL).
#include <gtest/gtest.h>
#include <imgui.h>

#include <cmath>
#include <string>

#include "gui/window_layout.h"
#include "support/imgui_harness.h"

namespace anim::app {
namespace {

constexpr float kMenu = 20.0f;

// Right and bottom edges.
float right(const PanelRect& r) { return r.pos.x + r.size.x; }
float bottom(const PanelRect& r) { return r.pos.y + r.size.y; }

TEST(WindowLayout, PanelsTileTheDisplayWithoutGapsOrOverlap) {
  const ImVec2 display(1280, 800);
  const WindowLayout l = compute_layout(display, kMenu, LayoutSplits{});
  // Left column: skeleton over clips, as wide as 24% of 1280.
  EXPECT_FLOAT_EQ(l.skeleton.size.x, std::floor(0.24f * 1280.0f));
  EXPECT_FLOAT_EQ(l.skeleton.pos.y, kMenu);
  EXPECT_FLOAT_EQ(bottom(l.skeleton), l.clips.pos.y);
  EXPECT_FLOAT_EQ(l.clips.size.x, l.skeleton.size.x);
  // Viewport between the columns; timeline under left column and viewport.
  EXPECT_FLOAT_EQ(l.viewport.pos.x, right(l.skeleton));
  EXPECT_FLOAT_EQ(right(l.viewport), l.inspector.pos.x);
  EXPECT_FLOAT_EQ(right(l.inspector), 1280.0f);
  EXPECT_FLOAT_EQ(bottom(l.inspector), l.blend.pos.y);
  EXPECT_FLOAT_EQ(bottom(l.clips), l.timeline.pos.y);
  EXPECT_FLOAT_EQ(bottom(l.viewport), l.timeline.pos.y);
  EXPECT_FLOAT_EQ(right(l.timeline), l.blend.pos.x);
  // Blend and timeline both end on the status bar, which ends the display.
  EXPECT_FLOAT_EQ(bottom(l.blend), l.status.pos.y);
  EXPECT_FLOAT_EQ(bottom(l.timeline), l.status.pos.y);
  EXPECT_FLOAT_EQ(bottom(l.status), 800.0f);
  EXPECT_FLOAT_EQ(l.timeline.size.y, 0.27f * 800.0f);
}

// The State machine workspace: Parameters over Skeleton | viewport, graph | Inspector over
// Setup, with the timeline under the left column and the centre. Its columns are its own, and
// they do not depend on what any panel shows.
TEST(WindowLayout, TheGraphWorkspaceTilesTheDisplayToo) {
  const ImVec2 display(1280, 800);
  const LayoutSplits splits;
  const WindowLayout l = compute_layout(display, kMenu, splits, Workspace::kGraph);
  EXPECT_FLOAT_EQ(l.parameters.size.x, std::floor(0.18f * 1280.0f));
  EXPECT_FLOAT_EQ(l.parameters.pos.y, kMenu);
  EXPECT_FLOAT_EQ(bottom(l.parameters), l.skeleton.pos.y);
  EXPECT_FLOAT_EQ(l.skeleton.size.x, l.parameters.size.x);
  EXPECT_FLOAT_EQ(bottom(l.skeleton), l.timeline.pos.y);
  EXPECT_FLOAT_EQ(l.viewport.pos.x, right(l.parameters));
  EXPECT_FLOAT_EQ(right(l.viewport), l.graph.pos.x);
  EXPECT_FLOAT_EQ(right(l.graph), l.inspector.pos.x);
  EXPECT_FLOAT_EQ(l.inspector.size.x, std::floor(0.22f * 1280.0f));
  EXPECT_FLOAT_EQ(right(l.inspector), 1280.0f);
  EXPECT_FLOAT_EQ(bottom(l.inspector), l.setup.pos.y);
  EXPECT_FLOAT_EQ(bottom(l.setup), l.status.pos.y);
  EXPECT_FLOAT_EQ(bottom(l.graph), l.timeline.pos.y);
  EXPECT_FLOAT_EQ(right(l.timeline), l.setup.pos.x);
  // Its own timeline height, lower than the Animate workspace's (no tabs; the graph wants room).
  EXPECT_FLOAT_EQ(l.timeline.size.y, 0.23f * 800.0f);
  // The graph takes 55% of the centre, floored to whole pixels, as far as the viewport keeps its
  // 412 pixels: 1280 - 230 - 281 = 769 wide, 0.55 x 769 = 422 would leave the viewport 347, so
  // the graph gets 769 - 412 = 357.
  const float centre = 1280.0f - std::floor(0.18f * 1280.0f) - std::floor(0.22f * 1280.0f);
  EXPECT_FLOAT_EQ(l.centre_width, centre);
  EXPECT_FLOAT_EQ(l.graph.size.x, centre - 412.0f);
  EXPECT_FLOAT_EQ(l.viewport.size.x, 412.0f);
  // What the Animate workspace alone shows has no room here, and the other way round.
  EXPECT_FLOAT_EQ(l.clips.size.x * l.clips.size.y, 0.0f);
  EXPECT_FLOAT_EQ(l.blend.size.x * l.blend.size.y, 0.0f);
  const WindowLayout animate = compute_layout(display, kMenu, splits);
  EXPECT_FLOAT_EQ(animate.graph.size.x * animate.graph.size.y, 0.0f);
  EXPECT_FLOAT_EQ(animate.parameters.size.x * animate.parameters.size.y, 0.0f);
  // A narrow display still leaves the viewport and the graph usable.
  LayoutSplits greedy;
  greedy.graph_left = 0.89f;
  greedy.graph_right = 0.89f;
  greedy.graph = 0.99f;
  const WindowLayout narrow = compute_layout(ImVec2(1280, 800), kMenu, greedy, Workspace::kGraph);
  EXPECT_GE(narrow.viewport.size.x, 240.0f);
  EXPECT_GE(narrow.graph.size.x, 240.0f);
  EXPECT_LE(right(narrow.inspector), 1280.0f + 0.01f);
}

TEST(WindowLayout, ExtremeSplitsStillLeaveEveryPanelUsable) {
  LayoutSplits greedy;
  greedy.left = 0.89f;
  greedy.right = 0.89f;
  greedy.timeline = 0.89f;
  greedy.skeleton = 0.03f;
  const WindowLayout l = compute_layout(ImVec2(1280, 800), kMenu, greedy);
  EXPECT_GE(l.viewport.size.x, 240.0f);
  EXPECT_GE(l.skeleton.size.x, 200.0f);
  EXPECT_GE(l.inspector.size.x, 200.0f);
  EXPECT_GE(l.skeleton.size.y, 90.0f);
  EXPECT_GE(l.clips.size.y, 90.0f);
  EXPECT_LE(l.timeline.size.y, 400.0f);
  EXPECT_LE(right(l.inspector), 1280.0f + 0.01f);
}

// The smallest window (1024x640, render/gl_window.h): each workspace tiles it, keeps the
// viewport panel at least 412x360 (a 400x300 view under its title bar and toolbar) and every
// other panel at its minimum, whatever the splits say.
TEST(WindowLayout, EveryWorkspaceFitsTheSmallestWindow) {
  const ImVec2 display(1024, 640);
  LayoutSplits greedy;  // Everything but the viewport asks for as much as it may.
  greedy.left = greedy.right = greedy.graph_left = greedy.graph_right = 0.89f;
  greedy.timeline = greedy.graph_timeline = 0.89f;
  greedy.graph = 0.89f;
  for (const LayoutSplits& splits : {LayoutSplits{}, greedy}) {
    for (Workspace workspace : {Workspace::kAnimate, Workspace::kGraph}) {
      const WindowLayout l = compute_layout(display, kMenu, splits, workspace);
      const bool graph = workspace == Workspace::kGraph;
      SCOPED_TRACE(graph ? "State machine workspace" : "Animate workspace");
      EXPECT_GE(l.viewport.size.x, 412.0f);
      EXPECT_GE(l.viewport.size.y, 360.0f);
      EXPECT_GE(l.skeleton.size.x, 180.0f);
      EXPECT_GE(l.inspector.size.x, 180.0f);
      EXPECT_GE(l.timeline.size.y, 90.0f);
      EXPECT_LE(right(l.inspector), 1024.0f);
      EXPECT_FLOAT_EQ(bottom(l.status), 640.0f);
      EXPECT_FLOAT_EQ(bottom(l.viewport), l.timeline.pos.y);
      if (graph) {
        EXPECT_GE(l.graph.size.x, 240.0f);
        EXPECT_FLOAT_EQ(right(l.viewport), l.graph.pos.x);
        EXPECT_FLOAT_EQ(right(l.graph), l.inspector.pos.x);
        EXPECT_GE(l.parameters.size.y, 90.0f);
        EXPECT_GE(l.setup.size.y, 90.0f);
      } else {
        EXPECT_FLOAT_EQ(right(l.viewport), l.inspector.pos.x);
        EXPECT_GE(l.clips.size.y, 90.0f);
        EXPECT_GE(l.blend.size.y, 90.0f);
      }
    }
  }
}

// The Inspector keeps room for a joint's header and its model-space table (250 px) where the
// column has it, however small its split, the panel below taking what is left; where the window
// is taller its split rules.
TEST(WindowLayout, TheInspectorKeepsRoomForAJointsTransform) {
  LayoutSplits small;
  small.inspector = small.graph_inspector = 0.05f;
  for (Workspace workspace : {Workspace::kAnimate, Workspace::kGraph}) {
    SCOPED_TRACE(workspace == Workspace::kGraph ? "State machine workspace" : "Animate workspace");
    for (const LayoutSplits& splits : {LayoutSplits{}, small}) {
      const WindowLayout l = compute_layout(ImVec2(1024, 640), kMenu, splits, workspace);
      EXPECT_GE(l.inspector.size.y, 250.0f);
      const PanelRect& below = workspace == Workspace::kGraph ? l.setup : l.blend;
      EXPECT_GE(below.size.y, 90.0f);
      EXPECT_FLOAT_EQ(bottom(l.inspector), below.pos.y);
    }
  }
  // At 1280x1000 the default split gives the Inspector 0.42 of a 686 px body: more than 250.
  const WindowLayout tall = compute_layout(ImVec2(1280, 1000), kMenu, LayoutSplits{});
  EXPECT_NEAR(tall.inspector.size.y, std::floor(0.42f * tall.body_height), 1.0f);
}

class ImGuiContextTest : public ::testing::Test {
 protected:
  ImGuiContextTest() {
    ImGuiIO& io = ui::testing::CreateHeadlessContext(ImVec2(1280, 800));
    io.BackendFlags |= ImGuiBackendFlags_HasMouseCursors;  // Enables resizing from edges.
  }
  ~ImGuiContextTest() override { ImGui::DestroyContext(); }

  // One frame of the layout: the skeleton panel, resizable, plus the viewport next to it.
  void frame() {
    ImGui::GetIO().DeltaTime = 1.0f / 60.0f;
    ImGui::NewFrame();
    layout_ = compute_layout(ImGui::GetIO().DisplaySize, kMenu, splits_);
    if (begin_panel("Skeleton", layout_.skeleton, PanelKind::kResizable)) {
      adopt_resize(PanelId::kSkeleton, layout_, splits_);
    }
    ImGui::End();
    begin_panel("Viewport", layout_.viewport, PanelKind::kFixed);
    ImGui::End();
    ImGui::Render();
  }

  LayoutSplits splits_;
  WindowLayout layout_;
};

TEST_F(ImGuiContextTest, DraggingThePanelEdgeMovesTheSplit) {
  frame();
  frame();
  ImGuiIO& io = ImGui::GetIO();
  const float edge = right(layout_.skeleton);
  const float y = layout_.skeleton.pos.y + layout_.skeleton.size.y * 0.5f;
  io.MousePos = ImVec2(edge - 1.0f, y);
  frame();
  io.MouseDown[0] = true;
  frame();
  for (int step = 1; step <= 8; ++step) {
    io.MousePos = ImVec2(edge - 1.0f + 10.0f * step, y);
    frame();
  }
  io.MouseDown[0] = false;
  frame();
  frame();
  // 80 pixels wider: the split follows, and the next layout puts the viewport there.
  EXPECT_NEAR(splits_.left * 1280.0f, 0.24f * 1280.0f + 80.0f, 2.0f);
  EXPECT_NEAR(layout_.viewport.pos.x, 0.24f * 1280.0f + 80.0f, 2.0f);
  EXPECT_FLOAT_EQ(splits_.skeleton, LayoutSplits{}.skeleton) << "the height was not dragged";
}

TEST_F(ImGuiContextTest, SplitsAreReadFromAndWrittenToTheIni) {
  register_layout_settings(splits_);
  const std::string ini =
      "[animscope][Layout]\nLeft=0.3\nRight=0.2\nTimeline=0.25\nCurves=0.35\nSkeleton=0.5\n"
      "Inspector=7\n"
      "Graph=0.6\nGraphLeft=0.25\nGraphTimeline=0.3\n";
  ImGui::LoadIniSettingsFromMemory(ini.c_str(), ini.size());
  EXPECT_FLOAT_EQ(splits_.left, 0.3f);
  EXPECT_FLOAT_EQ(splits_.right, 0.2f);
  EXPECT_FLOAT_EQ(splits_.timeline, 0.25f);
  EXPECT_FLOAT_EQ(splits_.skeleton, 0.5f);
  EXPECT_FLOAT_EQ(splits_.inspector, LayoutSplits{}.inspector) << "7 is no fraction: ignored";
  EXPECT_FLOAT_EQ(splits_.graph, 0.6f);
  EXPECT_FLOAT_EQ(splits_.graph_left, 0.25f);
  EXPECT_FLOAT_EQ(splits_.graph_right, LayoutSplits{}.graph_right);
  EXPECT_FLOAT_EQ(splits_.graph_timeline, 0.3f);
  EXPECT_FLOAT_EQ(splits_.timeline, 0.25f) << "GraphTimeline is not Timeline";
  splits_.right = 0.31f;
  const std::string saved = ImGui::SaveIniSettingsToMemory();
  EXPECT_NE(
      saved.find("[animscope][Layout]\nLeft=0.3000\nRight=0.3100\nTimeline=0.2500\n"
                 "Skeleton=0.5000\nInspector=0.4200\nGraphLeft=0.2500\nGraphRight=0.2200\n"
                 "Graph=0.6000\nParameters=0.5000\nGraphInspector=0.5600\nGraphTimeline=0.3000\n"),
      std::string::npos)
      << saved;
}

}  // namespace
}  // namespace anim::app
