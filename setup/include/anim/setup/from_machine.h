#pragma once
// A setup made back from a compiled state machine (a package's), so the tool can show, run and
// save it. The inverse of compile_setup as far as the runtime form goes: compiling the result
// against the same clips gives the same StateMachineDef.
#include <string>
#include <vector>

#include "anim/setup/setup.h"
#include "anim/state_machine_def.h"

namespace anim::setup {

// Names instead of indices: `clip_names[i]` names clip index i of `def`; `model` becomes the
// setup's model path. Parameters without a range (compile_setup's +-1e30) get none, and bools
// and triggers none either (compiling gives them 0..1 again). What a package does not keep
// stays empty: clip files ("animations"), the editor block and unknown fields. An index out of
// range (a machine that did not come from load_package) becomes an empty name, which
// validate_setup reports at its pointer. IK entries name their joints by `joint_names` (the
// model's skeleton's; without them, or for an index they lack, an empty name).
Setup setup_from_machine(const StateMachineDef& def, const std::vector<std::string>& clip_names,
                         const std::string& model,
                         const std::vector<std::string>& joint_names = {});

}  // namespace anim::setup
