#pragma once
// A setup's "root_motion" applied to its model: the settings resolved by name against the model
// (setup.h, SetupRootMotion), and the clips as the setup plays them, in place, with the motion
// taken out of each as its RootMotionTrack (root_motion_builder.h). The tool runs this when it
// compiles a setup; `pack` when it bakes a package, so both move a character alike.
#include <optional>
#include <vector>

#include "anim/clip.h"
#include "anim/clip_set.h"
#include "anim/model.h"
#include "anim/result.h"
#include "anim/root_motion.h"
#include "anim/root_motion_builder.h"
#include "anim/setup/setup.h"
#include "anim/state_machine_def.h"

namespace anim::setup {

// The settings setup.root_motion names on `model`: its joint, or the topmost joint a clip
// animates; its axes, or the two across the model's up axis (the file's, +Y when it does not
// say); its yaw about that axis. None without root_motion. An error, with the pointer
// "/root_motion/joint" or "/root_motion", for a joint the skeleton lacks or a model whose clips
// animate no joint.
Result<std::optional<RootMotionSettings>> root_motion_settings(const Setup& setup,
                                                               const Model& model);

// The model's clips as `setup` plays them, and their tracks (one per clip). Without root motion
// all three are empty: the machine plays the model's own clips.
struct RootMotionClips {
  std::vector<Clip> clips;
  std::vector<RootMotionTrack> tracks;
  int joint = -1;  // -1: without root motion.

  // What a state machine of the setup plays: these clips with their tracks, or `model_clips`.
  // Both must outlive the set.
  ClipSet clip_set(const std::vector<Clip>& model_clips) const {
    return joint < 0 ? ClipSet(model_clips) : ClipSet(clips).with_root_motion(tracks);
  }
};

// With root motion, every clip played in place except those of an "animations" entry that says
// "root_motion": false (which keep their motion and have an empty track). An error names the
// clip whose motion could not be taken out (a key that is not finite).
Result<RootMotionClips> apply_root_motion(const Setup& setup, const Model& model);

// `def`, compiled from `setup`, told the joint `clips` came from (compile_setup already set each
// state's flag from the setup).
void mark_root_motion(const RootMotionClips& clips, StateMachineDef* def);

}  // namespace anim::setup
