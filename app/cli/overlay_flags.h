#pragma once
// The overlay options `render` and the tool share: --ghosts, --ghost-meshes, --onion N,
// --onion-step FRAMES, --onion-meshes, --trail SECONDS, --follow, --root-motion place|world.
// render/overlay_options.h turns them into the viewport's settings.

namespace CLI {
class App;
}

namespace anim::app {

// The most onion frames on each side (ui::ViewportSettings::kMaxOnionFrames).
constexpr int kMaxOnionFrames = 8;

struct OverlayOptions {
  bool ghosts = false;
  bool ghost_meshes = false;  // Implies ghosts.
  int onion_frames = 0;
  bool onion_given = false;  // --onion, even --onion 0: it still needs --clip.
  int onion_step_frames = 3;
  bool onion_meshes = false;
  float trail_seconds = 0.0f;
  bool follow = false;
  bool root_motion_in_world = false;  // --root-motion world (or place, the default).
};

// Defines the overlay options on `app`, filling `options`; a refused value names its option.
void add_overlay_options(CLI::App& app, OverlayOptions& options);

}  // namespace anim::app
