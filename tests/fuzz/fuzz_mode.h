#pragma once
// Which executable a harness runs in: linked with libFuzzer for fuzzing (libfuzzer_mode.cpp), or
// with fuzz_driver.cpp, which runs fixed inputs once each (the ctest suites).
namespace anim::fuzz {

bool under_libfuzzer();

}  // namespace anim::fuzz
