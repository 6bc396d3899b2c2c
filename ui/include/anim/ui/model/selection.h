#pragma once
// What the user has selected; shared by the bone tree, the viewport and the inspector.
#include <string>

namespace anim::ui {

struct Selection {
  int joint = -1;  // Skeleton joint index, -1 for none.
  // Mesh vertex picked with Alt+click in the viewport (its influences show in the Inspector), -1
  // for none. View state: never part of the setup.
  int vertex = -1;
  // The layer whose mask the Skeleton panel edits with a checkbox per joint (the Setup panel's
  // Layers tab sets it), or empty.
  std::string mask_layer;
  // The parameter the Parameters sidebar selected for the Inspector, or empty.
  std::string parameter;
};

}  // namespace anim::ui
