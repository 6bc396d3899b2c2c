#pragma once
// What the user has selected; shared by the bone tree, the viewport and the inspector.
namespace anim::ui {

struct Selection {
  int joint = -1;  // Skeleton joint index, -1 for none.
};

}  // namespace anim::ui
