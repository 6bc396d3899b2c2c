#!/usr/bin/env bash
# aarch64_core_tests.sh [BUILD_DIR]: builds anim_core and its unit suites for 64-bit ARM (the
# NEON backend of core/src/simd4.h) and runs them under qemu-aarch64. Needs Debian's
# g++-aarch64-linux-gnu and qemu-user. Exits non-zero when a build or a test fails.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
build="${1:-$here/../../build-aarch64}"
cmake -S "$here" -B "$build" -G Ninja -DCMAKE_TOOLCHAIN_FILE="$here/aarch64-toolchain.cmake" >/dev/null
cmake --build "$build" -j2
qemu-aarch64 -L /usr/aarch64-linux-gnu "$build/simd_backend"
ctest --test-dir "$build" --output-on-failure
