"""Qualities the issue asks for: identical bytes, caches never dirtied, shipped fonts,
letters for every colour, and the demo command."""

from __future__ import annotations

from pathlib import Path

from PIL import ImageFont

from engine.components import COLOURS, PLAYER_COLOURS
from renderer import fonts, render_board, render_player
from renderer import palette as P
from renderer.demo import main as demo_main
from renderer.marks import DIE_CODES
from tests.renderer.helpers import board_png, game


def test_same_view_gives_identical_bytes_even_after_other_renders() -> None:
    """The cached static frame must never be painted on: render A, then B, then A again."""
    a, b = (3, 3, 60), (3, 5, 60)
    first = render_board(game(*a).view(None))
    render_board(game(*b).view(None))
    render_player(game(*b).view(0), 0)
    assert render_board(game(*a).view(None)) == first == board_png(*a)
    assert first != board_png(*b)


def test_fonts_are_shipped_with_their_licence() -> None:
    package = Path(fonts.__file__).parent
    for path in (fonts.REGULAR, fonts.BOLD):
        assert path.is_file() and package in path.parents
    assert "Bitstream" in (fonts.FONT_DIR / "LICENSE").read_text()
    f = fonts.font(20, True)
    assert Path(f.path).resolve() == fonts.BOLD.resolve()
    assert f.layout_engine == ImageFont.Layout.BASIC


def test_every_colour_has_its_own_sign() -> None:
    """Issue 25: gray dice printed "y" beside the Yellow player's "Y". Die
    colours are shapes now, player colours capital letters: no shared sign."""
    assert tuple(P.DIE_NAMES) == tuple(c.value for c in COLOURS)
    assert list(DIE_CODES) == [c.letter for c in COLOURS]  # the engine's, parsed only
    players = [P.PLAYER_LETTERS[c.value] for c in PLAYER_COLOURS] + [P.NEUTRAL_LETTER]
    assert len(set(players)) == len(players) == 5 and all(x.isupper() for x in players)
    assert len(set(P.DIE_SYMBOLS)) == 3
    assert not any(ch.isalnum() for ch in "".join(P.DIE_SYMBOLS))
    # Each shape is in the shipped font and looks unlike the others.
    masks = [fonts.font(30, True).getmask(ch) for ch in P.DIE_SYMBOLS]
    assert all(m.getbbox() for m in masks)
    assert len({bytes(m) for m in masks}) == 3


def test_demo_writes_every_image(tmp_path: Path) -> None:
    demo_main(["--players", "2", "--seed", "1", "--decisions", "100000", "--out", str(tmp_path)])
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == ["board.png", "final.png", "player-0.png", "player-1.png"]
    demo_main(["--players", "4", "--seed", "2", "--decisions", "10", "--out", str(tmp_path / "b")])
    names = sorted(p.name for p in (tmp_path / "b").iterdir())
    assert names == ["board.png"] + [f"player-{s}.png" for s in range(4)]
    for path in tmp_path.rglob("*.png"):
        assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
