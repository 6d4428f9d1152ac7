#!/usr/bin/env python3
"""Draw Fray's icons: the app emblem (an ivory d20 with an "F" on a dark teal rounded square)
and the default combatant token (a neutral grey disk with a bust silhouette).

    pip install pillow && python3 icons/generate.py

Writes the PNGs next to this script. The PNGs are committed; run this again only to change them.
Everything is drawn from geometry (no fonts), supersampled, then scaled down, so the output is the
same on every machine.
"""

import math
from pathlib import Path

from PIL import Image, ImageChops, ImageDraw, ImageFilter

HERE = Path(__file__).resolve().parent

# Palette.
TEAL_TOP = (24, 92, 90)
TEAL_BOTTOM = (9, 44, 49)
TEAL_RIM = (78, 160, 150)
INK = (10, 46, 50)  # facet seams and the letter
IVORY = {
    "center": (246, 238, 217),
    "upper": (232, 220, 192),
    "left": (214, 199, 166),
    "right": (192, 176, 143),
    "lower": (166, 149, 118),
}

APP_ICONS = {
    "32x32.png": 32,
    "128x128.png": 128,
    "256x256.png": 256,
    "icon.png": 512,
}


def lerp(a, b, t):
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b))


def vertical_gradient(size, top, bottom):
    column = Image.new("RGB", (1, size))
    for y in range(size):
        column.putpixel((0, y), lerp(top, bottom, y / max(size - 1, 1)))
    return column.resize((size, size))


def rounded_mask(size, inset, radius):
    mask = Image.new("L", (size, size), 0)
    ImageDraw.Draw(mask).rounded_rectangle(
        (inset, inset, size - 1 - inset, size - 1 - inset), radius=radius, fill=255
    )
    return mask


def d20_faces(cx, cy, r):
    """The ten visible faces of a d20 seen point-on: a hexagon split around a central triangle."""

    def at(ox, oy, rad, deg):
        a = math.radians(deg)
        return (ox + rad * math.cos(a), oy + rad * math.sin(a))

    v = [at(cx, cy, r, -90 + 60 * i) for i in range(6)]  # top, clockwise
    icx, icy, ir = cx, cy + 0.08 * r, 0.62 * r
    t0, t1, t2 = (at(icx, icy, ir, d) for d in (-90, 30, 150))  # top, lower right, lower left
    return [
        ("upper", (v[5], v[0], t0)),
        ("upper", (v[0], v[1], t0)),
        ("right", (v[1], t1, t0)),
        ("right", (v[1], v[2], t1)),
        ("lower", (v[2], v[3], t1)),
        ("lower", (t1, v[3], t2)),
        ("lower", (v[3], v[4], t2)),
        ("left", (v[4], v[5], t2)),
        ("left", (v[5], t0, t2)),
        ("center", (t0, t1, t2)),
    ], v, (icx, icy)


def letter_f(draw, cx, cy, h, fill):
    """A geometric capital F of height h centred on (cx, cy)."""
    w, s = 0.70 * h, 0.22 * h
    x0, y0 = cx - w / 2, cy - h / 2
    draw.rectangle((x0, y0, x0 + s, y0 + h), fill=fill)  # stem
    draw.rectangle((x0, y0, x0 + w, y0 + s), fill=fill)  # top arm
    draw.rectangle((x0, y0 + 0.42 * h, x0 + 0.80 * w, y0 + 0.42 * h + s), fill=fill)  # middle arm


