#pragma once
// Edits of a setup's layers as the tool makes them, apart from any UI so that tests drive them
// directly (as edits.h does for states and events). Each returns whether it changed
// anything.
#include <string>

#include "anim/result.h"
#include "anim/setup/machine_edits.h"
#include "anim/setup/setup.h"
#include "anim/skeleton.h"

namespace anim::setup {

// Adds an override layer over the whole body, named `base` made unique ("base 2", ...), with
// one looping state "Default" playing `motion`. Returns its name.
std::string add_layer(Setup& setup, const std::string& base, const std::string& motion);

// Renames a layer; false when `from` does not exist or `to` is empty, taken or the same.
bool rename_layer(Setup& setup, const std::string& from, const std::string& to);

// Removes a layer; false when it does not exist.
bool remove_layer(Setup& setup, const std::string& name);

// Moves layer `index` one place up (delta -1) or down (+1) in the order layers apply; false
// when it would leave the list.
bool move_layer(Setup& setup, int index, int delta);

// Whether the layer's mask includes each joint (LayerMaskDef's rule), one entry per joint.
std::vector<bool> mask_of(const SetupLayer& layer, const Skeleton& skeleton);

// Makes the mask include or leave out `joint` and its descendants, with the smallest change:
// the joint's own entry is dropped or added (its descendants' own entries stay, so a hand
// listed under an excluded arm stays in), and no joint outside its subtree changes. False for a
// bad joint or no change.
bool set_joint_in_mask(SetupLayer& layer, const Skeleton& skeleton, int joint, bool included);

// Machine 0 is the base (the setup's own states), machine i + 1 the layer setup.layers[i].

// Machine `machine` as a setup of its own, so that the graph and the rules of edits.h work
// on any layer: its states, transitions and default state in the top-level fields and its boxes'
// places in editor["nodes"] (a layer keeps them in editor["layers"][name]["nodes"]); parameters,
// blend spaces, events and the model as the setup has them, and no layers. Machine 0's view is
// the setup itself. An index past the layers gives the base's.
Setup machine_view(const Setup& setup, int machine);

// Writes a view's states, transitions, default state and box places back into machine
// `machine` of `setup` (for machine 0, the whole view), with the places of machines nested in it
// (editor["machines"], shared by every machine of the setup). False for a bad index.
bool store_machine_view(Setup& setup, int machine, const Setup& view);

// Renames state `from` of the machine at `path` inside machine `machine` (0 the base, i + 1 the
// layer setup.layers[i]) to `to`, by rename_state's rules (machine_edits.h) in that machine's
// view: references, the default, paths into it and its box's place in the editor block follow.
// The one rename every view of the tool makes (the graph, the Inspector, the States table), so a
// renamed state keeps its place in the graph whichever view renamed it. Refused, leaving the
// setup untouched, for a machine index past the layers or as rename_state refuses.
Status rename_state_in(Setup& setup, int machine, const MachinePath& path, const std::string& from,
                       const std::string& to);

}  // namespace anim::setup
