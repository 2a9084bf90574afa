"""The shipped fonts (DejaVu Sans Condensed, Bitstream Vera licence in fonts/LICENSE).

Fonts are loaded from this package only, never from the system, so an image
is the same on every machine. The BASIC layout engine is forced because the
optional Raqm engine is present on some installs and not others, and it can
place glyphs differently.
"""

from __future__ import annotations

import unicodedata
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


@lru_cache(maxsize=1)
def _missing_glyph() -> tuple[tuple[int, int], bytes]:
    """The box the font draws for a character it has no glyph for."""
    mask = font(20, True).getmask("\ue000")  # private use: never in the font
    return mask.size, bytes(mask)


@lru_cache(maxsize=4096)
def drawable(ch: str) -> bool:
    """Whether the shipped font draws `ch` (else an empty box would stand in)."""
    mask = font(20, True).getmask(ch)
    return (mask.size, bytes(mask)) != _missing_glyph()


def printable(text: str) -> str:
    """`text` as the shipped font can draw it: compatibility forms folded
    ('Ｗ' to 'W'), characters it has no glyph for (CJK, most emoji) left out
    rather than drawn as boxes, spaces collapsed. May be empty."""
    folded = unicodedata.normalize("NFKC", text)
    return " ".join("".join(ch for ch in folded if drawable(ch)).split())


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
