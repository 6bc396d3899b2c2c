// animscope-gui: the half of animscope that needs SDL and OpenGL, the desktop tool and
// `render`. Users type `animscope`, which execs this with the same argv; run directly it
// behaves the same, headless commands included.
#include <cstring>
#include <iostream>
#include <iterator>
#include <set>
#include <string>
#include <vector>

#include "anim/import/import_model.h"

#include "cli/args.h"
#include "cli/cli.h"
#include "cli/errors.h"
#include "cli/import_options.h"
#include "gui/app.h"
#include "gui/crash_guard.h"
#include "render/cmd_render.h"
#include "render/view_options.h"

namespace {

int gui_main(int argc, const char* const* argv, const anim::app::ImportOptions& import_options,
             bool import_options_given) {
  using anim::app::kExitError;
  std::set<std::string> flags{"names", "unlit"};
  std::set<std::string> valued{"screenshot", "frames",  "joint",  "clip",    "view",
                               "mask",       "machine", "select", "shading", "up",
                               "anim",       "ramp",    "vertex", "set",     "rewind"};
  flags.insert(std::begin(anim::app::kOverlayFlags), std::end(anim::app::kOverlayFlags));
  valued.insert(std::begin(anim::app::kOverlayValued), std::end(anim::app::kOverlayValued));
  auto args = anim::app::parse_args(argc, argv, 1, flags, valued);
  if (!args.ok() || args.value().positional.size() > 1) {
    if (!args.ok()) anim::app::print_error(std::cerr, args.error());
    std::cerr
        << "usage: animscope [MODEL|SETUP.json] [--anim FILE ...] [--joint NAME] [--clip NAME]\n"
           "                 [--view blend|curves|setup|graph|blend_spaces|layers] [--mask LAYER]\n"
           "                 [--machine LAYER] [--select STATE|FROM->TO|PARAMETER]\n"
           "                 [--shading MODE] [--ramp blender|greyscale|viridis] [--unlit]\n"
           "                 [--names] [--vertex N]\n"
           "                 [--up y|z|x|-y|-z|-x] [--ghosts] [--ghost-meshes] [--onion N]\n"
           "                 [--onion-step FRAMES] [--onion-meshes] [--trail SECONDS] [--follow]\n"
           "                 [--root-motion place|world]\n"
           "                 [--screenshot FILE.png --frames N]\n"
           "                 [--set NAME=VALUE@SECONDS ...] [--rewind SECONDS]\n"
           "                 [--in-process] [--memory-limit SIZE]\n"
           "       animscope help   (command-line subcommands)\n";
    return kExitError;
  }
  anim::app::GuiOptions options;
  options.import_options = import_options;
  options.import_options_given = import_options_given;
  if (!args.value().positional.empty()) options.open_path = args.value().positional[0];
  options.anim_files = args.value().get_all("anim");
  options.screenshot_path = args.value().get("screenshot").value_or("");
  auto frames = args.value().get_float("frames", options.screenshot_path.empty() ? 0.0f : 3.0f);
  if (!frames.ok() || frames.value() < 0.0f) {
    std::cerr << "animscope: --frames needs a count\n";
    return kExitError;
  }
  options.frames = static_cast<int>(frames.value());
  options.select_joint = args.value().get("joint").value_or("");
  options.play_clip = args.value().get("clip").value_or("");
  options.view = args.value().get("view").value_or("");
  options.mask_layer = args.value().get("mask").value_or("");
  options.machine = args.value().get("machine").value_or("");
  options.select = args.value().get("select").value_or("");
  options.sets = args.value().get_all("set");
  auto rewind = args.value().get_float("rewind", -1.0f);
  if (!rewind.ok()) {
    std::cerr << "animscope: --rewind needs seconds\n";
    return kExitError;
  }
  options.rewind = rewind.value();
  if (!options.view.empty() && options.view != "blend" && options.view != "curves" &&
      options.view != "setup" && options.view != "graph" && options.view != "blend_spaces" &&
      options.view != "layers") {
    std::cerr << "animscope: --view is blend, curves, setup, graph, blend_spaces or layers, not \""
              << options.view << "\"\n";
    return kExitError;
  }
  auto shading = anim::app::parse_shading(args.value().get("shading").value_or("lit"));
  if (!shading.ok()) {
    anim::app::print_error(std::cerr, shading.error());
    return kExitError;
  }
  options.shading = shading.value();
  options.show_joint_names = args.value().has("names");
  auto ramp = anim::app::parse_ramp_option(args.value().get("ramp").value_or("blender"));
  auto vertex = args.value().get_float("vertex", -1.0f);
  if (!ramp.ok() || !vertex.ok()) {
    anim::app::print_error(std::cerr, !ramp.ok() ? ramp.error() : vertex.error());
    return kExitError;
  }
  if (args.value().has("vertex") && !(vertex.value() >= 0.0f && vertex.value() < 2e9f)) {
    std::cerr << "animscope: --vertex needs a vertex index\n";
    return kExitError;
  }
  options.ramp = ramp.value();
  options.unlit = args.value().has("unlit");
  options.select_vertex = static_cast<int>(vertex.value());
  if (const auto text = args.value().get("up")) {
    auto up = anim::app::parse_up_axis(*text);
    if (!up.ok()) {
      anim::app::print_error(std::cerr, up.error());
      return kExitError;
    }
    options.up_axis = up.value();
  }
  auto overlays = anim::app::parse_overlay_options(args.value());
  if (!overlays.ok()) {
    anim::app::print_error(std::cerr, overlays.error());
    return kExitError;
  }
  options.overlays = overlays.value();
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
