// Linked into the harnesses built with libFuzzer (ANIMSCOPE_FUZZ), beside their shared objects.
#include "fuzz_mode.h"

namespace anim::fuzz {

bool under_libfuzzer() { return true; }

}  // namespace anim::fuzz
