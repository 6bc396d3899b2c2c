#pragma once
// A setup's IK entries (setup.h, SetupIk) as validation (setup_validate_ik.cpp), compile_setup,
// resolve_ik and setup_from_machine (setup_ik.cpp) share them: where each list lives, and the
// joints an entry names resolved on a skeleton.
#include <cstdint>
#include <string>
#include <vector>

#include "anim/diagnostic.h"
#include "anim/ik_def.h"
#include "anim/setup/setup.h"
#include "anim/state_machine_def.h"

namespace anim::setup {

// One list of entries and its pointer: "/ik", "/layers/1/ik".
struct IkList {
  const std::vector<SetupIk>* entries = nullptr;
  std::string pointer;
};

// The top level's list, then each layer's, in the order the runtime applies them.
std::vector<IkList> ik_lists(const Setup& setup);

// The runtime's joints of one entry: `joints` as IkEntryDef holds them (two_bone: start, mid,
// end; aim: the chain or the one joint), `legs` and `pelvis` for feet.
struct IkJoints {
  std::vector<int16_t> joints;
  std::vector<IkLegDef> legs;
  int16_t pelvis = -1;
};

// The entry's joint names found in `names` (a skeleton's), each unknown one an error at its
// pointer under `at` (the entry's); with `parents` (one per joint, or empty: not checked) also
// that each joint hangs below the one named before it (start, mid, end; a chain in order; a
// leg's hip, knee and ankle) and each hip below the pelvis. Problems go to `found`.
IkJoints resolve_ik_joints(const SetupIk& entry, const std::string& at,
                           const std::vector<std::string>& names,
                           const std::vector<int16_t>& parents, std::vector<Diagnostic>* found);

// Every entry's problems (setup.h, validate_setup gives the list), appended to `found`. Joints
// are looked up only when `joints` is not empty.
void validate_ik(const Setup& setup, const std::vector<std::string>& joints,
                 const std::vector<int16_t>& parents, std::vector<Diagnostic>* found);

// The parameters IK entries read (targets, poles and weights), for the check of unread ones.
std::vector<std::string> ik_parameters(const Setup& setup);

// The runtime's entries of a setup that validates, without joints (resolve_ik finds them):
// def->ik and each layer's, parameters resolved, twist in radians, equal shares filled in.
void compile_ik(const Setup& setup, StateMachineDef* def);

// The setup's entries made back from the runtime's, joint indices named by `joint_names` (an
// index it lacks: an empty name).
std::vector<SetupIk> setup_ik_of(const std::vector<IkEntryDef>& entries, const StateMachineDef& def,
                                 const std::vector<std::string>& joint_names);

}  // namespace anim::setup
