#!/usr/bin/env bash
# Checks Fray's .deb end to end on this Debian 12 machine (run as root, from the repository
# root, after `cargo xtask bundle --types deb`):
# - Depends names exactly what the binary links (ldd + dpkg -S) and opens at run time, and no
#   WebKit or GTK;
# - lintian finds no error; the AppStream metainfo validates;
# - it installs with dpkg -i; `fray` is on the PATH; `man fray` and the bash, zsh and fish
#   completions are where those tools look; `fray --version` prints tauri.conf.json's
#   version; `fray roll d6` rolls;
# - the desktop entry's StartupWMClass is the window's app id, and the hicolor theme has the
#   icon at 32, 128 and 256;
# - the window opens under Xvfb with that class and its icon;
# - uninstalling leaves the user's data (the per-user data folder) untouched.
set -euo pipefail

# Cargo's output folder: CARGO_TARGET_DIR when a shared build cache is used, else ./target.
target="${CARGO_TARGET_DIR:-target}"
# Where the bundler put the binary and its packages: the release build's folder, or
# target/debug/installer for `cargo xtask bundle --profile dev` (FRAY_BUNDLE_DIR says which).
built="${FRAY_BUNDLE_DIR:-$target/release}"

fail() {
  echo "deb check: $*" >&2
  exit 1
}

deb=$(ls "$built"/bundle/deb/*.deb 2>/dev/null | head -1)
[ -n "$deb" ] || fail "no .deb under $built/bundle/deb (run cargo xtask bundle --types deb)"
version=$(python3 -c 'import json; print(json.load(open("tauri.conf.json"))["version"])')
echo "package: $deb (version $version)"

# Debian's own checks: no error (warnings and notes are printed, not fatal).
lintian_out=$(lintian --tag-display-limit 0 "$deb" 2>&1 | grep -v 'running with root privileges' || true)
[ -z "$lintian_out" ] || echo "$lintian_out"
if grep -q '^E: ' <<<"$lintian_out"; then fail "lintian finds errors in $deb"; fi
echo "lintian: no error"
# The AppStream metainfo, as software centres read it.
metainfo=$(mktemp -d)
dpkg-deb -x "$deb" "$metainfo"
appstreamcli validate --no-net --pedantic "$metainfo/usr/share/metainfo/app.fray.desktop.metainfo.xml" \
  || fail "the metainfo file does not validate"

depends=$(dpkg-deb -f "$deb" Depends)
echo "Depends: $depends"
if grep -Eiq 'webkit|gtk' <<<"$depends"; then fail "Depends names WebKit or GTK"; fi
for lib in $(ldd "$built"/fray | awk '/=>/ {print $3}'); do
  pkg=$(dpkg -S "$lib" | cut -d: -f1)
  grep -Eq "(^|, )$pkg(,|$| )" <<<"$depends" || fail "$lib ($pkg) is linked but not in Depends"
done

# The packages Depends names, then the package itself with dpkg -i.
IFS=',' read -r -a wanted <<<"$depends"
apt-get install -y -qq --no-install-recommends -o Dpkg::Use-Pty=0 "${wanted[@]// /}" >/dev/null
dpkg -i "$deb"

[ "$(command -v fray)" = /usr/bin/fray ] || fail "fray is not on the PATH"
[ "$(fray --version)" = "fray $version" ] || fail "fray --version says '$(fray --version)'"
fray roll d6 | grep -Eq '^d6: \[[1-6]\] = [1-6]$' || fail "fray roll d6 did not roll"
# The manual page and the shell completions, where man and the shells look for them.
man -w fray | grep -q '^/usr/share/man/man1/fray.1.gz$' || fail "man does not find fray's page"
MANWIDTH=100 man fray-map-import 2>/dev/null | grep -q 'objects-as-walls' \
  || fail "no manual page for fray map import"
for f in /usr/share/bash-completion/completions/fray /usr/share/zsh/vendor-completions/_fray \
  /usr/share/fish/vendor_completions.d/fray.fish; do
  grep -q 'export-library' "$f" || fail "no completions in $f"
done

desktop=/usr/share/applications/Fray.desktop
grep -qx 'StartupWMClass=fray' "$desktop" || fail "no StartupWMClass=fray in $desktop"
grep -qx 'Exec=fray' "$desktop" || fail "no Exec=fray in $desktop"
for size in 32 128 256; do
  icon=/usr/share/icons/hicolor/${size}x${size}/apps/fray.png
  [ -f "$icon" ] || fail "no $icon"
done

# The installed window, under a virtual display, with a home of its own.
home=$(mktemp -d)
export HOME=$home XDG_DATA_HOME=$home/.local/share
xvfb-run -a -s "-screen 0 1920x1080x24" bash -c '
  LIBGL_ALWAYS_SOFTWARE=1 fray >/tmp/fray-deb-window.log 2>&1 &
  pid=$!
  for _ in $(seq 1 60); do
    win=$(xdotool search --class fray 2>/dev/null | head -1) && [ -n "$win" ] && break
    sleep 0.5
  done
  [ -n "${win:-}" ] || { echo "no window with class fray"; cat /tmp/fray-deb-window.log; kill $pid; exit 1; }
  sleep 2
  xprop -id "$win" WM_CLASS | grep -q "\"fray\"" || { echo "WM_CLASS is not fray"; kill $pid; exit 1; }
  xprop -id "$win" _NET_WM_ICON | grep -q "=" || { echo "the window has no icon"; kill $pid; exit 1; }
  echo "window $win: $(xprop -id "$win" WM_CLASS), with an icon"
  kill $pid
  wait $pid 2>/dev/null || true
'
data=$XDG_DATA_HOME/fray/fray.db
[ -f "$data" ] || fail "the window made no database at $data"

dpkg -r fray >/dev/null
[ ! -e /usr/bin/fray ] || fail "/usr/bin/fray is still there after dpkg -r"
[ -f "$data" ] || fail "uninstalling removed the user's data"
rm -rf "$home"
echo "deb check: ok"
