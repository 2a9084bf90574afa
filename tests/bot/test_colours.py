"""Lobby colour picks are honoured: the engine plays each seat in its colour."""

from __future__ import annotations

from bot.service import assign_colours
from tests.bot.helpers import Harness

CID = 730
A, B, C = 4001, 4002, 4003


def test_assign_colours_honours_wishes_first_come_in_seat_order() -> None:
    assert assign_colours([A, B, C], {A: "purple", B: None, C: "blue"}) == [
        "purple",
        "red",
        "blue",
    ]
    assert assign_colours([A, B], {A: "red", B: "red"}) == ["red", "blue"]
    assert assign_colours([A], {}) == ["blue"]


async def test_a_colour_pick_is_played_and_survives_a_restart(quick: Harness) -> None:
    h = quick
    await h.cmd("new", A, CID, players=3, order="lobby")
    await h.cmd("join", B, CID)
    await h.cmd("join", C, CID)
    await h.cmd("colour", B, CID, colour="purple")
    h.svc.seed_source = lambda: 11
    await h.cmd("start", A, CID)
    e = await h.svc._entry(CID)
    assert [p.colour.value for p in e.game.state.players] == ["blue", "purple", "red"]
    assert "Purple" in h.svc.who(e, 1)
    # the stored options carry the colours, so a full replay gives the same game
    assert e.record.options["colours"] == ["blue", "purple", "red"]
    h.svc.drop(CID)
    again = await h.svc._entry(CID)
    assert again.game.to_json() == e.game.to_json()


async def test_a_lobby_opened_before_a_rules_fix_starts_on_the_current_rules(
    quick: Harness,
) -> None:
    """A lobby stored without a rules version (opened before the deploy) starts a game on
    today's rules, and the stored options say so, so the game replays on them."""
    import engine

    h = quick
    await h.cmd("new", A, CID, players=2, order="lobby")
    rec = await h.svc.store.active_game(CID)
    assert rec is not None
    old = {k: v for k, v in rec.options.items() if k != "rules_version"}
    await h.svc.store.set_options(rec.id, old)
    h.svc.drop(CID)
    await h.cmd("join", B, CID)
    h.svc.seed_source = lambda: 5
    await h.cmd("start", A, CID)
    e = await h.svc._entry(CID)
    assert e.game.state.options.rules_version == engine.RULES_VERSION
    assert e.record.options["rules_version"] == engine.RULES_VERSION
