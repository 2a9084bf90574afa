"""The table header's decision line shows the whole prompt, never an ellipsis."""

from __future__ import annotations

from engine import Action, Game, GameOptions
from renderer import layout as L
from renderer import palette as P
from renderer import render_board
from renderer.header import FITS, decision_lines
from tests.renderer.helpers import close, open_png

LONG = (
    "Blue to decide: Your turn: Sequence A (play a card / take a die) or "
    "Sequence B (reroll, reset, advance)."
)


def _at_turn_choice() -> Game:
    g = Game.new(GameOptions(players=2), 1)
    while "Sequence A" not in g.decision.prompt:
        g.apply(Action(g.decision.seat, g.decision.options[0].id))
    return g


def test_a_long_prompt_wraps_instead_of_being_cut() -> None:
    size, _, lines = decision_lines(LONG, L.INNER - 44)
    assert len(lines) == 2 and size < FITS[0][0]
    assert " ".join(lines) == LONG
    assert not any(line.endswith("…") for line in lines)


def test_a_short_prompt_stays_on_one_line() -> None:
    size, _, lines = decision_lines("Red to decide: choose a die.", L.INNER - 44)
    assert lines == ["Red to decide: choose a die."] and size == FITS[0][0]


def test_even_a_very_long_name_and_prompt_end_in_full() -> None:
    s = "Bartholomew-the-Magnificent to decide: " + LONG
    _, _, lines = decision_lines(s, L.INNER - 44)
    assert " ".join(lines) == s


def _text_in_row(img, y: int) -> bool:
    return any(close(img.getpixel((x, y)), P.TEXT, 20) for x in range(L.MARGIN + 60, 700))


def test_the_turn_choice_header_uses_two_lines_on_the_image() -> None:
    g = _at_turn_choice()
    img = open_png(render_board(g.view(None)))
    _, line_h, lines = decision_lines(f"Blue to decide: {g.decision.prompt}", L.INNER - 44)
    assert len(lines) == 2
    assert _text_in_row(img, round(68 - line_h / 2)) and _text_in_row(img, round(68 + line_h / 2))
