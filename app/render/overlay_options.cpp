#include "render/overlay_options.h"

namespace anim::app {

static_assert(kMaxOnionFrames == ui::ViewportSettings::kMaxOnionFrames,
              "--onion's limit is the viewport's");

void apply_overlay_options(const OverlayOptions& options, ui::ViewportSettings& settings) {
  settings.show_ghosts = options.ghosts;
  settings.ghost_meshes = options.ghost_meshes;
  settings.onion_frames = options.onion_frames;
  settings.onion_step_frames = options.onion_step_frames;
  settings.onion_meshes = options.onion_meshes;
  settings.trail_seconds = options.trail_seconds;
  settings.follow_root = options.follow;
  settings.root_motion_in_world = options.root_motion_in_world;
}

}  // namespace anim::app
