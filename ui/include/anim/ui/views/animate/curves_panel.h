#pragma once
// The Curves panel: the selected joint's channels over the clip the Timeline shows (the playing
// clip, a 1D blend's first clip, the state machine's current clip): translation, rotation (Euler
// angles in degrees or quaternion components, a toggle) and scale, each kind in its own lane
// with its own value range, each channel a coloured line with its keys marked, the playhead and
// a ruler in seconds and frames (at the clip's key rate). The wheel zooms time about the mouse,
// a right or middle drag pans it, a left click or drag scrubs (pausing while the button is
// held, as the Timeline's strip does). The points come from joint_curves (channel_curves.h).
#include <cstdint>
#include <vector>

#include "anim/ui/model/channel_curves.h"
#include "anim/ui/model/commands.h"
#include "anim/ui/model/document.h"
#include "anim/ui/model/selection.h"
#include "anim/ui/views/animate/time_scrub.h"
#include "anim/ui/widgets/item_rects.h"

namespace anim::ui {

class CurvesPanel {
 public:
  // Draws inside the current window, filling what is left of it.
  void draw(const Document& doc, Commands& cmds, Selection& sel);

  static constexpr float kMaxZoom = 64.0f;
  RotationView rotation_view = RotationView::kEulerDegrees;
  bool show_kind[3] = {true, true, true};  // Lanes shown, by ChannelKind: T, R, S.
  float zoom = 1.0f;                       // 1: the whole clip fills the plot; up to kMaxZoom.
  float view_start = 0.0f;                 // Seconds at the plot's left edge.

  // Rects of the last frame: "euler", "quaternion" (the toggle), "show_T", "show_R", "show_S"
  // (the lanes shown) and "plot" (the time area: x
  // maps linearly to view_start .. view_start + duration / zoom).
  ItemRects rects;

  // The curves the last frame drew (empty without a joint or keys).
  const std::vector<ChannelCurve>& curves() const { return curves_; }

 private:
  void update_curves(const Document& doc, int clip, int joint);
  void plot(const Document& doc, Commands& cmds, int clip, float time, bool can_seek);
  // The wheel zooms about the mouse, a right or middle drag pans; keeps the clip of `length`
  // seconds filling the view. Returns the seconds the plot spans.
  float zoom_and_pan(bool hovered, float min_x, float width, float length);

  std::vector<ChannelCurve> curves_;
  Document::Stamp curves_stamp_;  // What curves_ were made from.
  int curves_clip_ = -1;
  int curves_joint_ = -1;
  RotationView curves_view_ = RotationView::kEulerDegrees;
  TimeScrub scrub_;  // A left drag on the plot.
  bool panning_ = false;
};

}  // namespace anim::ui
