// Whether this test runs under the sanitizers, asked at run time: the test bodies are compiled
// without them in every build, and the sanitizer pass of .ci/run links the first pass's test
// objects (tests/CMakeLists.txt, ANIMSCOPE_TEST_OBJECTS_FROM), so no compile-time macro can say.
// Every sanitizer runtime (AddressSanitizer, ThreadSanitizer...) defines the common interface's
// __sanitizer_set_death_callback; a weak reference to it is null without one.
// Needs: nothing.
#pragma once

extern "C" void __sanitizer_set_death_callback(void (*callback)()) __attribute__((weak));

namespace test_support {

inline bool RunningUnderSanitizers() { return &__sanitizer_set_death_callback != nullptr; }

// Sets what runs after a sanitizer's report, before the process exits; false without one.
inline bool SetSanitizerDeathCallback(void (*callback)()) {
  if (!RunningUnderSanitizers()) return false;
  __sanitizer_set_death_callback(callback);
  return true;
}

}  // namespace test_support
