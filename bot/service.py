"""The game service: engine + storage + renderer, with no Discord in it.

Every front end (the Discord cog, the buttons, ``python -m bot --local``, the
tests and ``bench/bot.py``) calls the same coroutines here with plain ids
(channel, guild, user) and gets back :class:`Reply` values: text, an optional
image, who to ping, and the decision to show. The front end only turns a Reply
into messages.

One game per channel. Everything that changes a channel's game runs under that
channel's ``asyncio.Lock``; an action is applied to the cached engine game,
appended to the store with the version *and revision* it was computed from,
and on *any* failure the cached game is dropped and reloaded from storage, so
a failed click leaves the game exactly as it was stored.

Undo and moderator rollback cut the stored log in place
(``Store.truncate_actions``): the game keeps its id, its version (the number of
actions) goes down and its revision goes up. Buttons carry the revision, which
never comes back, so a button shown before an undo is refused even when the
log has the same length again.

Per-game settings (reminder interval, turn timeout, mutes, the reminder count,
the lobby's seat order) live in storage; ``Entry.settings`` mirrors them for the
cached game and every change is written to the store first.
"""

from __future__ import annotations

import asyncio
import logging
import os
import random
import time
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, fields
from typing import Any, Protocol

import engine
from bot import text as T
from engine import Action, Decision, EngineError, Event, Game, GameOptions, IllegalActionError
from engine.components import PLAYER_COLOURS
from storage import (
    ChannelBusyError,
    ConflictError,
    GameRecord,
    GameSettings,
    GameStateError,
    GameStatus,
    LobbyError,
    NotFoundError,
    Seat,
    StorageError,
    Store,
    new_seed,
)

log = logging.getLogger(__name__)

#: user id of a seat nobody holds any more (a removed player): the bot plays it.
BOT_USER = 0
COLOUR_NAMES = [c.value.title() for c in PLAYER_COLOURS]
DEFAULT_REMINDER_MINUTES = 12 * 60
DEFAULT_MAX_REMINDERS = 3
LOG_PAGE = 15
#: Option ids the bot picks first when it must play for someone (timeout, removed seat).
SIMPLE_IDS = ("pass", "B", "none", "done", "skip", "decline", "storage")
#: Event kinds that reveal something new (chance or a hidden card): undo stops there.
_REVEALING = frozenset(
    {"roll", "draw", "reshuffle", "ravagers_appear", "tile_appears", "ravager", "neutral"}
)


class Fmt(Protocol):
    """How a front end names people and times."""

    def mention(self, user_id: int) -> str: ...

    def name(self, user_id: int) -> str: ...

    def when(self, ts: float) -> str: ...


class PlainFmt:
    """Names for logs and tests: ``user 42``; absolute times."""

    def __init__(self, names: dict[int, str] | None = None) -> None:
        self.names = names if names is not None else {}

    def mention(self, user_id: int) -> str:
        return "@" + self.name(user_id)

    def name(self, user_id: int) -> str:
        if user_id == BOT_USER:
            return "the bot"
        return self.names.get(user_id, f"user {user_id}")

    def when(self, ts: float) -> str:
        left = ts - time.time()
        if left <= 0:
            return "now"
        if left < 3600:
            return f"in {round(left / 60)} min"
        return f"in {left / 3600:.1f} h"


@dataclass(frozen=True, slots=True)
class Actor:
    """Who is asking: a user, and whether the front end found them a moderator."""

    user_id: int
    moderator: bool = False
    role_ids: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class TurnPrompt:
    """The pending decision, ready to show. ``options`` are hidden (None) from the
    public when ``secret``; ask :meth:`GameService.choices` for the private copy."""

    game_id: int
    revision: int  # the game's revision: buttons carry it (see bot/views.py)
    seat: int
    user_id: int
    who: str  # "Blue (@alice)"
    kind: str
    prompt: str
    options: tuple[engine.Option, ...] | None
    secret: bool
    deadline: float | None = None  # turn timeout, if a moderator set one


@dataclass(slots=True)
class Reply:
    """What to say. ``ephemeral``: only the asking user may see it."""

    text: str
    ok: bool = True
    ephemeral: bool = False
    image: bytes | None = None
    image_name: str = "board.png"
    ping: list[int] = field(default_factory=list)
    turn: TurnPrompt | None = None
    #: user id -> lines only that user may see (cards drawn, ...); send privately.
    private: dict[int, list[str]] = field(default_factory=dict)
    #: True when a turn ended / the game started or finished: post a fresh message.
    new_turn: bool = False
    file: tuple[str, bytes] | None = None  # e.g. an export
    channel_id: int | None = None  # for notices produced by background work

    def add_private(self, user_id: int, line: str) -> None:
        self.private.setdefault(user_id, []).append(line)


def fail(msg: str) -> Reply:
    return Reply(msg, ok=False, ephemeral=True)


class ServiceError(Exception):
    """A user-facing refusal (the message is shown as it is)."""


@dataclass(slots=True)
class Entry:
    """A started game in the cache."""

    record: GameRecord
    seats: list[Seat]
    game: Game
    #: the game's stored settings (reminders, timeout, mutes), kept in step with
    #: storage: every change is written there first, then mirrored here.
    settings: GameSettings
    log: list[str] | None = None  # public event lines (built lazily from the log)

    @property
    def version(self) -> int:
        """Number of actions in the log (goes down on undo/rollback)."""
        return self.record.version

    @property
    def revision(self) -> int:
        """Bumped by every action, undo and rollback; never goes down."""
        return self.record.revision

    def user(self, seat: int) -> int:
        return self.seats[seat].user_id

    def seat_of(self, user_id: int) -> int | None:
        for s in self.seats:
            if s.user_id == user_id:
                return s.seat
        return None


