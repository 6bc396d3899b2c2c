#pragma once
// Feet on uneven ground: each foot's ankle moved onto the ground a game reports, the pelvis
// lowered so the lowest foot reaches, the knees bending as animated, the feet tilted with the
// ground.
#include <cstdint>

#include <glm/mat4x4.hpp>
#include <glm/vec3.hpp>

#include "anim/ground_query.h"
#include "anim/ik_pose.h"
#include "anim/soa_pose.h"
#include "anim/span.h"

namespace anim {

// One leg: three joints, each an ancestor of the next (not necessarily its parent).
struct FootIkLeg {
  int16_t hip = -1;
  int16_t knee = -1;
  int16_t ankle = -1;
  // The ankle's height above the ground under the foot, along the ground's normal (metres, or the
  // model's unit): the ankle's target is the ground point plus the normal times this.
  float foot_height = 0.0f;
  // How much the foot is planted, in [0, 1] (clamped): the leg's IK weight is the job's weight
  // times this (a game takes it from the clips' foot-plant sync markers, else from the animated
  // foot's height; 1 keeps the leg on the ground throughout).
  float planted = 1.0f;
  // The knee's bend axis in its own axes, used only when the animated leg is too straight to read
  // it from (see FootIkJob); must not be zero.
  glm::vec3 knee_axis{1, 0, 0};
};

// What the job found for one leg.
struct FootIkLegResult {
  bool hit = false;      // The ground query met the ground below the ankle.
  bool reached = false;  // Hit, weight above 0, and the ankle reaches its target (TwoBoneIkJob's).
  float weight = 0.0f;   // The leg's weight as applied: 0 without a hit.
  glm::vec3 target{0.0f};  // The ankle's target (model space), when hit.
  glm::vec3 normal{0.0f};  // The unit ground normal used, when hit.
};

// Runs after SoaLocalToModelJob, on its output (`model`) and the SoA local pose it came from
// (`local`), the pose SoaApplyIkCorrectionsJob writes back to: the SoA pose is what the runtime
// pipeline samples and blends into, so the job corrects it in place with no conversion, and model
// space stays up to date below each correction for the IK entries after it. Per frame:
// 1. For each leg, the ground query casts from `cast_above` above the animated ankle down along
//    -up for cast_above + cast_below. A hit (with a finite point) gives the target: the point
//    plus its unit normal times the foot height (a zero, non-finite or downward normal is taken
//    as `up`). No hit: the leg keeps its animation (weight 0; the job keeps no state, so a game
//    wanting a timed fade lowers `planted` over frames).
// 2. The pelvis moves down along up by the largest, over the legs, of weight times how far the
//    target lies below the animated ankle (along up), at most `max_pelvis_drop`: the lowest foot
//    reaches its ground with the leg as animated, and a foot on a step never lifts the body. The
//    move is a translation correction of the pelvis, in its parent's space.
// 3. Each leg, in order: TwoBoneIkJob on the hip, knee and ankle toward the target, with the pole
//    the animated knee's offset from the hip-to-ankle line and the bend axis the animated bend's
//    (so the knee keeps its direction), `soften` so it never snaps straight, the leg's weight. An
//    unreachable target straightens the leg toward it (reached false).
// 4. The ankle turned so that its model-space orientation is the animated one turned by the
//    rotation from up to the ground normal, by the leg's weight: the foot keeps its animated pose
//    relative to the ground (flat on flat ground, tilted with a slope).
// Bone lengths never change. Weight 0 leaves the pose bit for bit; a leg of weight 0 (no hit, not
// planted) keeps its joints' local transforms bit for bit (the pelvis may still move it). Only
// the ankle is placed: toes are not kept above a slope that rises under them.
struct FootIkJob {
  Span<const int16_t> parents;  // The skeleton's, parents-first.
  glm::mat4 root{1.0f};         // SoaLocalToModelJob's root.
  Span<SoaTransform> local;     // soa_block_count(parents.size()) blocks, corrected in place.
  Span<glm::mat4> model;        // One per joint: the model space of `local`, updated in place.

  Span<const FootIkLeg> legs;
  int16_t pelvis = -1;           // An ancestor of every leg's hip.
  GroundQuery ground;            // Required.
  glm::vec3 up{0, 1, 0};         // The character's up axis in model space; normalized by the job.
  float weight = 1.0f;           // In [0, 1], clamped.
  float max_pelvis_drop = 0.5f;  // >= 0, model units.
  float cast_above = 0.5f;       // >= 0: the ray starts this far above the animated ankle...
  float cast_below = 1.0f;       // >= 0: ...and ends this far below it.
  float soften = 0.97f;          // TwoBoneIkJob::soften, in [0, 1].

  Span<FootIkLegResult> results;  // One per leg, required.
  float* pelvis_drop = nullptr;   // Optional: the drop applied along up.

  // Every field set and finite, the hierarchy parents-first with local, model and results sized
  // for it and the legs, joint indices in range with pelvis > hip > knee > ankle along ancestry,
  // a non-zero up and knee axes, and the legs' and pelvis' model matrices finite.
  bool validate() const;
  // Never allocates. The ground query is called once per leg.
  [[nodiscard]] bool run() const;
};

}  // namespace anim
