// animscope-gui: the half of animscope that needs SDL and OpenGL, the desktop tool and
// `render`. Users type `animscope`, which execs this with the same argv; run directly it
// behaves the same, headless commands included.
#include <cstring>
#include <iostream>
#include <vector>

#include "anim/import/import_model.h"

#include "cli/errors.h"
#include "commands/cmd_render.h"
#include "commands/commands.h"
#include "commands/tool_command_line.h"
#include "gui/app.h"
#include "gui/crash_guard.h"
#include "gui/tool_ground_option.h"
#include "loading/import_options.h"
#include "render/view_options.h"

namespace {

// The tool's options (commands/tool_command_line.h) as the tool takes them. The names were
// checked as they were parsed; this only turns them into the view's settings.
anim::Result<anim::app::StartupRequest> startup_request(const anim::app::ToolArgs& args) {
  anim::app::StartupRequest request;
  request.open_path = args.input;
  anim::app::OnceOpenRequest& once = request.once_open;
  once.anim_files = args.anim;
  once.joint = args.joint;
  once.vertex = args.vertex;
  once.clip = args.clip;
  once.mask = args.mask;
  once.machine = args.machine;
  once.select = args.select;
  once.view = args.view;
  if (args.port.has_value() != args.token.has_value())
    return anim::Error{anim::Error::Code::kInvalidArgument, "--port and --token go together", ""};
  anim::app::AttachRequest& attach = request.attach;
  attach.attach = !args.attach.empty() || !args.watch.empty() || args.port.has_value();
  attach.game = args.attach;
  attach.watch = args.watch;
  attach.port = args.port;
  attach.token = args.token;
  request.screenshot_path = args.screenshot;
  request.frames = args.frames.value_or(request.screenshot_path.empty() ? 0 : 3);
  request.sets = args.sets;
  request.rewind = args.rewind;
  if (!args.ground_shape.empty()) {
    auto ground = anim::app::parse_tool_ground(args.ground_shape);
    if (!ground.ok()) return ground.error();
    request.ground = ground.value();
  }
  request.show_joint_names = args.names;
  request.unlit = args.unlit;
  request.overlays = args.overlays;
  auto shading = anim::app::parse_shading(args.shading);
  if (!shading.ok()) return shading.error();
  auto ramp = anim::app::parse_ramp_option(args.ramp);
  if (!ramp.ok()) return ramp.error();
  request.shading = shading.value();
  request.ramp = ramp.value();
  if (args.up) {
    auto up = anim::app::parse_up_axis(*args.up);
    if (!up.ok()) return up.error();
    request.up_axis = up.value();
  }
  return request;
}

int gui_main(int argc, const char* const* argv, const anim::app::ImportOptions& import_options,
             bool import_options_given) {
  const std::unique_ptr<anim::app::ToolCommandLine> line = anim::app::tool_command_line();
  if (std::optional<int> done =
          anim::app::parse_command_line(*line, argc, argv, 1, std::cout, std::cerr)) {
    return *done;
  }
  anim::Result<anim::app::StartupRequest> request = startup_request(line->args);
  if (!request.ok()) {
    anim::app::print_error(std::cerr, request.error());
    return anim::app::kExitError;
  }
  request.value().import_options = import_options;
  request.value().import_options_given = import_options_given;
  return anim::app::run_gui(request.value());
}

}  // namespace

// Every failed assert() in this executable (ImGui's library asserts with it; the IM_ASSERTs in
// ImGui's headers come here too, see third_party/imgui_config) goes through the tool's guard
// first, which keeps unsaved work as a recovery copy and reports the user's last actions
// (gui/crash_guard.h); glibc's own handler only prints and aborts.
extern "C" void __assert_fail(const char* assertion, const char* file, unsigned int line,
                              const char* function) noexcept {
  anim::app::assertion_failed(assertion, file, line, function);
}

int main(int argc, char** argv) {
  std::vector<const char*> args(argv, argv + argc);
  const anim::Result<anim::app::ImportOptions> options = anim::app::take_import_options(args);
  const bool options_given = args.size() != static_cast<std::size_t>(argc);
  if (!options.ok()) {
    anim::app::print_error(std::cerr, options.error());
    return anim::app::kExitError;
  }
  anim::app::apply_import_options(options.value(), anim::import::import_model);
  const int n = static_cast<int>(args.size());
  if (n >= 2 && !std::strcmp(args[1], "render")) {
    return anim::app::cmd_render(n, args.data(), std::cout, std::cerr);
  }
  if (anim::app::is_headless_command(n, args.data())) {
    return anim::app::run_cli(n, args.data(), std::cout, std::cerr);
  }
  return gui_main(n, args.data(), options.value(), options_given);
}
