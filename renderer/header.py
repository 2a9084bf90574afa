"""The table header's decision line, never cut mid-thought: one line if it
fits, else two smaller lines (a long prompt such as "Your turn: Sequence A
(...) or Sequence B (...)" used to end in an ellipsis). A prompt too long for
two lines is said shorter before it is made smaller: without its asides in
brackets, then its first sentence alone (the message beside the image has the
whole prompt); three lines of 15 px were too small to read on a phone, and
are the last resort."""

from __future__ import annotations

import re

from PIL import ImageDraw

from renderer import palette as P
from renderer.common import text
from renderer.fonts import font, wrap

#: (font size, lines, line height) tried in order; the header has ~48 px for it.
FITS: tuple[tuple[int, int, int], ...] = ((22, 1, 24), (18, 2, 21), (15, 3, 17))
#: "(1x: reserve a gray die ...)": an aside, the innermost brackets first
ASIDE = re.compile(r"\s*\([^()]*\)")
SENTENCE_END = re.compile(r"(?<=[.?!])\s+(?=[A-Z])")


def short_forms(prompt: str) -> list[str]:
    """`prompt`, then shorter forms that keep its question: without its asides
    in brackets, then the first sentence of that."""
    bare = prompt
    while (less := ASIDE.sub("", bare)) != bare:
        bare = less
    bare = " ".join(bare.split())
    first = SENTENCE_END.split(bare, maxsplit=1)[0]
    return list(dict.fromkeys((prompt, bare, first)))


def _fit(
    s: str, width: int, fits: tuple[tuple[int, int, int], ...]
) -> tuple[int, int, list[str]] | None:
    for size, n, line_h in fits:
        lines = wrap(s, width, size, True, lines=n)
        if " ".join(lines) == " ".join(s.split()) and all(
            font(size, True).getlength(line) <= width for line in lines
        ):
            return size, line_h, lines
    return None


def decision_lines(s: str, width: int) -> tuple[int, int, list[str]]:
    """(font size, line height, lines) of the first fit that shows all of `s`."""
    found = _fit(s, width, FITS)
    if found is not None:
        return found
    size, n, line_h = FITS[-1]
    return size, line_h, wrap(s, width, size, True, lines=n)


def header_lines(lead: str, prompt: str, width: int) -> tuple[int, int, list[str]]:
    """(font size, line height, lines) of `lead` + `prompt`: whole in one or
    two lines if it fits, else a short form of the prompt that does; three
    small lines only when no form fits in two."""
    forms = [lead + form for form in short_forms(prompt)]
    for fits in (FITS[:-1], FITS[-1:]):
        for s in forms:
            found = _fit(s, width, fits)
            if found is not None:
                return found
    return decision_lines(forms[-1], width)


def draw_decision(
    d: ImageDraw.ImageDraw, xy: tuple[float, float], lead: str, prompt: str, width: int
) -> None:
    """Draw the decision's line left-aligned, vertically centred on `xy`."""
    size, line_h, lines = header_lines(lead, prompt, width)
    x, y = xy
    first = y - line_h * (len(lines) - 1) / 2
    for i, line in enumerate(lines):
        text(d, (x, first + i * line_h), line, size, P.TEXT, True, "lm")
