#pragma once
// The state graph's view of nested state machines (SetupMachine), apart from drawing it (no
// ImGui): which box of a shown level holds a running leaf, a nested machine shown as a setup of
// its own so that the graph's layout and drawing work on it unchanged, and the leaf a state stands
// for when the machine is asked to travel there. A level is the path of machine states opened
// from the shown layer's machine: {} its top, {"Locomotion"} the machine inside "Locomotion".
#include <optional>
#include <string>
#include <vector>

#include "anim/setup/setup.h"

namespace anim::ui {

// "Locomotion/Run": the parts joined by the setup's path separator; split_path undoes it (no
// parts for an empty path).
std::string join_path(const std::vector<std::string>& parts);
std::vector<std::string> split_path(const std::string& path);

// The box of `level` that holds the runtime state `leaf` (named by its path, as compile_setup
// names the flattened leaves): its part right after the level's path ("Locomotion/Run" at {} is
// "Locomotion", at {"Locomotion"} "Run"). Empty when the leaf is not inside the level. "*" (the
// any-state box) stays "*".
std::string box_of_leaf(const std::string& leaf, const std::vector<std::string>& level);

// The states of the machine `level` opens inside `states`; null when a part of it names no
// machine state (renamed or deleted since it was opened).
const setup::SetupMachine* machine_at(const std::vector<setup::SetupState>& states,
                                      const std::vector<std::string>& level);

// Machine `level` of `view` (a machine view: the base or a layer, setup::machine_view) as a setup
// of its own: its states, transitions and default state in the top-level fields; its boxes'
// places from view.editor["machines"]["<level's path>"]["nodes"] when the editor block has them
// (else the graph lays them out); parameters, blend spaces and the model as `view` has them.
// Level {} is `view` itself; nullopt when machine_at finds nothing.
std::optional<setup::Setup> nested_view(const setup::Setup& view,
                                        const std::vector<std::string>& level);

// Writes `nested` (a version of nested_view(*view, level)) back into machine `level` of `view`: its
// states, transitions, default state and box places. A state whose name changed at the same place
// in the list is renamed by path first, and one no longer there removed by path
// (anim/setup/machine_edits.h), so that paths naming it in the enclosing machines, its exit mark
// and the places of the machines inside it follow. Level {} replaces `view`'s machine fields as
// nested_view made them. False when machine_at finds nothing.
bool store_nested_view(setup::Setup* view, const std::vector<std::string>& level,
                       const setup::Setup& nested);

// The leaf a state stands for, by its full path from the shown layer's top: `state` itself
// (`level`'s path before it) when it plays a motion, else its machine's default state followed
// down to a motion. Empty when a default names nothing.
std::string leaf_of(const std::vector<setup::SetupState>& top,
                    const std::vector<std::string>& level, const std::string& state);

// A machine state's subtitle in its box: "machine · 2 states".
std::string machine_caption(const setup::SetupMachine& machine);

}  // namespace anim::ui
