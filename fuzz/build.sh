#!/usr/bin/env bash
# Builds the libFuzzer targets into build-fuzz/ with Debian's clang
# (ASan + UBSan + libFuzzer). Installs clang and its runtimes if missing.
set -euo pipefail
cd "$(dirname "$0")/.."
packages=(clang libclang-rt-14-dev)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "fuzz: installing ${missing[*]}"
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get update -qq
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}"
fi
CC=clang CXX=clang++ cmake -S . -B build-fuzz -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g" \
  -DTABULA_FUZZ=ON -DTABULA_TESTS=OFF -DTABULA_BENCH=OFF >/dev/null
cmake --build build-fuzz -j "${TABULA_JOBS:-2}" --target fuzz_manifest fuzz_log fuzz_scenario fuzz_choices fuzz_decide
