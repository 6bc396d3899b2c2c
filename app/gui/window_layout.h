#pragma once
// Where the tool's windows go: a docked-style layout that follows the window size. The user
// resizes panels by dragging their inner edges; the splits are kept in imgui.ini.
#include <imgui.h>

#include <string_view>

namespace anim::app {

struct PanelRect {
  ImVec2 pos, size;
};

// The two workspaces, as Blender has them: each a fixed arrangement of panels that stays put
// whatever the panels show (a tab chosen, a selection made), so nothing jumps under the mouse.
enum class Workspace {
  kAnimate,  // Skeleton and Clips | viewport | Inspector (the joint's) and Blend; timeline.
  kGraph,    // Parameters and Skeleton | viewport, graph | Inspector (the setup's) and Setup.
};

// The adjustable proportions, as fractions of the display (left, right, timeline) or of the
// body between menu bar and timeline (skeleton, inspector). The Graph workspace has its own
// column widths and shares.
struct LayoutSplits {
  float left = 0.24f;   // Skeleton and Clips column width.
  float right = 0.26f;  // Inspector and Blend column width.
  // Timeline height: room for its tabs, the ruler, the key lanes and the event and marker lanes;
  // the Curves tab beside it has the same height, so switching tabs moves nothing.
  float timeline = 0.27f;
  float skeleton = 0.62f;   // Skeleton's share of the left column.
  float inspector = 0.42f;  // Inspector's share of the right column.
  // Graph workspace:
  // Narrower columns than Animate's: the centre holds the viewport and the graph.
  float graph_left = 0.18f;       // Parameters and Skeleton column width.
  float graph_right = 0.22f;      // Inspector and Setup column width.
  float graph = 0.55f;            // The graph's share of the centre (the viewport has the rest).
  float parameters = 0.5f;        // Parameters' share of the left column.
  float graph_inspector = 0.56f;  // The Inspector's share of the right column.
  float graph_timeline = 0.23f;   // Timeline height (no tabs there; the graph wants the room).
};

// Each panel's place. A panel the workspace does not show has a zero size.
struct WindowLayout {
  PanelRect skeleton, clips, viewport, inspector, blend, timeline, status;
  PanelRect parameters, graph, setup;  // Graph workspace.
  ImVec2 display;
  float body_height = 0.0f;
  float centre_width = 0.0f;  // Viewport and graph together.
  Workspace workspace = Workspace::kAnimate;
};

// The smallest viewport panel the layout keeps where the display has room (at 1024x640 and up):
// a 400x300 view under its title bar, toolbar row and padding.
constexpr float kMinViewportPanelWidth = 412.0f;
constexpr float kMinViewportPanelHeight = 360.0f;

// Splits the display below a menu bar of `menu_height` pixels. Every panel keeps a usable
// minimum size whatever the splits say.
WindowLayout compute_layout(const ImVec2& display, float menu_height, const LayoutSplits& splits,
                            Workspace workspace = Workspace::kAnimate);

enum class PanelKind {
  kResizable,  // Title bar; its edges drag (see adopt_resize).
  kFixed,      // Title bar, no resizing.
  kBare,       // No decoration at all.
};
// Begins a window at `rect` that cannot move or collapse. Always pair with ImGui::End().
bool begin_panel(const char* name, const PanelRect& rect, PanelKind kind);

// Takes the size the user dragged the current window (between begin_panel and End) to into
// `splits`: which of its edges count is given by the panel it is.
enum class PanelId {
  kSkeleton,
  kClips,
  kInspector,
  kBlend,
  kTimeline,  // Animate (the Skeleton and Timeline in both)
  kParameters,
  kGraph,
  kSetup  // Graph
};
void adopt_resize(PanelId panel, const WindowLayout& layout, LayoutSplits& splits);

// Registers "[animscope][Layout]" in imgui.ini so `splits` is read at the first frame and
// written with the rest of the ini. `splits` must outlive the ImGui context.
void register_layout_settings(LayoutSplits& splits);

}  // namespace anim::app
