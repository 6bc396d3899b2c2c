#pragma once
// What the viewport shows; edited by the UI, read by the renderer.
#include <glm/mat4x4.hpp>
#include <glm/vec3.hpp>

#include "anim/ui/scene/color_ramp.h"

namespace anim::ui {

enum class Shading {
  kLit = 0,
  kWeightHeatmap = 1,  // Weight of the selected joint: blue -> green -> yellow -> red.
  kDominantJoint = 2,  // Colour of each vertex's strongest joint.
  kInfluenceCount = 3,
  kTruncatedWeight = 4,  // Weight dropped by the four-influence limit.
};

inline const char* shading_name(Shading s) {
  switch (s) {
    case Shading::kLit:
      return "Lit";
    case Shading::kWeightHeatmap:
      return "Weight heatmap";
    case Shading::kDominantJoint:
      return "Dominant joint";
    case Shading::kInfluenceCount:
      return "Influence count";
    case Shading::kTruncatedWeight:
      return "Truncated weight";
  }
  return "?";
}

// Which model axis points up. The viewer's world is Y-up (the grid lies in XZ); a Z-up file
// (Source SMD, 3DS, many CAD exports) is turned to stand on the grid. Only the view changes:
// poses, the inspector and the command line stay in the file's model space.
enum class UpAxis { kY = 0, kZ = 1, kX = 2, kNegY = 3, kNegZ = 4, kNegX = 5 };

inline const char* up_axis_name(UpAxis up) {
  switch (up) {
    case UpAxis::kY:
      return "+Y";
    case UpAxis::kZ:
      return "+Z";
    case UpAxis::kX:
      return "+X";
    case UpAxis::kNegY:
      return "-Y";
    case UpAxis::kNegZ:
      return "-Z";
    case UpAxis::kNegX:
      return "-X";
  }
  return "?";
}

// Model space to the viewer's world: a rotation taking the up axis to +Y (identity for +Y; for
// +Z a quarter turn about X taking +Z to +Y and +Y to -Z; for -Y a half turn about X).
inline glm::mat4 display_transform(UpAxis up) {
  glm::vec3 x(1, 0, 0), y(0, 1, 0), z(0, 0, 1);  // Where the model's axes go.
  switch (up) {
    case UpAxis::kY:
      break;
    case UpAxis::kZ:
      y = {0, 0, -1};
      z = {0, 1, 0};
      break;
    case UpAxis::kX:
      x = {0, 1, 0};
      y = {-1, 0, 0};
      break;
    case UpAxis::kNegY:
      y = {0, -1, 0};
      z = {0, 0, -1};
      break;
    case UpAxis::kNegZ:
      y = {0, 0, 1};
      z = {0, -1, 0};
      break;
    case UpAxis::kNegX:
      x = {0, -1, 0};
      y = {1, 0, 0};
      break;
  }
  glm::mat4 m(1.0f);
  m[0] = glm::vec4(x, 0.0f);
  m[1] = glm::vec4(y, 0.0f);
  m[2] = glm::vec4(z, 0.0f);
  return m;
}

struct ViewportSettings {
  Shading shading = Shading::kLit;
  bool show_mesh = true;
  bool show_skeleton = true;
  bool show_joint_axes = false;
  bool show_joint_names = false;
  bool show_ik = true;             // The IK overlay (ik_gizmos.h) when the setup has IK entries.
  bool show_rotate_gizmo = false;  // Rings around the selected joint that turn it.
  bool show_grid = true;
  UpAxis up_axis = UpAxis::kY;
  int selected_joint = -1;
  // Data shadings (weight heatmap, influence count, truncated weight): their colour ramp, whether
  // lighting shades them (unlit shows the ramp's colours exactly), and the legend explaining them.
  Ramp ramp = Ramp::kBlender;
  bool unlit = false;
  bool show_legend = true;

  // Overlays (ghost_renderer): the ends of a crossfade or transition as tinted skeletons (and
  // translucent meshes), onion-skin frames of the playing clip (likewise), trails of the selected
  // joint and the root, and a camera that keeps the root in the middle of the view.
  bool show_ghosts = false;
  bool ghost_meshes = false;
  static constexpr int kMaxOnionFrames = 8;
  int onion_frames = 0;        // Before and after, up to kMaxOnionFrames; 0 is off.
  int onion_step_frames = 3;   // Frames of 1/30 s between onion frames.
  bool onion_meshes = false;   // The onion frames as translucent meshes too.
  float trail_seconds = 0.0f;  // 0 is off.
  bool follow_root = false;
  // Root motion (a setup's root_motion) shown in the world: the character walks over the grid.
  bool root_motion_in_world = false;
};

}  // namespace anim::ui
