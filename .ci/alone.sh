#!/usr/bin/env bash
# Every test that reads without a window, run alone in its own process.
#
# The core learns the procedures at run time (`fray_app::systems::install`, ARCHITECTURE.md,
# "Adding a procedure"). A test that reads journals or stat blocks without opening a store must
# install them itself; one that forgets passes in a full run whenever another test of its binary
# installed them first, and fails alone. Running each test in a process of its own finds it.
# The window tests (they open a store first) and the CLI tests (they run the binary, whose main
# installs) are left out: they take minutes and cannot forget.
#
#   bash .ci/alone.sh              build the test binaries if needed, run each test alone
#   bash .ci/alone.sh --self-test  check that a test which depends on another one is caught
set -euo pipefail
cd "$(dirname "$0")/.."

# run_alone BINARY...: runs every test of each binary in a process of its own, two at a time;
# prints each that fails and fails when one does.
run_alone() {
  local list
  list=$(for bin in "$@"; do
    "$bin" --list --format terse 2>/dev/null | sed -n 's/: test$//p' | sed "s#^#$bin\t#"
  done)
  local count
  count=$(grep -c . <<<"$list" || true)
  local failed
  failed=$(xargs -r -P2 -d '\n' -n1 bash -c '
      bin=${0%%	*}; name=${0#*	}
      "$bin" --exact "$name" --quiet >/dev/null 2>&1 || printf "%s %s\n" "$(basename "$bin")" "$name"
    ' <<<"$list")
  if [ -n "$failed" ]; then
    echo "alone: these tests fail when run alone (do they install the procedures?):" >&2
    sed 's/^/alone:   /' <<<"$failed" >&2
    return 1
  fi
  echo "alone: all $count tests pass, each in a process of its own"
}

self_test() {
  local dir
  dir=$(mktemp -d)
  cat >"$dir/t.rs" <<'EOF'
use std::sync::OnceLock;
static SET: OnceLock<()> = OnceLock::new();
#[test]
fn sets() {
    SET.get_or_init(|| ());
}
#[test]
fn needs_it_set() {
    std::thread::sleep(std::time::Duration::from_millis(200));
    assert!(SET.get().is_some());
}
EOF
  rustc --edition 2021 --test -o "$dir/t" "$dir/t.rs" >/dev/null 2>&1
  if "$dir/t" --quiet >/dev/null 2>&1 && ! run_alone "$dir/t" >/dev/null 2>&1; then
    echo "self-test: ok (a test that passes only after another one is caught)"
    rm -r "$dir"
  else
    echo "self-test: FAILED, a test that needs another one was not caught" >&2
    rm -r "$dir"
    return 1
  fi
}

if [ "${1:-}" = "--self-test" ]; then
  self_test
  exit
fi

# The test binaries of the workspace, as cargo names them (built already by the test step).
mapfile -t bins < <(
  cargo test --workspace --locked --no-run --message-format=json 2>/dev/null |
    python3 -c '
import json, sys, os
for line in sys.stdin:
    m = json.loads(line)
    exe = m.get("executable")
    if m.get("reason") != "compiler-artifact" or not exe or not m.get("profile", {}).get("test"):
        continue
    name = m["target"]["name"]
    # The window tests open a store first; the CLI tests run the binary; the core installs
    # for its own tests.
    if name.startswith(("window_", "cli")) or name in ("fray_app", "fray", "trials", "installer_config"):
        continue
    print(exe)
'
)
echo "alone: ${#bins[@]} test binaries"
run_alone "${bins[@]}"
