#pragma once
// Where the tool's windows go: a docked-style layout that follows the window size. The user
// resizes panels by dragging their inner edges; the splits are kept in imgui.ini.
#include <imgui.h>

#include <string_view>

namespace anim::app {

struct PanelRect {
  ImVec2 pos, size;
};

// The adjustable proportions, as fractions of the display (left, right, timeline) or of the
// body between menu bar and timeline (skeleton, inspector).
struct LayoutSplits {
  float left = 0.24f;           // Skeleton and Clips column width.
  float right = 0.26f;          // Inspector and Blend column width.
  float right_editing = 0.42f;  // The same while the Setup editor shows: its tables need room.
  bool editing = false;         // Which of the two applies (not saved).
  float timeline = 0.2f;        // Timeline height.
  float skeleton = 0.62f;       // Skeleton's share of the left column.
  float inspector = 0.42f;      // Inspector's share of the right column.
};

struct WindowLayout {
  PanelRect skeleton, clips, viewport, inspector, blend, timeline, status;
  ImVec2 display;
  float body_height = 0.0f;
};

// Splits the display below a menu bar of `menu_height` pixels. Every panel keeps a usable
// minimum size whatever the splits say.
WindowLayout compute_layout(const ImVec2& display, float menu_height, const LayoutSplits& splits);

enum class PanelKind {
  kResizable,  // Title bar; its edges drag (see adopt_resize).
  kFixed,      // Title bar, no resizing.
  kBare,       // No decoration at all.
};
// Begins a window at `rect` that cannot move or collapse. Always pair with ImGui::End().
bool begin_panel(const char* name, const PanelRect& rect, PanelKind kind);

// Takes the size the user dragged the current window (between begin_panel and End) to into
// `splits`: which of its edges count is given by the panel it is.
enum class PanelId { kSkeleton, kClips, kInspector, kBlend, kTimeline };
void adopt_resize(PanelId panel, const WindowLayout& layout, LayoutSplits& splits);

// Registers "[animscope][Layout]" in imgui.ini so `splits` is read at the first frame and
// written with the rest of the ini. `splits` must outlive the ImGui context.
void register_layout_settings(LayoutSplits& splits);

}  // namespace anim::app
