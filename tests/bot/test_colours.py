"""Lobby colour picks are honoured: the engine plays each seat in its colour."""

from __future__ import annotations

from bot.service import Actor, assign_colours
from tests.bot.direct import Direct

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


async def test_a_colour_pick_is_played_and_survives_a_restart(direct: Direct) -> None:
    h = direct
    assert (await h.svc.create(CID, Actor(A), 3, order="lobby")).ok
    assert (await h.svc.join(CID, Actor(B))).ok
    assert (await h.svc.join(CID, Actor(C))).ok
    assert (await h.svc.colour(CID, Actor(B), "purple")).ok
    h.svc.seed_source = lambda: 11
    assert (await h.svc.start(CID, Actor(A))).ok
    e = await h.svc.games.entry(CID)
    assert [p.colour.value for p in e.game.state.players] == ["blue", "purple", "red"]
    assert "Purple" in h.svc.who(e, 1)
    # the stored options carry the colours, so a full replay gives the same game
    assert e.record.options["colours"] == ["blue", "purple", "red"]
    h.svc.games.drop(CID)
    again = await h.svc.games.entry(CID)
    assert again.game.to_json() == e.game.to_json()


async def test_a_lobby_opened_before_a_rules_fix_starts_on_the_current_rules(
    direct: Direct,
) -> None:
    """A lobby stored without a rules version (opened before the deploy) starts a game on
    today's rules, and the stored options say so, so the game replays on them."""
    import engine

    h = direct
    assert (await h.svc.create(CID, Actor(A), 2, order="lobby")).ok
    rec = await h.svc.store.active_game(CID)
    assert rec is not None
    old = {k: v for k, v in rec.options.items() if k != "rules_version"}
    await h.svc.store.set_options(rec.id, old)
    h.svc.games.drop(CID)
    assert (await h.svc.join(CID, Actor(B))).ok
    h.svc.seed_source = lambda: 5
    assert (await h.svc.start(CID, Actor(A))).ok
    e = await h.svc.games.entry(CID)
    assert e.game.state.options.rules_version == engine.RULES_VERSION
    assert e.record.options["rules_version"] == engine.RULES_VERSION
