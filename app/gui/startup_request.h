#pragma once
// What the command line asks the desktop tool to do as it starts (`animscope [FILE] [options]`,
// defined in commands/tool_command_line.h): the file to open, how to show it, what to select
// once it is open, and for a scripted run the --set script and the screenshot to take.
// gui_main.cpp fills it in; run_gui and start_tool read it.
#include <optional>
#include <string>
#include <vector>

#include "anim/ui/model/ik_ground.h"
#include "anim/ui/scene/viewport_settings.h"
#include "cli/overlay_flags.h"
#include "loading/import_options.h"

namespace anim::app {

// What the command line asks of the first file once it is open. The tool keeps these until
// then (ToolLoading::once_open) and carries each out once, in the first frame without a load
// running.
struct OnceOpenRequest {
  std::vector<std::string> anim_files;  // --anim: clip files added to it.
  std::string joint;                    // --joint: selected; empty: none.
  int vertex = -1;                      // --vertex: picked; -1: none.
  std::string clip;                     // --clip: played, paused at its start; empty: none.
  std::string mask;     // --mask: the layer whose mask the Skeleton panel edits; empty: none.
  std::string machine;  // --machine: the layer whose state machine the graph shows.
  std::string select;   // --select: a state, "FROM->TO" transition or parameter, selected for
                        // the Inspector.
  std::string view;     // --view: the workspace and tab shown: "blend" or "curves" (Animate),
                        // "setup", "graph", "blend_spaces" or "layers" (State machine); empty:
                        // as is.
};

// What the command line asks the tool to attach to (`animscope --attach GAME --watch CHARACTER`,
// gui/attach_actions.h).
struct AttachRequest {
  bool attach = false;      // Attach at start (--attach, --watch or --port given).
  std::string game;         // A name or pid, as `animscope attach` takes it; empty: the only one.
  std::string watch;        // The character to watch once attached; empty: none.
  std::optional<int> port;  // --port with --token: a game not announced here.
  std::optional<std::string> token;
};

struct StartupRequest {
  std::string open_path;  // Model, setup .json, package or "builtin:demo"; empty: the demo.
  OnceOpenRequest once_open;

  // The viewport's settings at start (--shading, --names, --ramp, --unlit, --ghosts, --onion,
  // --trail, --follow ...).
  ui::Shading shading = ui::Shading::kLit;
  bool show_joint_names = false;
  ui::Ramp ramp = ui::Ramp::kBlender;
  bool unlit = false;
  OverlayOptions overlays;
  // --up: the up axis of every file opened this run, over the file's own and View > Up axis.
  std::optional<ui::UpAxis> up_axis;

  // --in-process / --memory-limit: when given, they win over the saved Settings > Import for
  // this run.
  ImportOptions import_options;
  bool import_options_given = false;

  // --set NAME=VALUE@SECONDS: applied to the state machine as play applies them; --rewind S:
  // the history rewound S seconds back before the screenshot (below 0: not).
  std::vector<std::string> sets;
  float rewind = -1.0f;
  // --ground-shape: the ground every document opened gets (feet IK); none: the default one.
  std::optional<ui::GroundSettings> ground;
  // --attach, --watch, --port, --token: the game to attach to as the tool starts. A screenshot
  // then counts its frames from the first the tool shows of the game's character.
  AttachRequest attach;
  std::string screenshot_path;  // When set, save the window after `frames` frames and quit.
  int frames = 0;               // 0: run until the user quits.
};

}  // namespace anim::app
