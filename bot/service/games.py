"""The table of live games: the store, the cache of started games, one lock per
channel, loading (and setting aside a game that fails its checks), who sits
where, players' quiet hours, the turn prompt, and this process's instance lease.

Every part of the service (:mod:`bot.service`) gets this object and reads or
changes games through it; the one write path (:mod:`bot.service.write`) is the
only code that stores a change to a running game.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any

from bot import quiet
from bot.limits import DEFAULT_TIMEOUT_HOURS
from bot.service.cache import GameCache
from bot.service.format import Fmt, PlainFmt, command
from bot.service.helpers import secret_public_words
from bot.service.instance import InstanceLease, OnLost, Wait
from bot.service.model import Entry, GameSetAside, TurnPrompt
from storage import (
    DEFAULT_LEASE_SECONDS,
    CorruptGameError,
    GameRecord,
    GameSetAsideError,
    GameSettings,
    GameStatus,
    Lease,
    LeaseLostError,
    NotifyPrefs,
    StorageError,
    Store,
)

log = logging.getLogger(__name__)

#: An outage longer than this is given back to the running games' turns (seconds).
OUTAGE_GIVEN_BACK = 5 * 60


class LiveGames:
    """The channels' games as this process serves them (see the module docstring)."""

    def __init__(
        self,
        store: Store[Any],
        fmt: Fmt | None = None,
        *,
        clock: Callable[[], float] = time.time,
        max_cached: int = 5000,
    ) -> None:
        self.store = store
        self.fmt: Fmt = fmt or PlainFmt()
        self.clock = clock
        self.cache = GameCache(max_cached)
        self.names_seen: dict[int, str] = {}  # user id -> display name already stored
        #: players' notice preferences seen so far (written through by /ba notify)
        self.prefs_cache: dict[int, NotifyPrefs] = {}
        #: servers' default turn timeouts seen so far (minutes; None: the bot's
        #: default): written through by /ba-server timeout, refreshed by the tick
        self.guild_timeouts: dict[int, int | None] = {}
        #: set when this instance lost its lease to another process: every call is refused
        self.fenced: str | None = None
        self.instance: InstanceLease | None = None
        #: start-up's background load of every running game (:meth:`start_loading`)
        self.loading: asyncio.Task[int] | None = None
        self._on_lost: Callable[[str], Awaitable[None]] = _no_callback

    # ------------------------------------------------------------------ one instance per database

    async def claim_instance(
        self,
        scope: str = "all",
        *,
        owner: str | None = None,
        ttl: float = DEFAULT_LEASE_SECONDS,
        beat_seconds: float | None = None,
        on_lost: OnLost | None = None,
        heartbeat: bool = True,
        wait: Wait | None = None,
    ) -> Lease:
        """Take this database's instance lease before serving anything.

        Raises :class:`storage.LeaseHeldError` (its message names the holder)
        while another process holds it; with ``wait``, only once the holder is
        seen renewing it (a crashed holder's lease is waited out and taken over:
        :meth:`InstanceLease.claim_when_free`). With ``heartbeat`` the lease is renewed
        in the background; if it is ever taken over, the service is fenced
        (every call refused) and ``on_lost(message)`` tells the front end to stop.
        """
        inst = InstanceLease(self.store, scope, owner=owner, ttl=ttl, beat_seconds=beat_seconds)
        lease = await (inst.claim() if wait is None else inst.claim_when_free(wait))
        self.instance, self.fenced = inst, None
        await self._give_back_outage(lease)

        async def lost(message: str) -> None:
            self.fence(message)
            if on_lost is not None:
                result = on_lost(message)
                if result is not None:
                    await result

        if heartbeat:
            inst.start(lost)
        self._on_lost = lost
        return lease

    async def _give_back_outage(self, lease: Lease) -> None:
        """Nobody can play while no bot runs: after an outage (the time since
        the last instance's last heartbeat or clean stop) the running games get
        that time back, or a turn waiting when the bot stopped timed out at once
        on its start, its player never reminded. A deploy's seconds are let be."""
        if lease.previous_heartbeat is None:
            return
        away = lease.acquired_at - lease.previous_heartbeat
        if away < OUTAGE_GIVEN_BACK:
            return
        n = await self.store.give_back_time(lease.acquired_at, away)
        log.warning("the bot was away %.0f s: %d running game(s) get that time back", away, n)

    async def heartbeat(self) -> None:
        """Renew the lease now (the background task does this on its own)."""
        if self.instance is None:
            return
        try:
            await self.instance.heartbeat()
        except LeaseLostError as exc:
            await self._on_lost(str(exc))

    def fence(self, message: str) -> None:
        """Stop serving: another instance owns the database now."""
        self.fenced = (
            "This bot instance was replaced by another one running on the same database "
            "and has stopped; please try again in a moment."
        )
        log.critical("fenced: %s", message)
        self.cache.clear()

    async def release_instance(self) -> None:
        await self.stop_loading()
        if self.instance is not None:
            await self.instance.release()
            self.instance = None

    # ------------------------------------------------------------------ the cache

    @property
    def max_cached(self) -> int:
        return self.cache.max_size

    @max_cached.setter
    def max_cached(self, n: int) -> None:
        self.cache.max_size = n
        self.cache.evict()

    def lock(self, channel_id: int) -> asyncio.Lock:
        return self.cache.lock(channel_id)

    def drop(self, channel_id: int) -> None:
        """Forget the cached game (the next use reloads it from storage)."""
        self.cache.drop(channel_id)

    async def entry(self, channel_id: int) -> Entry | None:
        """The channel's running/paused game, or None (no game, or a lobby).

        For readers that do not hold the channel's lock: a cached game is
        returned at once (use it before the next await); a miss, or a game
        with an action in flight, waits for the lock, so a reader can neither
        overwrite a newer game nor see one the database does not hold yet.
        Raises :class:`GameSetAside` for a game that fails its checks."""
        e = self.cache.get(channel_id)
        if e is not None and not e.busy:
            return e
        async with self.lock(channel_id):
            return await self.current(channel_id)

    async def current(self, channel_id: int) -> Entry | None:
        """Like :meth:`entry`, for a caller that holds the channel's lock."""
        e = self.cache.get(channel_id)
        if e is not None:
            return e
        return await self.load(channel_id)

    async def not_running(self, channel_id: int) -> str:
        """Why a command for a started game finds none here: no game at all, a
        lobby, or a game that is over (which players see in the channel: "no
        game" would puzzle them)."""
        rec = await self.store.active_game(channel_id)
        if rec is not None and rec.status is GameStatus.LOBBY:
            return (
                f"Game #{rec.id} in this channel has not started yet (it is a lobby): "
                "this works once it has started."
            )
        if rec is None and (done := await self.latest_started(channel_id)) is not None:
            return (
                f"Game #{done.id} in this channel is over: {command(self.fmt, 'scores')} shows"
                f" how it ended; {command(self.fmt, 'new')} starts another."
            )
        return "There is no game running in this channel."

    async def load(self, channel_id: int) -> Entry | None:
        """Read the channel's game from storage into the cache (lock held)."""
        rec = await self.store.active_game(channel_id)
        if rec is None or rec.status is GameStatus.LOBBY:
            self.drop(channel_id)
            return None
        return self.cache.put(channel_id, await self.load_record(rec))

    async def load_record(self, rec: GameRecord) -> Entry:
        """A started game from storage (not cached). A game that fails its checks
        (damaged rows, a snapshot that disagrees with its log, a log that does
        not replay), or that cannot be loaded at all, is set aside with its own
        message: :class:`GameSetAside`. Only that game: it loads in isolation."""
        try:
            loaded = await self.store.load_game(rec.id)
        except CorruptGameError as exc:
            await self.set_aside(exc)
            raise GameSetAside(rec.id, _reason(exc), self.fmt) from exc
        except StorageError:
            raise  # the database, not the game (a lost connection): nothing to set aside
        except Exception as exc:
            log.exception("game %s cannot be loaded", rec.id)
            err = CorruptGameError(rec.id, f"it cannot be loaded: {type(exc).__name__}: {exc}")
            await self.set_aside(err)
            raise GameSetAside(rec.id, err.reason, self.fmt) from exc
        settings = await self.store.get_game_settings(rec.id)
        return Entry(loaded.record, list(loaded.seats), loaded.game, settings)

    async def set_aside(self, exc: CorruptGameError) -> None:
        if isinstance(exc, GameSetAsideError):
            return
        log.error("%s: setting the game aside", exc)
        try:
            await self.store.set_aside(exc.game_id, _reason(exc))
        except StorageError:
            log.exception("game %s: could not record that it is set aside", exc.game_id)

    async def reload(self, channel_id: int) -> Entry | None:
        """Drop the cached game and read it again from storage (lock held)."""
        self.drop(channel_id)
        return await self.load(channel_id)

    async def fresh(
        self, channel_id: int, game_id: int | None = None, revision: int | None = None
    ) -> Entry | None:
        """The channel's game for a click carrying ``game_id``/``revision`` (lock
        held): when the click is newer than the cache (another process, or a
        cache that missed a change), the game is read again from storage, so
        the click is judged against the stored game."""
        e = await self.current(channel_id)
        if e is None:
            return None
        newer_game = game_id is not None and game_id > e.record.id
        newer_rev = (
            revision is not None
            and (game_id is None or game_id == e.record.id)
            and revision > e.revision
        )
        if newer_game or newer_rev:
            e = await self.reload(channel_id)
        return e

    async def latest(self, channel_id: int) -> GameRecord | None:
        """The channel's active game, else its most recent archived one."""
        rec = await self.store.active_game(channel_id)
        if rec is not None:
            return rec
        games = await self.store.list_games(channel_id=channel_id, limit=1)
        return games[0] if games else None

    async def current_game_id(self, channel_id: int) -> int | None:
        """The id of the game a channel shows: its active game, else its latest."""
        rec = await self.latest(channel_id)
        return rec.id if rec is not None else None

    async def latest_started(self, channel_id: int) -> GameRecord | None:
        """The channel's game to show: the active one if it has started, else the
        most recent one that did (a lobby ended before it started has no board)."""
        rec = await self.store.active_game(channel_id)
        if rec is not None and rec.is_started:
            return rec
        for g in await self.store.list_games(channel_id=channel_id, limit=20):
            if g.is_started and g.seed is not None:
                return g
        return None

    def who(self, e: Entry, seat: int) -> str:
        if not 0 <= seat < len(e.seats):
            return "Hal" if e.game.state.options.players == 1 else f"seat {seat + 1}"
        return f"{e.game.name(seat)} ({self.fmt.mention(e.user(seat))})"

    def not_yours(self, e: Entry, seat: int) -> str:
        """The refusal of a click out of turn, naming whose decision it is:
        "It is Blue's decision now (@Bob), not yours." (a mention cannot take
        a possessive: "Blue (@Bob)'s" read badly)."""
        if not 0 <= seat < len(e.seats):
            return f"It is {self.who(e, seat)}'s decision now, not yours."
        mention = self.fmt.mention(e.user(seat))
        return f"It is {e.game.name(seat)}'s decision now ({mention}), not yours."

    def not_playing(self, e: Entry, user_id: int) -> str:
        """The refusal for someone who holds no seat: a player whose seat the
        bot holds since their timeouts in a row is told so, and how to take it
        back ("You are not playing" left them thinking they were out of the game)."""
        for t in e.settings.timeouts:
            if t.away and t.user_id == user_id:
                return (
                    f"The bot plays your seat, {e.game.name(t.seat)}, since your turn timeouts "
                    f"in a row; {command(self.fmt, 'join')} takes it back."
                )
        return "You are not playing in this game."

    def names(self, e: Entry) -> dict[int, str]:
        """Seat -> display name for images: as stored with the seat (so a restart
        keeps them), else whatever the front end knows."""
        return {s.seat: s.display_name or self.fmt.name(s.user_id) for s in e.seats}

    async def remember_name(self, user_id: int, name: str | None) -> None:
        """Keep ``name`` with ``user_id``'s seats in active games, in storage and
        in the cache; a no-op when it is already known."""
        if not name or self.names_seen.get(user_id) == name:
            return
        await self.store.remember_name(user_id, name)
        self.names_seen[user_id] = name
        for cid in list(self.cache):
            e = self.cache.get(cid)
            if e is None:
                continue
            e.seats = [
                dataclasses.replace(s, display_name=name) if s.user_id == user_id else s
                for s in e.seats
            ]

    def start_loading(self) -> asyncio.Task[int]:
        """Load every running game in the background, so start-up answers at once
        (issue 24: the first reply within 2 s with 1,000 running games).

        Each game is loaded on its own under its channel's lock, so a command for
        a game not loaded yet simply loads it first; a game that fails its
        checks is set aside (its channel is told by the tick), the others load."""
        if self.loading is None or self.loading.done():
            self.loading = asyncio.get_running_loop().create_task(
                self._load_each(), name="load-running-games"
            )
        return self.loading

    async def stop_loading(self) -> None:
        task, self.loading = self.loading, None
        if task is not None and not task.done():
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task

    async def _load_each(self) -> int:
        try:
            records = await self.store.list_running_games()
        except StorageError:
            log.exception("the running games could not be listed; each loads when used")
            return 0
        loaded = 0
        for rec in records:
            if self.fenced or not self.store.backend.is_open:
                break
            cid = rec.channel_id
            try:
                async with self.lock(cid):
                    if self.cache.get(cid) is None:
                        await self.load(cid)
                loaded += 1
            except GameSetAside:
                pass  # set aside and logged by load_record
            except StorageError:
                if self.store.backend.is_open:
                    log.exception("game %s: not loaded in the background", rec.id)
            await asyncio.sleep(0)  # commands are answered between two games
        log.info("%d of %d running games loaded in the background", loaded, len(records))
        return loaded

    async def load_all(self) -> int:
        """Warm the cache with every running game (start-up). Returns how many.
        A game that fails its checks is set aside (its channel is told by the tick)."""
        report = await self.store.load_running_games()
        settings = await self.store.get_many_game_settings(lg.record.id for lg in report.loaded)
        for lg in report.loaded:
            st = settings.get(lg.record.id) or GameSettings(lg.record.id)
            cid = lg.record.channel_id
            async with self.lock(cid):
                self.cache.put(cid, Entry(lg.record, list(lg.seats), lg.game, st))
        for exc in report.failed:
            log.error("game %s could not be loaded: %s", exc.game_id, exc)
            await self.set_aside(exc)
        return len(report.loaded)

    # ------------------------------------------------------------------ quiet hours

    async def prefs(self, user_id: int) -> NotifyPrefs:
        if user_id not in self.prefs_cache:
            self.prefs_cache[user_id] = await self.store.get_notify_prefs(user_id)
        return self.prefs_cache[user_id]

    def awake_idle(self, e: Entry, user_id: int, now: float) -> float:
        """Seconds the game has waited for ``user_id``, their quiet hours not counted."""
        p = self.prefs_cache.get(user_id) or NotifyPrefs(user_id)
        return quiet.awake_seconds(e.record.updated_at, now, p)

    async def server_timeout(self, guild_id: int | None) -> int:
        """A server's default turn timeout in minutes (the bot's when it sets none)."""
        if guild_id is not None and guild_id not in self.guild_timeouts:
            gs = await self.store.get_guild_settings(guild_id)
            self.guild_timeouts[guild_id] = gs.timeout_minutes
        chosen = self.guild_timeouts.get(guild_id) if guild_id is not None else None
        return chosen or DEFAULT_TIMEOUT_HOURS * 60

    def timeout_minutes(self, e: Entry) -> int:
        """The game's turn timeout: its own (set when it was made, or by a
        moderator), else its server's, else the bot's default. Every game has one."""
        if e.settings.timeout_minutes:
            return e.settings.timeout_minutes
        gid = e.record.guild_id
        chosen = self.guild_timeouts.get(gid) if gid is not None else None
        return chosen or DEFAULT_TIMEOUT_HOURS * 60

    def timeout_deadline(self, e: Entry, user_id: int) -> float:
        """When the turn timeout plays for ``user_id``: their quiet hours delay
        it, by one quiet window at most (:func:`bot.quiet.timeout_at`)."""
        p = self.prefs_cache.get(user_id) or NotifyPrefs(user_id)
        return quiet.timeout_at(e.record.updated_at, self.timeout_minutes(e) * 60, p)

    def prompt(self, e: Entry) -> TurnPrompt | None:
        d = e.game.decision
        if d is None or e.record.status is not GameStatus.RUNNING:
            return None
        deadline = self.timeout_deadline(e, e.user(d.seat))
        return TurnPrompt(
            game_id=e.record.id,
            revision=e.revision,
            seat=d.seat,
            user_id=e.user(d.seat),
            who=self.who(e, d.seat),
            kind=d.kind,
            prompt=d.prompt,
            # the words now: the front end reads them after this returns, when
            # the game may have moved on (a bot move, another process's click)
            options=None if d.secret else tuple(o.described() for o in d.options),
            secret=d.secret,
            deadline=deadline,
            public=secret_public_words(e.game, d) if d.secret else "",
            undo=self.may_undo(e, d.seat),
        )

    @staticmethod
    def may_undo(e: Entry, seat: int) -> bool:
        """Whether ``seat``'s player may have a decision to take back: not when
        the record holds no action, nor when the last one, applied here, was
        not theirs or cannot be taken back. Else (a load, another change since)
        undo itself says."""
        if e.version <= e.record.base:
            return False
        t = e.takeback
        if t is None or t[0] != e.revision:
            return True
        return t[1:] == (seat, e.user(seat))

    def prompt_line(self, p: TurnPrompt) -> str:
        if p.secret:
            line = f"➡️ {p.who} is choosing… ({p.public or p.prompt.split(':')[0]})"
        else:
            line = f"➡️ {p.who}: {p.prompt}"
        if p.deadline:
            line += f" — auto-play {self.fmt.when(p.deadline)}"
        return line


def _reason(exc: CorruptGameError) -> str:
    reason = exc.reason
    return reason.removeprefix("set aside: ")


async def _no_callback(message: str) -> None:
    return None
