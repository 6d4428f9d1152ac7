#!/usr/bin/env python3
"""Writes the OSE SRD's monster tables as the one-line stat blocks OSE adventures print.

Usage: ose-tables-to-lines.py ose-srd-monsters.md ose-srd-lines.txt

Each table under a heading becomes "Name: AC 6 [13], HD 4 (18hp), Att 2 × claw (1d3), ...":
the table's values unchanged, its labels shortened as the books shorten them. Nothing is
worked out or corrected; a value the table prints oddly is printed the same way here.
"""
import sys

SHORT = {
    "Armor Class": "AC",
    "Hit Dice": "HD",
    "Attacks": "Att",
    "THAC0": "THAC0",
    "Movement": "MV",
    "Saving Throws": "SV",
    "Morale": "ML",
    "Alignment": "AL",
    "XP": "XP",
    "Number Appearing": "NA",
    "Treasure Type": "TT",
}


def main(source, target):
    heading = None
    rows = []
    out = []

    def flush():
        if heading and rows:
            stats = ", ".join(f"{SHORT.get(label, label)} {value}" for label, value in rows)
            out.append(f"{heading}: {stats}")
        rows.clear()

    for line in open(source, encoding="utf-8"):
        line = line.strip()
        if line.startswith("#"):
            flush()
            heading = line.lstrip("#").strip().replace("*", "")
        elif line.startswith("|"):
            cells = [c.strip() for c in line.strip("|").split("|")]
            if len(cells) == 2 and not set(cells[0]) <= set("-: "):
                rows.append((cells[0].replace("*", ""), cells[1].replace("**", "")))
        elif rows and line and not set(line) <= set("-"):
            flush()
    flush()
    with open(target, "w", encoding="utf-8") as f:
        f.write("\n\n".join(out) + "\n")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
