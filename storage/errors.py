"""Errors raised by the storage layer.

Every error the store raises on purpose derives from :class:`StorageError`, so
the bot can catch one type at its edge and still tell the cases apart:

- :class:`NotFoundError`: no such game (or seat, ...).
- :class:`ConflictError`: an append computed from a stale version (two clicks
  raced; the loser is refused and nothing of it is written).
- :class:`CorruptGameError`: one game's stored data cannot be read or replayed.
  It names the game; other games are unaffected.
- :class:`ChannelBusyError`: the channel already has an active game.
- :class:`GameStateError`: the operation does not fit the game's status
  (e.g. an action for a game in the lobby, joining a running game).
- :class:`LobbyError`: a lobby rule (seat taken, colour taken, table full).
- :class:`SchemaError`: the database file is newer than this code, or a
  migration failed (it is rolled back).
- :class:`ExportFormatError`: an export document that cannot be imported.
- :class:`SnapshotMismatchError`, :class:`GameSetAsideError`: a game whose
  snapshot disagrees with its log, and a game set aside after a failed check.
- :class:`DamagedRowError`, :class:`SeedDamagedError`: a row, or the seed and
  options, that do not match their digest (storage/digest.py).
- :class:`BeforeBaseError`: an undo or rollback to before the game's base (its
  earlier actions were lost to damage).
- :class:`LeaseHeldError`, :class:`LeaseLostError`: another bot instance holds
  the database; this instance's lease was taken over.
"""

from __future__ import annotations


class StorageError(Exception):
    """Base of every error the storage layer raises on purpose."""


class NotFoundError(StorageError, LookupError):
    """The game (or seat, or player) does not exist."""


class ConflictError(StorageError):
    """An append (or truncate) carried a version, or a revision, that is no
    longer the game's."""

    def __init__(
        self,
        game_id: int,
        expected: int,
        actual: int,
        *,
        expected_revision: int | None = None,
        actual_revision: int | None = None,
    ) -> None:
        self.game_id = game_id
        self.expected = expected
        self.actual = actual
        self.expected_revision = expected_revision
        self.actual_revision = actual_revision
        if expected == actual and expected_revision is not None:
            what = (
                f"computed from revision {expected_revision}, "
                f"but the game is at revision {actual_revision} (its log was changed since)"
            )
        else:
            what = f"computed from version {expected}, but the game is at version {actual}"
        super().__init__(
            f"game {game_id}: action {what} (stale or duplicate click); nothing written"
        )


class CorruptGameError(StorageError):
    """The stored data of one game cannot be decoded or replayed."""

    def __init__(self, game_id: int, reason: str) -> None:
        self.game_id = game_id
        self.reason = reason
        super().__init__(f"game {game_id} is corrupt: {reason}")


class SnapshotMismatchError(CorruptGameError):
    """A snapshot that can be read but is not the state its log replays to: one
    of the two is damaged, and nobody can tell which without a look."""


class DamagedRowError(CorruptGameError):
    """A row of the game (an action or a snapshot) is not what was written: its
    digest, chained to the rows before it, does not match (storage/digest.py)."""


class SeedDamagedError(CorruptGameError):
    """The game's seed or options are not what it started with: it cannot be
    rebuilt from them, only restored from a backup or an export."""


class GameSetAsideError(CorruptGameError):
    """The game failed a check earlier and is set aside until a moderator repairs it."""


class LeaseHeldError(StorageError):
    """Another running instance holds the lease for this database (or shard range)."""

    def __init__(self, scope: str, holder: object, message: str) -> None:
        self.scope = scope
        self.holder = holder
        super().__init__(message)


class LeaseLostError(StorageError):
    """This instance's lease expired and another instance took it over."""


class ChannelBusyError(StorageError):
    """The channel (or thread) already has an active game."""

    def __init__(self, channel_id: int, game_id: int) -> None:
        self.channel_id = channel_id
        self.game_id = game_id
        super().__init__(f"channel {channel_id} already has an active game ({game_id})")


class GameStateError(StorageError):
    """The operation is not allowed in the game's current status."""


class BeforeBaseError(GameStateError):
    """The game's record starts at its base (schema 12): the actions before it
    were lost to damage, so nothing can go back to before it."""

    def __init__(self, game_id: int, base: int) -> None:
        self.game_id = game_id
        self.base = base
        super().__init__(
            f"game {game_id}: its record starts after action #{base} (the actions before"
            " it were lost to damage): nothing can go back to before it"
        )


class LobbyError(StorageError):
    """A lobby rule was broken (already seated, colour taken, table full...)."""


class SchemaError(StorageError):
    """The database schema cannot be used or migrated by this code."""


class ExportFormatError(StorageError):
    """An export document is malformed or of an unknown format."""
