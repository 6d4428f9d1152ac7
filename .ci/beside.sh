#!/usr/bin/env bash
# What CI builds beside the workspace's build and its tests (started by .ci/run, niced, its
# output in a log that .ci/run prints when it waits for it): the Windows check, then xtask's
# build. Neither needs what the other steps make, and the machine has two cores the build
# leaves partly idle (187 % busy) and the tests more: what runs here takes only what the
# foreground leaves, instead of some eight minutes of its own after it.
set -euo pipefail

cd "$(dirname "$0")/.."

WINDOWS_TARGET=x86_64-pc-windows-gnu
# A folder of its own: cargo holds one build folder for one build at a time, and the build
# beside this one holds `target`.
WINDOWS_DIR="${CARGO_TARGET_DIR:-target}/windows-check"

with_clippy() {
  RUSTC_WORKSPACE_WRAPPER="$(rustup which clippy-driver)" \
    CLIPPY_ARGS="-D__CLIPPY_HACKERY__warnings__CLIPPY_HACKERY__" "$@"
}

# Windows, checked here: a Unix-only call, path or dependency fails this, not the next
# release. What ships is checked: every library and binary of the workspace (with the code
# gated to Windows, `#[cfg(windows)]` in `data/src/files.rs`). The tests and the benches run on
# the release workflow's Windows runner; checking them here too brought in the test-only
# dependencies for Windows (wgpu with DirectX and Vulkan, its shader compiler, criterion,
# proptest: some 150 s of the check's 554 s of compiling) for code with nothing of Windows in it
# but two tests of `files.rs`. (Checking fray-data's tests alone was a second build: with one
# package chosen, its dependencies' features differ, and half of them were checked again.)
# The C of SQLite is compiled unoptimised for this check (`-O0` after the build's `-O2`): the
# check links nothing and runs nothing, and the optimised compile was the longest single step
# of the check (46 s of its 192, everything else waiting for it).
start=$SECONDS
echo "== cargo clippy --target $WINDOWS_TARGET --workspace --lib --bins --locked -- -D warnings"
CFLAGS_x86_64_pc_windows_gnu=-O0 CARGO_TARGET_DIR="$WINDOWS_DIR" \
  cargo clippy --target "$WINDOWS_TARGET" --workspace --lib --bins --locked -- -D warnings
# ui/build.rs ran for Windows there: fray.exe's icon and version information must have been
# compiled into a resource object (a missing windres fails the build script itself).
res_obj=$(ls -t "$WINDOWS_DIR/$WINDOWS_TARGET"/debug/build/fray-ui-*/out/main_res.o | head -1)
x86_64-w64-mingw32-objdump -h "$res_obj" | grep -q '\.rsrc' || {
  echo "no .rsrc in $res_obj"
  exit 1
}
echo "Windows resources: $res_obj has its .rsrc section"
# Nothing later reads the Windows check's output (3 GB): freed, unless the build folder is a
# cache shared from outside this clone (CARGO_TARGET_DIR), which is kept for the next run.
if [ -z "${CARGO_TARGET_DIR:-}" ]; then rm -rf "$WINDOWS_DIR"; fi
echo "-- the Windows check: ok in $((SECONDS - start))s"

# xtask, linted as it is built (clippy-driver, as .ci/run builds the workspace), so that the
# installer step's `cargo run` of it finds it built. Built without its downloads (the tools
# AppImage and MSI bundling fetch over TLS, which a .deb never needs): the same bundler, some
# 20 crates fewer.
start=$SECONDS
echo "== xtask: cargo fmt --check, and its build (clippy-driver, -D warnings)"
cargo fmt --manifest-path xtask/Cargo.toml --check
with_clippy cargo build --locked --manifest-path xtask/Cargo.toml --no-default-features
echo "-- xtask: ok in $((SECONDS - start))s"
