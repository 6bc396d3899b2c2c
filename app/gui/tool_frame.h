#pragma once
// The desktop tool apart from its platform: how it starts, its ImGui setup, and one frame of it
// (loads, drops, playback, menus, shortcuts, panels, dialogs) on whatever input ImGuiIO holds.
// run_gui feeds it SDL's events and presents with OpenGL; tests feed it input of their own
// (tests/app/gui/tool_monkey_test.cpp), so they run the very frame users get.
#include "gui/startup_request.h"
#include "gui/tool.h"
#include "render/view_renderer.h"

namespace anim::app {

// The tool as it starts: the user's config folder and recent files, the built-in demo open,
// and what the command line asks for in `request` (a file to start loading, the view settings,
// and what to do once the file is open, kept in tool.loading.once_open). Needs no ImGui context.
void start_tool(Tool& tool, const StartupRequest& request);

// Sets up the current ImGui context for `tool`: imgui.ini in the config folder when
// `keep_layout` (else no ini file), the panel layout's settings, keyboard navigation, the style
// and the font, sized by `dpi_scale`.
void configure_imgui(Tool& tool, bool keep_layout, float dpi_scale);

// One frame, `dt` seconds after the last, with this frame's input already in ImGuiIO (display
// size, mouse, keys, text; and dropped files in tool.loading.dropped): takes finished loads and
// drops, keeps clip files current, advances playback, then runs ui::new_frame(), the menus,
// shortcuts, panels and dialogs (the viewport drawing its scene with `renderer`), and
// ImGui::Render(). The caller draws ImGui::GetDrawData(); quitting sets tool.quit.
void tool_frame(Tool& tool, ViewRenderer& renderer, float dt);

// Before the tool goes: cancels its background loads and closes the document.
void stop_tool(Tool& tool);

}  // namespace anim::app
