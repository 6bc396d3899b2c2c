#pragma once
// The Timeline's ruler as numbers (no ImGui): which frames get a tick, which a taller one (whole
// seconds) and which a label. Every label is a frame number, the one unit the frame step, the key
// lanes and the Inspector's frame field use: a ruler does not mix frames and seconds.
#include <string>
#include <vector>

namespace anim::ui {

struct RulerTick {
  long frame = 0;
  bool second = false;  // On a whole second (the nearest frame to it at a rate like 29.97).
  std::string label;    // The frame number; empty for an unlabelled tick.
};

// The smallest of the ruler's steps (1, 2, 5, 10, 15, 30, 60, 150, 300, ... frames) at least
// `min_px` pixels wide at `px_per_frame`.
int ruler_step(float px_per_frame, float min_px);

// The ticks of a ruler showing `view_start`..`view_end` seconds of a clip `duration` seconds long
// at `fps` frames per second and `px_per_frame` pixels a frame: one every ruler_step(6 px) frames
// from frame 0 to the clip's last, labelled every ruler_step(`label_px`) frames. Empty for a
// rate or scale that is not positive and finite.
std::vector<RulerTick> ruler_ticks(float fps, float view_start, float view_end, float duration,
                                   float px_per_frame, float label_px);

}  // namespace anim::ui
