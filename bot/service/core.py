"""The service's plumbing: locks, the cache of started games, rendering, prompts."""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import os
import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from bot import quiet
from bot.service.format import Fmt, PlainFmt
from bot.service.model import (
    DEFAULT_MAX_REMINDERS,
    DEFAULT_REMINDER_MINUTES,
    Entry,
    TurnPrompt,
)
from storage import (
    GameRecord,
    GameSettings,
    GameStatus,
    NotifyPrefs,
    Store,
    new_seed,
)

log = logging.getLogger(__name__)


class ServiceBase:
    """The service's plumbing: locks, the cache of started games, rendering, prompts."""

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
        self._names_seen: dict[int, str] = {}  # user id -> display name already stored
        self.render_threads = render_threads or min(4, os.cpu_count() or 2)
        self._pool: Any = None

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

    async def current_game_id(self, channel_id: int) -> int | None:
        """The id of the game a channel shows: its active game, else its latest."""
        rec = await self._latest(channel_id)
        return rec.id if rec is not None else None

    def who(self, e: Entry, seat: int) -> str:
        if not 0 <= seat < len(e.seats):
            return "Hal" if e.game.state.options.players == 1 else f"seat {seat + 1}"
        return f"{e.game.name(seat)} ({self.fmt.mention(e.user(seat))})"

    def names(self, e: Entry) -> dict[int, str]:
        """Seat -> display name for images: as stored with the seat (so a restart
        keeps them), else whatever the front end knows."""
        return {s.seat: s.display_name or self.fmt.name(s.user_id) for s in e.seats}

    async def remember_name(self, user_id: int, name: str | None) -> None:
        """Keep ``name`` with ``user_id``'s seats in active games, in storage and
        in the cache; a no-op when it is already known."""
        if not name or self._names_seen.get(user_id) == name:
            return
        await self.store.remember_name(user_id, name)
        self._names_seen[user_id] = name
        for e in self._cache.values():
            e.seats = [
                dataclasses.replace(s, display_name=name) if s.user_id == user_id else s
                for s in e.seats
            ]

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

    async def _in_thread(self, fn: Callable[..., bytes], *args: Any) -> bytes:
        """Render off the event loop, on a small pool of its own: rendering is
        CPU-bound, and every extra thread costs a malloc arena (tens of MB)."""
        if self._pool is None:
            from concurrent.futures import ThreadPoolExecutor

            self._pool = ThreadPoolExecutor(self.render_threads, thread_name_prefix="render")
        return await asyncio.get_running_loop().run_in_executor(self._pool, fn, *args)

    async def board_png(self, e: Entry, *, table: bool = False) -> bytes | None:
        """The table image; once the game is over, the final scores instead
        unless ``table`` (the final board stays viewable with ``board``)."""
        if not self.render:
            return None
        from renderer import render_board, render_final

        view = e.game.view(None)
        names = self.names(e)
        if e.game.is_over and not table:
            return await self._in_thread(render_final, view, names)
        return await self._in_thread(render_board, view, names)

    async def player_png(self, e: Entry, seat: int, own: bool) -> bytes | None:
        if not self.render:
            return None
        from renderer import render_player

        view = e.game.view(seat if own else None)
        return await self._in_thread(render_player, view, seat, self.names(e))

    # ------------------------------------------------------------------ quiet hours

    @property
    def prefs_cache(self) -> dict[int, NotifyPrefs]:
        """Players' notice preferences seen so far (written through by /ba notify)."""
        cache: dict[int, NotifyPrefs] | None = self.__dict__.get("_prefs_cache")
        if cache is None:
            cache = self.__dict__["_prefs_cache"] = {}
        return cache

    async def prefs(self, user_id: int) -> NotifyPrefs:
        if user_id not in self.prefs_cache:
            self.prefs_cache[user_id] = await self.store.get_notify_prefs(user_id)
        return self.prefs_cache[user_id]

    def awake_idle(self, e: Entry, user_id: int, now: float) -> float:
        """Seconds the game has waited for ``user_id``, their quiet hours not counted."""
        p = self.prefs_cache.get(user_id) or NotifyPrefs(user_id)
        return quiet.awake_seconds(e.record.updated_at, now, p)

    def timeout_deadline(self, e: Entry, user_id: int) -> float | None:
        """When the turn timeout plays for ``user_id`` (their quiet hours pause it)."""
        if not e.settings.timeout_minutes:
            return None
        p = self.prefs_cache.get(user_id) or NotifyPrefs(user_id)
        return quiet.awake_deadline(e.record.updated_at, e.settings.timeout_minutes * 60, p)

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
