"""Make the page's home-screen icons (gangci_calc/commands/web/club/icon-192.png and icon-512.png), once: the
character 杠 in white on the page's red, drawn with the system's CJK font (io/export/picture.py finds it).

    python docs/gen_icons.py

The PNGs are committed, so neither a build nor a server needs Pillow or a font for them.
"""

from __future__ import annotations

from pathlib import Path

from PIL import Image, ImageDraw

from gangci_calc.io.export.picture import font_face, font_files

OUT = Path(__file__).resolve().parent.parent / "gangci_calc" / "commands" / "web" / "club"
RED, WHITE = "#b23b2a", "#ffffff"


def icon(size: int) -> Image.Image:
    """A full square (a maskable icon is cut to a circle by some phones: the glyph keeps to the middle 60%)."""
    image = Image.new("RGB", (size, size), RED)
    draw = ImageDraw.Draw(image)
    face = font_face(font_files()[1], int(size * 0.56))
    draw.text((size / 2, size / 2), "杠", fill=WHITE, font=face, anchor="mm")
    return image.quantize(16)


if __name__ == "__main__":
    for size in (192, 512):
        icon(size).save(OUT / f"icon-{size}.png", optimize=True)
        print(OUT / f"icon-{size}.png")
