#pragma once
// The Timeline panel: transport (start, previous frame, play/pause, next frame, end), loop,
// speed, the current time, and a strip with a ruler in seconds and frames, the key times of
// the selected joint (translation, rotation and scale in their own lanes) and a draggable
// playhead. Ctrl+wheel over the strip zooms around the mouse, the wheel scrolls when zoomed.
// With a setup open, the events of the shown clip sit in a lane under the strip
// (timeline_event_lane.h, labelled "E"), and its sync markers in one under that
// (timeline_marker_lane.h, "M").
//
// While the state machine runs, the strip shows the clip of the base machine's current state
// (timeline_clip.h), named "State: clip" in the controls row, with its playhead at the state's
// time; the machine drives time, so the strip and the frame keys do not seek, but the event
// and marker lanes edit as in clip mode. While an item is dragged or a lane's menu is open,
// the strip keeps the clip the edit started on, even if the machine moves to another state
// meanwhile.
//
// Keys (ignored while a text field has focus or a popup is open): Space play/pause,
// Left/Right previous/next frame, Home/End first/last frame.
#include <cstdint>

#include "anim/ui/model/commands.h"
#include "anim/ui/model/document.h"
#include "anim/ui/model/selection.h"
#include "anim/ui/model/timeline_clip.h"
#include "anim/ui/views/animate/time_scrub.h"
#include "anim/ui/views/animate/timeline_event_lane.h"
#include "anim/ui/views/animate/timeline_marker_lane.h"
#include "anim/ui/widgets/item_rects.h"

namespace anim::ui {

class TimelinePanel {
 public:
  // Draws inside the current window; the strip takes the height left below the controls.
  // Dragging the playhead pauses playback and restores the previous playing state on release.
  void draw(const Document& doc, Commands& cmds, Selection& sel);

  static constexpr float kMaxZoom = 64.0f;
  float zoom = 1.0f;            // 1: the whole clip fills the strip; up to kMaxZoom.
  float view_start = 0.0f;      // Seconds at the strip's left edge (moves only when zoomed).
  bool follow_playhead = true;  // When zoomed, keep the playhead in view while playing.

  // Rects of the last frame: "play", "step_back", "step_forward", "loop", "speed" and
  // "strip" (the time area: x maps linearly to view_start .. view_start + duration / zoom).
  ItemRects rects;
  TimelineEventLane events;
  TimelineMarkerLane markers;

  // The Timeline's keys (Space, Left/Right, Home/End) without drawing it: for a panel shown in
  // its place (the Curves tab).
  void keys(const Document& doc, Commands& cmds) { keyboard(doc, cmds, false); }

  // The clip the last frame showed, and its playhead.
  const TimelineClip& shown() const { return shown_; }

 private:
  void controls(const Document& doc, Commands& cmds);
  // First frame, previous frame, play/pause, next frame, last frame; true when play was clicked.
  bool transport_buttons(const Document& doc, Commands& cmds);
  // The Loop checkbox, the speed slider and its reset to 1x.
  void loop_and_speed(const Document& doc, Commands& cmds);
  // Where the shown clip is (clip, time, frame) and the zoom slider, on the line if they fit.
  void position_and_zoom(const Document& doc);
  void strip(const Document& doc, Commands& cmds, const Selection& sel);
  // Ctrl+wheel zooms around the mouse, the wheel scrolls when `zoomed`, the zoom slider's change
  // recentres on the playhead. Returns the seconds the strip spans after that.
  float wheel_zoom_and_scroll(bool hovered, bool zoomed, float min_x, float width, float length);
  // Keeps view_start where the strip of `length` seconds still fills the view.
  void clamp_view(float length, float span);
  // When zoomed, moves the view to the playhead while scrubbing or following playback.
  void keep_playhead_in_view(const Document& doc, bool zoomed, float span, float length);
  // Where the lanes under the strip go: their label's x, their time area's x range, height
  // and the seconds they span.
  struct LanePlace {
    float label_x, min_x, max_x, height, span;
  };
  // `lane` from `top`, labelled `label` in `color` in the gutter; returns where the next row
  // starts.
  float draw_lane(const Document& doc, Commands& cmds, TimelineLane& lane, const char* label,
                  const ImVec4& color, const LanePlace& place, float top);
  void scrollbar(float min_x, float y, float width, float duration, float span);
  void keyboard(const Document& doc, Commands& cmds, bool play_clicked);
  void choose_clip(const Document& doc);

  TimelineClip shown_;            // What this frame's strip shows (choose_clip).
  int pinned_clip_ = -1;          // The clip shown while the lanes were last idle,
  Document::Stamp pinned_stamp_;  // and in which document and set of clips.

  TimeScrub scrub_;             // Dragging on the strip.
  bool zoom_changed_ = false;   // By the zoom slider: recentre on the playhead.
  int view_clip_ = -1;          // Clip the view belongs to; another one resets it.
  std::uint64_t document_ = 0;  // Document::stamp().document the view belongs to.
};

}  // namespace anim::ui
