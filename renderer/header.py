"""The table's header: the title and round, the alert badge (header_badge),
the score chips, and the decision line (draw_header).

The decision line is never cut mid-thought: one line if it fits, else two
smaller lines (a long prompt such as "Your turn: Sequence A (...) or Sequence
B (...)" used to end in an ellipsis). A prompt too long for two lines is said
shorter before it is made smaller: without its asides in brackets, then its
first sentence alone (the message beside the image has the whole prompt);
three lines of 15 px were too small to read on a phone, and are the last
resort."""

from __future__ import annotations

import re

from PIL import Image, ImageDraw

from engine.decision import public_words
from renderer import advanced as ADV
from renderer import artwork as A
from renderer import layout as L
from renderer import palette as P
from renderer.common import View, contenders, count, paste, player_name, seat_colour, text
from renderer.fonts import font, text_width, wrap

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


def draw_header(
    img: Image.Image, d: ImageDraw.ImageDraw, view: View, names: dict[int, str] | None
) -> None:
    text(d, (L.MARGIN, 10), f"BLACK ANGEL · Round {view['round']}", 30, P.TEXT, True)
    result = view.get("result")
    badge = header_badge(view)
    if badge is not None:
        words, size, box = badge
        d.rounded_rectangle(box, radius=8, fill=P.ALERT)
        x0, y0, x1, y1 = box
        text(d, ((x0 + x1) / 2, (y0 + y1) / 2), words, size, P.TEXT_DARK, True, "mm")
    decision = view.get("decision")
    if decision:
        seat = decision["seat"]
        paste(img, A.robot(seat_colour(view, seat), 34), (L.MARGIN + 17, 68))
        draw_decision(d, (L.MARGIN + 42, 68), *decision_line(view, names), L.INNER - 44)
    elif result:
        winners = ", ".join(player_name(view, s, names) for s in result.get("winners", []))
        text(d, (L.MARGIN, 68), f"Winner: {winners}", 24, P.TEXT, True, "lm", L.INNER)
    current = view.get("current", 0)
    everyone = contenders(view)
    for seat, colour, vp in everyone:
        box = L.score_chip_box(len(everyone), seat)
        is_current = seat == current and not view.get("finished")
        fill, _, _ = P.player_style(colour)
        d.rounded_rectangle(
            box,
            radius=10,
            fill=P.PANEL,
            outline=P.HIGHLIGHT if is_current else fill,
            width=4 if is_current else 2,
        )
        x0, y0, x1, y1 = box
        paste(img, A.robot(colour, 36), (x0 + 26, (y0 + y1) / 2))
        order = ("1st", "2nd", "3rd", "4th")[seat]
        label = ("▶ " if is_current else "") + player_name(view, seat, names)
        text(d, (x0 + 50, y0 + 6), label, 19, P.TEXT, True, width=x1 - x0 - 120)
        text(d, (x0 + 50, y0 + 28), order + (" · turn" if is_current else ""), 16, P.TEXT_DIM)
        text(d, (x1 - 10, (y0 + y1) / 2), f"{vp} VP", 26, P.TEXT, True, "rm")


def decision_line(view: View, names: dict[int, str] | None) -> tuple[str, str]:
    """The header's words for the view's decision: who, and the prompt (which
    renderer/header.py may say shorter). A secret one seen by others (its
    options hidden from this view) is said of the player, as the channel's
    line says it: its prompt speaks to them ("You have 7 Mission cards…",
    "Your turn: …")."""
    decision = view["decision"]
    seat = decision["seat"]
    who = player_name(view, seat, names)
    prompt = decision.get("prompt") or decision.get("kind", "")
    if decision.get("options", ()) is None:
        p = view["players"][seat]
        hand = count(p.get("hand_missions", p.get("missions")))
        return f"{who} is choosing… ({public_words(decision['kind'], prompt, hand)})", ""
    return f"{who} to decide: ", prompt


BADGE_SIZE, BADGE_SMALL = 19, 16


def header_badge(view: View) -> tuple[str, int, L.Box] | None:
    """The alert badge at the right of the title line ("GAME OVER", or why
    the end is triggered and the last round): its words, font size and box.
    It must stay clear of the title and of the "ADVANCED RULES" tag beside
    it (renderer/advanced.py), so a long reason is said shorter, then
    smaller, until it fits."""
    trigger = view.get("end_trigger")
    if view.get("finished") or view.get("result"):
        choices = [("GAME OVER", BADGE_SIZE)]
    elif trigger:
        why = "Spes reached" if trigger == "spes" else "Ravager deck empty"
        last = view.get("last_round")
        if last:
            short = f"LAST ROUND {last} · {why}"
            full = f"END TRIGGERED: {why} · last round {last}"
            choices = [
                (full, BADGE_SIZE),
                (full, BADGE_SMALL),
                (short, BADGE_SIZE),
                (short, BADGE_SMALL),
                (f"LAST ROUND {last}", BADGE_SIZE),
            ]
        else:
            choices = [
                (f"END TRIGGERED: {why}", BADGE_SIZE),
                (f"END TRIGGERED: {why}", BADGE_SMALL),
            ]
    else:
        return None
    if ADV.is_advanced(view):
        left = ADV.marker_box(view)[2] + 10
    else:
        left = L.MARGIN + text_width(f"BLACK ANGEL · Round {view['round']}", 30, True) + 16
    right = L.WIDTH - L.MARGIN
    fits = [(s, size) for s, size in choices if text_width(s, size, True) + 20 <= right - left]
    words, size = fits[0] if fits else choices[-1]
    w = text_width(words, size, True) + 20
    return words, size, (right - w, 12, right, 42)
