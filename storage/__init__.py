"""Async storage for Black Angel games (issue 4).

Event-sourced: options + seed + an append-only action log, with snapshots of
the engine state; optimistic concurrency on a per-game version. See
:mod:`storage.store` for how the parts fit and :class:`Store` for the interface.
"""

from storage.codec import EngineCodec, GameCodec
from storage.errors import (
    ChannelBusyError,
    ConflictError,
    CorruptGameError,
    DamagedRowError,
    ExportFormatError,
    GameSetAsideError,
    GameStateError,
    LeaseHeldError,
    LeaseLostError,
    LobbyError,
    NotFoundError,
    SchemaError,
    SeedDamagedError,
    SnapshotMismatchError,
    StorageError,
)
from storage.faults import Fault, Repair
from storage.history import NO_SERVER, Rater
from storage.lease import DEFAULT_LEASE_SECONDS, Lease, new_owner, scopes_overlap
from storage.models import (
    ACTIVE_STATUSES,
    NOBODY,
    STARTED_STATUSES,
    ActionRecord,
    AppendResult,
    FinishedGame,
    GameLog,
    GameRecord,
    GameSettings,
    GameStatus,
    GuildSettings,
    LoadedGame,
    LoadReport,
    PlayerPrefs,
    Rating,
    RatingRun,
    Seat,
    SeatTimeouts,
    SnapshotRecord,
)
from storage.notify import NotifyPrefs
from storage.schema import SCHEMA_VERSION
from storage.shards import ShardRange, shard_of
from storage.store import (
    DB_ENV,
    DEFAULT_DB,
    EXPORT_FORMAT,
    UNSET,
    Store,
    default_db_path,
    first_difference,
    new_seed,
)
from storage.tick import TickRow

__all__ = [
    "NotifyPrefs",
    "ACTIVE_STATUSES",
    "DB_ENV",
    "DEFAULT_DB",
    "DEFAULT_LEASE_SECONDS",
    "EXPORT_FORMAT",
    "NOBODY",
    "NO_SERVER",
    "SCHEMA_VERSION",
    "STARTED_STATUSES",
    "UNSET",
    "ActionRecord",
    "AppendResult",
    "ChannelBusyError",
    "ConflictError",
    "CorruptGameError",
    "DamagedRowError",
    "EngineCodec",
    "ExportFormatError",
    "Fault",
    "FinishedGame",
    "GameCodec",
    "GameLog",
    "GameRecord",
    "GameSetAsideError",
    "GameSettings",
    "GameStateError",
    "GameStatus",
    "GuildSettings",
    "Lease",
    "LeaseHeldError",
    "LeaseLostError",
    "LoadReport",
    "LoadedGame",
    "LobbyError",
    "NotFoundError",
    "PlayerPrefs",
    "Rater",
    "Rating",
    "RatingRun",
    "Repair",
    "SchemaError",
    "SeedDamagedError",
    "ShardRange",
    "Seat",
    "SeatTimeouts",
    "SnapshotMismatchError",
    "SnapshotRecord",
    "StorageError",
    "Store",
    "TickRow",
    "default_db_path",
    "first_difference",
    "new_owner",
    "new_seed",
    "shard_of",
    "scopes_overlap",
]
