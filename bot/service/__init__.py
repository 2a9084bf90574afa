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

Where things are (one module per responsibility):

- :mod:`bot.service.model` — Actor, Reply, TurnPrompt, Entry, constants
- :mod:`bot.service.format` — Fmt / PlainFmt (names and times), text helpers
- :mod:`bot.service.helpers` — engine helpers with no I/O (the bot's simplest choice, colours)
- :mod:`bot.service.cache` — the cache of started games (only a faster read of the database)
- :mod:`bot.service.instance` — this process's instance lease (one running bot per database)
- :mod:`bot.service.core` — locks, loading into the cache, games set aside, rendering, prompts
- :mod:`bot.service.write` — the one write path: apply + append, every other change, log cuts
- :mod:`bot.service.lobby` — create, join, leave, colour, start
- :mod:`bot.service.play` — choose (buttons, ``/ba play``), undo
- :mod:`bot.service.reading` — choices, board, hand, log, scores, autocomplete
- :mod:`bot.service.moderation` — pause, resume, end, replace/remove, rollback, repair
- :mod:`bot.service.settings` — reminders, timeout, server policy, mute
- :mod:`bot.service.reminders` — the background tick (reminders, turn timeouts)
- :mod:`bot.service.transfer` — export and import
- :mod:`bot.service.table` — lobby buttons' state, cancel, the server's games, DM notices, threads
"""

from __future__ import annotations

from bot.service.format import Fmt, PlainFmt
from bot.service.helpers import (
    SIMPLE_IDS,
    assign_colours,
    options_json,
    simplest_option,
    turn_key,
)
from bot.service.lobby import LobbyMixin
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
from bot.service.moderation import ModerationMixin
from bot.service.play import PlayMixin
from bot.service.reading import ReadingMixin
from bot.service.reminders import RemindersMixin
from bot.service.settings import SettingsMixin
from bot.service.table import TableMixin
from bot.service.transfer import TransferMixin


class GameService(
    LobbyMixin,
    PlayMixin,
    ReadingMixin,
    ModerationMixin,
    SettingsMixin,
    RemindersMixin,
    TransferMixin,
    TableMixin,
):
    """All game operations, keyed by channel. See the package docstring."""


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
