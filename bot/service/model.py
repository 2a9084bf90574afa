"""Plain values the service hands to front ends: who asks, what to say, the turn
to show, and the cached game (:class:`Entry`).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, ParamSpec

import engine
from engine import Game
from engine.components import PLAYER_COLOURS
from storage import (
    GameRecord,
    GameSettings,
    Seat,
)

#: user id of a seat nobody holds any more (a removed player): the bot plays it
#: at the service's level (``GameService(bot_level=...)``, default simple).
BOT_USER = 0
#: Bot seats chosen when the game is made (``bots: 2``) have user ids below 0,
#: one per seat, with the level in the id: -1..-99 simple, -101..-199 strong.
BOT_LEVEL_OFFSET = {"simple": 0, "strong": 100}
BOT_LEVELS = tuple(BOT_LEVEL_OFFSET)


def is_bot(user_id: int) -> bool:
    """A seat the bot plays: a removed player's (0) or a bot seat (< 0)."""
    return user_id <= BOT_USER


def bot_user(level: str, index: int) -> int:
    """The user id of the `index`-th bot seat (0-based) of this level."""
    return -(BOT_LEVEL_OFFSET[level] + index + 1)


def bot_name(user_id: int) -> str:
    """How a bot seat is named: "the bot" (a removed player's seat) or "bot 2 (strong)"."""
    if user_id == BOT_USER:
        return "the bot"
    return f"bot {-user_id % 100} ({bot_level(user_id, 'simple')})"


def bot_level(user_id: int, default: str) -> str:
    """The level a bot seat plays at; a removed player's seat uses `default`."""
    if user_id == BOT_USER:
        return default
    return "strong" if user_id <= -BOT_LEVEL_OFFSET["strong"] else "simple"


COLOUR_NAMES = [c.value.title() for c in PLAYER_COLOURS]


def seat_colour(seat: Seat) -> str:
    """' (Red)' after a lobby seat's player, written as the game writes a
    seat's colour (the store keeps 'red'); '' when the seat has none yet."""
    return f" ({seat.colour.capitalize()})" if seat.colour else ""


DEFAULT_REMINDER_MINUTES = 12 * 60
DEFAULT_MAX_REMINDERS = 3
LOG_PAGE = 15

P = ParamSpec("P")


@dataclass(frozen=True, slots=True)
class Actor:
    """Who is asking: a user, and what the front end found them allowed to do.

    ``moderator``: may moderate this channel's game (Manage Channels here, Manage
    Server, or the server's moderator role). ``admin``: may change the server's
    settings (Manage Server at server level). ``name``: their display name, when
    the front end knows it (stored with their seat, for images after a restart)."""

    user_id: int
    moderator: bool = False
    role_ids: tuple[int, ...] = ()
    admin: bool = False
    name: str | None = None


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
    #: a secret decision's words for everyone, said of the player (who is
    #: choosing what), where ``prompt`` speaks to them: bot/service/helpers.py
    public: str = ""
    #: whether the decider may have a decision to take back (Undo is offered):
    #: False only where the service knows there is none (a turn's start)
    undo: bool = True


@dataclass(slots=True)
class Reply:
    """What to say. ``ephemeral``: only the asking user may see it."""

    text: str
    ok: bool = True
    ephemeral: bool = False
    image: bytes | None = None
    image_name: str = "board.png"
    #: (file name, PNG) sent with ``image``: a decision numbered on two images
    #: (the table and the deciding seat's board)
    more_images: list[tuple[str, bytes]] = field(default_factory=list)
    ping: list[int] = field(default_factory=list)
    turn: TurnPrompt | None = None
    #: user id -> lines only that user may see (cards drawn, ...); send privately.
    private: dict[int, list[str]] = field(default_factory=dict)
    #: True when a turn ended / the game started or finished: post a fresh message.
    new_turn: bool = False
    #: what ``image`` (and ``more_images``) show: :attr:`Drawing.key` of the decision drawn
    image_key: str | None = None
    #: the images of the decision this reply leads to, not drawn yet: a click
    #: within a turn is answered at once and they follow (bot/service/drawing.py)
    drawing: Drawing | None = None
    file: tuple[str, bytes] | None = None  # e.g. an export
    channel_id: int | None = None  # for notices produced by background work
    reminder: bool = False  # a turn reminder (DMed to players who opted in to those)
    #: the game ended with this reply (its final message): a panel or DM says so
    over: bool = False
    #: lines said last, just above the prompt, where a long message keeps them
    #: (clip_message keeps a message's end): what the game did for a player
    notes: list[str] = field(default_factory=list)
    #: the notes once ``finish_reply`` wrote them into ``text``: a player's
    #: private panel or decision DM shows them above the decision they explain
    #: (a turn that comes back to its player after a Sequence B played for another)
    said_notes: list[str] = field(default_factory=list)
    #: a notice of a change to the table (a moderator's, a resignation): its
    #: message keeps its text and the next update is posted below it (a turn
    #: message is otherwise edited within a turn: the notice would be written
    #: over, lost from the channel)
    keep_text: bool = False

    def add_private(self, user_id: int, line: str) -> None:
        self.private.setdefault(user_id, []).append(line)


