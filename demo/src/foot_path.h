#pragma once
// Where a foot is during a locomotion cycle: planted on the moving ground during stance (rolling
// from heel to toes), lifted and carried forwards during swing. The clips are in place, so the
// ground moves backwards under the character by one stride per cycle.
#include <glm/gtc/quaternion.hpp>
#include <glm/vec3.hpp>

namespace anim::demo {

struct FootPathParams {
  float stride = 1.0f;         // Ground travelled per cycle (two steps), metres.
  float duty = 0.6f;           // Fraction of the cycle the foot is on the ground.
  float contact_z = 0.3f;      // Ankle in front of the hips when the heel lands (flat-foot ankle).
  float foot_x = 0.09f;        // Ankle off the centre line.
  float contact_pitch = 0.0f;  // Radians; negative: toes up as the heel lands.
  float toe_off_pitch = 0.0f;  // Radians; positive: heel up as the toes leave.
  float roll_in = 0.15f;       // Fraction of stance over which the foot rolls flat.
  float heel_rise = 0.6f;      // Fraction of stance after which the heel lifts.
  float lift = 0.06f;          // Extra ankle height at the top of the swing.
  float lift_peak = 0.5f;      // Fraction of the swing at which the lift peaks, in (0, 1).
  float toe_out = 0.0f;        // Radians the foot turns outwards.
};

struct FootPose {
  glm::vec3 ankle{0.0f};                       // Model space.
  glm::quat rotation{1.0f, 0.0f, 0.0f, 0.0f};  // Model space.
  float toe_bend = 0.0f;  // Radians about the toe joint's X axis; negative bends the toes up.
};

// The pose of one foot at `leg_phase` in [0, 1) (0: heel contact); `sign` is +1 for the left
// foot, -1 for the right.
FootPose foot_path(const FootPathParams& params, float sign, float leg_phase);

// A foot standing still and flat at `ankle`, turned out by `toe_out` radians.
FootPose planted_foot(const glm::vec3& ankle, float sign, float toe_out);

}  // namespace anim::demo
