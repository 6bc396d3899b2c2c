#pragma once
// The status bar: one line with the frame rate, the CPU time of the last frame, the model's
// size (joints, vertices, triangles, clips) and its path.
#include "anim/ui/document.h"

namespace anim::ui {

// Draws the line inside the current window (the app places a thin window at the bottom).
// `frame_ms` is the CPU time the app measured for its last frame, in milliseconds; the frame
// rate comes from ImGui's io.Framerate.
void draw_status_bar(const Document& doc, float frame_ms);

}  // namespace anim::ui