@dataclass(eq=False, slots=True)
class Drawing:
    """A channel's table image of one decision, to be drawn: the public view at
    that decision (a copy: the game moves on) and what else it needs. ``key``
    digests everything the images show, so the same key is the same images."""

    channel_id: int
    game_id: int
    revision: int  # the game's revision at the decision (buttons carry it too)
    key: str
    view: dict[str, Any]
    names: dict[int, str]
    #: the deciding seat, when its player board carries the decision's numbers too
    board_seat: int | None


def fail(msg: str) -> Reply:
    return Reply(msg, ok=False, ephemeral=True)


class ServiceError(Exception):
    """A user-facing refusal (the message is shown as it is)."""


class GameSetAside(ServiceError):
    """The channel's game failed a check on load and waits for a moderator's repair."""

    def __init__(self, game_id: int, reason: str, fmt: object = None) -> None:
        self.game_id = game_id
        self.reason = reason
        super().__init__(set_aside_text(game_id, reason, fmt))


def public_reason(reason: str) -> str:
    """What may be said in the channel about why a game failed its check: the
    full reason (in the bot's log) can quote legal options of a secret decision."""
    m = re.search(r"action #(\d+)", reason)
    if reason.startswith("its seats are damaged"):
        return "its seats are damaged"
    if "seed or options" in reason or "options " in reason.split(":", 1)[0] or "no seed" in reason:
        return "its seed or options are damaged"
    if "replays to" in reason or "differs" in reason:
        seq = re.search(r"version (\d+)", reason)
        where = f" after action #{seq.group(1)}" if seq else ""
        return f"the saved state{where} disagrees with the action log"
    if reason.startswith("snapshot at version"):
        seq = re.search(r"version (\d+)", reason)
        return f"the saved state after action #{seq.group(1) if seq else '?'} is damaged"
    if "gap" in reason or "missing" in reason or "does not end as written" in reason:
        return "the action log has a gap"
    if m and ("digest" in reason or "not UTF-8" in reason or "not valid JSON" in reason):
        return f"action #{m.group(1)} is damaged"
    if m:
        return f"action #{m.group(1)} no longer replays"
    return "its stored data cannot be read"


def command(fmt: object, name: str) -> str:
    """How ``fmt``'s users type the command ``name`` (see :class:`Fmt`)."""
    own = getattr(fmt, "command", None)
    if callable(own):
        return str(own(name))
    return f"`{name.split()[-1]}`"


def channel_link(fmt: object, channel_id: int) -> str:
    """How ``fmt``'s users are shown a channel: Discord's link ``<#id>``, or
    the front end's own ``channel(id)`` ("" where there is one channel)."""
    own = getattr(fmt, "channel", None)
    if callable(own):
        return str(own(channel_id))
    return f"<#{channel_id}>"


def set_aside_text(game_id: int, reason: str, fmt: object = None) -> str:
    """The notice for a set-aside game, naming the repair commands as ``fmt``'s
    users type them (``/ba-mod repair`` on Discord, ``repair`` locally)."""
    why = public_reason(reason)
    if why == "its seed or options are damaged":
        way = (
            f"it cannot be rebuilt from them: {command(fmt, 'mod export')} saves a copy; the"
            f" way back is a backup of the database, or {command(fmt, 'mod import')} of an"
            " export made before the damage."
        )
    elif why == "its seats are damaged":
        way = (
            f"{command(fmt, 'mod repair')} seats each player again as the action log names"
            " them (the bot where it names nobody)."
        )
    else:
        way = (
            f"{command(fmt, 'mod export')} saves a copy, {command(fmt, 'mod repair')} rebuilds"
            " the game from its log up to the last action that replays."
        )
    return (
        f"⚠️ Game #{game_id} is set aside: its stored state failed a check ({why}). "
        f"Nothing more can be played until a moderator repairs it: {way}"
    )


def refusing(
    fn: Callable[P, Awaitable[Reply]],
) -> Callable[P, Awaitable[Reply]]:
    """A service call whose :class:`ServiceError` becomes a private refusal; a
    method of a part of the service (its ``games``: :class:`LiveGames`), refused
    at once while this instance is fenced."""

    @functools.wraps(fn)
    async def wrapper(*args: P.args, **kwargs: P.kwargs) -> Reply:
        part: Any = args[0]
        fenced = part.games.fenced
        if fenced:
            return fail(fenced)
        try:
            return await fn(*args, **kwargs)
        except ServiceError as exc:
            return fail(str(exc))

    return wrapper


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
    #: an action is being applied and stored: the game may be ahead of the
    #: database, so a reader must wait for the channel's lock (bot/service/cache.py)
    busy: bool = False
    #: (revision, seat, user) of the decision a player may take back at that
    #: revision, as the write path applied it; (revision, None, None): none.
    #: Not known after a load or another change (another revision).
    takeback: tuple[int, int | None, int | None] | None = None

    @property
    def version(self) -> int:
        """Number of actions in the log (goes down on undo/rollback)."""
        return self.record.version

    @property
    def revision(self) -> int:
        """Bumped by every change of the game (action, undo, rollback, pause,
        resume, replace, remove, end, repair); never goes down."""
        return self.record.revision

    def user(self, seat: int) -> int:
        return self.seats[seat].user_id

    def seat_of(self, user_id: int) -> int | None:
        for s in self.seats:
            if s.user_id == user_id:
                return s.seat
        return None
