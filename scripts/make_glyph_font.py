#!/usr/bin/env python3
"""Draw Time War's six command glyphs as a web font, ``public/fonts/tw-glyphs.woff2`` (issue 44).

Each glyph was an inline ``<svg>`` of stroked lines. An inline SVG is a replaced element with a
viewBox transform of its own: in Chromium each one is its own paint chunk and property-tree node,
and a Time War page held 30-odd of them (the cards still to play list two per card), which every
frame after a move walked again (``benchmarks/bot_tasks.py``: prepaint, paint and layerize). As
characters of a font they are text: one run, painted with the words beside them, in
``currentColor`` like the strokes were.

The outlines are the same strokes as before (a 24-unit box, stroke width 2.2, round caps and
joins), turned into filled outlines by Skia's path ops (``skia-pathops``) and written by
``fontTools``. The font is committed; run this again only when a glyph changes:

    .venv/bin/pip install -e '.[glyphs]'     # fontTools and skia-pathops
    .venv/bin/python scripts/make_glyph_font.py [--out public/fonts/tw-glyphs.woff2]

The characters are in Unicode's private use area (U+E000 …, in :data:`COMMANDS` order); the
page's markup takes them from ``tb_ui.tables.time_war.GLYPH_CHARS``, which a test checks against
the font's character map.
"""

from __future__ import annotations

import argparse
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "public" / "fonts" / "tw-glyphs.woff2"

#: The family name app.css asks for.
FAMILY = "TW Glyphs"
#: Commands in code point order (U+E000 first).
COMMANDS = ("deploy", "move", "push", "charge", "sabotage", "rally")
#: Each glyph as SVG shapes in a 24 x 24 box, y down: ("circle", cx, cy, r) or ("path", d).
SHAPES: dict[str, list[tuple[str, ...]]] = {
    "deploy": [("circle", "12", "12", "8"), ("path", "M12 8v8M8 12h8")],
    "move": [("path", "M6 13l6-6 6 6M6 19l6-6 6 6")],
    "push": [("path", "M12 21V10M7 14l5-5 5 5M5 4h14")],
    "charge": [("path", "M13 2L5 14h6l-1 8 8-12h-6l1-8z")],
    "sabotage": [("circle", "10", "14", "6.5"), ("path", "M14.5 9.5L18 6M17 3.5l1 2.5 2.5 1")],
    "rally": [("path", "M6 21V3M6 4h11l-2.5 4L17 12H6")],
}
BOX = 24.0
STROKE = 2.2
UPM = 1000
ASCENT, DESCENT = 800, -200  # the 24-unit box fills the em, so 1em of font-size is the glyph's size
#: The head table's dates, fixed so that the same shapes give the same bytes.
DATED = "Mon Nov 30 00:00:00 2026"


def _circle_d(cx: float, cy: float, r: float) -> str:
    """A circle as an SVG path (two arcs)."""
    return f"M{cx - r} {cy}a{r} {r} 0 1 0 {2 * r} 0a{r} {r} 0 1 0 {-2 * r} 0z"


def outline(command: str) -> object:
    """The filled outline of one glyph, in font units (y up): a ``pathops.Path``."""
    import pathops
    from fontTools.pens.transformPen import TransformPen
    from fontTools.svgLib.path import parse_path

    scale = UPM / BOX
    parts = []
    for shape in SHAPES[command]:
        d = _circle_d(*map(float, shape[1:])) if shape[0] == "circle" else shape[1]
        line = pathops.Path()
        # SVG's y runs down, a font's up: y' = ASCENT - y * scale
        parse_path(d, TransformPen(line.getPen(), (scale, 0, 0, -scale, 0, ASCENT)))
        line.stroke(STROKE * scale, pathops.LineCap.ROUND_CAP, pathops.LineJoin.ROUND_JOIN, 4)  # in place
        line.convertConicsToQuads()  # round caps come out as conics, which pens do not take
        parts.append(line)
    result = pathops.Path()
    pathops.union(parts, result.getPen())
    return result


def build(out: Path) -> None:
    """Write the woff2 font of :data:`COMMANDS` to ``out``."""
    from fontTools.fontBuilder import FontBuilder
    from fontTools.misc.timeTools import timestampFromString
    from fontTools.pens.cu2quPen import Cu2QuPen
    from fontTools.pens.ttGlyphPen import TTGlyphPen

    names = [".notdef", *COMMANDS]
    glyphs = {".notdef": TTGlyphPen(None).glyph()}
    for c in COMMANDS:
        pen = TTGlyphPen(None)
        outline(c).draw(Cu2QuPen(pen, max_err=1.0, reverse_direction=True))
        glyphs[c] = pen.glyph()
    fb = FontBuilder(UPM, isTTF=True)
    fb.setupGlyphOrder(names)
    fb.setupCharacterMap({0xE000 + i: c for i, c in enumerate(COMMANDS)})
    fb.setupGlyf(glyphs)
    glyf = fb.font["glyf"]
    for n in names:
        glyf[n].recalcBounds(glyf)
    fb.setupHorizontalMetrics({n: (UPM, getattr(glyf[n], "xMin", 0)) for n in names})
    fb.setupHorizontalHeader(ascent=ASCENT, descent=DESCENT)
    fb.setupNameTable({"familyName": FAMILY, "styleName": "Regular"})
    fb.setupOS2(sTypoAscender=ASCENT, sTypoDescender=DESCENT, sTypoLineGap=0, usWinAscent=ASCENT,
                usWinDescent=-DESCENT, fsType=0)
    fb.setupPost()
    when = timestampFromString(DATED)
    fb.updateHead(created=when, modified=when)
    fb.font.flavor = "woff2"
    out.parent.mkdir(parents=True, exist_ok=True)
    fb.font.save(str(out))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=OUT)
    a = ap.parse_args()
    build(a.out)
    print(f"wrote {a.out} ({a.out.stat().st_size} bytes)")


if __name__ == "__main__":
    main()
