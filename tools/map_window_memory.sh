#!/usr/bin/env bash
# Peak memory of the real window (the release `fray`) with a battle map at the picture limit
# (4,096 × 4,096 with transparency, 64 MiB of pixels, from tools/hostile_round3.py) under a
# 30 × 30 grid, for the README's hostile-input table: the GM's window for SECONDS, then the
# player window opened from the Players menu for SECONDS more, both screenshot into FOLDER
# (look at them: the map must be drawn), then closed. Under Xvfb with Mesa's software
# renderer, whose copy of each texture is in the process's memory (a GPU's would not be).
#
#   cargo build --release -p fray-ui --bin fray
#   bash tools/map_window_memory.sh [FRAY] [FOLDER] [SECONDS]
#
# Needs Xvfb, xdotool, ImageMagick's `import` and GNU time (/usr/bin/time). The menu is
# clicked where it stands at 100 % on a 1920 × 1080 screen.
set -euo pipefail
fray=$(realpath "${1:-target/release/fray}")
out=${2:-/tmp/hostile3}
secs=${3:-10}
here=$(dirname "$0")
python3 "$here/hostile_round3.py" "$out" >/dev/null
db="$out/map-window.db"
rm -f "$db" "$db-wal" "$db-shm"
"$fray" --db "$db" new Yard --system sovereign >/dev/null
"$fray" --db "$db" map import "$out/limit.dd2vtt" Yard >/dev/null
# The window opens the encounter it had open last: this one.
python3 -c "import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); \
c.execute(\"insert or replace into settings values('ui.last_encounter', '1')\"); c.commit()" "$db"

Xvfb :77 -screen 0 1920x1080x24 >/dev/null 2>&1 &
xvfb=$!
trap 'kill "$xvfb" 2>/dev/null || true' EXIT
export DISPLAY=:77
sleep 1
LIBGL_ALWAYS_SOFTWARE=1 /usr/bin/time -f "%e s %M KB" -o "$out/map-window.time" \
    "$fray" --db "$db" >/dev/null 2>&1 &
timer=$!
sleep "$secs"
import -window root "$out/map-window-gm.png"
xdotool mousemove 481 23 click 1
sleep 1
xdotool mousemove 550 61 click 1
sleep "$secs"
import -window root "$out/map-window-both.png"
pkill -TERM -P "$timer"
wait "$timer" || true
echo "peak with the map in both windows: $(tail -1 "$out/map-window.time")"
echo "screenshots: $out/map-window-gm.png, $out/map-window-both.png"
