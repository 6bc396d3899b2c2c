#pragma once
// The Blend panel's table of the running machine's layers (anim_ui internal).
#include "anim/state_machine.h"
#include "anim/ui/model/commands.h"
#include "anim/ui/widgets/item_rects.h"

namespace anim::ui {

// One row per layer above the base: its name and blend, its current state (with the transition
// running, if any) and a weight slider that sets the layer's weight on the running machine
// (Commands::set_layer_weight). Records "layer_weight:<name>" in `rects`.
void layers_table(const StateMachineInstance& sm, ItemRects& rects, Commands& cmds);

}  // namespace anim::ui
