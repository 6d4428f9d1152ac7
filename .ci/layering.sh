#!/usr/bin/env bash
# The layering check from DESIGN.md: every arrow points down.
#
#   fray-ui   (window, CLI)       may see everything
#   fray-data (SQLite storage)    must not see the window layer
#   fray-app  (pure core)         must not see the window layer nor storage
#
# It reads each crate's normal (non-dev, non-build) dependency tree with `cargo tree` and fails
# if a forbidden crate shows up anywhere in it, directly or through another dependency.
#
#   bash .ci/layering.sh              check the workspace
#   bash .ci/layering.sh --self-test  check the matching logic itself on made-up trees
set -euo pipefail

# crate -> crates it must never depend on (exact package names).
declare -A FORBIDDEN=(
  [fray-app]="egui eframe egui_kittest rusqlite libsqlite3-sys rusqlite_migration rfd image"
  [fray-data]="egui eframe egui_kittest rfd image"
)
ORDER=(fray-app fray-data)

# forbidden_found TREE NAME...: print each NAME that appears as a package in TREE, the output of
# `cargo tree --prefix none`, whose lines look like `name vX.Y.Z [(path)] [(*)]`.
forbidden_found() {
  local tree=$1
  shift
  local name
  for name in "$@"; do
    if grep -q -- "^$name v" <<<"$tree"; then
      printf '%s\n' "$name"
    fi
  done
}

self_test() {
  local tree fails=0
  tree=$'fray-app v0.1.0 (/w/app)\nserde v1.0.0\negui_kittest v0.37.0\nimage-webp v0.2.0\nrusqlite v0.40.2 (*)\nmy-egui v1.0.0'
  local got
  got=$(forbidden_found "$tree" egui eframe egui_kittest rusqlite image | tr '\n' ' ')
  if [ "$got" = "egui_kittest rusqlite " ]; then
    echo "self-test: ok (found: $got; egui, image not matched by egui_kittest, image-webp, my-egui)"
  else
    echo "self-test: FAILED, expected 'egui_kittest rusqlite ', got '$got'" >&2
    fails=1
  fi
  got=$(forbidden_found $'fray-data v0.1.0\nserde v1.0.0' egui eframe rfd image)
  if [ -z "$got" ]; then
    echo "self-test: ok (clean tree passes)"
  else
    echo "self-test: FAILED, clean tree reported '$got'" >&2
    fails=1
  fi
  return "$fails"
}

if [ "${1:-}" = "--self-test" ]; then
  self_test
  exit
fi

cd "$(dirname "$0")/.."

status=0
for crate in "${ORDER[@]}"; do
  read -r -a banned <<<"${FORBIDDEN[$crate]}"
  echo "layering: $crate must not depend on: ${banned[*]}"
  if ! tree=$(cargo tree --locked -p "$crate" -e normal --prefix none); then
    echo "layering: FAILED: 'cargo tree -p $crate' did not run" >&2
    exit 2
  fi
  found=$(forbidden_found "$tree" "${banned[@]}")
  if [ -z "$found" ]; then
    echo "layering:   ok ($(awk '{print $1}' <<<"$tree" | sort -u | wc -l) crates in its tree)"
    continue
  fi
  status=1
  for dep in $found; do
    echo "layering: FAILED: $crate depends on $dep; the arrows in DESIGN.md point the other way." >&2
    echo "layering:   how $dep gets in (cargo tree -p $crate -e normal -i $dep):" >&2
    cargo tree --locked -p "$crate" -e normal -i "$dep" 2>&1 | sed 's/^/layering:     /' >&2 || true
  done
done

if [ "$status" -eq 0 ]; then
  echo "layering: ok"
else
  echo "layering: FAILED (see above)" >&2
fi
exit "$status"
