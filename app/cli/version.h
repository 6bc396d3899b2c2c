#pragma once
// What `animscope --version` and Help > About say: the project's version (CMake's
// PROJECT_VERSION) and how this executable was built.

namespace anim::app {

// "0.1.0".
const char* animscope_version();
// "Release, GNU 12.2.0": the build type and the compiler.
const char* animscope_build();

}  // namespace anim::app
