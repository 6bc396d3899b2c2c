#pragma once
// Readers of the package sections that carry the state machine's IK (package_format.h): which
// parameters are vector3 ones and their defaults (VEC3), and the IK entries of the top level and
// each layer (IKEN), and the markers that plant feet entries' legs (IKPM). Each checks every count and value against the machine and skeleton already
// read and leaves what it finds wrong in the reader.
#include "anim/skeleton.h"
#include "anim/state_machine_def.h"
#include "package_bytes.h"

namespace anim::package {

bool read_vector_parameters(Reader& r, StateMachineDef& m);
bool read_ik(Reader& r, StateMachineDef& m, const Skeleton& skeleton);
// IKPM, after IKEN (and SYNC, whose marker names it indexes).
bool read_ik_plant_markers(Reader& r, StateMachineDef& m);

}  // namespace anim::package
