"""Whole seeded games through the bot's command and button handlers, with real
storage (a SQLite file) and the real renderer; only Discord's network is mocked."""

from __future__ import annotations

import pytest

from engine import Game, GameOptions, InvalidOptionsError
from storage import GameStatus
from tests.bot.helpers import Harness
from tests.bot.play import lobby, play_out


@pytest.mark.parametrize(("players", "seed"), [(2, 11), (3, 22), (4, 33)])
async def test_whole_game(harness: Harness, players: int, seed: int) -> None:
    h, cid = harness, 500 + players
    users = [100 + i for i in range(players)]
    await lobby(h, cid, users, seed=seed)
    ch = h.channel(cid)
    assert "The game starts" in ch.public[0].content
    assert ch.public[0].files == ["board.png"]

    secret: set[str] = set()
    n = await play_out(h, cid, seed, secret)
    assert n > 50

    rec = (await h.store.list_games(channel_id=cid))[0]
    assert rec.status is GameStatus.FINISHED
    assert rec.result is not None
    await h.store.verify_game(rec.id)  # the log replays to the stored state
    last = ch.public[-1]
    assert last.files == ["final.png"]
    assert "The game is over" in last.content and "Winner" in last.content
    # one board image per turn, not one per decision
    boards = sum(1 for p in ch.public if "board.png" in p.files)
    assert boards < n / 2
    # hidden hands: no card named by a secret decision's options ever appears
    # publicly (dice and slots in those options are public anyway)
    public = "\n".join(h.public_texts())
    cards = {label for label in secret if "#" in label}
    assert cards
    leaked = [label for label in cards if label in public]
    assert not leaked, leaked[:3]

    assert not [m for m in h.ephemeral if "went wrong" in m.content]
    # archived game still viewable
    it = await h.cmd("scores", users[0], cid)
    assert "Breakdown" in it.sent[-1].content
    it = await h.cmd("log", users[0], cid, page=1)
    assert "Game log" in it.sent[-1].content


def _engine_accepts(**kw) -> bool:
    try:
        Game.new(GameOptions(**kw), 1)
    except InvalidOptionsError:
        return False
    return True


@pytest.mark.parametrize(
    "kw",
    [{"players": 1, "difficulty": "standard"}, {"players": 2, "advanced": True}],
    ids=["solo", "advanced"],
)
async def test_solo_and_advanced(harness: Harness, kw: dict) -> None:
    h, cid = harness, 600 + len(kw)
    players = kw["players"]
    if not _engine_accepts(**kw):
        it = await h.cmd(
            "new",
            1,
            cid,
            players=players,
            advanced=kw.get("advanced", False),
            difficulty=kw.get("difficulty"),
        )
        msg = it.sent[-1]
        assert msg.flags.ephemeral
        assert "cannot be set up" in msg.content
        assert await h.store.active_game(cid) is None  # no lobby left behind
        return
    users = [1 + i for i in range(players)]
    await lobby(
        h, cid, users, seed=5, advanced=kw.get("advanced", False), difficulty=kw.get("difficulty")
    )
    await play_out(h, cid, 5)
    rec = (await h.store.list_games(channel_id=cid))[0]
    assert rec.status is GameStatus.FINISHED
    last = h.channel(cid).public[-1]
    assert last.files == ["final.png"] and "The game is over" in last.content
    if players == 1:
        assert "Hal" in last.content
        public = "\n".join(h.public_texts())
        assert "Hal" in public.split("The game is over")[0]  # Hal's turns are narrated
    assert not [m for m in h.ephemeral if "went wrong" in m.content]
