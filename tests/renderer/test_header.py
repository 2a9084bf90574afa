"""The table header's decision line shows the whole prompt, never an ellipsis."""

from __future__ import annotations

from engine import Action, Game, GameOptions
from renderer import header, render_board
from renderer import layout as L
from renderer import palette as P
from renderer.header import FITS, decision_lines, header_lines
from tests.engine.test_advanced import at_the_hand_limit_after_keeping
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
    img = open_png(render_board(g.view(g.decision.seat)))  # the player's own: the full prompt
    _, line_h, lines = decision_lines(f"Blue to decide: {g.decision.prompt}", L.INNER - 44)
    assert len(lines) == 2
    assert _text_in_row(img, round(68 - line_h / 2)) and _text_in_row(img, round(68 + line_h / 2))


def _header_words(monkeypatch, view) -> str:
    """The words render_board gives the header's decision line (who, and the prompt)."""
    drawn: list[str] = []
    real = header.draw_decision

    def spy(d, xy, lead, prompt, width):
        drawn.append(lead + prompt)
        real(d, xy, lead, prompt, width)

    monkeypatch.setattr(header, "draw_decision", spy)
    render_board(view)
    [words] = drawn
    return words


def test_the_public_image_of_a_secret_decision_speaks_of_the_player(monkeypatch) -> None:
    """The table everyone sees while Madeline discards read "Blue to decide: You
    have 7 Mission cards; discard down to 6." as if to each of them; it says
    what the channel's line says, and the player's own image keeps the prompt."""
    g = at_the_hand_limit_after_keeping()
    d = g.decision
    assert d.kind == "hand_limit" and d.secret and d.prompt.startswith("You have 7")
    public = _header_words(monkeypatch, g.view(None))
    assert public == "Blue is choosing… (7 Mission cards in hand: discarding down to 6)"
    own = _header_words(monkeypatch, g.view(d.seat))
    assert own == f"Blue to decide: {d.prompt}"


def test_the_public_image_of_a_turn_says_whose_turn_it_is(monkeypatch) -> None:
    g = _at_turn_choice()
    assert g.decision.secret and g.decision.prompt.startswith("Your turn")
    assert _header_words(monkeypatch, g.view(None)) == "Blue is choosing… (their turn)"
    assert "Your turn" in _header_words(monkeypatch, g.view(g.decision.seat))


WIDTH = L.INNER - 44
#: a Discord display name at its longest (32 characters)
LONG_NAME = "Alexandra Wilhelmina Montgomery!"


def _random_game(options: GameOptions, seed: int):
    """The game at each decision of a random game (seeded), before it is answered."""
    import random

    g = Game.new(options, seed)
    rng = random.Random(seed)
    while not g.is_over:
        yield g
        g.apply(Action(g.decision.seat, rng.choice(g.decision.options).id))


def test_a_prompt_too_long_for_two_lines_shows_its_question_in_two() -> None:
    """The late flip's prompt ("Before your turn ends: flip a die ...? Only
    lowering flips now: ...") took three lines of 15 px, too small on a
    phone; the image says its question (the message says why), in 18 px."""
    g = next(g for g in _random_game(GameOptions(players=2), 2) if g.decision.kind == "late_flip")
    prompt = g.decision.prompt
    question = "Before your turn ends: flip a die in your compartment with debris?"
    assert prompt.startswith(question + " ") and len(prompt) > 2 * len(question)
    lead = f"{LONG_NAME} to decide: "
    assert decision_lines(lead + prompt, WIDTH)[0] == FITS[-1][0]  # whole, it needs 15 px
    size, _, lines = header_lines(lead, prompt, WIDTH)
    assert size >= FITS[1][0] and " ".join(lines) == lead + question


def test_a_long_prompt_loses_its_asides_before_its_sentences() -> None:
    prompt = (
        "Inject gray tile, boost side up (1x: reserve a gray die for free in Sequence B; "
        "standard side: draw 2 Mission cards, keep 1) into your grid: choose an arrow."
    )
    lead = f"{LONG_NAME} to decide: "
    size, _, lines = header_lines(lead, prompt, WIDTH)
    assert size >= FITS[1][0]
    assert (
        " ".join(lines) == lead + "Inject gray tile, boost side up into your grid: choose an arrow."
    )


def test_a_prompt_that_fits_in_two_lines_is_kept_whole() -> None:
    g = _at_turn_choice()
    prompt = g.decision.prompt
    assert "(" in prompt
    _, _, lines = header_lines("Blue to decide: ", prompt, WIDTH)
    assert " ".join(lines) == f"Blue to decide: {prompt}"


def test_no_header_of_a_game_is_drawn_in_three_small_lines() -> None:
    names = dict.fromkeys(range(4), LONG_NAME)
    seen = set()
    for options, seed in ((GameOptions(players=3, advanced=True), 1), (GameOptions(players=2), 2)):
        for g in _random_game(options, seed):
            seen.add(g.decision.kind)
            for viewer in (None, g.decision.seat):
                lead, prompt = header.decision_line(g.view(viewer), names)
                size, _, _ = header_lines(lead, prompt, WIDTH)
                assert size >= FITS[1][0], (g.decision.kind, viewer, lead + prompt)
    assert {"late_flip", "inject", "turn"} <= seen
