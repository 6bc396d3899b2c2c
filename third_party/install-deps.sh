#!/usr/bin/env bash
# Installs the Debian 12 packages animscope builds, tests and runs with: clang and lld build it by
# default (CMakeLists.txt), and clang's runtime libraries bring libFuzzer and the sanitizers.
# Idempotent: apt-get skips what is already installed. Run as root (or via sudo).
set -euo pipefail

packages=(
  build-essential cmake ninja-build pkg-config
  libimgui-dev libsdl2-dev python3-glad libglm-dev libassimp-dev
  nlohmann-json3-dev libcli11-dev libgtest-dev libgmock-dev libbenchmark-dev libstb-dev
  xvfb xauth mesa-utils libgl1-mesa-dri libegl1 libgl-dev
  assimp-testmodels python3-jsonschema fonts-dejavu-core
  clang libclang-rt-14-dev lld
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ "${#missing[@]}" -eq 0 ]; then
  echo "install-deps: all packages present"
  exit 0
fi

SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
