#pragma once
// Inverse kinematics a setup lists (its "ik" entries), in the runtime form: joint and parameter
// indices instead of names. A StateMachineDef holds the top level's entries and each LayerDef its
// own; StateMachineInstance::evaluate_soa applies them on the finished, layered pose (the top
// level's first, then each layer's in layer order, each list in its order), so every entry sees
// the pose the ones before it corrected.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include <glm/vec3.hpp>

namespace anim {

enum class IkType { kTwoBone, kAim, kFeet };

// The most legs a feet entry has, and joints an aim chain turns.
constexpr std::size_t kMaxIkLegs = 4;
constexpr std::size_t kMaxIkChain = 16;

// A model-space point or direction: a vector3 parameter's value (`parameter` >= 0), else `value`.
struct IkVector {
  glm::vec3 value{0.0f};
  int parameter = -1;  // Index into the def's parameters (a kVector3 one), or -1.
};

// A weight in [0, 1]: a float parameter's value clamped to [0, 1] (`parameter` >= 0), else
// `value`. A layer's entries are further scaled by the layer's weight (layer_weight()).
struct IkWeight {
  float value = 1.0f;
  int parameter = -1;  // Index into the def's parameters (a kFloat one), or -1.
};

struct IkLegDef {
  int16_t hip = -1, knee = -1, ankle = -1;  // Skeleton joints, each an ancestor of the next.
};

struct IkEntryDef {
  std::string name;
  IkType type = IkType::kTwoBone;
  IkWeight weight;

  // kTwoBone (TwoBoneIkJob): `joints` are start, mid and end. The knee bends about the animated
  // bend's axis (read from the pose each frame), or `bend_axis` (the mid joint's own axes) when
  // the animated chain is too straight to tell. kAim (AimIkJob, or AimIkChainJob with several
  // joints): `joints` root-most first, the last one carrying the ray; `shares` one per joint.
  std::vector<int16_t> joints;
  IkVector target;               // kTwoBone, kAim.
  IkVector pole{{0, 0, 1}, -1};  // kTwoBone, kAim: model-space direction.
  float twist = 0.0f;            // kTwoBone, kAim: radians.
  float soften = 1.0f;           // kTwoBone, kFeet: in [0, 1].
  glm::vec3 bend_axis{1, 0, 0};  // kTwoBone.
  std::vector<float> shares;     // kAim: >= 0 each, summing to 1.
  glm::vec3 forward{0, 1, 0};    // kAim: the last joint's axes.
  glm::vec3 up{0, 0, 1};         // kAim: the last joint's axes.
  glm::vec3 offset{0.0f};        // kAim: the last joint's axes.

  // kFeet (FootIkJob), on the ground the game gives (StateMachineInstance::set_ground).
  std::vector<IkLegDef> legs;
  int16_t pelvis = -1;
  float foot_height = 0.0f;      // The ankle's height above the ground when the sole touches it.
  float max_pelvis_drop = 0.5f;  // Model units.
  // How high above the foot height the animated ankle rises before the foot counts as lifted,
  // along ground_up from the model's origin (where the clips' floor is): each leg is planted
  // (FootIkLeg::planted) fully at the foot height or below, not at all from foot_height +
  // lift_height up, and smoothly (smoothstep) in between, so a foot in the air keeps its swing
  // and settles as it comes down. 0: always planted.
  float lift_height = 0.0f;
  glm::vec3 ground_up{0, 1, 0};  // The character's up axis in model space.
  // Per leg, the sync marker (an index into StateMachineDef::marker_names) that plants it, or -1;
  // empty: none for any leg. While the base machine's clip is between a leg's plant marker and
  // the marker after it (the stance, e.g. from "L_down" to "R_down"), the leg is planted whatever
  // its ankle's height (a heel that rolls up stays down); elsewhere lift_height decides, so the
  // foot fades out as it lifts after the stance and in as it comes down before the next one.
  // During a transition each playing state counts by its weight, and a state whose clip lacks
  // the marker counts by height alone.
  std::vector<int16_t> plant_markers;
};

// What an entry did in the last evaluate (StateMachineInstance::ik_results), for a game's logic
// and the tool's reach colours.
struct IkEntryResult {
  float weight = 0.0f;       // As applied (entry x layer weight); 0: the entry did nothing.
  bool reached = false;      // kTwoBone, kAim: the unweighted solve reached the target. kFeet:
                             // every leg that hit ground reached it.
  glm::vec3 target{0.0f};    // kTwoBone, kAim: the target and pole used (model space), also
  glm::vec3 pole{0.0f};      // when the weight is 0.
  float pelvis_drop = 0.0f;  // kFeet: along ground_up.
};

}  // namespace anim
