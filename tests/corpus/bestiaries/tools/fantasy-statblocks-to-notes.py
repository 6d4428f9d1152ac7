"""Writes Fantasy Statblocks' bundled SRD bestiary as the Obsidian notes its users keep: one
`statblock` fence per creature, in YAML, as the plugin renders them.

Input: the plugin's src/bestiary/srd-bestiary.ts turned into JSON by node (its array, as is).
Each creature's keys and values are written unchanged, in the plugin's order.
"""
import json
import sys

import yaml

creatures = json.load(open(sys.argv[1]))
out = ["# Fantasy Statblocks' SRD bestiary, as statblock notes", ""]
for c in creatures:
    out.append(f"## {c['name']}")
    out.append("")
    out.append("```statblock")
    out.append(yaml.safe_dump(c, sort_keys=False, allow_unicode=True, width=100).rstrip())
    out.append("```")
    out.append("")
open(sys.argv[2], "w").write("\n".join(out))
