#pragma once
// Small drawing helpers shared by the panels: right-aligned numbers in table cells, counts
// with thousands separators, and the tool's accent colours.
#include <cstddef>
#include <string>

#include <imgui.h>

namespace anim::ui {

// Colours used across panels so that a joint, a key kind or a warning looks the same
// everywhere.
namespace colors {
inline ImVec4 highlight() { return ImVec4(1.0f, 0.78f, 0.30f, 1.0f); }    // Search matches.
inline ImVec4 playing() { return ImVec4(0.40f, 0.85f, 0.45f, 1.0f); }     // Playing clip.
inline ImVec4 warning() { return ImVec4(1.0f, 0.55f, 0.45f, 1.0f); }      // Invalid input.
inline ImVec4 translation() { return ImVec4(0.35f, 0.72f, 1.0f, 1.0f); }  // Translation keys.
inline ImVec4 rotation() { return ImVec4(1.0f, 0.62f, 0.25f, 1.0f); }     // Rotation keys.
inline ImVec4 scale() { return ImVec4(0.55f, 0.90f, 0.45f, 1.0f); }       // Scale keys.
inline ImVec4 playhead() { return ImVec4(0.96f, 0.36f, 0.32f, 1.0f); }
inline ImVec4 event() { return ImVec4(0.80f, 0.55f, 1.0f, 1.0f); }  // Clip event markers.
// Sync markers (foot plants): apart from events and from the T/R/S key colours.
inline ImVec4 sync_marker() { return ImVec4(0.25f, 0.85f, 0.78f, 1.0f); }
}  // namespace colors

// Draws `text` right-aligned in the remaining width of the current line (a table cell).
void text_right(const char* text);
// Draws `value` with `decimals` decimals, right-aligned; -0 prints as 0.
void number_right(float value, int decimals = 4);
// Draws an integer count right-aligned, with thousands separators.
void count_right(std::size_t value);
// "12,345".
std::string format_count(std::size_t value);
// A "(?)" marker that shows `text` as a tooltip when hovered.
void help_marker(const char* text);
// A form's line: `label` on the left, the next widget starting `label_ems` font sizes in and
// filling the rest of the line.
void form_label(const char* label, float label_ems = 5.5f);

// A name the user or a file gave, as a label: "(unnamed)" for an empty one (a setup's empty names
// are errors its Problems tab reports; in lists they still need a visible label). An item that
// shows one goes under a PushID of its own: an empty label at a window's root would give the item
// the window's own id, which ImGui refuses.
inline const char* shown_name(const std::string& name) {
  return name.empty() ? "(unnamed)" : name.c_str();
}

// The longest start of `text` that fits `width` pixels at the current font with "..." after it,
// or `text` itself when it fits. Cuts between UTF-8 characters, never inside one.
std::string elide_to_width(const std::string& text, float width);
// The same from the other end: "..." and the shortest end of `text` that fits (a path keeps its
// file name).
std::string elide_start_to_width(const std::string& text, float width);
// One line of `text` in `color` cut to the rest of the line (elide_to_width), with the full
// text as the tooltip when it was cut. True when it was cut.
bool text_elided(const std::string& text, const ImVec4& color);

}  // namespace anim::ui
