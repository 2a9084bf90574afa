"""The table header's decision line, never cut: one line if it fits, else two or
three smaller lines (a long prompt such as "Your turn: Sequence A (...) or
Sequence B (...)" used to end in an ellipsis)."""

from __future__ import annotations

from PIL import ImageDraw

from renderer import palette as P
from renderer.common import text
from renderer.fonts import font, wrap

#: (font size, lines, line height) tried in order; the header has ~48 px for it.
FITS: tuple[tuple[int, int, int], ...] = ((22, 1, 24), (18, 2, 21), (15, 3, 17))


def decision_lines(s: str, width: int) -> tuple[int, int, list[str]]:
    """(font size, line height, lines) of the first fit that shows all of `s`."""
    for size, n, line_h in FITS:
        lines = wrap(s, width, size, True, lines=n)
        if " ".join(lines) == " ".join(s.split()) and all(
            font(size, True).getlength(line) <= width for line in lines
        ):
            return size, line_h, lines
    size, n, line_h = FITS[-1]
    return size, line_h, wrap(s, width, size, True, lines=n)


def draw_decision(d: ImageDraw.ImageDraw, xy: tuple[float, float], s: str, width: int) -> None:
    """Draw `s` left-aligned, vertically centred on `xy`."""
    size, line_h, lines = decision_lines(s, width)
    x, y = xy
    first = y - line_h * (len(lines) - 1) / 2
    for i, line in enumerate(lines):
        text(d, (x, first + i * line_h), line, size, P.TEXT, True, "lm")
