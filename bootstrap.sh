#!/usr/bin/env bash
# Installs what Tabula needs from Debian 12 packages and builds it in build/.
# Safe to run again: apt-get skips what is there, the build is incremental.
set -euo pipefail
cd "$(dirname "$0")"

packages=(g++ cmake ninja-build pkg-config liblua5.4-dev libtomlplusplus-dev nlohmann-json3-dev
          libcli11-dev libgtest-dev libbenchmark-dev python3-jsonschema lua-check
          libcpp-httplib-dev)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "bootstrap: installing ${missing[*]}"
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get update -qq
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}"
fi

build_type="${TABULA_BUILD_TYPE:-Release}"
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE="$build_type" >/dev/null
cmake --build build -j "$(nproc)"
echo "bootstrap: built build/tools/tabula ($build_type)"
