"""The smaller bugs of issue 10, each answered with one clear message: an ended
lobby's board/log/scores, a moderator's replace in a lobby, ``/ba play ²``,
tampered or oversized imports, and a reminder tick that reads once."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from bot.service import Actor
from storage import ExportFormatError, GameStatus
from tests.bot.helpers import FakeClock
from tests.bot.svc import MOD, current_button, open_proc, press, start_game

CID = 950
A, B, C = 21, 22, 23


@pytest.fixture
async def proc(tmp_path: Path):
    p = await open_proc(str(tmp_path / "g.sqlite3"), FakeClock())
    try:
        yield p
    finally:
        await p.close()


async def test_board_log_and_scores_after_an_ended_lobby(proc) -> None:
    svc = proc.svc
    assert (await svc.create(CID, Actor(A), 2)).ok
    assert (await svc.end(CID, MOD)).ok
    for reply in (await svc.board(CID), await svc.event_log(CID), await svc.scores(CID)):
        assert not reply.ok and reply.text.startswith("There is no game to ")


async def test_an_ended_lobby_does_not_hide_the_game_played_before(proc) -> None:
    svc = proc.svc
    await start_game(svc, CID, [A, B])
    assert (await svc.end(CID, MOD)).ok
    assert (await svc.create(CID, Actor(A), 2)).ok
    assert (await svc.end(CID, MOD)).ok
    board = await svc.board(CID)
    assert board.ok and "game #1" in board.text
    assert (await svc.event_log(CID)).ok and (await svc.scores(CID)).ok


async def test_moderator_replace_in_a_lobby(proc) -> None:
    svc = proc.svc
    assert (await svc.create(CID, Actor(A), 3)).ok
    assert (await svc.join(CID, Actor(B))).ok
    r = await svc.replace(CID, MOD, 1, C)
    assert r.ok and "lobby seat 2" in r.text, r.text
    rec = await proc.store.active_game(CID)
    assert [s.user_id for s in await proc.store.get_seats(rec.id)] == [A, C]
    refused = await svc.replace(CID, MOD, 1, A)
    assert not refused.ok and "already in this lobby" in refused.text
    gone = await svc.replace(CID, MOD, 5, C)
    assert not gone.ok and "no seat 6" in gone.text


@pytest.mark.parametrize("ref", ["²", "③", "①", "٣"])
async def test_play_with_a_digit_that_is_not_a_number(proc, ref: str) -> None:
    svc = proc.svc
    await start_game(svc, CID, [A, B])
    b = await current_button(svc, CID, random.Random(1))
    r = await svc.choose(CID, Actor(b.user), ref)
    assert not r.ok and r.text.startswith(f"'{ref}' is not one of your options now.")
    assert (await svc.games.entry(CID)).version == 0


def _number_in_a_label(options) -> int | None:
    """A number past the last option that one label holds (as "3" in "Flip your
    orange 3 to 1"), which a label match would take."""
    for k in range(len(options) + 1, 40):
        low = str(k)
        hits = [o for o in options if o.label.lower().startswith(low)] or [
            o for o in options if low in o.label.lower()
        ]
        if len(hits) == 1:
            return k
    return None


async def test_a_number_past_the_last_option_plays_nothing(proc) -> None:
    """A mistyped option number is refused with the numbers there are; it was
    taken for a label holding it, and that option was played."""
    svc = proc.svc
    await start_game(svc, CID, [A])
    rng = random.Random(1)
    for _ in range(300):
        e = await svc.games.entry(CID)
        d = e.game.decision
        k = _number_in_a_label(d.options)
        if k is not None:
            break
        assert (await svc.choose(CID, Actor(A), rng.choice(d.options).id)).ok
    assert k is not None
    version = e.version
    r = await svc.choose(CID, Actor(A), str(k))
    n = len(d.options)
    assert not r.ok and r.text.startswith(f"There is no option {k}: the options are 1 to {n}.")
    assert (await svc.games.entry(CID)).version == version


async def test_tick_reads_every_game_in_one_query_when_nothing_is_due(proc) -> None:
    svc = proc.svc
    for i in range(30):
        await start_game(svc, CID + i, [A, B], seed=i)
    backend = proc.store.backend
    calls = {"read": 0, "write": 0}
    real_read, real_write = backend.read, backend.write

    async def read(fn):
        calls["read"] += 1
        return await real_read(fn)

    async def write(fn):
        calls["write"] += 1
        return await real_write(fn)

    backend.read, backend.write = read, write  # type: ignore[method-assign]
    svc.games.drop(CID)  # an uncached game: still no load just to find nothing due
    assert await svc.tick() == []
    assert calls == {"read": 1, "write": 0}
    # and when one is due, it is found and reminded (the lock decides, stored first)
    proc.store._clock.advance(12 * 60 + 1)
    notes = await svc.tick()
    assert len(notes) == 30 and all("Reminder 1/" in n.text for n in notes)


# ---------------------------------------------------------------------- import


async def finished_export(svc, store) -> dict:
    await start_game(svc, CID, [A, B], seed=3)
    rng = random.Random(3)
    while (e := await svc.games.entry(CID)) is not None and not e.game.is_over:
        assert (await press(svc, CID, await current_button(svc, CID, rng))).ok
    (rec,) = await store.list_games(channel_id=CID)
    assert rec.status is GameStatus.FINISHED
    return await store.export_game(rec.id)


def tampered(doc: dict, how: str) -> bytes | str:
    d = json.loads(json.dumps(doc))
    if how == "result":
        d["game"]["result"]["scores"][0] += 1
    elif how == "status":
        d["game"]["status"] = "running"
    elif how == "seats":
        d["seats"] = d["seats"][:1]
    elif how == "extra seat":
        d["seats"].append({"seat": 2, "user_id": 77, "colour": None, "joined_at": 1.0})
    elif how == "colour":
        d["seats"][0]["colour"] = "purple" if d["seats"][0]["colour"] != "purple" else "red"
    elif how == "same user twice":
        d["seats"][1]["user_id"] = d["seats"][0]["user_id"]
    elif how == "huge user id":
        d["seats"][0]["user_id"] = 2**70
    elif how == "huge action user":
        d["actions"][0]["user_id"] = -(2**64)
    elif how == "action filed under another seat":
        d["actions"][0]["seat"] = 1 - d["actions"][0]["action"]["seat"]
    elif how == "unfinished":
        d["actions"] = d["actions"][:-1]
        d["game"]["version"] = len(d["actions"])
    elif how == "nested":
        return '{"format": ' + "[" * 100_000 + "]" * 100_000 + "}"
    elif how == "deep":
        d["game"]["options"]["x"] = json.loads("[" * 60 + "]" * 60)
    elif how == "huge":
        d["padding"] = "x" * (5 * 2**20)
    elif how == "newer rules":
        d["game"]["options"]["rules_version"] = 99
    elif how == "wrong seed":
        d["game"]["seed"] += 1
    elif how == "edited action":
        d["actions"][0]["action"]["option"] = "launch:9Z"
    elif how == "not json":
        return b"\xff\xfe not json"
    return json.dumps(d)


MESSAGES = {
    "result": "result is not the result the log replays to",
    "status": "the log ends the game, but the export says it is running",
    "seats": "for 2 player(s) but the export lists 1 seat(s)",
    "extra seat": "for 2 player(s) but the export lists 3 seat(s)",
    "colour": "seat 1 is",
    "same user twice": "holds two seats",
    "huge user id": "seats[0].user_id must be a 64-bit integer id",
    "huge action user": "actions[0].user_id must be a 64-bit integer id",
    "action filed under another seat": "action #1 is filed under another seat",
    "unfinished": "the export says the game is finished, but its log does not end it",
    "nested": "nested",
    "deep": "nested more than 32 deep",
    "huge": "an export is at most 5 MiB",
    "not json": "not JSON",
    # said as such, not as 'cannot be set up from its options: InvalidOptionsError'
    "newer rules": "its game plays by rules version 99, newer than this bot's (versions 1 to",
    # without the engine's list of legal ids, with what may be wrong
    "wrong seed": "is not a legal choice now. Your turn: Sequence A",
    "edited action": "action #1 does not replay: IllegalActionError: 'launch:9Z' is not",
}
HINT = "(the file was edited, or its seed or options are not the game's). Nothing was imported."


@pytest.mark.parametrize("how", list(MESSAGES))
async def test_import_rejects_a_tampered_file_with_one_clear_message(proc, how: str) -> None:
    svc, store = proc.svc, proc.store
    doc = await finished_export(svc, store)
    data = tampered(doc, how)
    before = len(await store.list_games())
    r = await svc.import_game(CID + 1, MOD, data)
    assert not r.ok and MESSAGES[how] in r.text and r.text.endswith("Nothing was imported.")
    assert r.text.count("\n") == 0 and "Legal:" not in r.text and ".." not in r.text
    assert r.text.endswith(HINT) == (how in ("wrong seed", "edited action")), r.text
    assert len(await store.list_games()) == before
    with pytest.raises(ExportFormatError):  # the store refuses it too, whoever calls it
        await store.import_game(data, CID + 2)


async def test_import_of_a_good_file_and_of_a_game_in_progress(proc) -> None:
    svc, store = proc.svc, proc.store
    doc = await finished_export(svc, store)
    assert not (await svc.import_game(CID + 1, Actor(A), json.dumps(doc))).ok  # moderators only
    r = await svc.import_game(CID + 1, MOD, json.dumps(doc).encode())
    assert r.ok and "finished" in r.text, r.text
    live = await store.export_game((await store.list_games(channel_id=CID))[0].id)
    live["actions"] = live["actions"][:10]
    live["game"].update(status="running", result=None, version=10, ended_at=None)
    r = await svc.import_game(CID + 2, MOD, json.dumps(live))
    assert r.ok and "paused" in r.text, r.text
    assert (await svc.resume(CID + 2, MOD)).ok
    assert (await press(svc, CID + 2, await current_button(svc, CID + 2, random.Random(1)))).ok


async def test_a_button_older_than_a_pause_says_the_game_is_paused(proc) -> None:
    """A private panel's buttons outlive a pause (Discord lets the bot edit it
    for 15 minutes only): their click said only 'no longer current'."""
    svc = proc.svc
    await start_game(svc, CID, [A, B])
    button = await current_button(svc, CID, random.Random(1))
    assert (await svc.pause(CID, MOD)).ok
    r = await press(svc, CID, button)
    assert not r.ok and r.text.startswith("This choice is no longer current.")
    assert "The game is paused: a moderator resumes it" in r.text
    assert (await svc.resume(CID, MOD)).ok
    r = await press(svc, CID, button)  # still stale once resumed, and no longer paused
    assert r.text == "This choice is no longer current."
