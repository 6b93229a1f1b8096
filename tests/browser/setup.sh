#!/usr/bin/env bash
# What the browser tests need: Debian's chromium and nodejs, and
# playwright-core from npm (tests only; it downloads no browser).
set -euo pipefail
cd "$(dirname "$0")"
missing=()
for p in chromium nodejs npm; do
  command -v "$p" >/dev/null 2>&1 || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get update -qq
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}"
fi
npm ci --no-audit --no-fund --silent
echo "browser tests: $(chromium --version 2>/dev/null), playwright-core $(node -p "require('./node_modules/playwright-core/package.json').version")"