def simplest_option(d: Decision) -> engine.Option:
    """The choice the bot makes for someone: pass / Sequence B / nothing / the first."""
    ids = {o.id: o for o in d.options}
    for oid in SIMPLE_IDS:
        if oid in ids:
            return ids[oid]
    return d.options[0]


def turn_key(g: Game) -> tuple[int, int, bool]:
    s = g.state
    return (s.round, s.current, s.finished)


def _counts(g: Game) -> tuple[Any, ...]:
    b = g.state.board
    return (
        tuple(len(d) for d in b.mission_decks),
        len(b.ravager_deck),
        len(b.advanced_deck),
        tuple(len(t) for t in b.tech_stacks),
        g.state.rng_counter,
    )


def options_json(players: int, advanced: bool, difficulty: str | None) -> dict[str, Any]:
    return engine.options_to_json(
        GameOptions(players=players, advanced=advanced, difficulty=difficulty)
    )


class GameService:
    """All game operations, keyed by channel. See the module docstring."""

    def __init__(
        self,
        store: Store[Any],
        fmt: Fmt | None = None,
        *,
        render: bool = True,
        seed_source: Callable[[], int] = new_seed,
        clock: Callable[[], float] = time.time,
        max_cached: int = 5000,
        max_reminders: int = DEFAULT_MAX_REMINDERS,
        default_reminder_minutes: int = DEFAULT_REMINDER_MINUTES,
        render_threads: int | None = None,
    ) -> None:
        self.store = store
        self.fmt: Fmt = fmt or PlainFmt()
        self.render = render
        self.seed_source = seed_source
        self.clock = clock
        self.max_cached = max_cached
        self.max_reminders = max_reminders
        self.default_reminder_minutes = default_reminder_minutes
        self._cache: OrderedDict[int, Entry] = OrderedDict()
        self._locks: dict[int, asyncio.Lock] = {}
        self.render_threads = render_threads or min(4, os.cpu_count() or 2)
        self._pool: Any = None

    # ------------------------------------------------------------------ plumbing

    def lock(self, channel_id: int) -> asyncio.Lock:
        lk = self._locks.get(channel_id)
        if lk is None:
            lk = self._locks[channel_id] = asyncio.Lock()
        return lk

    def drop(self, channel_id: int) -> None:
        """Forget the cached game (the next use reloads it from storage)."""
        self._cache.pop(channel_id, None)

    async def _entry(self, channel_id: int) -> Entry | None:
        """The channel's running/paused game (cached), or None (no game or a lobby)."""
        e = self._cache.get(channel_id)
        if e is not None:
            self._cache.move_to_end(channel_id)
            return e
        rec = await self.store.active_game(channel_id)
        if rec is None or rec.status is GameStatus.LOBBY:
            return None
        loaded = await self.store.load_game(rec.id)
        settings = await self.store.get_game_settings(rec.id)
        e = Entry(loaded.record, list(loaded.seats), loaded.game, settings)
        self._cache[channel_id] = e
        self._evict()
        return e

    def _evict(self) -> None:
        while len(self._cache) > self.max_cached:
            for cid in self._cache:
                if not self.lock(cid).locked():
                    del self._cache[cid]
                    break
            else:
                return

    async def _refresh(self, channel_id: int) -> Entry | None:
        self.drop(channel_id)
        return await self._entry(channel_id)

    async def _latest(self, channel_id: int) -> GameRecord | None:
        """The channel's active game, else its most recent archived one."""
        rec = await self.store.active_game(channel_id)
        if rec is not None:
            return rec
        games = await self.store.list_games(channel_id=channel_id, limit=1)
        return games[0] if games else None

    def who(self, e: Entry, seat: int) -> str:
        if not 0 <= seat < len(e.seats):
            return "Hal" if e.game.state.options.players == 1 else f"seat {seat + 1}"
        return f"{e.game.name(seat)} ({self.fmt.mention(e.user(seat))})"

    def names(self, e: Entry) -> dict[int, str]:
        return {s.seat: self.fmt.name(s.user_id) for s in e.seats}

    async def load_all(self) -> int:
        """Warm the cache with every running game (start-up). Returns how many."""
        report = await self.store.load_running_games()
        settings = await self.store.get_many_game_settings(lg.record.id for lg in report.loaded)
        for lg in report.loaded:
            st = settings.get(lg.record.id) or GameSettings(lg.record.id)
            self._cache[lg.record.channel_id] = Entry(lg.record, list(lg.seats), lg.game, st)
        for exc in report.failed:
            log.error("game %s could not be loaded: %s", exc.game_id, exc)
        self._evict()
        return len(report.loaded)

    # ------------------------------------------------------------------ rendering

    async def _in_thread(self, fn: Callable[..., bytes], *args: Any) -> bytes:
        """Render off the event loop, on a small pool of its own: rendering is
        CPU-bound, and every extra thread costs a malloc arena (tens of MB)."""
        if self._pool is None:
            from concurrent.futures import ThreadPoolExecutor

            self._pool = ThreadPoolExecutor(self.render_threads, thread_name_prefix="render")
        return await asyncio.get_running_loop().run_in_executor(self._pool, fn, *args)

    async def board_png(self, e: Entry) -> bytes | None:
        if not self.render:
            return None
        from renderer import render_board, render_final

        view = e.game.view(None)
        names = self.names(e)
        if e.game.is_over:
            return await self._in_thread(render_final, view, names)
        return await self._in_thread(render_board, view, names)

    async def player_png(self, e: Entry, seat: int, own: bool) -> bytes | None:
        if not self.render:
            return None
        from renderer import render_player

        view = e.game.view(seat if own else None)
        return await self._in_thread(render_player, view, seat, self.names(e))

    # ------------------------------------------------------------------ prompts

    def prompt(self, e: Entry) -> TurnPrompt | None:
        d = e.game.decision
        if d is None or e.record.status is not GameStatus.RUNNING:
            return None
        deadline = None
        if e.settings.timeout_minutes:
            deadline = e.record.updated_at + e.settings.timeout_minutes * 60
        return TurnPrompt(
            game_id=e.record.id,
            revision=e.revision,
            seat=d.seat,
            user_id=e.user(d.seat),
            who=self.who(e, d.seat),
            kind=d.kind,
            prompt=d.prompt,
            options=None if d.secret else d.options,
            secret=d.secret,
            deadline=deadline,
        )

    def prompt_line(self, p: TurnPrompt) -> str:
        if p.secret:
            line = f"➡️ {p.who} is choosing… ({p.prompt.split(':')[0]})"
        else:
            line = f"➡️ {p.who}: {p.prompt}"
        if p.deadline:
            line += f" — auto-play {self.fmt.when(p.deadline)}"
        return line

    # ------------------------------------------------------------------ lobby

    async def create(
        self,
        channel_id: int,
        actor: Actor,
        players: int = 2,
        *,
        guild_id: int | None = None,
        advanced: bool = False,
        difficulty: str | None = None,
        order: str = "random",
    ) -> Reply:
        if guild_id is not None and not actor.moderator:
            gs = await self.store.get_guild_settings(guild_id)
            if gs.start_policy == "moderators":
                return fail("Only moderators may create games on this server.")
        if not 1 <= players <= 4:
            return fail("A game has 1 to 4 players.")
        if order not in ("random", "lobby"):
            return fail("Seat order is `random` or `lobby`.")
        if players > 1:
            difficulty = None  # Hal's difficulty is for solo games only
        opts = options_json(players, advanced, difficulty)
        try:  # ask the engine now, so nobody waits in a lobby that cannot start
            Game.new(engine.options_from_json(opts), 0)
        except EngineError as exc:
            return fail(f"That game cannot be set up: {exc}")
        async with self.lock(channel_id):
            try:
                rec = await self.store.create_game(
                    channel_id, guild_id=guild_id, created_by=actor.user_id, options=opts
                )
            except ChannelBusyError:
                return fail("This channel already has a game. Use a thread or another channel.")
            await self.store.join_game(rec.id, actor.user_id, max_seats=players)
            await self.store.update_game_settings(
                rec.id, seat_order="lobby" if order == "lobby" else "random"
            )
        kind = "advanced" if advanced else "basic"
        return Reply(
            f"🚀 New {players}-player Black Angel game ({kind} rules, {order} seat order) "
            f"created by {self.fmt.mention(actor.user_id)}. Join with `join`; "
            f"{self.fmt.mention(actor.user_id)} starts it with `start`."
        )

    async def _lobby(self, channel_id: int) -> GameRecord:
        rec = await self.store.active_game(channel_id)
        if rec is None:
            raise ServiceError("There is no game in this channel. Create one with `new`.")
        if rec.status is not GameStatus.LOBBY:
            raise ServiceError("The game here has already started.")
        return rec

    async def join(self, channel_id: int, actor: Actor, colour: str | None = None) -> Reply:
        async with self.lock(channel_id):
            try:
                rec = await self._lobby(channel_id)
                colour = _colour(colour)
                players = int(rec.options.get("players", 2))
                await self.store.join_game(rec.id, actor.user_id, colour=colour, max_seats=players)
                seats = await self.store.get_seats(rec.id)
            except ServiceError as exc:
                return fail(str(exc))
            except LobbyError as exc:
                return fail(_lobby_msg(exc))
        return Reply(
            f"{self.fmt.mention(actor.user_id)} joins ({len(seats)}/{players}). "
            + self._lobby_line(seats)
        )

    async def leave(self, channel_id: int, actor: Actor) -> Reply:
        async with self.lock(channel_id):
            try:
                rec = await self._lobby(channel_id)
                seats = await self.store.leave_game(rec.id, actor.user_id)
            except ServiceError as exc:
                return fail(str(exc))
            except NotFoundError:
                return fail("You are not in this lobby.")
            if not seats:
                await self.store.abort_game(rec.id, "everyone left")
                return Reply(f"{self.fmt.mention(actor.user_id)} leaves; the lobby is closed.")
        return Reply(f"{self.fmt.mention(actor.user_id)} leaves. " + self._lobby_line(seats))

    async def colour(self, channel_id: int, actor: Actor, colour: str | None) -> Reply:
        async with self.lock(channel_id):
            try:
                rec = await self._lobby(channel_id)
                seat = await self.store.set_colour(rec.id, actor.user_id, _colour(colour))
            except ServiceError as exc:
                return fail(str(exc))
            except NotFoundError:
                return fail("Join the lobby first.")
            except LobbyError as exc:
                return fail(_lobby_msg(exc))
        return Reply(f"{self.fmt.mention(actor.user_id)} would like {seat.colour or 'any colour'}.")

    def _lobby_line(self, seats: Sequence[Seat]) -> str:
        return "Lobby: " + ", ".join(
            self.fmt.name(s.user_id) + (f" ({s.colour})" if s.colour else "") for s in seats
        )

    async def start(
        self,
        channel_id: int,
        actor: Actor,
        *,
        seed: int | None = None,
        order: str | None = None,
    ) -> Reply:
        async with self.lock(channel_id):
            try:
                rec = await self._lobby(channel_id)
            except ServiceError as exc:
                return fail(str(exc))
            if actor.user_id != rec.created_by and not actor.moderator:
                return fail("Only the player who created the game (or a moderator) can start it.")
            seats = await self.store.get_seats(rec.id)
            opts = rec.options
            wanted = int(opts.get("players", 2))
            if len(seats) != wanted:
                return fail(
                    f"This is a {wanted}-player game and {len(seats)} joined. "
                    "Wait for more players, or create a new game with the right count."
                )
            seed = self.seed_source() if seed is None else seed
            order = order or (await self.store.get_game_settings(rec.id)).seat_order
            users = [s.user_id for s in seats]
            if order == "random":
                random.Random(seed).shuffle(users)
            wishes = {s.user_id: s.colour for s in seats}
            colours = assign_colours(users, wishes)
            final = dict(opts, colours=colours)  # the engine honours them; replays need them
            try:
                game = await asyncio.to_thread(Game.new, engine.options_from_json(final), seed)
                await self.store.start_game(
                    rec.id,
                    seed,
                    order=users,
                    colours=colours,
                    options=final,
                    snapshot=game.to_json(),
                )
            except (StorageError, EngineError) as exc:
                log.exception("game %s: start failed", rec.id)
                return fail(f"The game could not start: {exc}")
            e = await self._refresh(channel_id)
            assert e is not None
            lines = [
                f"🎲 The game starts ({'random' if order == 'random' else 'lobby'} seat order):",
                *(f"{i + 1}. {self.who(e, i)}" for i in range(len(users))),
            ]
            reply = Reply("\n".join(lines), new_turn=True)
            await self._auto(e, reply)
            await self._finish_reply(e, reply, render=True)
            return reply

    # ------------------------------------------------------------------ playing

    def resolve(self, d: Decision, ref: str) -> engine.Option | None:
        """An option by id, by 1-based number, or by a unique label match."""
        ref = ref.strip()
        o = d.option(ref)
        if o is not None:
            return o
        if ref.isdigit() and 1 <= int(ref) <= len(d.options):
            return d.options[int(ref) - 1]
        low = ref.lower()
        hits = [o for o in d.options if o.label.lower().startswith(low)] or [
            o for o in d.options if low in o.label.lower()
        ]
        return hits[0] if len(hits) == 1 else None

    async def choose(
        self,
        channel_id: int,
        actor: Actor,
        ref: str,
        *,
        game_id: int | None = None,
        revision: int | None = None,
        version: int | None = None,
    ) -> Reply:
        """Answer the pending decision for ``actor``. With ``game_id``/``revision``
        (a button), a click from an older state is refused as stale, also after
        an undo or rollback (a revision never comes back). ``version`` (the
        number of actions) is checked too if given, e.g. by ``bench/bot.py``."""
        async with self.lock(channel_id):
            try:
                e = await self._entry(channel_id)
            except StorageError as exc:
                log.error("channel %s: cannot load the game: %s", channel_id, exc)
                return fail("This game cannot be loaded right now; the moderators can export it.")
            if e is None:
                if game_id is not None:
                    return fail("This choice is no longer current (that game is over).")
                return fail("There is no game running in this channel.")
            if (
                (game_id is not None and game_id != e.record.id)
                or (revision is not None and revision != e.revision)
                or (version is not None and version != e.version)
            ):
                return fail("This choice is no longer current.")
            if e.record.status is GameStatus.PAUSED:
                return fail("The game is paused by a moderator.")
            seat = e.seat_of(actor.user_id)
            if seat is None:
                return fail("You are not playing in this game.")
            d = e.game.decision
            if d is None:
                return fail("The game is over.")
            if d.seat != seat:
                return fail(f"It is {self.who(e, d.seat)}'s decision now, not yours.")
            option = self.resolve(d, ref)
            if option is None:
                return fail(f"'{ref}' is not one of your options now. {d.prompt}")
            reply = Reply("")
            try:
                await self._apply(e, Action(seat, option.id), actor.user_id, reply, d)
                await self._auto(e, reply)
            except IllegalActionError as exc:
                return fail(str(exc))
            except ConflictError:
                self.drop(channel_id)
                return fail("This choice is no longer current.")
            except Exception:
                log.exception("game %s: unexpected error applying %r", e.record.id, option.id)
                self.drop(channel_id)
                return fail("Something went wrong; the game is unchanged. Please try again.")
            await self._finish_reply(e, reply)
            return reply

    async def _apply(
        self, e: Entry, action: Action, user_id: int | None, reply: Reply, d: Decision
    ) -> None:
        """Apply + append; on any failure the cached game is dropped (the caller's
        next look reloads it from storage). Fills ``reply`` with what happened."""
        g = e.game
        before = turn_key(g)
        try:
            events = g.apply(action)
        except IllegalActionError:
            raise
        except Exception:
            self.drop(e.record.channel_id)
            raise
        try:
            res = await self.store.append_action(
                e.record.id,
                e.version,
                action.seat,
                user_id,
                action.to_json(),
                g.to_json,
                result=g.result if g.is_over else None,
                expected_revision=e.revision,
            )
        except BaseException:
            self.drop(e.record.channel_id)
            raise
        status = GameStatus.FINISHED if res.finished else e.record.status
        e.record = _replace(
            e.record,
            version=res.version,
            revision=res.revision,
            updated_at=self.clock(),
            status=status,
        )
        if not d.secret and not any(ev.text for ev in events):
            chosen = d.option(action.option)
            if chosen is not None:
                reply.text += f"{e.game.name(action.seat)}: {chosen.label}\n"
        self._events(e, events, reply)
        if turn_key(g) != before:
            reply.new_turn = True
        if res.finished:
            self.drop(e.record.channel_id)

    def _events(self, e: Entry, events: list[Event], reply: Reply) -> None:
        lines = [ev.text for ev in events if ev.text]
        if e.log is not None:
            e.log.extend(lines)
        if lines:
            reply.text += "\n".join(lines) + "\n"
        for ev in events:
            if ev.private and ev.seat is not None and 0 <= ev.seat < len(e.seats):
                uid = e.user(ev.seat)
                if uid != BOT_USER:
                    reply.add_private(uid, ev.private)

    async def _auto(self, e: Entry, reply: Reply, *, limit: int = 500) -> None:
        """Play the decisions of seats nobody holds (removed players)."""
        n = 0
        while e.record.status is GameStatus.RUNNING and not e.game.is_over and n < limit:
            d = e.game.decision
            if d is None or e.user(d.seat) != BOT_USER:
                return
            o = simplest_option(d)
            reply.text += f"🤖 For {e.game.name(d.seat)} (no player): {o.label if not d.secret else 'a choice'}\n"
            await self._apply(e, Action(d.seat, o.id), None, reply, d)
            n += 1

    async def _finish_reply(self, e: Entry, reply: Reply, *, render: bool = False) -> None:
        """Add the next prompt / the end of the game, the ping and the image."""
        if reply.text and not reply.text.endswith("\n"):
            reply.text += "\n"
        if e.game.is_over:
            reply.new_turn = True
            reply.text += self._result_text(e)
            reply.ping = [s.user_id for s in e.seats if s.user_id != BOT_USER]
            reply.image = await self.board_png(e)
            reply.image_name = "final.png"
            return
        p = self.prompt(e)
        reply.turn = p
        if p is not None:
            reply.text += self.prompt_line(p)
            if p.user_id != BOT_USER and p.user_id not in e.settings.muted:
                reply.ping = [p.user_id]
        if reply.new_turn or render:
            reply.image = await self.board_png(e)
        reply.text = T.clip_message(reply.text.strip())

    def _result_text(self, e: Entry) -> str:
        res = e.game.result or {}
        scores = res.get("scores", [])
        winners = res.get("winners", [])
        ranking = sorted(range(len(scores)), key=lambda s: -scores[s])
        lines = ["🏁 **The game is over**" + (f" ({res.get('end')})" if res.get("end") else "")]
        for s in ranking:
            lines.append(f"{'🏆 ' if s in winners else ''}{self.who(e, s)}: {scores[s]} VP")
        names = " and ".join(self.who(e, s) for s in winners)
        lines.append(f"Winner{'s' if len(winners) > 1 else ''}: {names}. The game is archived.")
        return "\n".join(lines)

    # ------------------------------------------------------------------ looking

    async def choices(self, channel_id: int, actor: Actor) -> Reply:
        """The asker's pending options, privately (the "Show my choices" button)."""
        e = await self._entry(channel_id)
        if e is None:
            return fail("There is no game running in this channel.")
        d = e.game.decision
        seat = e.seat_of(actor.user_id)
        if d is None:
            return fail("The game is over.")
        if seat is None:
            return fail("You are not playing in this game.")
        if d.seat != seat:
            return fail(f"It is {self.who(e, d.seat)}'s decision now, not yours.")
        p = self.prompt(e)
        if p is None:
            return fail("The game is paused.")
        full = TurnPrompt(
            **{f.name: getattr(p, f.name) for f in fields(p)} | {"options": d.options}
        )
        return Reply(f"{d.prompt}", ephemeral=True, turn=full)

    async def _viewable(self, channel_id: int) -> Entry | None:
        """The channel's running game, else its latest finished one (still viewable)."""
        e = await self._entry(channel_id)
        if e is not None:
            return e
        rec = await self._latest(channel_id)
        if rec is None or not rec.is_started:
            return None
        loaded = await self.store.load_game(rec.id)
        return Entry(loaded.record, list(loaded.seats), loaded.game, GameSettings(rec.id))

    async def board(self, channel_id: int) -> Reply:
        e = await self._viewable(channel_id)
        if e is None:
            return fail("There is no game to show in this channel.")
        p = self.prompt(e)
        text = f"Round {e.game.state.round} — game #{e.record.id}"
        if e.record.status is GameStatus.PAUSED:
            text += " (paused)"
        if p is not None:
            text += "\n" + self.prompt_line(p)
        return Reply(text, image=await self.board_png(e), turn=p)

    async def hand(self, channel_id: int, actor: Actor) -> Reply:
        """Your hand and player board, privately."""
        e = await self._entry(channel_id)
        if e is None:
            return fail("There is no game running in this channel.")
        seat = e.seat_of(actor.user_id)
        if seat is None:
            return fail("You are not playing in this game.")
        from engine.ops import mission_label

        p = e.game.state.players[seat]
        lines = [f"**Your hand** ({e.game.name(seat)}):"]
        for m in p.missions:
            lines.append(f"• {mission_label(m)}")
        for r in p.ravagers:
            lines.append(f"• Ravager card #{r}")
        if len(lines) == 1:
            lines.append("(empty)")
        lines.append(f"Resources {p.resources} · debris {p.debris} · ships {p.ships} · VP {p.vp}")
        return Reply(
            "\n".join(lines),
            ephemeral=True,
            image=await self.player_png(e, seat, own=True),
            image_name="my-board.png",
        )

    async def event_log(self, channel_id: int, page: int = 1) -> Reply:
        e = await self._viewable(channel_id)
        if e is None:
            return fail("There is no game to show in this channel.")
        if e.log is None:
            e.log = await self._rebuild_log(e.record)
        lines = e.log
        pages = max(1, -(-len(lines) // LOG_PAGE))
        page = min(max(1, page), pages)
        end = len(lines) - (page - 1) * LOG_PAGE
        chunk = lines[max(0, end - LOG_PAGE) : end]
        head = f"**Game log** — page {page}/{pages} (1 = most recent)"
        return Reply(T.clip_message(head + "\n" + "\n".join(chunk or ["(nothing yet)"])))

    async def _rebuild_log(self, rec: GameRecord) -> list[str]:
        actions = await self.store.get_actions(rec.id)
        assert rec.seed is not None

        def run() -> list[str]:
            g = Game.new(engine.options_from_json(rec.options), rec.seed)
            out: list[str] = []
            for a in actions:
                out.extend(ev.text for ev in g.apply(Action.from_json(a.action)) if ev.text)
            return out

        return await asyncio.to_thread(run)

    async def scores(self, channel_id: int) -> Reply:
        e = await self._viewable(channel_id)
        if e is None:
            return fail("There is no game to score in this channel.")
        if e.game.is_over:
            res = e.game.result or {}
            lines = [self._result_text(e), "", "**Breakdown**"]
            for b in res.get("breakdown", []):
                parts = ", ".join(
                    f"{k} {_part(v)}" for k, v in b.items() if k not in ("seat", "hal")
                )
                lines.append(f"{self.who(e, int(b.get('seat', 0)))}: {parts}")
            return Reply(
                T.clip_message("\n".join(lines)),
                image=await self.board_png(e),
                image_name="final.png",
            )
        s = e.game.state
        lines = [
            f"**Scores** (round {s.round}{', final round' if s.last_round == s.round else ''}):"
        ]
        for p in sorted(s.players, key=lambda p: -p.vp):
            lines.append(f"{self.who(e, p.seat)}: {p.vp} VP")
        return Reply("\n".join(lines))

    def autocomplete(self, channel_id: int, user_id: int, current: str) -> list[tuple[str, str]]:
        """(label, option id) pairs for a slash command's option field; cached games only."""
        e = self._cache.get(channel_id)
        if e is None:
            return []
        d = e.game.decision
        if d is None or e.seat_of(user_id) != d.seat:
            return []
        low = current.lower().strip()
        out = []
        for i, o in enumerate(d.options, 1):
            name = f"{i}. {o.label}"
            if not low or low in name.lower() or low == o.id.lower():
                out.append((T.clip(name, 100), o.id))
        return out[:25]

    # ------------------------------------------------------------------ undo / rollback

    async def undo(self, channel_id: int, actor: Actor) -> Reply:
        async with self.lock(channel_id):
            e = await self._entry(channel_id)
            if e is None:
                return fail("There is no game running in this channel.")
            if e.record.status is not GameStatus.RUNNING:
                return fail("The game is paused.")
            seat = e.seat_of(actor.user_id)
            if seat is None:
                return fail("You are not playing in this game.")
            actions = await self.store.get_actions(e.record.id)
            if not actions:
                return fail("There is nothing to undo.")
            last = actions[-1]
            if last.seat != seat:
                return fail("You can only take back your own decisions, before anyone else acts.")
            rec = e.record
            assert rec.seed is not None
            opts = engine.options_from_json(rec.options)

            def check() -> tuple[str | None, dict[str, Any]]:
                g = engine.replay(
                    opts, rec.seed, [Action.from_json(a.action) for a in actions[:-1]]
                )
                state = g.to_json()  # stored with the cut: the next load needs no replay
                before, counts = turn_key(g), _counts(g)
                events = g.apply(Action.from_json(last.action))
                if turn_key(g) != before:
                    return "That decision ended the turn; it cannot be taken back.", state
                if _counts(g) != counts or any(
                    ev.kind in _REVEALING or ev.private for ev in events
                ):
                    return (
                        "A die was rolled or a card was drawn since; it cannot be taken back.",
                        state,
                    )
                return None, state

            why, state = await asyncio.to_thread(check)
            if why:
                return fail(why)
            try:
                await self._truncate(e, len(actions) - 1, "undo", state)
            except ConflictError:
                return fail("The game changed meanwhile; nothing was taken back. Look again.")
            except Exception:
                log.exception("game %s: undo failed", rec.id)
                self.drop(channel_id)
                return fail("Undo failed; the game is unchanged.")
            e2 = await self._refresh(channel_id)
            assert e2 is not None
            reply = Reply(f"↩️ {self.who(e2, seat)} takes back their last decision.\n")
            await self._finish_reply(e2, reply)
            return reply

    async def _truncate(
        self, e: Entry, keep: int, why: str, state: dict[str, Any] | None = None
    ) -> None:
        """Cut the game's action log to its first ``keep`` actions, in place.

        One storage transaction; the game keeps its id, and its revision goes
        up, so every button shown before (which carries the old revision)
        answers "no longer current", even once the log grows back. ``state``:
        the engine state at ``keep``, stored with the cut. Runs under the
        channel lock; the cached game is dropped (the caller reloads it).
        """
        try:
            await self.store.truncate_actions(
                e.record.id, keep, e.version, expected_revision=e.revision, snapshot=state
            )
        finally:
            self.drop(e.record.channel_id)
        log.info("game %s: log cut to %s actions (%s)", e.record.id, keep, why)

    # ------------------------------------------------------------------ moderators

    async def is_moderator(
        self, guild_id: int | None, *, manage: bool, role_ids: Sequence[int] = ()
    ) -> bool:
        if manage:
            return True
        if guild_id is None:
            return False
        gs = await self.store.get_guild_settings(guild_id)
        return gs.moderator_role_id is not None and gs.moderator_role_id in role_ids

    async def _mod(self, channel_id: int, actor: Actor) -> Entry:
        if not actor.moderator:
            raise ServiceError(
                "Only moderators (Manage Server / Manage Channels, or the moderator role) can do that."
            )
        e = await self._entry(channel_id)
        if e is None:
            raise ServiceError("There is no game running in this channel.")
        return e

    async def pause(self, channel_id: int, actor: Actor) -> Reply:
        async with self.lock(channel_id):
            try:
                e = await self._mod(channel_id, actor)
                e.record = await self.store.pause_game(e.record.id)
            except (ServiceError, GameStateError) as exc:
                return fail(str(exc))
        return Reply(f"⏸️ {self.fmt.mention(actor.user_id)} (moderator) paused the game.")

    async def resume(self, channel_id: int, actor: Actor) -> Reply:
        async with self.lock(channel_id):
            try:
                e = await self._mod(channel_id, actor)
                e.record = await self.store.resume_game(e.record.id)
            except (ServiceError, GameStateError) as exc:
                return fail(str(exc))
            reply = Reply(f"▶️ {self.fmt.mention(actor.user_id)} (moderator) resumed the game.\n")
            await self._auto(e, reply)
            await self._finish_reply(e, reply)
            return reply

    async def end(self, channel_id: int, actor: Actor) -> Reply:
        async with self.lock(channel_id):
            if not actor.moderator:
                return fail("Only moderators can end a game.")
            rec = await self.store.active_game(channel_id)
            if rec is None:
                return fail("There is no game in this channel.")
            await self.store.abort_game(rec.id, f"ended by moderator {actor.user_id}")
            self.drop(channel_id)
        return Reply(
            f"⏹️ {self.fmt.mention(actor.user_id)} (moderator) ended game #{rec.id}. "
            "It stays archived (board, log and export still work)."
        )

    async def replace(self, channel_id: int, actor: Actor, seat: int, new_user: int) -> Reply:
        """Give ``seat`` (0-based) to ``new_user`` (BOT_USER: nobody, the bot plays it)."""
        async with self.lock(channel_id):
            if not actor.moderator:
                return fail("Only moderators can replace or remove players.")
            rec = await self.store.active_game(channel_id)
            if rec is None:
                return fail("There is no game in this channel.")
            seats = await self.store.get_seats(rec.id)
            if not 0 <= seat < len(seats):
                return fail(f"There is no seat {seat + 1}.")
            old = seats[seat].user_id
            if rec.status is GameStatus.LOBBY and new_user == BOT_USER:
                await self.store.leave_game(rec.id, old)
                return Reply(
                    f"{self.fmt.mention(actor.user_id)} (moderator) removed "
                    f"{self.fmt.mention(old)} from the lobby."
                )
            try:
                await self.store.replace_player(rec.id, seat, new_user)
            except LobbyError:
                return fail("That user already holds another seat in this game.")
            e = await self._refresh(channel_id)
            who = (
                f"{e.game.name(seat)} is now played by {self.fmt.mention(new_user)}"
                if new_user != BOT_USER
                else f"{e.game.name(seat)} is now played by the bot (simplest legal choices)"
            )
            reply = Reply(
                f"🔁 {self.fmt.mention(actor.user_id)} (moderator) replaced "
                f"{self.fmt.mention(old)}: {who}.\n"
            )
            if e is not None:
                await self._auto(e, reply)
                await self._finish_reply(e, reply)
            return reply

    async def rollback(self, channel_id: int, actor: Actor) -> Reply:
        async with self.lock(channel_id):
            try:
                e = await self._mod(channel_id, actor)
            except ServiceError as exc:
                return fail(str(exc))
            if e.version == 0:
                return fail("There is no action to roll back.")
            try:
                await self._truncate(e, e.version - 1, "rollback")
            except ConflictError:
                return fail("The game changed meanwhile; nothing was rolled back. Look again.")
            except Exception:
                log.exception("game %s: rollback failed", e.record.id)
                self.drop(channel_id)
                return fail("Rollback failed; the game is unchanged.")
            e2 = await self._refresh(channel_id)
            assert e2 is not None
            reply = Reply(
                f"⏪ {self.fmt.mention(actor.user_id)} (moderator) rolled back the last action.\n",
                new_turn=True,
            )
            await self._finish_reply(e2, reply)
            return reply

    async def set_reminder(
        self,
        channel_id: int,
        actor: Actor,
        minutes: int,
        *,
        guild_id: int | None = None,
        server_wide: bool = False,
    ) -> Reply:
        if not actor.moderator:
            return fail("Only moderators can set reminders.")
        if minutes < 0:
            return fail("Minutes must be 0 (off) or more.")
        if server_wide:
            if guild_id is None:
                return fail("Server-wide settings need a server.")
            await self.store.update_guild_settings(guild_id, reminder_minutes=minutes or None)
            return Reply(
                f"⏰ {self.fmt.mention(actor.user_id)} (moderator) set turn reminders on this server "
                + (f"to every {minutes} min." if minutes else "to the default.")
            )
        async with self.lock(channel_id):
            e = await self._entry(channel_id)
            if e is None:
                return fail("There is no game running in this channel.")
            e.settings = await self.store.update_game_settings(
                e.record.id, reminder_minutes=minutes
            )
        return Reply(
            f"⏰ {self.fmt.mention(actor.user_id)} (moderator) set turn reminders for this game "
            + (f"to every {minutes} min." if minutes else "off.")
        )

    async def set_timeout(self, channel_id: int, actor: Actor, minutes: int) -> Reply:
        if not actor.moderator:
            return fail("Only moderators can set a turn timeout.")
        if minutes < 0:
            return fail("Minutes must be 0 (no timeout) or more.")
        async with self.lock(channel_id):
            e = await self._entry(channel_id)
            if e is None:
                return fail("There is no game running in this channel.")
            e.settings = await self.store.update_game_settings(
                e.record.id, timeout_minutes=minutes or None
            )
        if not minutes:
            return Reply(
                f"⌛ {self.fmt.mention(actor.user_id)} (moderator) removed the turn timeout."
            )
        return Reply(
            f"⌛ {self.fmt.mention(actor.user_id)} (moderator) set a turn timeout of {minutes} min: "
            "after it, the turn is played for the player with the simplest legal choice."
        )

    async def export(self, channel_id: int, actor: Actor) -> Reply:
        if not actor.moderator:
            return fail("Only moderators can export a game.")
        rec = await self._latest(channel_id)
        if rec is None:
            return fail("There is no game in this channel.")
        import json

        doc = await self.store.export_game(rec.id)
        data = json.dumps(doc, indent=1).encode()
        return Reply(
            f"📦 {self.fmt.mention(actor.user_id)} (moderator) exported game #{rec.id}.",
            file=(f"black-angel-{rec.id}.json", data),
        )

    async def set_policy(
        self,
        guild_id: int | None,
        actor: Actor,
        policy: str | None = None,
        role_id: int | None | bool = False,
    ) -> Reply:
        if not actor.moderator:
            return fail("Only moderators can change who may create games.")
        if guild_id is None:
            return fail("That is a server setting.")
        kw: dict[str, Any] = {}
        if policy is not None:
            if policy not in ("anyone", "moderators"):
                return fail("Policy is `anyone` or `moderators`.")
            kw["start_policy"] = policy
        if role_id is not False:
            kw["moderator_role_id"] = role_id
        gs = await self.store.update_guild_settings(guild_id, **kw)
        role = f"<@&{gs.moderator_role_id}>" if gs.moderator_role_id else "none"
        return Reply(
            f"🛡️ {self.fmt.mention(actor.user_id)} (moderator) updated the server: "
            f"games created by {gs.start_policy}; moderator role {role}."
        )

    async def mute(self, channel_id: int, actor: Actor, on: bool) -> Reply:
        async with self.lock(channel_id):
            e = await self._entry(channel_id)
            if e is None or e.seat_of(actor.user_id) is None:
                return fail("You are not playing in a game in this channel.")
            e.settings = await self.store.set_game_mute(e.record.id, actor.user_id, on)
        return Reply(
            "Turn pings for this game are " + ("muted." if on else "back on."), ephemeral=True
        )

    # ------------------------------------------------------------------ background work

    async def _reminder_minutes(self, e: Entry) -> int:
        if e.settings.reminder_minutes is not None:
            return e.settings.reminder_minutes
        if e.record.guild_id is not None:
            gs = await self.store.get_guild_settings(e.record.guild_id)
            if gs.reminder_minutes:
                return gs.reminder_minutes
        return self.default_reminder_minutes

    async def tick(self) -> list[Reply]:
        """Reminders and turn timeouts due now, for every running game.

        Returns notices (``channel_id`` set) to post; a timeout plays the turn
        (never silently: the notice says so)."""
        now = self.clock()
        out: list[Reply] = []
        for rec in await self.store.list_running_games():
            if rec.status is not GameStatus.RUNNING:
                continue
            try:
                reply = await self._tick_game(rec.channel_id, now)
            except Exception:
                log.exception("game %s: reminder/timeout failed", rec.id)
                self.drop(rec.channel_id)
                continue
            if reply is not None:
                reply.channel_id = rec.channel_id
                out.append(reply)
        return out

    async def _tick_game(self, channel_id: int, now: float) -> Reply | None:
        async with self.lock(channel_id):
            e = await self._entry(channel_id)
            if e is None or e.record.status is not GameStatus.RUNNING:
                return None
            d = e.game.decision
            if d is None or e.user(d.seat) == BOT_USER:
                return None
            st = e.settings
            idle = now - e.record.updated_at
            if st.timeout_minutes and idle >= st.timeout_minutes * 60:
                seat = d.seat
                reply = Reply(f"⌛ Time is up for {self.who(e, seat)}: the bot plays for them.\n")
                n = 0
                while n < 200:
                    d = e.game.decision
                    if d is None or d.seat != seat or e.game.is_over:
                        break
                    o = simplest_option(d)
                    reply.text += f"• {o.label if not d.secret else 'a hidden choice'}\n"
                    await self._apply(e, Action(seat, o.id), None, reply, d)
                    n += 1
                    if reply.new_turn:
                        break
                await self._auto(e, reply)
                await self._finish_reply(e, reply)
                return reply
            # the counter is per revision: any action, undo or rollback starts it again
            sent, last = st.reminders_for(e.revision)
            minutes = await self._reminder_minutes(e)
            uid = e.user(d.seat)
            if not minutes or sent >= self.max_reminders or uid in st.muted:
                return None
            since = max(e.record.updated_at, last or 0.0)
            if now - since < minutes * 60:
                return None
            e.settings = await self.store.record_reminder(e.record.id, e.revision, now)
            sent = e.settings.reminders_sent
            p = self.prompt(e)
            nxt = now + minutes * 60
            txt = (
                f"⏰ Reminder {sent}/{self.max_reminders}: "
                f"{self.fmt.mention(uid)}, the game is waiting for you "
                f"(since {self.fmt.when(e.record.updated_at)}). "
            )
            if sent < self.max_reminders:
                txt += f"Next reminder {self.fmt.when(nxt)}."
            if p is not None:
                txt += "\n" + self.prompt_line(p)
            return Reply(txt, ping=[uid], turn=p)


# ---------------------------------------------------------------------- helpers


def _replace(rec: GameRecord, **kw: Any) -> GameRecord:
    import dataclasses

    return dataclasses.replace(rec, **kw)


def assign_colours(users: Sequence[int], wishes: dict[int, str | None]) -> list[str]:
    """Colour by seat: each lobby wish is honoured (first come in seat order),
    the others take the first free colours."""
    names = [c.value for c in PLAYER_COLOURS]
    out: list[str | None] = []
    for u in users:
        wish = wishes.get(u)
        out.append(wish if wish in names and wish not in out else None)
    free = [c for c in names if c not in out]
    return [c if c is not None else free.pop(0) for c in out]


def _colour(colour: str | None) -> str | None:
    if colour is None or not colour.strip():
        return None
    c = colour.strip().lower()
    names = [n.lower() for n in COLOUR_NAMES]
    if c not in names:
        raise ServiceError(f"Colours: {', '.join(names)}.")
    return c


def _lobby_msg(exc: LobbyError) -> str:
    msg = str(exc)
    if "already seated" in msg:
        return "You are already in this lobby."
    if "is full" in msg:
        return "This game is full."
    if "colour" in msg:
        return "That colour is taken."
    return msg


def _part(v: Any) -> Any:
    if isinstance(v, list):
        return sum(int(x.get("vp", 0)) for x in v if isinstance(x, dict))
    return v
