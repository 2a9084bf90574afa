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
from storage.base import G, check_seed, dumps, is_int, refuse_busy_channel
from storage.digest import action_digest, base_digest, game_digest
from storage.errors import CorruptGameError, ExportFormatError
from storage.models import (
    ACTIVE_STATUSES,
    NOBODY,
    STARTED_STATUSES,
    GameRecord,
    GameStatus,
    JsonDict,
)

#: Export document format name and version. Version 2 (schema 12) adds ``base``:
#: for a game whose early actions were lost to damage, the snapshot its record
#: starts from (``{"seq": n, "state": {...}}``, actions from ``n + 1``); a game
#: without one is written as version 1, and version 1 documents still import.
EXPORT_FORMAT: Final = "black-angel/game-export"
EXPORT_VERSION: Final = 2
EXPORT_VERSIONS: Final = (1, 2)
#: The largest export document accepted (a finished 4-player game is ~100 KB).
MAX_EXPORT_BYTES: Final = 5 * 1024 * 1024
#: Deepest nesting of JSON arrays/objects accepted (real exports nest 5 deep).
MAX_EXPORT_DEPTH: Final = 32
_INT64 = 2**63


class TransferMixin(ActionLogMixin[G]):
    # ------------------------------------------------------------------ export / import

    async def export_game(self, game_id: int) -> JsonDict:
        """One JSON document with the whole game: options, seed, seats and every
        action (and, for a game with a base, the snapshot its record starts from:
        format version 2)."""
        game_log = await self.read_log(game_id, full=True)
        g = game_log.record
        doc: JsonDict = {
            "format": EXPORT_FORMAT,
            "format_version": 2 if g.base else 1,
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
        if g.base:
            bs = game_log.base_snapshot
            if bs is None:
                raise CorruptGameError(
                    g.id, f"the snapshot at version {g.base} its record starts from is missing"
                )
            doc["base"] = {"seq": g.base, "state": bs.state}
        return doc

    async def import_game(
        self,
        doc: JsonDict | str | bytes,
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
        parsed = parse_export(doc)
        g, seats, actions = parsed["game"], parsed["seats"], parsed["actions"]
        base, base_state = parsed["base"], parsed["base_state"]
        new_status = GameStatus(status) if status is not None else GameStatus(g["status"])
        if new_status in STARTED_STATUSES and g["seed"] is None:
            raise ExportFormatError(f"a {new_status.value} game needs a seed")
        if new_status is GameStatus.LOBBY and actions:
            raise ExportFormatError("a lobby game cannot have actions")
        snap_json: str | None = None
        if verify and new_status in STARTED_STATUSES:
            try:
                game = self.codec.new_game(g["options"], g["seed"])
                if base:  # the record starts from its base snapshot
                    game = self.codec.restore(base_state)
                    held = self.codec.version(game)
                    if held != base:
                        raise ValueError(f"the base snapshot holds version {held}, not {base}")
            except Exception as exc:
                raise ExportFormatError(
                    f"the game cannot be set up from its options: {type(exc).__name__}: {exc}"
                ) from exc
            for a in actions:
                try:
                    self.codec.apply(game, a["action"])
                except Exception as exc:
                    raise ExportFormatError(
                        f"action #{a['seq']} does not replay: {type(exc).__name__}: {exc}"
                    ) from exc
            check = getattr(self.codec, "check_import", None)
            if check is not None:
                try:
                    check(game, g, seats, actions, g["status"], new_status.value)
                except ValueError as exc:
                    raise ExportFormatError(str(exc)) from exc
            snap_json = dumps(self.codec.dump(game))
        now = self._clock()
        options_json = dumps(g["options"])
        rows: list[tuple[Any, ...]] = []
        d0 = head = game_digest(g["seed"], options_json) if g["seed"] is not None else None
        base_json = dumps(base_state) if base else None
        if base:
            if d0 is None:
                raise ExportFormatError("a game with a base snapshot needs a seed")
            head = base_digest(d0, base, base_json)
        for a in actions:
            text = dumps(a["action"])
            head = action_digest(head or "", a["seq"], a.get("seat"), a.get("user_id"), text)
            rows.append(
                (a["seq"], a.get("seat"), a.get("user_id"), text, a.get("created_at") or now, head)
            )
        ended = (
            (g.get("ended_at") or now)
            if new_status in (GameStatus.FINISHED, GameStatus.ABORTED)
            else None
        )

        async def fn(db: Conn) -> GameRecord:
            if new_status in ACTIVE_STATUSES:
                await refuse_busy_channel(db, channel_id)
            row = await db.one(
                "INSERT INTO games (guild_id, channel_id, status, options, seed, version, revision,"
                " created_by, created_at, started_at, ended_at, updated_at, result, end_reason,"
                " digest, head, base)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
                (
                    guild_id,
                    channel_id,
                    new_status.value,
                    options_json,
                    g["seed"],
                    base + len(actions),
                    base + len(actions),
                    created_by,
                    now,
                    now if new_status in STARTED_STATUSES else None,
                    ended,
                    now,
                    dumps(g["result"]) if g.get("result") is not None else None,
                    g.get("end_reason"),
                    d0,
                    head,
                    base,
                ),
            )
            assert row is not None
            game_id: int = row[0]
            if base:
                await db.execute(
                    "INSERT INTO snapshots (game_id, seq, state, created_at, digest)"
                    " VALUES (?, ?, ?, ?, ?)",
                    (game_id, base, base_json, now, base_digest(d0 or "", base, base_json)),
                )
            await db.executemany(
                "INSERT INTO seats (game_id, seat, user_id, colour, joined_at) VALUES (?, ?, ?, ?, ?)",
                [
                    (game_id, s["seat"], s["user_id"], s.get("colour"), s.get("joined_at") or now)
                    for s in seats
                ],
            )
            await db.executemany(
                "INSERT INTO actions (game_id, seq, seat, user_id, action, created_at, digest)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                [(game_id, *r) for r in rows],
            )
            if snap_json is not None:
                await self._put_snapshot(db, game_id, base + len(actions), snap_json, now)
            return await self._get_game(db, game_id)

        return await self._write(fn)


def parse_export(doc: JsonDict | str | bytes) -> dict[str, Any]:
    """Validate an export document; return it (decoded) or raise ExportFormatError."""
    if isinstance(doc, str | bytes):
        size = len(doc.encode() if isinstance(doc, str) else doc)
        if size > MAX_EXPORT_BYTES:
            raise ExportFormatError(
                f"the file is {size / 2**20:.1f} MiB; an export is at most "
                f"{MAX_EXPORT_BYTES // 2**20} MiB"
            )
        try:
            doc = json.loads(doc)
        except RecursionError as exc:
            raise ExportFormatError("the JSON is nested too deeply to be an export") from exc
        except ValueError as exc:  # UnicodeDecodeError included
            raise ExportFormatError(f"not JSON: {exc}") from exc
    if _depth(doc) > MAX_EXPORT_DEPTH:
        raise ExportFormatError(
            f"the JSON is nested more than {MAX_EXPORT_DEPTH} deep, deeper than any export"
        )
    if not isinstance(doc, dict):
        raise ExportFormatError("an export is a JSON object")
    if doc.get("format") != EXPORT_FORMAT:
        raise ExportFormatError(
            f"unknown format {doc.get('format')!r} (expected {EXPORT_FORMAT!r})"
        )
    fv = doc.get("format_version")
    if fv not in EXPORT_VERSIONS or isinstance(fv, bool):
        raise ExportFormatError(f"unsupported format_version {fv!r}")
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
    for key in ("guild_id", "channel_id", "created_by"):
        _check_id(g.get(key), f"game.{key}")
    for key in ("created_at", "started_at", "ended_at"):
        _check_time(g.get(key), f"game.{key}")
    users: set[int] = set()
    for i, s in enumerate(seats):
        if not (isinstance(s, dict) and s.get("seat") == i and is_int(s.get("user_id"))):
            raise ExportFormatError(f"seats[{i}] must be {{'seat': {i}, 'user_id': int, ...}}")
        _check_id(s["user_id"], f"seats[{i}].user_id")
        _check_time(s.get("joined_at"), f"seats[{i}].joined_at")
        if s.get("colour") is not None and not isinstance(s["colour"], str):
            raise ExportFormatError(f"seats[{i}].colour must be a colour name or null")
        if s["user_id"] in users and s["user_id"] != NOBODY:
            raise ExportFormatError(f"user {s['user_id']} holds two seats")
        users.add(s["user_id"])
    base, base_state = 0, None
    if "base" in doc:
        b = doc["base"]
        if fv < 2:
            raise ExportFormatError("a base snapshot needs format_version 2")
        if not (
            isinstance(b, dict)
            and is_int(b.get("seq"))
            and 0 < b["seq"] < _INT64
            and isinstance(b.get("state"), dict)
        ):
            raise ExportFormatError("base must be {'seq': int > 0, 'state': object}")
        if g.get("seed") is None:
            raise ExportFormatError("a game with a base snapshot needs a seed")
        base, base_state = b["seq"], b["state"]
    for i, a in enumerate(actions, start=base + 1):
        n = i - base - 1
        if not (isinstance(a, dict) and a.get("seq") == i and isinstance(a.get("action"), dict)):
            raise ExportFormatError(f"actions[{n}] must be {{'seq': {i}, 'action': object, ...}}")
        _check_id(a.get("seat"), f"actions[{n}].seat")
        _check_id(a.get("user_id"), f"actions[{n}].user_id")
        _check_time(a.get("created_at"), f"actions[{n}].created_at")
    if g.get("version") is not None and g["version"] != base + len(actions):
        raise ExportFormatError(
            f"game.version is {g['version']} but the export holds {len(actions)} actions"
            + (f" after its base at {base}" if base else "")
        )
    return {
        "game": g,
        "seats": seats,
        "actions": actions,
        "base": base,
        "base_state": base_state,
    }


def _depth(value: Any) -> int:
    """How deeply arrays/objects nest in ``value`` (without recursion)."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        v, d = stack.pop()
        if isinstance(v, dict | list):
            deepest = max(deepest, d)
            if deepest > MAX_EXPORT_DEPTH:
                return deepest
            stack.extend((x, d + 1) for x in (v.values() if isinstance(v, dict) else v))
    return deepest


def _check_id(value: Any, what: str) -> None:
    """An optional id that fits the database's 64-bit integers."""
    if value is None:
        return
    if not is_int(value) or not -_INT64 <= value < _INT64:
        raise ExportFormatError(f"{what} must be a 64-bit integer id, not {str(value)[:40]}")


def _check_time(value: Any, what: str) -> None:
    """An optional timestamp (seconds since 1970), finite and of a sane size."""
    if value is None:
        return
    if isinstance(value, bool) or not isinstance(value, int | float) or not abs(value) < 1e12:
        raise ExportFormatError(f"{what} must be a time in seconds, not {str(value)[:40]}")
