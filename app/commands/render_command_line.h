#pragma once
// `animscope render`'s options. They are defined here, with the headless commands, so that
// `animscope help render`, `animscope --help` and bash completion know them without the
// renderer; commands/cmd_render.cpp (in animscope-gui) runs the command with what they parsed.
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "anim/ground_planes.h"
#include "cli/command_line.h"
#include "cli/overlay_flags.h"

namespace anim::app {

struct RenderArgs {
  std::string input;  // MODEL|SETUP.json|PACKAGE.animpack
  std::vector<std::string> anim;
  std::optional<std::string> clip;
  float time = 0.0f;
  std::vector<std::string> sets;
  std::vector<std::string> travels;  // --travel PATH@SECONDS, as `play` takes them.
  std::vector<GroundPlane> ground;   // --ground planes, for feet IK entries.
  std::string shading = "lit";       // One of kShadingNames.
  std::optional<std::string> joint;
  std::string ramp = "blender";  // One of kRampNames.
  bool unlit = false;
  bool legend = false;
  bool names = false;
  std::optional<std::string> vertex;  // A number as typed; checked against the mesh once read.
  std::optional<std::string> up;      // Without it, the file's own up axis.
  int width = 960, height = 720;      // --size WxH
  float yaw = 35.0f, pitch = 15.0f;
  bool no_skeleton = false;
  bool no_grid = false;
  bool axes = false;
  OverlayOptions overlays;
  std::optional<std::string> crossfade;  // CLIP@SECONDS[,DURATION[,MODE]], read once the clips are.
  std::string out;
};

using RenderCommandLine = CommandLine<RenderArgs>;

std::unique_ptr<RenderCommandLine> render_command_line();

}  // namespace anim::app
