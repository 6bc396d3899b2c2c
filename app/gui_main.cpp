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
#include "loading/import_options.h"
#include "render/view_options.h"

namespace {

// The tool's options (commands/tool_command_line.h) as the tool takes them.
int gui_main(int argc, const char* const* argv, const anim::app::ImportOptions& import_options,
             bool import_options_given) {
  using anim::app::kExitError;
  const std::unique_ptr<anim::app::ToolCommandLine> line = anim::app::tool_command_line();
  if (std::optional<int> done =
          anim::app::parse_command_line(*line, argc, argv, 1, std::cout, std::cerr)) {
    return *done;
  }
  const anim::app::ToolArgs& args = line->args;
  anim::app::GuiOptions options;
  options.import_options = import_options;
  options.import_options_given = import_options_given;
  options.open_path = args.input;
  options.anim_files = args.anim;
  options.screenshot_path = args.screenshot;
  options.frames = args.frames.value_or(options.screenshot_path.empty() ? 0 : 3);
  options.select_joint = args.joint;
  options.play_clip = args.clip;
  options.view = args.view;
  options.mask_layer = args.mask;
  options.machine = args.machine;
  options.select = args.select;
  options.sets = args.sets;
  options.rewind = args.rewind;
  options.show_joint_names = args.names;
  options.unlit = args.unlit;
  options.select_vertex = args.vertex;
  options.overlays = args.overlays;
  // The names were checked as they were parsed; these only turn them into the view's settings.
  auto shading = anim::app::parse_shading(args.shading);
  auto ramp = anim::app::parse_ramp_option(args.ramp);
  if (!shading.ok() || !ramp.ok()) {
    anim::app::print_error(std::cerr, !shading.ok() ? shading.error() : ramp.error());
    return kExitError;
  }
  options.shading = shading.value();
  options.ramp = ramp.value();
  if (args.up) {
    auto up = anim::app::parse_up_axis(*args.up);
    if (!up.ok()) {
      anim::app::print_error(std::cerr, up.error());
      return kExitError;
    }
    options.up_axis = up.value();
  }
  return anim::app::run_gui(options);
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
