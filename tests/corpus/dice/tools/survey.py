"""Builds tests/corpus/dice/peer-notations.tsv: the notations of three public dice libraries'
own tests and reference, with which of them take each.

Sources (checked-out repositories, paths given as arguments):
  rpg-dice-roller  tests/**/*.test.js  (dice-roller/rpg-dice-roller, MIT)
  d20              tests/test_dice.py  (avrae/d20, MIT)
  Roll20           roll20-examples.txt (the forms its Dice Reference documents; Roll20 runs no
                   code here, so what it takes is what it documents)
Each notation is tried with rpg-dice-roller (node, rpg-dice-roller-reads.mjs) and d20 (Python,
`pip install d20`). Columns: notation, rpg-dice-roller, d20, Roll20 (yes/no), then
rpg-dice-roller's lowest and highest total where it takes the notation.

usage: python3 survey.py RPG_DICE_ROLLER_REPO D20_REPO NODE_DIR > ../peer-notations.tsv
"""
import pathlib
import re
import subprocess
import sys

import d20

rpg_repo, d20_repo, node_dir = map(pathlib.Path, sys.argv[1:4])
here = pathlib.Path(__file__).parent

JS_CALL = re.compile(r"(?:Parser\.parse|new DiceRoll|\.roll)\(\s*(?:\{\s*notation:\s*)?'([^'\n]*)'")
JS_NAMED = re.compile(r"\bnotation\s*[:=]\s*'([^'\n]*)'")
PY_CALL = re.compile(r"\b(?:r|roll)\(\s*\"([^\"\n]*)\"")
PY_LIST = re.compile(r"^\s+\"([^\"\n]*)\",\s*$", re.M)


def ordered_unique(items):
    seen, out = set(), []
    for item in items:
        if item.strip() and item not in seen:
            seen.add(item)
            out.append(item)
    return out


js_notations = []
for path in sorted((rpg_repo / "tests").rglob("*.test.js")):
    text = path.read_text()
    js_notations += JS_CALL.findall(text) + JS_NAMED.findall(text)
py_text = (d20_repo / "tests" / "test_dice.py").read_text()
py_notations = PY_CALL.findall(py_text) + PY_LIST.findall(py_text)
roll20 = [
    line for line in (here / "roll20-examples.txt").read_text().splitlines()
    if line and not line.startswith("#")
]
notations = ordered_unique(js_notations + py_notations + roll20)
notations = [n for n in notations if "\t" not in n]

rpg = subprocess.run(
    ["node", str(here.resolve() / "rpg-dice-roller-reads.mjs")],
    input="\n".join(notations) + "\n", capture_output=True, text=True, cwd=node_dir, check=True,
).stdout.splitlines()
assert len(rpg) == len(notations), (len(rpg), len(notations))


def d20_takes(notation):
    try:
        d20.roll(notation)
        return True
    except Exception:  # d20's errors (syntax, too many rolls, bad values) all mean "refused"
        return False


print("notation\trpg-dice-roller\td20\troll20\trpg-min\trpg-max")
for notation, rpg_line in zip(notations, rpg):
    rpg_fields = rpg_line.split("\t")
    low, high = (rpg_fields[1], rpg_fields[2]) if rpg_fields[0] == "yes" else ("", "")
    row = [
        notation,
        rpg_fields[0],
        "yes" if d20_takes(notation) else "no",
        "yes" if notation in roll20 else "no",
        low,
        high,
    ]
    print("\t".join(row))
