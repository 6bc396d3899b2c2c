#include "cli/version.h"

// Given to this file alone (app/CMakeLists.txt), so a new version recompiles one file.
#ifndef ANIMSCOPE_VERSION
#error "app/CMakeLists.txt gives this file ANIMSCOPE_VERSION"
#endif
#ifndef ANIMSCOPE_BUILD
#error "app/CMakeLists.txt gives this file ANIMSCOPE_BUILD"
#endif

namespace anim::app {

const char* animscope_version() { return ANIMSCOPE_VERSION; }
const char* animscope_build() { return ANIMSCOPE_BUILD; }

}  // namespace anim::app
