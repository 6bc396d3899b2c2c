#pragma once
// What the viewport shows; edited by the UI, read by the renderer.
#include <glm/mat4x4.hpp>

#include "anim/ui/color_ramp.h"

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
enum class UpAxis { kY = 0, kZ = 1 };

// Model space to the viewer's world: identity for Y-up; for Z-up a quarter turn about X
// taking +Z to +Y (and +Y to -Z).
inline glm::mat4 display_transform(UpAxis up) {
  if (up == UpAxis::kY) return glm::mat4(1.0f);
  glm::mat4 m(1.0f);
  m[1] = glm::vec4(0.0f, 0.0f, -1.0f, 0.0f);  // Where +Y goes.
  m[2] = glm::vec4(0.0f, 1.0f, 0.0f, 0.0f);   // Where +Z goes.
  return m;
}

struct ViewportSettings {
  Shading shading = Shading::kLit;
  bool show_mesh = true;
  bool show_skeleton = true;
  bool show_joint_axes = false;
  bool show_joint_names = false;
  bool show_rotate_gizmo = false;  // Rings around the selected joint that turn it.
  bool show_grid = true;
  UpAxis up_axis = UpAxis::kY;
  int selected_joint = -1;
  // Data shadings (weight heatmap, influence count, truncated weight): their colour ramp, whether
  // lighting shades them (unlit shows the ramp's colours exactly), and the legend explaining them.
  Ramp ramp = Ramp::kBlender;
  bool unlit = false;
  bool show_legend = true;
};

}  // namespace anim::ui
