#pragma once
// The desktop tool's window and main loop: SDL's events in, OpenGL out. What a frame does (menus,
// panels, dialogs, loads) is in tool_frame.h.
#include <optional>
#include <string>
#include <vector>

#include "anim/ui/scene/viewport_settings.h"
#include "loading/import_options.h"
#include "render/overlay_options.h"

namespace anim::app {

struct GuiOptions {
  std::string open_path;                // Model, setup .json or "builtin:demo"; empty: the demo.
  std::vector<std::string> anim_files;  // Clip files added to it once it is open (--anim).
  std::string screenshot_path;          // When set, save the window after `frames` frames and quit.
  int frames = 0;                       // 0: run until the user quits.
  int width = 1280, height = 800;
  std::string select_joint;  // Selected once the first model is open; empty: none.
  std::string play_clip;     // Played, paused at its start, once the model is open; empty: none.
  std::string view;          // The workspace and tab shown: "blend" (Animate), "setup", "graph",
                             // "blend_spaces" or "layers" (State machine); empty: as is.
  std::string mask_layer;    // --mask: the layer whose mask the Skeleton panel edits at start.
  std::string machine;       // --machine: the layer whose machine the graph shows at start.
  std::string select;        // --select: a state, "FROM->TO" transition or parameter, selected
                             // for the Inspector at start.
  // --set NAME=VALUE@SECONDS: applied to the state machine as play applies them; --rewind S:
  // the history rewound S seconds back before the screenshot (below 0: not).
  std::vector<std::string> sets;
  float rewind = -1.0f;
  ui::Shading shading = ui::Shading::kLit;
  bool show_joint_names = false;
  ui::Ramp ramp = ui::Ramp::kBlender;  // --ramp, --unlit: the data shadings' colours.
  bool unlit = false;
  int select_vertex = -1;  // --vertex: picked once the first model is open; -1: none.
  // --up: the up axis of every file opened this run, over the file's own and View > Up axis.
  std::optional<ui::UpAxis> up_axis;
  OverlayOptions overlays;  // --ghosts, --onion, --trail, --follow ...
  // --in-process / --memory-limit: when given, they win over the saved Settings > Import for
  // this run.
  ImportOptions import_options;
  bool import_options_given = false;
};

// Runs the tool; returns the process exit code.
int run_gui(const GuiOptions& options);

}  // namespace anim::app
