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

// The longest take (seconds) a corpus suite compresses. Under the sanitizers the libraries are
// instrumented and built with asserts at -O1 at most, and compressing a 20-40 s take takes minutes
// (bake_clip_compression_test's three BVH takes, 75 s of the sanitizer pass): the longer takes
// are left to the optimized pass, which checks all of them. Their code paths (segments, widths,
// the error search) are the shorter clips' own.
inline float LongestCorpusTakeChecked() { return RunningUnderSanitizers() ? 5.0f : 1e9f; }

// Sets what runs after a sanitizer's report, before the process exits; false without one.
inline bool SetSanitizerDeathCallback(void (*callback)()) {
  if (!RunningUnderSanitizers()) return false;
  __sanitizer_set_death_callback(callback);
  return true;
}

}  // namespace test_support
