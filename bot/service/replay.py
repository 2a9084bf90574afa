"""Watching a game again: its turns rebuilt from the action log (nothing new is
stored), as an animated GIF or one turn at a time.

A turn ends when the round or the seat to play changes (or the game ends);
turn 0 is the table as set up. Each turn keeps the table as a spectator sees it
(``game.view(None)``) and the log lines of what happened in it. Hidden
information (R15): a running, paused or aborted game shows only public lines;
a *finished* game may show everything, so its lines include what each player
alone saw (the cards they drew or played), marked 🔒.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any

import engine
from bot import text as T
from bot.service.format import Fmt, command
from bot.service.model import Reply, bot_name, fail, is_bot
from bot.service.stats import mode_of
from engine import Action, Game
from engine.components.hal import HAL_SEAT
from storage import (
    NO_SERVER,
    STARTED_STATUSES,
    GameRecord,
    GameStatus,
    NotFoundError,
    Seat,
    Store,
)

#: Timelines kept in memory (a finished game's never changes; a running one's
#: is keyed by its revision).
CACHED_TIMELINES = 8
#: a game whose turns may still grow (ended early: no more turns, though not over)
GOING = (GameStatus.RUNNING, GameStatus.PAUSED)
LINES_SHOWN = 25

Run = Callable[..., Awaitable[Any]]


@dataclass(frozen=True, slots=True)
class Turn:
    number: int  # 0: the table as set up
    round: int
    seat: int | None  # whose turn it was (None for turn 0)
    view: dict[str, Any]  # the table after the turn, as a spectator sees it
    lines: tuple[str, ...]
    #: (round, seat) of turns played within this one's last move, with no
    #: decision of their own (a compulsory Sequence B): their lines are here
    then: tuple[tuple[int, int], ...] = ()
    hal: bool = False  # solo: Hal's turn followed within it (his lines are here)


@dataclass(frozen=True, slots=True)
class Timeline:
    game_id: int
    revision: int
    full: bool  # True: a finished game, private lines included
    over: bool
    names: dict[int, str]  # seat -> name, for the images
    turns: tuple[Turn, ...]
    who: dict[int, str]  # seat -> how the text names it ("Blue (alice)")
    #: the action the record starts after (0: the table as set up; more when a
    #: repair resumed the game from a later snapshot: earlier moves were lost)
    base: int = 0

    @property
    def last(self) -> int:
        return len(self.turns) - 1

    def rounds(self) -> list[tuple[int, int]]:
        """(round, its first turn's number) for each round, for the jump menu."""
        seen: dict[int, int] = {}
        for t in self.turns[1:]:
            seen.setdefault(t.round, t.number)
        return sorted(seen.items())


def table_view(g: Game) -> dict[str, Any]:
    """The table as a spectator sees it, without the pending decision's options:
    in a replay nobody answers them, so the image carries no option numbers."""
    view = g.view(None)
    if view.get("decision"):
        view["decision"] = {**view["decision"], "options": None}
    return view


def build_timeline(
    record: GameRecord,
    actions: Sequence[dict[str, Any]],
    *,
    names: dict[int, str],
    full: bool,
    start: Game | None = None,
) -> Timeline:
    """Replay ``actions`` from ``start`` (where the record starts: storage
    ``read_history``; default the game's options and seed), cutting it into turns."""
    if start is None:
        assert record.seed is not None
        g = Game.new(engine.options_from_json(record.options), record.seed)
    else:
        g = start

    def seat_name(seat: int | None) -> str:
        return g.name(seat) if seat is not None else "?"

    turns = [Turn(0, g.state.round, None, table_view(g), ())]
    prev = (g.state.round, g.state.current)
    lines: list[str] = []
    seats = len(g.state.players)
    solo = g.state.hal is not None
    hal = False

    def between(a: tuple[int, int], b: tuple[int, int]) -> tuple[tuple[int, int], ...]:
        """The turns strictly between ``a`` and ``b`` (seats play in order, round by round)."""
        steps = (b[0] - a[0]) * seats + b[1] - a[1]
        at = a[0] * seats + a[1]
        return tuple(divmod(at + i, seats) for i in range(1, steps))

    for a in actions:
        for ev in g.apply(Action.from_json(a)):
            if ev.text:
                lines.append(ev.text)
            hal = hal or (solo and ev.seat == HAL_SEAT)
            if full and ev.private:
                lines.append(f"🔒 {seat_name(ev.seat)}: {ev.private}")
        now = (g.state.round, g.state.current)
        if now != prev or g.is_over:
            skipped = between(prev, now)
            turns.append(
                Turn(len(turns), prev[0], prev[1], table_view(g), tuple(lines), skipped, hal)
            )
            lines, prev, hal = [], now, False
    if lines:  # a running game mid-turn: the table as it stands
        turns.append(Turn(len(turns), prev[0], prev[1], table_view(g), tuple(lines), (), hal))
    who = {s: f"{g.name(s)} ({n})" for s, n in names.items()}
    if solo:
        who[HAL_SEAT] = "Hal"
    return Timeline(
        record.id, record.revision, full, g.is_over, names, tuple(turns), who, record.base
    )


class Replays:
    """``/ba replay``: the GIF of a game, or one turn of it with its log lines.

    ``run`` runs CPU work off the event loop (the service's render pool)."""

    def __init__(
        self,
        store: Store[Any],
        fmt: Fmt,
        *,
        render: bool = True,
        run: Run | None = None,
        limit: int | None = None,
    ) -> None:
        from renderer.animation import UPLOAD_LIMIT

        self.store = store
        self.fmt = fmt
        self.render = render
        self.run: Run = run or asyncio.to_thread
        self.limit = limit or UPLOAD_LIMIT
        self._timelines: OrderedDict[tuple[int, int], Timeline] = OrderedDict()

    # ------------------------------------------------------------------ building

    async def _record(self, server: int, game_id: int) -> GameRecord | Reply:
        """The game if this server may watch it, else the refusal."""
        try:
            rec = await self.store.get_game(game_id)
        except NotFoundError:
            rec = None
        if rec is None or (rec.guild_id or NO_SERVER) != server:
            return fail(f"There is no game #{game_id} on this server.")
        if not rec.is_started:
            return fail(f"Game #{game_id} has not started yet: there is nothing to replay.")
        return rec

    async def refusal(self, server: int, game_id: int) -> Reply | None:
        """Why this server may not replay game ``game_id`` (None: it may)."""
        rec = await self._record(server, game_id)
        return rec if isinstance(rec, Reply) else None

    async def latest(self, channel_id: int) -> int | None:
        """The newest started game of a channel (the default of ``/ba replay``)."""
        games = await self.store.list_games(STARTED_STATUSES, channel_id=channel_id, limit=1)
        return games[0].id if games else None

    async def choices(self, server: int, current: str) -> list[tuple[str, int]]:
        """(label, game id) of recent finished games for a command's autocomplete."""
        games = await self.store.finished_games(server, limit=25)
        out = []
        for g in games:
            label = f"#{g.record.id} · {mode_of(g.record.options)} · " + ", ".join(
                self.seat_names(g.seats).values()
            )
            if not current or current.strip().lstrip("#") in label:
                out.append((T.clip(label, 100), g.record.id))
        return out

    def seat_names(self, seats: Sequence[Seat]) -> dict[int, str]:
        return {
            s.seat: bot_name(s.user_id)
            if is_bot(s.user_id)
            else s.display_name or self.fmt.name(s.user_id)
            for s in seats
        }

    async def timeline(self, rec: GameRecord) -> Timeline:
        key = (rec.id, rec.revision)
        hit = self._timelines.get(key)
        if hit is not None:
            self._timelines.move_to_end(key)
            return hit
        h = await self.store.read_history(rec.id)
        actions = [a.action for a in h.actions]
        full = rec.status is GameStatus.FINISHED
        tl = await self.run(
            lambda: build_timeline(
                h.record, actions, names=self.seat_names(h.seats), full=full, start=h.start
            )
        )
        self._timelines[key] = tl
        while len(self._timelines) > CACHED_TIMELINES:
            self._timelines.popitem(last=False)
        return tl

    async def _load(self, server: int, game_id: int) -> tuple[GameRecord, Timeline] | Reply:
        rec = await self._record(server, game_id)
        if isinstance(rec, Reply):
            return rec
        try:
            return rec, await self.timeline(rec)
        except Exception as exc:  # a log that no longer replays: say so, break nothing
            return fail(
                f"Game #{game_id} cannot be replayed: its log does not replay "
                f"({type(exc).__name__}). A moderator can look at it with"
                f" {command(self.fmt, 'mod repair')}."
            )

    # ------------------------------------------------------------------ the GIF

    async def animation(self, server: int, game_id: int) -> Reply:
        """The whole game as an animated GIF, one frame per turn."""
        got = await self._load(server, game_id)
        if isinstance(got, Reply):
            return got
        rec, tl = got
        head = self._head(rec, tl)
        if not self.render:
            return Reply(f"{head}\n{_frames(len(tl.turns))} (images are off).")
        gif, scale, kept = await self.run(self._gif, tl)
        size = f"{len(gif) / 2**20:.1f} MiB"
        note = (
            f"{_frames(kept)}, one per turn"
            if kept == len(tl.turns)
            else (f"{kept} of {len(tl.turns)} turns (to fit Discord's upload limit)")
        )
        if scale != 1.0:
            note += f", at {round(scale * 100)} % size"
        step = command(self.fmt, "replay")
        text = f"{head}\n🎞️ {note} ({size}). {step} with a turn number steps through it."
        return Reply(text, image=gif, image_name=f"replay-{rec.id}.gif")

    def _gif(self, tl: Timeline) -> tuple[bytes, float, int]:
        from renderer.animation import animate, draw_frames

        frames = draw_frames([t.view for t in tl.turns], tl.names)
        return animate(frames, self.limit)

    # ------------------------------------------------------------------ one turn

    async def turn(
        self, server: int, game_id: int, number: int | None = None
    ) -> tuple[Reply, Timeline | None, int]:
        """Turn ``number`` (default: the last) with its table and log lines:
        (reply, timeline, the turn shown)."""
        got = await self._load(server, game_id)
        if isinstance(got, Reply):
            return got, None, 0
        rec, tl = got
        n = tl.last if number is None else min(max(0, number), tl.last)
        t = tl.turns[n]
        # a turn past the end is said, not quietly swapped for the last one
        beyond = (
            f"Game #{rec.id} has no turn {number}: its turns run 0-{tl.last}, "
            f"so this is the last one{' so far' if rec.status in GOING else ''}."
            if number is not None and number > tl.last
            else None
        )
        if n == 0:
            what = (
                f"the table after move {tl.base}, where the record resumes (earlier moves"
                " were lost to damage)"
                if tl.base
                else "the table as set up"
            )
        else:
            what = (
                f"round {t.round}, {tl.who.get(t.seat, '?') if t.seat is not None else '?'}'s turn"
            )
            # a turn with no decision is played within this one's last move
            what += "".join(
                f", then round {r}, {tl.who.get(seat, '?')}'s turn (no decision: played at once)"
                for r, seat in t.then
            )
            what += ", then Hal's turn" if t.hal else ""
        lines = list(t.lines)
        if len(lines) > LINES_SHOWN:
            lines = [f"… {len(lines) - LINES_SHOWN} earlier lines"] + lines[-LINES_SHOWN:]
        head = [self._head(rec, tl), *([f"⚠️ {beyond}"] if beyond else [])]
        text = "\n".join([*head, f"**Turn {n}/{tl.last}** — {what}", *lines])
        image = None
        if self.render:
            from renderer import render_board

            image = await self.run(render_board, t.view, tl.names)
        return (
            Reply(T.clip_message(text), image=image, image_name=f"replay-{rec.id}-{n}.png"),
            tl,
            n,
        )

    def _head(self, rec: GameRecord, tl: Timeline) -> str:
        state = {
            GameStatus.FINISHED: "finished",
            GameStatus.ABORTED: "ended early",
            GameStatus.PAUSED: "paused",
            GameStatus.RUNNING: "running",
        }.get(rec.status, rec.status.value)
        hidden = "" if tl.full else " — only what spectators see"
        lost = (
            f"\n⚠️ Moves 1-{tl.base} were lost to damage; the record resumes after move {tl.base}."
            if tl.base
            else ""
        )
        return f"🎬 Replay of game #{rec.id} ({mode_of(rec.options)}, {state}){hidden}{lost}"


def _frames(n: int) -> str:
    return f"{n} frame{'s' if n != 1 else ''}"
