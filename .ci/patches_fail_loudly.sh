#!/usr/bin/env bash
# CI: `npm ci` must fail loudly when a patch in patches/ no longer applies (postinstall runs
# `patch-package --error-on-fail`). Installs a copy of the committed tree with one patch
# corrupted, outside CI's environment (patch-package fails by itself on some CI systems, so
# the flag, not the environment, is what this proves), and expects a non-zero exit with
# patch-package's error.
set -euo pipefail
cd "$(dirname "$0")/.."

copy=$(mktemp -d)
trap 'rm -rf "$copy"' EXIT
git archive HEAD | tar -x -C "$copy"

patch=$(find "$copy/patches" -name '*.patch' | sort | head -n 1)
if [ -z "$patch" ]; then
  echo "patches_fail_loudly: no patch in patches/, nothing to check"
  exit 0
fi
# The first removed line of the first hunk no longer matches the installed file.
awk '!done && /^-/ && !/^--- / { print $0 " /* corrupted by patches_fail_loudly.sh */"; done = 1; next } { print }' \
  "$patch" >"$patch.tmp"
mv "$patch.tmp" "$patch"

log="$copy/npm-ci.log"
status=0
(cd "$copy" && env -i PATH="$PATH" HOME="$HOME" npm ci --no-audit --no-fund --prefer-offline) \
  >"$log" 2>&1 || status=$?

if [ "$status" -eq 0 ]; then
  echo "patches_fail_loudly: npm ci succeeded with $(basename "$patch") corrupted" >&2
  tail -n 40 "$log" >&2
  exit 1
fi
if ! grep -q 'Failed to apply patch' "$log"; then
  echo "patches_fail_loudly: npm ci failed ($status), but not with patch-package's error" >&2
  tail -n 40 "$log" >&2
  exit 1
fi
echo "patches_fail_loudly: npm ci exits $status when $(basename "$patch") does not apply"
