"""Row types returned by the store: small frozen dataclasses.

JSON columns (options, result, action, snapshot state) are kept as the raw
text read from the database and decoded on access, so one row with bad JSON
never breaks a listing of many games: the error surfaces as a
:class:`~storage.errors.CorruptGameError` naming that game, when (and only
when) that game's data is used.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Generic, Literal, TypeVar

from storage.digest import BadText
from storage.errors import CorruptGameError

JsonDict = dict[str, Any]
G = TypeVar("G")


#: The user id of a seat nobody holds any more (a removed player): the bot plays it.
NOBODY = 0


class GameStatus(StrEnum):
    LOBBY = "lobby"  # players joining; no engine game yet, no seed
    RUNNING = "running"
    PAUSED = "paused"  # by a moderator; keeps its channel, refuses actions
    FINISHED = "finished"  # archived: viewable and exportable
    ABORTED = "aborted"  # archived: ended early by a moderator or the players


#: Statuses that occupy their channel (at most one such game per channel).
ACTIVE_STATUSES: frozenset[GameStatus] = frozenset(
    {GameStatus.LOBBY, GameStatus.RUNNING, GameStatus.PAUSED}
)
#: Statuses that have an engine game (a seed and an action log).
STARTED_STATUSES: frozenset[GameStatus] = frozenset(
    {GameStatus.RUNNING, GameStatus.PAUSED, GameStatus.FINISHED, GameStatus.ABORTED}
)

StartPolicy = Literal["anyone", "moderators"]
SeatOrder = Literal["random", "lobby"]


def decode_json(game_id: int, what: str, text: str | None) -> Any:
    """Decode one JSON column, turning any failure into a CorruptGameError."""
    if text is None:
        raise CorruptGameError(game_id, f"{what} is missing")
    if isinstance(text, BadText):
        raise CorruptGameError(game_id, f"{what} has bytes that are not UTF-8")
    try:
        return json.loads(text)
    except (TypeError, ValueError) as exc:
        raise CorruptGameError(game_id, f"{what} is not valid JSON ({exc})") from exc
    except RecursionError as exc:
        raise CorruptGameError(game_id, f"{what} is not valid JSON (nested too deeply)") from exc


def decode_object(game_id: int, what: str, text: str | None) -> JsonDict:
    value = decode_json(game_id, what, text)
    if not isinstance(value, dict):
        raise CorruptGameError(game_id, f"{what} is not a JSON object")
    return value


@dataclass(frozen=True, slots=True)
class GameRecord:
    """One row of ``games``."""

    id: int
    guild_id: int | None
    channel_id: int
    status: GameStatus
    options_json: str
    seed: int | None
    version: int  # number of actions in the log (== engine ``state.decisions``)
    created_by: int | None
    created_at: float
    started_at: float | None
    ended_at: float | None
    updated_at: float  # last change (last action, join, status...): for turn reminders
    result_json: str | None
    end_reason: str | None
    #: Grows by one on every change to the log (append or truncate) and never
    #: goes down, unlike ``version`` (which a truncate lowers): the token for
    #: buttons and for ``expected_revision``.
    revision: int = 0
    #: storage/digest.py: d[0] (seed and options) and d[version] (None: a lobby)
    digest: str | None = None
    head: str | None = None
    #: schema 12: the version of the snapshot the game's record starts from (its
    #: earlier actions were lost to damage; storage/faults.py); 0: from the seed
    base: int = 0

    @property
    def options(self) -> JsonDict:
        """The game options as JSON (``engine.options_to_json`` output)."""
        return decode_object(self.id, "options", self.options_json)

    @property
    def result(self) -> JsonDict | None:
        if self.result_json is None:
            return None
        return decode_object(self.id, "result", self.result_json)

    @property
    def is_active(self) -> bool:
        return self.status in ACTIVE_STATUSES

    @property
    def is_started(self) -> bool:
        return self.status in STARTED_STATUSES


@dataclass(frozen=True, slots=True)
class Seat:
    """One row of ``seats``: seat number = turn order (seat 0 plays first)."""

    game_id: int
    seat: int
    user_id: int
    colour: str | None
    joined_at: float
    display_name: str | None = None  # as last seen by the front end (names in images)


@dataclass(frozen=True, slots=True)
class ActionRecord:
    """One row of the append-only action log. ``seq`` 1 is the first action."""

    game_id: int
    seq: int
    seat: int | None
    user_id: int | None
    action_json: str
    created_at: float
    digest: str | None = None  # d[seq] as stored (storage/digest.py)

    @property
    def action(self) -> JsonDict:
        return decode_object(self.game_id, f"action #{self.seq}", self.action_json)


@dataclass(frozen=True, slots=True)
class SnapshotRecord:
    """The engine state after action ``seq`` (``seq`` 0: the initial state)."""

    game_id: int
    seq: int
    state_json: str
    created_at: float
    digest: str | None = None  # as stored (storage/digest.py)

    @property
    def state(self) -> JsonDict:
        return decode_object(self.game_id, f"snapshot at version {self.seq}", self.state_json)


@dataclass(frozen=True, slots=True)
class GameLog:
    """Everything needed to rebuild a game, read in one consistent transaction.

    ``snapshot`` is the newest snapshot and ``previous`` the one before it;
    ``actions`` are the actions after ``previous`` (all of them when there is
    no previous snapshot, or when the log was read with ``full=True``), so the
    newest snapshot can be checked against a replay. ``fault``: why the game
    was set aside (``game_faults``), if it was.
    """

    record: GameRecord
    seats: list[Seat]
    snapshot: SnapshotRecord | None
    actions: list[ActionRecord]
    previous: SnapshotRecord | None = None
    fault: str | None = None
    #: the snapshot at ``record.base`` (None when the base is 0: the seed)
    base_snapshot: SnapshotRecord | None = None


@dataclass(frozen=True, slots=True)
class LoadedGame(Generic[G]):
    """A game rebuilt from storage: the newest snapshot plus the actions after it."""

    record: GameRecord
    seats: list[Seat]
    game: G
    replayed: int  # actions applied on top of the snapshot

    @property
    def version(self) -> int:
        return self.record.version


@dataclass(frozen=True, slots=True)
class History(Generic[G]):
    """A game's whole record as a reader replays it: ``start`` is the engine game
    where the record starts (set up from options and seed, or restored from the
    base snapshot when earlier actions were lost to damage: ``base`` > 0) and
    ``actions`` are every action after it (seq ``base + 1`` on)."""

    record: GameRecord
    seats: list[Seat]
    start: G
    actions: list[ActionRecord]

    @property
    def base(self) -> int:
        return self.record.base


@dataclass(frozen=True, slots=True)
class LoadReport(Generic[G]):
    """The result of loading many games: the good ones and, separately, the broken ones."""

    loaded: list[LoadedGame[G]] = field(default_factory=list)
    failed: list[CorruptGameError] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class AppendResult:
    version: int  # the game's version after the append
    snapshot_written: bool
    finished: bool
    revision: int = 0  # the game's revision after the append


@dataclass(frozen=True, slots=True)
class GuildSettings:
    guild_id: int
    moderator_role_id: int | None = None
    reminder_minutes: int | None = None  # None: no turn reminders
    start_policy: StartPolicy = "anyone"  # who may start games
    updated_at: float | None = None  # None: never saved (defaults)
    lobby_days: int | None = None  # None: the default; a lobby not started by then closes
    timeout_minutes: int | None = None  # None: the bot's default turn timeout


@dataclass(frozen=True, slots=True)
class PlayerPrefs:
    user_id: int
    mute_pings: bool = False
    updated_at: float | None = None  # None: never saved (defaults)


@dataclass(frozen=True, slots=True)
class SeatTimeouts:
    """A seat's turn timeouts in a row for the person ``user_id`` who held it;
    ``away``: the bot plays the seat for them until they join again."""

    seat: int
    user_id: int
    in_a_row: int = 0
    away: bool = False


@dataclass(frozen=True, slots=True)
class GameSettings:
    """One game's settings (defaults if never saved) and its reminder state."""

    game_id: int
    reminder_minutes: int | None = None  # None: the guild's / the bot's default; 0: off
    timeout_minutes: int | None = None  # None: no turn timeout
    seat_order: SeatOrder = "random"  # the lobby's choice, used at start
    muted: frozenset[int] = frozenset()  # users who get no turn pings in this game
    reminded_revision: int | None = None  # the game revision the counters below are for
    reminders_sent: int = 0
    last_reminder_at: float | None = None
    updated_at: float | None = None  # None: never saved (defaults)
    #: seats timed out in a row, and seats the bot holds for a person (by seat)
    timeouts: tuple[SeatTimeouts, ...] = ()

    def timeouts_of(self, seat: int) -> SeatTimeouts | None:
        return next((t for t in self.timeouts if t.seat == seat), None)

    def reminders_for(self, revision: int) -> tuple[int, float | None]:
        """(reminders sent, time of the last one) while the game is at ``revision``."""
        if self.reminded_revision != revision:
            return 0, None
        return self.reminders_sent, self.last_reminder_at


@dataclass(frozen=True, slots=True)
class FinishedGame:
    """A finished game as history needs it: its row (options, result, dates) and seats."""

    record: GameRecord
    seats: list[Seat]

    @property
    def order_key(self) -> tuple[float, int]:
        """Where the game stands in its server's history (ratings fold in this order)."""
        r = self.record
        return (r.ended_at if r.ended_at is not None else r.updated_at, r.id)


@dataclass(frozen=True, slots=True)
class Rating:
    """One player's skill rating on one server (``ratings``): the model's mean and
    uncertainty, and how many rated games it is made of."""

    user_id: int
    mu: float
    sigma: float
    games: int = 0


@dataclass(frozen=True, slots=True)
class RatingRun:
    """What :meth:`Store.rate_finished` did: the games it folded in (rated or
    found unrateable) and whether it had to start the server's ratings over."""

    games: list[int] = field(default_factory=list)
    rated: list[int] = field(default_factory=list)
    recomputed: bool = False
