"""Import and export: one JSON document per game (options, seed, seats, every action).

An export holds what a replay needs and nothing the store can recompute.
:meth:`TransferMixin.import_game` validates the document, replays the log with
the engine before writing anything (``verify``), and creates a new game in the
target channel; a tampered or broken document raises
:class:`ExportFormatError` and writes nothing.
"""

from __future__ import annotations

import json
from typing import Any, Final

from storage.actions import ActionLogMixin
from storage.backend import Conn
from storage.base import ACTIVE_SQL, G, check_seed, dumps, is_int
from storage.errors import ChannelBusyError, ExportFormatError
from storage.models import (
    ACTIVE_STATUSES,
    STARTED_STATUSES,
    GameRecord,
    GameStatus,
    JsonDict,
)

#: Export document format name and version.
EXPORT_FORMAT: Final = "black-angel/game-export"
EXPORT_VERSION: Final = 1


class TransferMixin(ActionLogMixin[G]):
    # ------------------------------------------------------------------ export / import

    async def export_game(self, game_id: int) -> JsonDict:
        """One JSON document with the whole game: options, seed, seats and every action."""
        game_log = await self.read_log(game_id, full=True)
        g = game_log.record
        return {
            "format": EXPORT_FORMAT,
            "format_version": EXPORT_VERSION,
            "exported_at": self._clock(),
            "game": {
                "id": g.id,
                "guild_id": g.guild_id,
                "channel_id": g.channel_id,
                "status": g.status.value,
                "options": g.options,
                "seed": g.seed,
                "version": g.version,
                "created_by": g.created_by,
                "created_at": g.created_at,
                "started_at": g.started_at,
                "ended_at": g.ended_at,
                "result": g.result,
                "end_reason": g.end_reason,
            },
            "seats": [
                {"seat": s.seat, "user_id": s.user_id, "colour": s.colour, "joined_at": s.joined_at}
                for s in game_log.seats
            ],
            "actions": [
                {
                    "seq": a.seq,
                    "seat": a.seat,
                    "user_id": a.user_id,
                    "action": a.action,
                    "created_at": a.created_at,
                }
                for a in game_log.actions
            ],
        }

    async def import_game(
        self,
        doc: JsonDict | str,
        channel_id: int,
        *,
        guild_id: int | None = None,
        created_by: int | None = None,
        status: GameStatus | str | None = None,
        verify: bool = True,
    ) -> GameRecord:
        """Create a new game in ``channel_id`` from :meth:`export_game` output.

        Keeps the exported status unless ``status`` is given (e.g. ``"paused"``
        to look at a bug report without players acting). With ``verify`` the
        log is replayed with the engine first, and the final state is stored as
        a snapshot; an import whose replay fails raises
        :class:`ExportFormatError` and writes nothing.
        """
        parsed = _parse_export(doc)
        g, seats, actions = parsed["game"], parsed["seats"], parsed["actions"]
        new_status = GameStatus(status) if status is not None else GameStatus(g["status"])
        if new_status in STARTED_STATUSES and g["seed"] is None:
            raise ExportFormatError(f"a {new_status.value} game needs a seed")
        if new_status is GameStatus.LOBBY and actions:
            raise ExportFormatError("a lobby game cannot have actions")
        snap_json: str | None = None
        if verify and new_status in STARTED_STATUSES:
            try:
                game = self.codec.new_game(g["options"], g["seed"])
                for a in actions:
                    self.codec.apply(game, a["action"])
            except Exception as exc:
                raise ExportFormatError(
                    f"the exported log does not replay: {type(exc).__name__}: {exc}"
                ) from exc
            snap_json = dumps(self.codec.dump(game))
        now = self._clock()
        ended = (
            (g.get("ended_at") or now)
            if new_status in (GameStatus.FINISHED, GameStatus.ABORTED)
            else None
        )

        async def fn(db: Conn) -> GameRecord:
            if new_status in ACTIVE_STATUSES:
                busy = await db.one(
                    f"SELECT id FROM games WHERE channel_id = ? AND status IN {ACTIVE_SQL}",
                    (channel_id,),
                )
                if busy is not None:
                    raise ChannelBusyError(channel_id, busy[0])
            row = await db.one(
                "INSERT INTO games (guild_id, channel_id, status, options, seed, version, revision,"
                " created_by, created_at, started_at, ended_at, updated_at, result, end_reason)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
                (
                    guild_id,
                    channel_id,
                    new_status.value,
                    dumps(g["options"]),
                    g["seed"],
                    len(actions),
                    len(actions),
                    created_by,
                    now,
                    now if new_status in STARTED_STATUSES else None,
                    ended,
                    now,
                    dumps(g["result"]) if g.get("result") is not None else None,
                    g.get("end_reason"),
                ),
            )
            assert row is not None
            game_id: int = row[0]
            await db.executemany(
                "INSERT INTO seats (game_id, seat, user_id, colour, joined_at) VALUES (?, ?, ?, ?, ?)",
                [
                    (game_id, s["seat"], s["user_id"], s.get("colour"), s.get("joined_at") or now)
                    for s in seats
                ],
            )
            await db.executemany(
                "INSERT INTO actions (game_id, seq, seat, user_id, action, created_at) VALUES (?, ?, ?, ?, ?, ?)",
                [
                    (
                        game_id,
                        a["seq"],
                        a.get("seat"),
                        a.get("user_id"),
                        dumps(a["action"]),
                        a.get("created_at") or now,
                    )
                    for a in actions
                ],
            )
            if snap_json is not None:
                await self._put_snapshot(db, game_id, len(actions), snap_json, now)
            return await self._get_game(db, game_id)

        return await self._write(fn)


