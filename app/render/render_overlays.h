#pragma once
// `render`'s overlays (--ghosts, --onion, --trail, --crossfade): what the tool records while it
// plays, computed for one frame by playing back from the start.
#include <optional>
#include <string>
#include <vector>

#include <glm/mat4x4.hpp>

#include "anim/model.h"
#include "anim/player.h"
#include "anim/result.h"
#include "anim/span.h"
#include "anim/state_machine.h"
#include "anim/ui/scene/pose_overlays.h"
#include "anim/ui/scene/trails.h"

namespace anim::app {

// --crossfade CLIP@SECONDS[,DURATION[,MODE]]: at SECONDS into --clip, a fade to CLIP over
// DURATION, MODE being how the pose moves over (crossfade, inertialize or dead_blend, as setup
// files name a transition's blend; a dead blend's half-life is CrossfadeOptions' default).
struct CrossfadeSpec {
  std::string clip;
  float start = 0.0f;
  float seconds = 0.5f;
  TransitionBlend blend = TransitionBlend::kCrossfade;
};
// An error names --crossfade and what it refused (for a bad MODE, the names it takes).
Result<CrossfadeSpec> parse_crossfade(const std::string& text);

// Trails are sampled at this rate, as `play` and a setup's run step.
constexpr float kTrailRate = 60.0f;

struct RenderOverlays {
  ui::PoseOverlays poses;  // Ghosts and onion skin.
  ui::TrailRecorder joint_trail, root_trail;
  int joint = -1;  // The trail's joint (--joint); -1: the root's trail only.

  // Starts trails of `seconds` (0: none) for `joint`.
  void start_trails(float seconds, int joint_index);
  bool trails() const { return joint_trail.length() > 0.0f; }
  // Records the pose `local` at `clock` seconds into both trails, the model placed at `place`
  // (where root motion took it, when the view shows the character in the world).
  bool record(const Model& model, Span<const Transform> local, float clock,
              const glm::mat4& place = glm::mat4(1.0f));
};

// A clip played from 0 (looping), optionally crossfading to another at a time, as the tool's
// Player plays it: the pose at any time, replayed from the start.
class ClipPlayback {
 public:
  ClipPlayback(const Model& model, int clip, int fade_to, const CrossfadeSpec& fade);
  // The pose `time` seconds in; when `overlays` is given, also its ghosts (when fading) and its
  // onion skin (of the clip playing then).
  bool pose_at(float time, std::vector<Transform>& out, RenderOverlays* overlays = nullptr);

 private:
  const Model& model_;
  int clip_, fade_to_;
  CrossfadeSpec fade_;
  Player player_;
};

// Records `playback`'s trail over the `length` seconds up to `time` (from 0 at the earliest),
// sampled at kTrailRate.
bool record_clip_trails(const Model& model, ClipPlayback& playback, float time,
                        RenderOverlays& overlays);

}  // namespace anim::app
