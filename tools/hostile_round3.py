#!/usr/bin/env python3
"""Writes the third round's hostile files into a folder (default /tmp/hostile3), for the
hostile-input table of docs/performance.md: each is then given to the release `fray` under
`/usr/bin/time -f "%e s %M KB"` (the commands are printed at the end).

    python3 tools/hostile_round3.py [FOLDER]
"""

import base64
import json
import os
import struct
import sys
import zlib


def png(width, height, colour_type, row):
    """A PNG of `row` (the bytes of one row, filter byte excluded) repeated `height` times."""
    raw = (b"\x00" + row) * height
    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))
    header = struct.pack(">IIBBBBB", width, height, 8, colour_type, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def uvtt(size, picture, walls=()):
    return json.dumps({
        "format": 0.3,
        "resolution": {"map_origin": {"x": 0, "y": 0}, "map_size": {"x": size, "y": size},
                       "pixels_per_grid": 70},
        "line_of_sight": list(walls),
        "portals": [],
        "image": base64.b64encode(picture).decode() if picture else "",
    }, separators=(",", ":"))


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else "/tmp/hostile3"
    os.makedirs(out, exist_ok=True)
    files = {}
    # 1. YAML nested 100,000 deep: a block list in a list, and a flow list.
    files["deep.yaml"] = "name: Deep\nhp: 7\ntraits:\n  " + "- " * 100_000 + "x\n"
    files["deepflow.yaml"] = "name: Deep\nac: " + "[" * 100_000 + "]" * 100_000 + "\n"
    # 7. An alias bomb (9^9 copies of "lol").
    bomb = 'a: &a ["lol","lol","lol","lol","lol","lol"]\n'
    for prev, key in zip("abcdefgh", "bcdefghi"):
        bomb += f"{key}: &{key} [{','.join(['*' + prev] * 9)}]\n"
    files["bomb.yaml"] = bomb
    # 2. One pasted block of 9 MB of weapons; a Foundry actor with 100,000 items.
    files["hoard.txt"] = "Hoarder\nHP 4, " + ", ".join(["club d4"] * 1_000_000) + "\n"
    items = [{"name": f"Club {i}", "type": "item", "system": {"damageFormula": "d4"}}
             for i in range(100_000)]
    files["hoard-foundry.json"] = json.dumps({
        "name": "Hoarder", "type": "npc",
        "system": {"hp": {"max": 4}, "abilities": {"STR": 10, "DEX": 10, "WIL": 10}},
        "items": items})
    # 6. Numbers JSON cannot hold, and nesting past 128, in other tools' files.
    files["nan-ii.json"] = '[{"Name": "Orc", "HP": {"Value": NaN}}]'
    files["huge-5e.json"] = '[{"name": "Orc", "hit_points": 1e400}]'
    files["deep-foundry.json"] = ('{"name": "Troll", "type": "npc", "system": {"hp": '
                                  + "[" * 200 + "]" * 200 + "}}")
    # 11. A key given twice.
    files["twice-ii.json"] = '[{"Name": "Ogre", "HP": {"Value": 59, "Value": 5}}]'
    # 8. An 18 MB file whose unknown key is 10 MB.
    files["bigkey.json"] = ('{"fray": 1, "' + "k" * 10_000_000 + '": 1, "pad": "'
                            + "p" * 8_000_000 + '"}')
    # 10. The import caps: 20,000 creatures in just under 20 MB, each format; and a tenth
    # of them, to see how the time and the memory grow.
    desc = "Melee Weapon Attack: +5 to hit, reach 5 ft., one target. Hit: 9 (1d12 + 3) slashing."
    pad = "x" * 700
    for prefix, n in [("caps", 20_000), ("tenth", 2_000)]:
        files[f"{prefix}-ii.json"] = json.dumps([
            {"Name": f"Orc {i}", "HP": {"Value": 15}, "AC": {"Value": 13},
             "Actions": [{"Name": "Greataxe", "Content": desc}], "Description": pad}
            for i in range(n)])
        files[f"{prefix}-5e.json"] = json.dumps([
            {"name": f"Orc {i}", "hit_points": 15, "armor_class": 13,
             "actions": [{"name": "Greataxe", "desc": desc}], "desc": pad}
            for i in range(n)])
        files[f"{prefix}.yaml"] = "".join(
            f"- name: Orc {i}\n  hp: 15\n  ac: 13\n  actions:\n    - name: Greataxe\n"
            f"      desc: \"{desc}\"\n  traits:\n    - name: Lore\n      desc: {pad}\n"
            for i in range(n))
        files[f"{prefix}-foundry.json"] = json.dumps([
            {"name": f"Troll {i}", "type": "npc", "_id": f"t{i}",
             "system": {"hp": {"max": 6}, "abilities": {"STR": 12, "DEX": 8, "WIL": 6},
                        "description": pad},
             "items": [{"name": "Claws", "type": "weapon", "system": {"damageFormula": "d8"}}]}
            for i in range(n)])
    for name, text in files.items():
        with open(os.path.join(out, name), "w") as f:
            f.write(text)
    # 3. Picture bombs: an 8192² colour PNG in a .dd2vtt; a 4097² grey PNG; a million walls
    # outside the map; and a picture at the limit (4096² with transparency, 64 MiB read).
    big = png(8192, 8192, 2, bytes([90, 140, 60]) * 8192)
    maps = {
        "big.dd2vtt": uvtt(30, big),
        "limit.dd2vtt": uvtt(30, png(4096, 4096, 6, bytes([90, 140, 60, 255]) * 4096)),
        # One wall line of a million points, all outside the 10 × 10 map.
        "walls.dd2vtt": uvtt(10, None, [[{"x": 99, "y": 9 + i % 2} for i in range(1_000_000)]]),
    }
    for name, text in maps.items():
        with open(os.path.join(out, name), "w") as f:
            f.write(text)
    with open(os.path.join(out, "grey.png"), "wb") as f:
        f.write(png(4097, 4097, 0, bytes([128]) * 4097))
    # 12. The picture at the limit on its own, for `--example map_memory`.
    with open(os.path.join(out, "limit.png"), "wb") as f:
        f.write(png(4096, 4096, 6, bytes([90, 140, 60, 255]) * 4096))
    for name in sorted(os.listdir(out)):
        print(f"{os.path.getsize(os.path.join(out, name)):>12,}  {name}")


if __name__ == "__main__":
    main()
