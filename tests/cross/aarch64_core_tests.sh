#!/usr/bin/env bash
# aarch64_core_tests.sh [BUILD_DIR]: builds anim_core and its unit suites for 64-bit ARM (the
# NEON backend of core/src/simd4.h) and runs them under qemu-aarch64. Needs Debian's
# g++-aarch64-linux-gnu and qemu-user. Exits non-zero when a build or a test fails, or when
# simd4.h did not pick NEON.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
build="${1:-$here/../../build-aarch64}"
start=$(date +%s)

for tool in aarch64-linux-gnu-g++ qemu-aarch64; do
  if ! command -v "$tool" >/dev/null; then
    echo "aarch64_core_tests.sh: no $tool (apt-get install g++-aarch64-linux-gnu qemu-user)" >&2
    exit 2
  fi
done

cmake -S "$here" -B "$build" -G Ninja \
  -DCMAKE_TOOLCHAIN_FILE="$here/aarch64-toolchain.cmake" >/dev/null
nice cmake --build "$build" -j2

backend="$(qemu-aarch64 -L /usr/aarch64-linux-gnu "$build/simd_backend")"
echo "$backend"
if [ "$backend" != "simd4 backend: neon" ]; then
  echo "aarch64_core_tests.sh: expected the NEON backend" >&2
  exit 1
fi
ctest --test-dir "$build" --output-on-failure
echo "aarch64_core_tests.sh: $(( $(date +%s) - start )) s"
