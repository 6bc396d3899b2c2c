#pragma once
// A setup's IK entries ("ik", setup.h: SetupIk) resolved against its model's skeleton.
// compile_setup has no skeleton: it fills each IkEntryDef's parameters and constants, and
// resolve_ik its joints by name, as mark_root_motion (root_motion.h) does the root motion's
// joint. The tool and the CLI run both whenever a setup becomes a machine for a model.
#include "anim/result.h"
#include "anim/setup/setup.h"
#include "anim/skeleton.h"
#include "anim/state_machine_def.h"

namespace anim::setup {

// `def`, compiled from `setup`, given the joints of its IK entries (def->ik and each layer's, in
// the setup's order) on `skeleton`. An Error, at the pointer of the first problem
// ("/ik/0/start", "/layers/1/ik/0/legs/1/2"), for a joint the skeleton lacks or joints that do
// not hang from one another as the entry says; `def` is then left as it was.
Status resolve_ik(const Setup& setup, const Skeleton& skeleton, StateMachineDef* def);

}  // namespace anim::setup
