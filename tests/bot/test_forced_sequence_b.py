"""A Sequence B the engine plays for a person (no die they could take and use,
none they could buy) is said plainly, just above the next prompt, where a long
turn message keeps it (clip_message keeps a message's end)."""

from __future__ import annotations

import random
import re
from pathlib import Path

from bot.service import Actor
from tests.bot.direct import Direct, start_game

CID = 8900
A, B = 91, 92
PERFORMS_B = re.compile(r"^(\w+) performs Sequence B\b", re.M)
NOTE = "{} had no die they could use and none they could buy: Sequence B was played for them."


async def test_a_forced_sequence_b_is_said_plainly_above_the_prompt(tmp_path: Path) -> None:
    p = await Direct(str(tmp_path / "ba.sqlite3")).open()
    try:
        await start_game(p.svc, CID, [A, B], seed=1)
        rng = random.Random(1)
        forced = chosen = 0
        for _ in range(60):
            e = await p.svc.games.entry(CID)
            assert e is not None and e.game.decision is not None
            d = e.game.decision
            option = rng.choice(d.options).id
            r = await p.svc.choose(CID, Actor(e.user(d.seat)), option)
            assert r.ok, r.text
            lines = r.text.splitlines()
            for name in PERFORMS_B.findall(r.text):
                clicked = option == "B" and name == e.game.name(d.seat)
                note = [i for i, line in enumerate(lines) if NOTE.format(name) in line]
                if clicked:  # the player chose it: nothing was played for them
                    assert not note, r.text
                    chosen += 1
                    continue
                assert note, r.text
                assert lines[note[0] + 1].startswith("➡️"), r.text  # the prompt follows
                # what it did is in the note too, should the log lines be clipped
                assert f"{name} rolls " in lines[note[0]], lines[note[0]]
                forced += 1
            if forced and chosen:
                break
        assert forced and chosen
    finally:
        await p.close()
