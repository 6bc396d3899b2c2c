#include "commands/render_command_line.h"

#include <cstdio>

#include "cli/ground_option.h"
#include "cli/option_builders.h"
#include "cli/shared_options.h"

namespace anim::app {
namespace {

// --size WxH, each from 16 to 8192.
Result<std::pair<int, int>> parse_size(const std::string& text) {
  int width = 0, height = 0;
  char extra = 0;
  if (std::sscanf(text.c_str(), "%dx%d%c", &width, &height, &extra) != 2 || width < 16 ||
      height < 16 || width > 8192 || height > 8192) {
    return Error{Error::Code::kInvalidArgument,
                 "--size needs WIDTHxHEIGHT between 16 and 8192, got \"" + text + "\"", ""};
  }
  return std::make_pair(width, height);
}

void define_render(CLI::App& app, RenderArgs& a) {
  add_posable_input(app, a.input);
  add_anim_option(app, a.anim);
  add_text(app, "--clip", a.clip, "NAME",
           "the clip to pose (without it, a setup's state machine, or the rest pose)");
  add_value<float>(app, "--time", a.time, "SECONDS",
                   "seconds into the clip, or of the state machine's run (default 0)",
                   number_parser("--time"));
  add_set_option(app, a.sets);
  add_travel_option(app, a.travels);
  add_ground_option(app, a.ground);
  add_shading_option(app, a.shading);
  add_text(app, "--joint", a.joint, "NAME",
           "the selected joint: its bone drawn wide, its heatmap, its trail (default for the "
           "heatmap: the joint moving the most vertices)");
  add_ramp_option(app, a.ramp);
  add_flag(app, "--unlit", a.unlit, "the data shadings in the ramp's colours exactly");
  add_flag(app, "--legend", a.legend, "draws the tool's legend of the ramp");
  add_flag(app, "--names", a.names, "labels every joint");
  add_value<std::string>(app, "--vertex", a.vertex, "N",
                         "draws vertex N's dot, as Alt+click picks it",
                         [](const std::string& text) -> Result<std::string> {
                           Result<float> number = number_parser("--vertex")(text);
                           if (!number.ok()) return number.error();
                           return text;
                         });
  add_up_option(app, a.up);
  add_value<std::pair<int, int>>(
      app, "--size",
      [&a](std::pair<int, int> size) {
        a.width = size.first;
        a.height = size.second;
      },
      "WxH", "the picture's size in pixels (default 960x720)", parse_size);
  add_value<float>(app, "--yaw", a.yaw, "DEG", "the camera's turn about the up axis (default 35)",
                   number_parser("--yaw"));
  add_value<float>(app, "--pitch", a.pitch, "DEG", "the camera's tilt (default 15)",
                   number_parser("--pitch"));
  add_flag(app, "--no-skeleton", a.no_skeleton, "hides the skeleton overlay");
  add_flag(app, "--no-grid", a.no_grid, "hides the grid");
  add_flag(app, "--axes", a.axes, "draws every joint's axes");
  add_text(app, "--crossfade", a.crossfade, "CLIP@SECONDS[,DURATION[,MODE]]",
           "fades from --clip to CLIP at SECONDS, over DURATION (default 0.5 s); MODE: crossfade "
           "(default), inertialize or dead_blend");
  add_overlay_options(app, a.overlays);
  add_text(app, "--out", a.out, "FILE.png", "the PNG to write")->required();
}

}  // namespace

std::unique_ptr<RenderCommandLine> render_command_line() {
  return std::make_unique<RenderCommandLine>(
      "render", "Renders one frame offscreen (a hidden window) to a PNG, for thumbnails and tests.",
      define_render);
}

}  // namespace anim::app
