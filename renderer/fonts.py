"""The shipped fonts (DejaVu Sans Condensed, Bitstream Vera licence in fonts/LICENSE).

Fonts are loaded from this package only, never from the system, so an image
is the same on every machine. The BASIC layout engine is forced because the
optional Raqm engine is present on some installs and not others, and it can
place glyphs differently.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from PIL import ImageFont

FONT_DIR = Path(__file__).with_name("fonts")
REGULAR = FONT_DIR / "DejaVuSansCondensed.ttf"
BOLD = FONT_DIR / "DejaVuSansCondensed-Bold.ttf"


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """The shipped font at `size` pixels, cached (loading a face costs ~1 ms)."""
    path = BOLD if bold else REGULAR
    return ImageFont.truetype(str(path), size, layout_engine=ImageFont.Layout.BASIC)


@lru_cache(maxsize=4096)
def text_width(text: str, size: int, bold: bool = False) -> int:
    return int(font(size, bold).getlength(text))


def fit(text: str, width: int, size: int, bold: bool = False) -> str:
    """`text` cut with an ellipsis so that it fits in `width` pixels."""
    f = font(size, bold)
    if f.getlength(text) <= width:
        return text
    while text and f.getlength(text + "…") > width:
        text = text[:-1]
    return text.rstrip() + "…"


def wrap(text: str, width: int, size: int, bold: bool = False, lines: int = 3) -> list[str]:
    """Greedy word wrap into at most `lines` lines of `width` pixels (last one cut)."""
    f = font(size, bold)
    out: list[str] = []
    current = ""
    words = text.split()
    for i, word in enumerate(words):
        trial = f"{current} {word}".strip()
        if f.getlength(trial) <= width or not current:
            current = trial
            continue
        out.append(current)
        current = word
        if len(out) == lines - 1:
            current = " ".join(words[i:])
            break
    if current:
        out.append(fit(current, width, size, bold))
    return out[:lines]
