#pragma once
// The tool's font (DejaVu Sans when installed, ImGui's own otherwise), also used by `render`'s
// overlay so its text looks as the tool's.
namespace anim::app {

// Adds it to the current ImGui context's atlas at 15 pixels (13 for ImGui's) times `scale`.
void add_ui_font(float scale);

}  // namespace anim::app
