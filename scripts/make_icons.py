#!/usr/bin/env python3
"""Draw the Time & Barons app icons as PNG files, with the standard library only.

The design is a golden hourglass (time) under a small crown (barons) on a royal
purple background. Three files are written into ``public/icons/``:

- ``icon-192.png`` and ``icon-512.png``: rounded square, transparent corners;
- ``icon-maskable-512.png``: full-bleed background, the artwork kept inside the
  central 80 % circle (the maskable-icon safe zone), so any mask shape keeps it;
- ``icon-32.png``: the favicon (its own file: a browser fetches the favicon with a loader of
  its own, so sharing the header logo's file would download that file twice).

The PNGs are committed; run this script again only when the design changes:

    python3 scripts/make_icons.py [--out public/icons]
"""

from __future__ import annotations

import argparse
import struct
import zlib
from collections.abc import Callable
from pathlib import Path

RGBA = tuple[int, int, int, int]

BACKGROUND: RGBA = (43, 29, 58, 255)  # #2b1d3a, also the manifest theme colour
BACKGROUND_EDGE: RGBA = (30, 20, 42, 255)
GOLD: RGBA = (217, 164, 65, 255)  # frame and crown
GLASS: RGBA = (243, 233, 210, 255)  # glass outline
GLASS_FILL: RGBA = (72, 55, 92, 255)  # inside of the glass
SAND: RGBA = (240, 180, 41, 255)
TRANSPARENT: RGBA = (0, 0, 0, 0)


def _in_rounded_rect(x: float, y: float, x0: float, y0: float, x1: float, y1: float, r: float) -> bool:
    if x < x0 or x > x1 or y < y0 or y > y1:
        return False
    cx = min(max(x, x0 + r), x1 - r)
    cy = min(max(y, y0 + r), y1 - r)
    return (x - cx) ** 2 + (y - cy) ** 2 <= r * r


def _glass_half_width(y: float) -> float:
    """Half-width of the hourglass outline at height y (content units, y in [-0.62, 0.62])."""
    return 0.07 + 0.43 * (abs(y) / 0.62) ** 0.9


def artwork(x: float, y: float) -> RGBA | None:
    """Colour of the artwork at (x, y) in content units [-1, 1]², y pointing down; None = background."""
    # Crown above the top bar: a band with three points.
    if -0.98 <= y <= -0.78 and abs(x) <= 0.5:
        if y >= -0.86:
            return GOLD
        for px in (-0.42, 0.0, 0.42):  # three triangular points
            half = 0.13 * (y + 0.98) / 0.12
            if abs(x - px) <= half:
                return GOLD
    # Top and bottom bars of the frame.
    if _in_rounded_rect(x, y, -0.66, -0.76, 0.66, -0.62, 0.05):
        return GOLD
    if _in_rounded_rect(x, y, -0.66, 0.62, 0.66, 0.76, 0.05):
        return GOLD
    # Glass.
    if -0.62 < y < 0.62:
        half = _glass_half_width(y)
        if abs(x) <= half:
            inner = half - 0.06
            if abs(x) > inner:
                return GLASS
            # Sand in the top bulb: the lower part, with a level surface.
            if -0.30 <= y <= -0.06:
                return SAND
            # The falling stream.
            if 0.0 <= y <= 0.6 and abs(x) <= 0.025:
                return SAND
            # The pile in the bottom bulb: a mound.
            if y >= 0.62 - 0.30 * max(0.0, 1.0 - (abs(x) / 0.45) ** 2) - 0.02 and y >= 0.25:
                return SAND
            return GLASS_FILL
    return None


def make_shader(size: int, maskable: bool) -> Callable[[float, float], RGBA]:
    # Content scale: the artwork spans [-1, 1]², scaled into the icon.
    # For the maskable icon the artwork's bounding circle (radius ~1.1 units) must
    # fit inside a circle of radius 0.40*size: scale = 0.40 / 1.12 of the size.
    scale = (0.40 / 1.12) if maskable else 0.40
    corner = 0.0 if maskable else 0.19

    def shade(px: float, py: float) -> RGBA:
        u, v = px / size, py / size  # [0, 1]
        if not maskable and not _in_rounded_rect(u, v, 0.0, 0.0, 1.0, 1.0, corner):
            return TRANSPARENT
        x, y = (u - 0.5) / scale, (v - 0.5) / scale
        colour = artwork(x, y)
        if colour is not None:
            return colour
        # A soft radial vignette on the background.
        d = min(1.0, ((u - 0.5) ** 2 + (v - 0.5) ** 2) ** 0.5 / 0.72)
        return tuple(round(a + (b - a) * d * d) for a, b in zip(BACKGROUND, BACKGROUND_EDGE, strict=True))  # type: ignore[return-value]

    return shade


def render(size: int, maskable: bool) -> list[bytes]:
    """Rows of RGBA bytes, anti-aliased by 4x4 supersampling at shape edges only."""
    shade = make_shader(size, maskable)
    n = 4
    offsets = [(i + 0.5) / n for i in range(n)]
    rows: list[bytes] = []
    for j in range(size):
        row = bytearray()
        for i in range(size):
            corners = {shade(i + 0.05, j + 0.05), shade(i + 0.95, j + 0.05), shade(i + 0.05, j + 0.95),
                       shade(i + 0.95, j + 0.95), shade(i + 0.5, j + 0.5)}
            if len(corners) == 1:
                row += bytes(corners.pop())
                continue
            acc = [0.0, 0.0, 0.0, 0.0]
            for oy in offsets:
                for ox in offsets:
                    r, g, b, a = shade(i + ox, j + oy)
                    acc[0] += r * a
                    acc[1] += g * a
                    acc[2] += b * a
                    acc[3] += a
            alpha = acc[3]
            if alpha == 0:
                row += bytes(TRANSPARENT)
            else:
                row += bytes((round(acc[0] / alpha), round(acc[1] / alpha), round(acc[2] / alpha),
                              round(alpha / (n * n))))
        rows.append(bytes(row))
    return rows


def png_bytes(rows: list[bytes], size: int) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    raw = b"".join(b"\x00" + row for row in rows)  # filter type 0 on every row
    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)  # 8-bit RGBA
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(Path(__file__).resolve().parent.parent / "public" / "icons"))
    args = parser.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for name, size, maskable in (("icon-192.png", 192, False), ("icon-512.png", 512, False),
                                 ("icon-maskable-512.png", 512, True), ("icon-32.png", 32, False)):
        data = png_bytes(render(size, maskable), size)
        (out / name).write_bytes(data)
        print(f"wrote {out / name} ({len(data):,} bytes)")


if __name__ == "__main__":
    main()