def _parse_export(doc: JsonDict | str) -> dict[str, Any]:
    """Validate an export document; return it (decoded) or raise ExportFormatError."""
    if isinstance(doc, str):
        try:
            doc = json.loads(doc)
        except ValueError as exc:
            raise ExportFormatError(f"not JSON: {exc}") from exc
    if not isinstance(doc, dict):
        raise ExportFormatError("an export is a JSON object")
    if doc.get("format") != EXPORT_FORMAT:
        raise ExportFormatError(
            f"unknown format {doc.get('format')!r} (expected {EXPORT_FORMAT!r})"
        )
    if doc.get("format_version") != EXPORT_VERSION:
        raise ExportFormatError(f"unsupported format_version {doc.get('format_version')!r}")
    g, seats, actions = doc.get("game"), doc.get("seats"), doc.get("actions")
    if not isinstance(g, dict) or not isinstance(seats, list) or not isinstance(actions, list):
        raise ExportFormatError("an export needs 'game' (object), 'seats' and 'actions' (lists)")
    try:
        GameStatus(g.get("status"))
    except ValueError as exc:
        raise ExportFormatError(f"unknown status {g.get('status')!r}") from exc
    if not isinstance(g.get("options"), dict):
        raise ExportFormatError("game.options must be an object")
    seed = g.get("seed")
    if seed is not None:
        try:
            check_seed(seed)
        except ValueError as exc:
            raise ExportFormatError(str(exc)) from exc
    if g.get("result") is not None and not isinstance(g["result"], dict):
        raise ExportFormatError("game.result must be an object or null")
    for i, s in enumerate(seats):
        if not (isinstance(s, dict) and s.get("seat") == i and is_int(s.get("user_id"))):
            raise ExportFormatError(f"seats[{i}] must be {{'seat': {i}, 'user_id': int, ...}}")
    for i, a in enumerate(actions, start=1):
        if not (isinstance(a, dict) and a.get("seq") == i and isinstance(a.get("action"), dict)):
            raise ExportFormatError(
                f"actions[{i - 1}] must be {{'seq': {i}, 'action': object, ...}}"
            )
    if g.get("version") is not None and g["version"] != len(actions):
        raise ExportFormatError(
            f"game.version is {g['version']} but the export holds {len(actions)} actions"
        )
    return {"game": g, "seats": seats, "actions": actions}
