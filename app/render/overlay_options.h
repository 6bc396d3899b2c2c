#pragma once
// The overlay options `render` and the tool share: --ghosts, --ghost-meshes, --onion N,
// --onion-step FRAMES, --onion-meshes, --trail SECONDS, --follow, --root-motion place|world.
#include "anim/result.h"
#include "anim/ui/viewport_settings.h"
#include "cli/args.h"

namespace anim::app {

// Flags without a value and options with one, for parse_args.
inline const char* const kOverlayFlags[] = {"ghosts", "ghost-meshes", "onion-meshes", "follow"};
inline const char* const kOverlayValued[] = {"onion", "onion-step", "trail", "root-motion"};

struct OverlayOptions {
  bool ghosts = false;
  bool ghost_meshes = false;  // Implies ghosts.
  int onion_frames = 0;
  int onion_step_frames = 3;
  bool onion_meshes = false;
  float trail_seconds = 0.0f;
  bool follow = false;
  bool root_motion_in_world = false;  // --root-motion world (or place, the default).
};

// The options in `args`; an error names the flag and the value it refused.
Result<OverlayOptions> parse_overlay_options(const Args& args);

void apply_overlay_options(const OverlayOptions& options, ui::ViewportSettings& settings);

}  // namespace anim::app
