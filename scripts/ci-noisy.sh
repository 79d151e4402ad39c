#!/usr/bin/env bash
# `make test` (through .ci/run, as CI runs it) from a fresh clone of this repository while two
# CPU-bound processes of this script keep both cores busy: a noisy neighbour. The two are stopped
# afterwards, whatever happens.
#
#   scripts/ci-noisy.sh [commit-ish]      (default: HEAD; committed work only, as CI sees it)
#
# The clone goes to a new folder under ${TMPDIR:-/tmp}; it is removed when the run passes and kept
# (its path printed) when it fails. Exit code: make test's.
set -euo pipefail
repo=$(git -C "$(dirname "${BASH_SOURCE[0]}")/.." rev-parse --show-toplevel)
ref=${1:-HEAD}
work=$(mktemp -d "${TMPDIR:-/tmp}/tb-noisy.XXXXXX")
git clone -q "$repo" "$work/clone"
git -C "$work/clone" checkout -q "$ref"

burn() { while :; do :; done; }
burn & hog1=$!
burn & hog2=$!
stop_hogs() { kill "$hog1" "$hog2" 2>/dev/null || true; wait "$hog1" "$hog2" 2>/dev/null || true; }
trap stop_hogs EXIT

echo "ci-noisy: $(git -C "$work/clone" rev-parse --short HEAD) in $work/clone; busy loops $hog1 and $hog2 on $(nproc) cores"
start=$(date +%s)
status=0
(cd "$work/clone" && .ci/run) || status=$?
took=$(( $(date +%s) - start ))
stop_hogs
echo "ci-noisy: make test exited $status after ${took} s ($(( took / 60 )) min $(( took % 60 )) s) beside two busy loops"
if [ "$status" -eq 0 ]; then rm -rf "$work"; else echo "ci-noisy: the clone is kept in $work/clone"; fi
exit "$status"
