"""Drive games through the bot's own handlers, as players in Discord would."""

from __future__ import annotations

import random

from tests.bot.helpers import Harness, choose_item, tool


async def lobby(h: Harness, cid: int, users: list[int], *, seed: int, **kw) -> None:
    await h.cmd("new", users[0], cid, players=len(users), **kw)
    for u in users[1:]:
        await h.cmd("join", u, cid)
    h.svc.seed_source = lambda: seed
    it = await h.cmd("start", users[0], cid)
    assert any("Done" in m.content for m in it.sent), [m.content for m in it.sent]


async def step(
    h: Harness,
    cid: int,
    rng: random.Random,
    secret_labels: set[str] | None = None,
    *,
    use_command: bool = False,
) -> str:
    """One decision by whoever must decide: a button/select, or ``/ba play``."""
    e = await h.svc._entry(cid)
    assert e is not None
    d = e.game.decision
    assert d is not None
    uid = e.user(d.seat)
    opt = rng.choice(d.options).id
    if d.secret and secret_labels is not None:
        secret_labels.update(o.label for o in d.options)
    version = e.version
    if use_command:
        it = await h.cmd("play", uid, cid, option=opt)
    else:
        tm = h.turn_message(cid)
        if d.secret:
            show = tool(tm.view, "choices")
            assert show is not None, "a secret decision offers 'Show my choices'"
            it = await h.press(show, uid, cid, tm)
            private = it.sent[-1]
            assert private.flags.ephemeral
            it = await h.press(choose_item(private.view, opt), uid, cid, private)
        else:
            it = await h.press(choose_item(tm.view, opt), uid, cid, tm)
    e2 = await h.svc._entry(cid)
    assert e2 is None or e2.version > version, h.errors(it)
    return opt


async def play_out(
    h: Harness, cid: int, seed: int, secret_labels: set[str] | None = None, limit: int = 5000
) -> int:
    rng = random.Random(seed)
    n = 0
    while (e := await h.svc._entry(cid)) is not None and not e.game.is_over:
        await step(h, cid, rng, secret_labels, use_command=(n % 9 == 4))
        n += 1
        assert n < limit
    return n
