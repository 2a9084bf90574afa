"""The game service: engine + storage + renderer, with no Discord in it.

Every front end (the Discord cog, the buttons, ``python -m bot --local``, the
tests and ``bench/bot.py``) calls the same coroutines here with plain ids
(channel, guild, user) and gets back :class:`Reply` values: text, an optional
image, who to ping, and the decision to show. The front end only turns a Reply
into messages.

One game per channel. The database is the source of truth; the cache is only
a faster read of it (:mod:`bot.service.cache`). Everything that changes a
channel's game runs under that channel's ``asyncio.Lock`` through one write
path (:mod:`bot.service.write`): an action is appended with the version *and
revision* it was computed from; every other change (undo, rollback, pause,
resume, replace, remove, end, repair) bumps the revision in storage and reads
the game back. On *any* failure the cached game is dropped and reloaded from
storage, so a failed click leaves the game exactly as it was stored.

Undo and moderator rollback cut the stored log in place
(``Store.truncate_actions``): the game keeps its id, its version (the number of
actions) goes down and its revision goes up. Buttons carry the revision, which
never comes back, so a button shown before an undo is refused even when the
log has the same length again.

Per-game settings (reminder interval, turn timeout, mutes, the reminder count,
the lobby's seat order) live in storage; ``Entry.settings`` mirrors them for the
cached game and every change is written to the store first.

Where things are (one module per responsibility). :class:`GameService` only
composes the parts below and hands each public call to the part that owns it;
each part is a small class that gets the objects it uses in ``__init__`` (no
inheritance between parts), so a reader of one file finds every name it uses:

- :mod:`bot.service.model` — Actor, Reply, TurnPrompt, Entry, constants
- :mod:`bot.service.format` — Fmt / PlainFmt (names and times), text helpers
- :mod:`bot.service.helpers` — engine helpers with no I/O (the bot's simplest choice, colours)
- :mod:`bot.service.cache` — the cache of started games (only a faster read of the database)
- :mod:`bot.service.instance` — this process's instance lease (one running bot per database)
- :mod:`bot.service.games` — ``LiveGames``: the table of live games (store, cache,
  per-channel locks, loading, games set aside, seats' names, quiet hours, the
  turn prompt, the instance lease); every part below holds it as ``games``
- :mod:`bot.service.images` — ``Images``: rendering on the service's thread pool
- :mod:`bot.service.botplay` — ``BotPlayer``: the bot's choice for a seat, and its line
- :mod:`bot.service.write` — ``WritePath``: the one write path (apply + append,
  every other change, log cuts, the bot's moves, the reply after a change)
- :mod:`bot.service.lobby` — ``Lobby``: create, join, leave, colour, cancel, start, expiry
- :mod:`bot.service.play` — ``Play``: choose (buttons, ``/ba play``), undo
- :mod:`bot.service.reading` — ``Reading``: choices, board, hand, log, scores, autocomplete
- :mod:`bot.service.moderation` — ``Moderation``: pause, resume, end, replace/remove,
  rollback, repair
- :mod:`bot.service.settings` — ``Settings``: reminders, timeout, server policy, mute
- :mod:`bot.service.reminders` — ``Reminders``: the background tick (reminders, turn timeouts)
- :mod:`bot.service.transfer` — ``Transfer``: export and import
- :mod:`bot.service.history` — ``History``: finished games, players' records, the leaderboard
  (ratings: :mod:`bot.service.ratings`; records: :mod:`bot.service.stats`, both pure)
- :mod:`bot.service.replay` — ``Replays``: a game's turns rebuilt from its log, as a GIF or one turn
- :mod:`bot.service.table` — ``Tables``: lobby buttons' state, the server's games,
  DM notices, threads
- :mod:`bot.service.absence` — ``Absence``: resign, a seat taken back from the bot,
  members who left, deleted channels, moving a game, a moderator's ``game:``
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from bot.service.absence import Absence
from bot.service.botplay import BotPlayer
from bot.service.format import Fmt, PlainFmt
from bot.service.games import LiveGames
from bot.service.helpers import (
    SIMPLE_IDS,
    assign_colours,
    options_json,
    simplest_option,
    turn_key,
)
from bot.service.history import History
from bot.service.images import Images
from bot.service.instance import InstanceLease
from bot.service.lobby import Lobby
from bot.service.model import (
    BOT_USER,
    COLOUR_NAMES,
    DEFAULT_MAX_REMINDERS,
    DEFAULT_REMINDER_MINUTES,
    LOG_PAGE,
    Actor,
    Entry,
    Reply,
    ServiceError,
    TurnPrompt,
    fail,
)
from bot.service.moderation import Moderation
from bot.service.play import Play
from bot.service.reading import Reading
from bot.service.reminders import Reminders
from bot.service.replay import Replays
from bot.service.settings import Settings
from bot.service.table import Tables
from bot.service.transfer import Transfer
from bot.service.write import Progress, WritePath
from storage import Store, new_seed


class GameService:
    """All game operations, keyed by channel: the parts composed, and their
    public calls handed on (see the package docstring)."""

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
        background_process: bool = True,
        bot_level: str = "simple",
        bot_seconds: float = 1.0,
        bot_iterations: int | None = None,
    ) -> None:
        # The parts, each given what it uses.
        self.games = LiveGames(store, fmt, clock=clock, max_cached=max_cached)
        self.images = Images(
            self.games.names,
            render=render,
            threads=render_threads,
            background_process=background_process,
        )
        self.bots = BotPlayer(bot_level, bot_seconds, bot_iterations)
        self.history = History(store, self.games.fmt)
        self.replays = Replays(store, self.games.fmt, render=render, run=self.images.run)
        self.write = WritePath(self.games, self.images, self.bots, ended=self._game_ended)
        self.lobby = Lobby(self.games, self.write, seed_source=seed_source)
        self.play = Play(self.games, self.write)
        self.reading = Reading(self.games, self.images, self.write)
        self.moderation = Moderation(self.games, self.write, self.bots)
        self.reminders = Reminders(
            self.games,
            self.write,
            self.bots,
            max_reminders=max_reminders,
            default_reminder_minutes=default_reminder_minutes,
        )
        self.settings = Settings(self.games, self.lobby, self.bots, self.reminders)
        self.transfer = Transfer(self.games, self.reading)
        self.tables = Tables(self.games)
        self.absence = Absence(self.games, self.write, self.bots, self.lobby)

        # The public calls, by the part that owns them.
        games = self.games
        self.claim_instance = games.claim_instance
        self.heartbeat = games.heartbeat
        self.fence = games.fence
        self.release_instance = games.release_instance
        self.load_all = games.load_all
        self.start_loading = games.start_loading
        self.stop_loading = games.stop_loading
        self.current_game_id = games.current_game_id
        self.remember_name = games.remember_name
        self.prefs = games.prefs
        self.who = games.who
        self.names = games.names
        self.prompt = games.prompt
        self.prompt_line = games.prompt_line

        lobby = self.lobby
        self.check_new = lobby.check_new
        self.create = lobby.create
        self.join = self.absence.join  # a lobby's seat, or a seat back from the bot
        self.leave = lobby.leave
        self.colour = lobby.colour
        self.cancel = lobby.cancel
        self.start = lobby.start
        self.starter = lobby.starter
        self.lobby_days = lobby.lobby_days
        self.expire_lobbies = lobby.expire_lobbies

        self.resolve = self.play.resolve
        self.choose = self.play.choose
        self.undo = self.play.undo

        reading = self.reading
        self.choices = reading.choices
        self.board = reading.board
        self.hand = reading.hand
        self.player_board = reading.player_board
        self.event_log = reading.event_log
        self.scores = reading.scores
        self.autocomplete = reading.autocomplete

        mod = self.moderation
        self.is_moderator = mod.is_moderator
        self.pause = mod.pause
        self.resume = mod.resume
        self.end = mod.end
        self.replace = mod.replace
        self.rollback = mod.rollback
        self.repair = mod.repair

        settings = self.settings
        self.set_reminder = settings.set_reminder
        self.set_timeout = settings.set_timeout
        self.set_server_timeout = settings.set_server_timeout
        self.set_policy = settings.set_policy
        self.set_lobby_days = settings.set_lobby_days
        self.mute = settings.mute

        self.tick = self.reminders.tick

        self.export = self.transfer.export
        self.import_game = self.transfer.import_game

        tables = self.tables
        self.lobby_state = tables.lobby_state
        self.lobby_text = tables.lobby_text
        self.games_page = tables.games_page
        self.games_elsewhere = tables.games_elsewhere
        self.notify_settings = tables.notify_settings
        self.turn_dm = tables.turn_dm
        self.pending_turn_dms = tables.pending_turn_dms
        self.game_threads = tables.game_threads
        self.set_game_threads = tables.set_game_threads

        history = self.history
        self.history_page = history.history
        self.player_stats = history.stats
        self.leaderboard = history.leaderboard
        self.rate_finished = history.rate

        replays = self.replays
        self.replay_gif = replays.animation
        self.replay_turn = replays.turn
        self.replay_refusal = replays.refusal
        self.replay_choices = replays.choices
        self.latest_game_id = replays.latest

        absence = self.absence
        self.resign = absence.resign
        self.member_left = absence.member_left
        self.channel_gone = absence.channel_gone
        self.cannot_post = absence.cannot_post
        self.game_channel = absence.game_channel
        self.move = absence.move

    async def _game_ended(self, e: Entry) -> str:
        """The finished game folded into its server's ratings: the final message's line."""
        people = [s.user_id for s in e.seats]
        return await self.history.game_ended(e.record.guild_id, e.record.id, people)

    # ------------------------------------------------------------------ settings of the parts

    @property
    def store(self) -> Store[Any]:
        return self.games.store

    @property
    def fmt(self) -> Fmt:
        return self.games.fmt

    @property
    def clock(self) -> Callable[[], float]:
        return self.games.clock

    @property
    def fenced(self) -> str | None:
        """Why every call is refused (this instance lost its lease), or None."""
        return self.games.fenced

    @property
    def instance(self) -> InstanceLease | None:
        return self.games.instance

    @property
    def bot_level(self) -> str:
        return self.bots.level

    @property
    def render(self) -> bool:
        return self.images.render

    @render.setter
    def render(self, on: bool) -> None:
        self.images.render = on
        self.replays.render = on

    @property
    def seed_source(self) -> Callable[[], int]:
        return self.lobby.seed_source

    @seed_source.setter
    def seed_source(self, source: Callable[[], int]) -> None:
        self.lobby.seed_source = source

    @property
    def max_reminders(self) -> int:
        return self.reminders.max_reminders

    @max_reminders.setter
    def max_reminders(self, n: int) -> None:
        self.reminders.max_reminders = n

    @property
    def on_bot_progress(self) -> Progress | None:
        """``(channel, text)``, awaited while a slow bot seat plays: the moves so
        far and who is thinking (a front end shows it; see WritePath.bot_move)."""
        return self.write.on_progress

    @on_bot_progress.setter
    def on_bot_progress(self, fn: Progress | None) -> None:
        self.write.on_progress = fn

    @property
    def max_cached(self) -> int:
        return self.games.max_cached

    @max_cached.setter
    def max_cached(self, n: int) -> None:
        self.games.max_cached = n


__all__ = [
    "BOT_USER",
    "COLOUR_NAMES",
    "DEFAULT_MAX_REMINDERS",
    "DEFAULT_REMINDER_MINUTES",
    "LOG_PAGE",
    "SIMPLE_IDS",
    "Actor",
    "Entry",
    "Fmt",
    "GameService",
    "LiveGames",
    "PlainFmt",
    "Reply",
    "ServiceError",
    "TurnPrompt",
    "assign_colours",
    "fail",
    "options_json",
    "simplest_option",
    "turn_key",
]