def app_icon(size):
    ss = max(4, 2048 // size)  # supersampling factor
    S = size * ss
    inset = round(0.035 * S)
    radius = round(0.22 * S)

    icon = Image.new("RGBA", (S, S), (0, 0, 0, 0))
    icon.paste(vertical_gradient(S, TEAL_TOP, TEAL_BOTTOM), (0, 0), rounded_mask(S, inset, radius))

    # A thin lighter rim just inside the edge.
    rim = Image.new("RGBA", (S, S), (0, 0, 0, 0))
    rim_w = max(round(0.012 * S), ss)
    ImageDraw.Draw(rim).rounded_rectangle(
        (inset + rim_w, inset + rim_w, S - 1 - inset - rim_w, S - 1 - inset - rim_w),
        radius=radius - rim_w,
        outline=TEAL_RIM + (90,),
        width=rim_w,
    )
    icon = Image.alpha_composite(icon, rim)

    # Small icons get a bigger die and no letter: detail below ~6 px turns into noise.
    small = size <= 48
    r = (0.40 if small else 0.355) * S
    cx, cy = S / 2, S / 2 + 0.01 * S
    faces, hexagon, (icx, icy) = d20_faces(cx, cy, r)

    shadow = Image.new("RGBA", (S, S), (0, 0, 0, 0))
    ImageDraw.Draw(shadow).polygon(
        [(x, y + 0.025 * S) for x, y in hexagon], fill=(0, 0, 0, 120)
    )
    icon = Image.alpha_composite(icon, shadow.filter(ImageFilter.GaussianBlur(0.02 * S)))

    die = Image.new("RGBA", (S, S), (0, 0, 0, 0))
    d = ImageDraw.Draw(die)
    for shade, tri in faces:
        d.polygon(tri, fill=IVORY[shade] + (255,))
    seam = max(round((0.045 if small else 0.016) * S), round(1.2 * ss))
    for _, tri in faces:
        d.line(list(tri) + [tri[0]], fill=INK + (255,), width=seam, joint="curve")
    d.polygon(hexagon, outline=INK + (255,), width=seam)
    if not small:
        letter_f(d, icx, icy + 0.04 * r, 0.43 * r, INK + (255,))
    icon = Image.alpha_composite(icon, die)

    return icon.resize((size, size), Image.LANCZOS)


def token_default(size=128):
    ss = 16
    S = size * ss
    token = Image.new("RGBA", (S, S), (0, 0, 0, 0))
    pad = round(0.03 * S)
    disk = (pad, pad, S - 1 - pad, S - 1 - pad)

    mask = Image.new("L", (S, S), 0)
    ImageDraw.Draw(mask).ellipse(disk, fill=255)
    token.paste(vertical_gradient(S, (160, 168, 176), (110, 119, 129)), (0, 0), mask)

    # Bust silhouette: head and shoulders, clipped to the disk.
    bust = Image.new("RGBA", (S, S), (0, 0, 0, 0))
    b = ImageDraw.Draw(bust)
    fill = (216, 221, 226, 255)
    head_r = 0.17 * S
    b.ellipse((S / 2 - head_r, 0.40 * S - head_r, S / 2 + head_r, 0.40 * S + head_r), fill=fill)
    b.ellipse((0.20 * S, 0.64 * S, 0.80 * S, 1.20 * S), fill=fill)
    bust.putalpha(ImageChops.multiply(bust.getchannel("A"), mask))
    token = Image.alpha_composite(token, bust)

    # Rim: a darker slate ring with a faint highlight inside it.
    ring = Image.new("RGBA", (S, S), (0, 0, 0, 0))
    rd = ImageDraw.Draw(ring)
    rw = round(0.06 * S)
    rd.ellipse(disk, outline=(62, 72, 84, 255), width=rw)
    hl = (disk[0] + rw, disk[1] + rw, disk[2] - rw, disk[3] - rw)
    rd.ellipse(hl, outline=(235, 238, 242, 70), width=round(0.012 * S))
    token = Image.alpha_composite(token, ring)

    return token.resize((size, size), Image.LANCZOS)


def save(img, name):
    path = HERE / name
    img.save(path, optimize=True)
    print(f"wrote {path.relative_to(HERE.parent)} {img.size[0]}x{img.size[1]} {img.mode}")


def main():
    for name, size in APP_ICONS.items():
        save(app_icon(size), name)
    # The Windows installer's icon: every size Windows asks for, in one file.
    app_icon(256).save(HERE / "icon.ico", sizes=[(16, 16), (32, 32), (48, 48), (128, 128), (256, 256)])
    save(token_default(128), "token-default.png")


if __name__ == "__main__":
    main()
