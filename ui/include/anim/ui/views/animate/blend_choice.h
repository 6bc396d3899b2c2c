#pragma once
// How a Player fade moves the pose over, picked in a form: a Blend combo (crossfade, inertialize,
// dead_blend, named as setup files name a transition's blend) and a Half-life field enabled only
// for dead_blend. Shared by the Blend panel and the Clips panel's row menu.
#include "anim/state_machine_types.h"
#include "anim/ui/widgets/item_rects.h"

namespace anim::ui {

// Draws both lines, recording "crossfade_blend" (and "crossfade_blend=<name>" per choice while
// it is open) and "crossfade_half_life". `half_life` stays in 0.01..1 s. True when either
// changed.
bool blend_choice(TransitionBlend* blend, float* half_life, ItemRects& rects);

}  // namespace anim::ui
