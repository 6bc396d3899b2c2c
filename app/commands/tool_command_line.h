#pragma once
// The desktop tool's own options, `animscope [MODEL|SETUP.json|PACKAGE.animpack] [options]`.
// Defined with the headless commands so that `animscope --help` and bash completion know them;
// animscope-gui (gui_main.cpp) opens the tool with what they parsed.
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "cli/command_line.h"
#include "cli/overlay_flags.h"

namespace anim::app {

// --view's workspaces and tabs.
inline const std::vector<std::string> kToolViews = {"blend", "curves",       "setup",
                                                    "graph", "blend_spaces", "layers"};

struct ToolArgs {
  std::string input;  // Empty: the built-in demo.
  std::vector<std::string> anim;
  std::string joint, clip, view, mask, machine, select;
  std::string shading = "lit";   // One of kShadingNames.
  std::string ramp = "blender";  // One of kRampNames.
  bool unlit = false;
  bool names = false;
  int vertex = -1;                // -1: none.
  std::optional<std::string> up;  // Over each file's own up axis.
  OverlayOptions overlays;
  std::vector<std::string> sets;
  std::string ground_shape;  // --ground-shape; empty: the Document's default ground.
  float rewind = -1.0f;      // Below 0: not.
  // --attach GAME, --watch CHARACTER, --port P --token T: a running game to attach to.
  std::string attach, watch;
  std::optional<int> port;
  std::optional<std::string> token;
  std::string screenshot;
  std::optional<int> frames;  // Without it: 3 for a screenshot (without one, no limit).
};

using ToolCommandLine = CommandLine<ToolArgs>;

// Its help (`animscope --help`) ends with the list of commands.
std::unique_ptr<ToolCommandLine> tool_command_line();

}  // namespace anim::app
