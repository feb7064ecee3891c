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

# The first patch that removes a line (a patch may only add lines, as the @adonisjs/events one).
patch=""
for file in $(find "$copy/patches" -name '*.patch' | sort); do
  if grep -q -E '^-([^-]|-[^-]|--[^ ]|-?-?$)' "$file"; then
    patch=$file
    break
  fi
done
if [ -z "$patch" ]; then
  echo "patches_fail_loudly: no patch in patches/ removes a line, nothing to check"
  exit 0
fi
# Its first removed line no longer matches the installed file.
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
