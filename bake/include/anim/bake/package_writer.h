#pragma once
// Writing a package (.animpack): the inverse of anim_core's load_package.
#include <cstdint>
#include <vector>

#include "anim/package.h"

namespace anim::bake {

// The bytes of `package` (see anim/package_format.h): a skin section when its skin is not
// empty, a mesh section when its mesh has vertices, a state machine section when
// has_state_machine.
std::vector<uint8_t> write_package(const Package& package);

}  // namespace anim::bake
