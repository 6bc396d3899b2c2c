#pragma once
// What the viewport draws for a setup's IK (issue 28), as data: each entry's target, the joints
// it moves, whether it reached, and a feet entry's ground hits; and the maths of dragging a
// target in the view plane. No ImGui: the viewport (ik_gizmos) draws and drags them.
#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include <glm/vec2.hpp>
#include <glm/vec3.hpp>

#include "anim/ik_def.h"
#include "anim/setup/setup.h"
#include "anim/ui/scene/rotate_gizmo.h"

namespace anim {
class StateMachineInstance;
}

namespace anim::ui {

struct IkLegMarker {
  bool hit = false;
  bool reached = false;
  glm::vec3 point{0.0f};   // Where the ground was met (the ankle's target less the foot height).
  glm::vec3 normal{0.0f};  // Unit.
  float weight = 0.0f;     // As applied: the entry's weight times how planted the foot is.
  std::string plant_marker;  // The sync marker its stance starts at, or empty (by height).
};

// One IK entry of the running machine, in ik_results() order (the top level's, then each
// layer's); positions in model space.
struct IkMarker {
  std::size_t entry = 0;  // Index into StateMachineInstance::ik_results().
  int layer = -1;         // The layer it belongs to, -1 for the top level.
  std::size_t index = 0;  // Its index in its list (the top level's or the layer's "ik").
  std::string name;
  IkType type = IkType::kTwoBone;
  float weight = 0.0f;  // As applied.
  bool reached = false;
  bool has_target = false;  // two_bone and aim.
  glm::vec3 target{0.0f};
  std::string target_parameter;  // The vector3 parameter the target is, or empty (a constant).
  std::string weight_parameter;  // The float parameter the weight is, or empty (a constant).
  float weight_value = 1.0f;     // The entry's own weight (the parameter's, clamped, or constant).
  std::vector<int> chain;        // The joints it moves.
  // The bones between them (parent-most first): a two-bone chain's two, an aim chain's links, a
  // feet entry's two per leg.
  std::vector<std::pair<int, int>> bones;
  std::vector<IkLegMarker> legs;  // feet.
  float pelvis_drop = 0.0f;       // feet.
};

// The running machine's IK entries as its last evaluate left them; empty without any.
std::vector<IkMarker> ik_markers(const StateMachineInstance& machine);

// The setup entry `marker` stands for in `setup` (by its list and index, checked by name); nullptr
// when the setup no longer has it. For views that edit it (a dragged constant target, a weight).
setup::SetupIk* setup_ik_entry(setup::Setup* setup, const IkMarker& marker);

// Drawn for an entry: it has a weight above 0 or a target.
bool ik_marker_drawn(const IkMarker& marker);

// The reach colour (ImGui's packed RGBA: IM_COL32 order): green reached, red stretched or
// unreached, grey when the entry does nothing (weight 0).
constexpr std::uint32_t kIkReachedColor = 0xFF50DC50u;    // IM_COL32(80, 220, 80, 255)
constexpr std::uint32_t kIkUnreachedColor = 0xFF3C3CF0u;  // IM_COL32(240, 60, 60, 255)
constexpr std::uint32_t kIkIdleColor = 0xFFA0A0A0u;       // IM_COL32(160, 160, 160, 255)
std::uint32_t ik_reach_color(const IkMarker& marker);

// The marker whose target projects within `tolerance_px` of `mouse` (viewport pixels), the
// nearest when several do; -1 for none. Only markers with a target count.
int ik_target_hit(const std::vector<IkMarker>& markers, const GizmoView& view,
                  const glm::vec2& mouse, float tolerance_px);

// Where `point` (model space) goes when the mouse drags it from `from` to `to` (viewport
// pixels): moved in the plane through it facing the camera, so it stays under the mouse.
// `point` unchanged when it lies behind the camera.
glm::vec3 drag_in_view_plane(const glm::vec3& point, const GizmoView& view, const glm::vec2& from,
                             const glm::vec2& to);

}  // namespace anim::ui
