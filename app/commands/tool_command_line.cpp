#include "commands/tool_command_line.h"

#include "cli/option_builders.h"
#include "cli/shared_options.h"
#include "commands/commands.h"

namespace anim::app {
namespace {

Error refused(const std::string& message) {
  return Error{Error::Code::kInvalidArgument, message, ""};
}

void define_tool(CLI::App& app, ToolArgs& a) {
  add_input(app, a.input, "MODEL|SETUP.json|PACKAGE.animpack",
            "what to open: a model file (any format assimp reads), a setup with the model and clip "
            "files it names, a package; without it the built-in demo",
            /*required=*/false);
  add_anim_option(app, a.anim);
  add_text(app, "--joint", a.joint, "NAME", "selects a joint once the model is open");
  add_text(app, "--clip", a.clip, "NAME",
           "plays a clip (paused at its start) instead of the setup's state machine");
  add_value<int>(
      app, "--view", [&a](int view) { a.view = kToolViews[view]; }, choices_value_name(kToolViews),
      "shows the Animate workspace (blend, or curves with the Curves tab in front) or the State "
      "machine workspace with its Setup panel on setup, graph, blend_spaces or layers",
      choice_parser(kToolViews, [](const std::string& got) {
        return "--view is blend, curves, setup, graph, blend_spaces or layers, not \"" + got + "\"";
      }));
  add_text(app, "--machine", a.machine, "LAYER|PATH",
           "shows a layer's state machine in the graph, or opens a nested machine by its path "
           "(Locomotion, LAYER/Locomotion)");
  add_text(app, "--select", a.select, "STATE|FROM->TO|PARAMETER",
           "selects a state, a transition or a parameter for the Inspector");
  add_text(app, "--mask", a.mask, "LAYER", "makes the Skeleton panel edit a layer's mask");
  add_shading_option(app, a.shading);
  add_ramp_option(app, a.ramp);
  add_flag(app, "--unlit", a.unlit, "the data shadings in the ramp's colours exactly");
  add_flag(app, "--names", a.names, "labels every joint");
  add_value<int>(app, "--vertex", a.vertex, "N", "picks vertex N, as Alt+click does",
                 [](const std::string& text) -> Result<int> {
                   Result<float> v = number_parser("--vertex")(text);
                   if (!v.ok()) return v.error();
                   if (!(v.value() >= 0.0f && v.value() < 2e9f)) {
                     return refused("--vertex needs a vertex index");
                   }
                   return static_cast<int>(v.value());
                 });
  add_up_option(app, a.up);
  add_overlay_options(app, a.overlays);
  add_set_option(app, a.sets);
  add_text(app, "--ground-shape", a.ground_shape, "HEIGHT,TILT[,STEP_X,STEP_HEIGHT]",
           "the ground feet IK entries stand on: a plane at HEIGHT tilted TILT degrees about the "
           "model's forward axis (+z; rising toward +x), with a step raised STEP_HEIGHT over "
           "x >= STEP_X (the IK panel's Ground)");
  add_value<float>(app, "--rewind", a.rewind, "SECONDS",
                   "rewinds the state machine's history SECONDS before --screenshot is taken",
                   [](const std::string& text) -> Result<float> {
                     Result<float> seconds = number_parser("--rewind")(text);
                     if (!seconds.ok()) return refused("--rewind needs seconds");
                     return seconds;
                   });
  add_text(app, "--attach", a.attach, "GAME",
           "attaches to a running game that links anim_link, named by its name or pid as "
           "`animscope attach --list` shows them (leave it out with --watch when one game runs)");
  add_text(app, "--watch", a.watch, "CHARACTER",
           "watches the game's CHARACTER: the tool opens the file the game runs (unless it runs "
           "that setup already) and shows the character as the game runs it; --set then sends "
           "its values to the game and --rewind scrubs the game's recording");
  add_value<int>(app, "--port", a.port, "P",
                 "the game's port (with --token), for a game not announced here",
                 whole_number_parser("--port", 1, 65535));
  add_text(app, "--token", a.token, "T", "the game's token (with --port)");
  add_text(app, "--screenshot", a.screenshot, "FILE.png",
           "runs the whole tool for --frames frames once the model has loaded (once it shows the "
           "game's character, when attached), saves the window and quits");
  add_value<int>(app, "--frames", a.frames, "N",
                 "frames the tool runs before --screenshot saves the window (default 3)",
                 [](const std::string& text) -> Result<int> {
                   const Result<float> n = number_parser("--frames")(text);
                   if (!n.ok() || !(n.value() >= 0.0f && n.value() < 2e9f)) {
                     return refused("--frames needs a count");
                   }
                   return static_cast<int>(n.value());
                 });
}

}  // namespace

std::unique_ptr<ToolCommandLine> tool_command_line() {
  auto line = std::make_unique<ToolCommandLine>(
      "",
      "Opens the desktop tool on a model, a setup or a package, or on the built-in demo without "
      "a file; the options below set it up as it opens (for screenshots, too).",
      define_tool);
  add_command_list(*line);
  return line;
}

}  // namespace anim::app
