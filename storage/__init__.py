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
    ExportFormatError,
    GameStateError,
    LobbyError,
    NotFoundError,
    SchemaError,
    StorageError,
)
from storage.models import (
    ACTIVE_STATUSES,
    STARTED_STATUSES,
    ActionRecord,
    AppendResult,
    GameLog,
    GameRecord,
    GameSettings,
    GameStatus,
    GuildSettings,
    LoadedGame,
    LoadReport,
    PlayerPrefs,
    Seat,
    SnapshotRecord,
)
from storage.notify import NotifyPrefs
from storage.schema import SCHEMA_VERSION
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

__all__ = [
    "NotifyPrefs",
    "ACTIVE_STATUSES",
    "DB_ENV",
    "DEFAULT_DB",
    "EXPORT_FORMAT",
    "SCHEMA_VERSION",
    "STARTED_STATUSES",
    "UNSET",
    "ActionRecord",
    "AppendResult",
    "ChannelBusyError",
    "ConflictError",
    "CorruptGameError",
    "EngineCodec",
    "ExportFormatError",
    "GameCodec",
    "GameLog",
    "GameRecord",
    "GameSettings",
    "GameStateError",
    "GameStatus",
    "GuildSettings",
    "LoadReport",
    "LoadedGame",
    "LobbyError",
    "NotFoundError",
    "PlayerPrefs",
    "SchemaError",
    "Seat",
    "SnapshotRecord",
    "StorageError",
    "Store",
    "default_db_path",
    "first_difference",
    "new_seed",
]
