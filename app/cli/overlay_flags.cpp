#include "cli/overlay_flags.h"

#include "cli/option_builders.h"

namespace anim::app {

void add_overlay_options(CLI::App& app, OverlayOptions& o) {
  add_flag(app, "--ghosts", o.ghosts,
           "draws the two ends of a running crossfade or transition as skeletons (magenta what it "
           "leaves, cyan what it goes to)");
  app.add_flag_callback(
         "--ghost-meshes",
         [&o] {
           o.ghost_meshes = true;
           o.ghosts = true;
         },
         "--ghosts, with translucent tinted meshes")
      ->disable_flag_override();
  add_value<int>(
      app, "--onion",
      [&o](int frames) {
        o.onion_frames = frames;
        o.onion_given = true;
      },
      "N", "skeletons of the playing clip N steps before (blue) and after (green)",
      whole_number_parser("--onion", 0, kMaxOnionFrames));
  add_value<int>(
      app, "--onion-step", [&o](int frames) { o.onion_step_frames = frames; }, "FRAMES",
      "frames of 1/30 s between onion frames (default 3)",
      whole_number_parser("--onion-step", 1, 60));
  add_flag(app, "--onion-meshes", o.onion_meshes, "draws the onion frames as translucent meshes");
  add_value<float>(
      app, "--trail", [&o](float seconds) { o.trail_seconds = seconds; }, "SECONDS",
      "paths of the selected joint (orange) and the root (violet) over the last SECONDS",
      bounded_number_parser(0.0f, 60.0f, /*low_open=*/true, [](const std::string& got) {
        return "--trail needs seconds above 0, at most 60, got \"" + got + "\"";
      }));
  add_flag(app, "--follow", o.follow, "keeps the view centred on the root as it moves");
  const std::vector<std::string> places = {"place", "world"};
  add_value<int>(
      app, "--root-motion", [&o](int where) { o.root_motion_in_world = where == 1; },
      choices_value_name(places),
      "place draws a character that root motion moves on the spot (the default), world where "
      "it walked",
      choice_parser(places, [](const std::string& got) {
        return "--root-motion needs place (the character on the spot) or world (walking over "
               "the grid), got \"" +
               got + "\"";
      }));
}

}  // namespace anim::app
