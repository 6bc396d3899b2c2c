#pragma once
// The status bar: one line with the frame rate, the CPU time of the last frame, the model's
// size (joints, vertices, triangles, clips), a passing notice and its path.
#include <string>

#include "anim/ui/model/document.h"

namespace anim::ui {

// Draws the line inside the current window (the app places a thin window at the bottom).
// `frame_ms` is the CPU time the app measured for its last frame, in milliseconds; the frame
// rate comes from ImGui's io.Framerate. A non-empty `notice` ("Also loaded 2 clip files...")
// is shown before the path.
void draw_status_bar(const Document& doc, float frame_ms, const std::string& notice = "");

}  // namespace anim::ui
