#pragma once
// What the viewport shows; edited by the UI, read by the renderer.
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

struct ViewportSettings {
  Shading shading = Shading::kLit;
  bool show_mesh = true;
  bool show_skeleton = true;
  bool show_joint_axes = false;
  bool show_joint_names = false;
  bool show_grid = true;
  int selected_joint = -1;
};

}  // namespace anim::ui
