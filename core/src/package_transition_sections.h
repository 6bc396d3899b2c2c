#pragma once
// Readers of the package sections that add to the state machine's transitions, states and clips
// after it (package_format.h): how each transition blends (TBLD), the dead blends' half-lives
// (DEAD), sync markers with what syncs on them (SYNC), and the states' sync groups (GRUP). Each
// checks every count and value against the machine already read and leaves what it finds wrong
// in the reader.
#include <vector>

#include "anim/compressed_clip.h"
#include "anim/state_machine_def.h"
#include "package_bytes.h"

namespace anim::package {

bool read_transition_blends(Reader& r, StateMachineDef& m);
bool read_half_lives(Reader& r, StateMachineDef& m);
bool read_sync(Reader& r, StateMachineDef& m, const std::vector<CompressedClip>& clips);
bool read_sync_groups(Reader& r, StateMachineDef& m);

}  // namespace anim::package
