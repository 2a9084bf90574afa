"""Export and import of whole games as JSON documents.

While a game is not over, an export is what any player may see: the public
view of the table and the public event log, with no seed and no action log
(either rebuilds every hand and the order of every deck). A finished (or
ended) game's export is complete — seed and every action — so a bug can be
replayed exactly.

An import is checked before anything is written: its size, its shape, ids that
fit the database, and a full replay with the engine that must agree with the
seats, colours, status and result the document claims (storage/transfer.py,
storage/codec.py). Each kind of bad file gets one clear message.
"""

from __future__ import annotations

import json
from typing import Any

from bot.service.format import command
from bot.service.games import LiveGames
from bot.service.model import (
    Actor,
    GameSetAside,
    Reply,
    fail,
    refusing,
)
from bot.service.reading import Reading
from engine import RULES_VERSION
from storage import (
    ChannelBusyError,
    ExportFormatError,
    GameStatus,
    NotFoundError,
    StorageError,
)
from storage.transfer import MAX_EXPORT_BYTES, parse_export

PUBLIC_FORMAT = "black-angel-public-export"
OVER = (GameStatus.FINISHED, GameStatus.ABORTED)


class Transfer:
    """Export and import of whole games as JSON."""

    def __init__(self, games: LiveGames, reading: Reading) -> None:
        self.games = games
        self.reading = reading  # the public event log of a running game

    @refusing
    async def export(self, channel_id: int, actor: Actor, *, game_id: int | None = None) -> Reply:
        """The channel's latest game as a JSON file, or game ``game_id`` (a
        moderator's ``game:``, checked to be this server's by the caller): any
        game, a finished one (its complete record) or one whose channel is gone."""
        if not actor.moderator:
            return fail("Only moderators can export a game.")
        if game_id is not None:
            try:
                rec = await self.games.store.get_game(game_id)
            except NotFoundError:
                return fail(f"There is no game #{game_id}.")
            channel_id = rec.channel_id
        else:
            found = await self.games.latest(channel_id)
            if found is None:
                return fail("There is no game in this channel.")
            rec = found
        if rec.status in OVER:
            doc = await self.games.store.export_game(rec.id)
            what = "the complete record (seed and every action)"
            if rec.started_at is None and rec.seed is None:  # a lobby ended: no seed, no play
                what = "ended before it started: its lobby, with no seed and no action"
        else:
            doc = await self._public_export(channel_id, rec.id)
            what = (
                "what every player may see (no seed, no hidden cards) while the game runs; "
                "the complete record is exported once it is over"
            )
        data = json.dumps(doc, indent=1).encode()
        return Reply(
            f"📦 Game #{rec.id}: {what}.",
            ephemeral=True,
            file=(f"black-angel-{rec.id}.json", data),
        )

    async def _public_export(self, channel_id: int, game_id: int) -> dict[str, Any]:
        rec = await self.games.store.get_game(game_id)
        seats = await self.games.store.get_seats(game_id)
        doc: dict[str, Any] = {
            "format": PUBLIC_FORMAT,
            "format_version": 1,
            "game": {
                "id": rec.id,
                "guild_id": rec.guild_id,
                "channel_id": rec.channel_id,
                "status": rec.status.value,
                "options": rec.options,
                "version": rec.version,
                "created_by": rec.created_by,
                "created_at": rec.created_at,
                "started_at": rec.started_at,
            },
            "seats": [{"seat": s.seat, "user_id": s.user_id, "colour": s.colour} for s in seats],
        }
        try:
            e = await self.games.entry(channel_id)
        except (GameSetAside, StorageError) as exc:  # not loadable: what is known, no more
            doc["not_loaded"] = str(exc)
            return doc
        if e is not None and e.record.id == game_id:
            lines = e.log
            if lines is None:
                lines = await self.reading.rebuild_log(e.record)
            doc["view"] = e.game.view(None)
            doc["log"] = list(lines)
        return doc

    @refusing
    async def import_game(
        self,
        channel_id: int,
        actor: Actor,
        data: bytes | str,
        *,
        guild_id: int | None = None,
    ) -> Reply:
        """Create this channel's game from an export (a moderator's bug report or a
        move between servers). A game in progress arrives paused; a moderator
        resumes it. Finished and ended games arrive archived, to look at."""
        if not actor.moderator:
            return fail("Only moderators can import a game.")
        size = len(data.encode() if isinstance(data, str) else data)
        if size > MAX_EXPORT_BYTES:
            return fail(
                f"That file is {size / 2**20:.1f} MiB; an export is at most "
                f"{MAX_EXPORT_BYTES // 2**20} MiB. Nothing was imported."
            )
        try:
            doc = parse_export(data)
        except ExportFormatError as exc:
            return fail(_refusal(exc))
        newer = _newer_rules(doc["game"].get("options"))
        if newer is not None:
            return fail(newer)
        status = "paused" if doc["game"].get("status") in ("running", "paused") else None
        async with self.games.lock(channel_id):
            try:
                rec = await self.games.store.import_game(
                    data,
                    channel_id,
                    guild_id=guild_id,
                    created_by=actor.user_id,
                    status=status,
                )
            except ChannelBusyError:
                return fail(
                    "This channel already has a game; end it first or import in another "
                    "channel. Nothing was imported."
                )
            except ExportFormatError as exc:
                return fail(_refusal(exc))
            finally:
                self.games.drop(channel_id)
        tail = (
            f"It is paused: a moderator resumes it with {command(self.games.fmt, 'mod resume')}."
            if rec.status is GameStatus.PAUSED
            else f"It is {rec.status.value}: board, log and scores show it."
        )
        return Reply(
            f"📥 {self.games.fmt.mention(actor.user_id)} (moderator) imported a game "
            f"({rec.version} actions) as game #{rec.id}. {tail}"
        )


def _refusal(exc: ExportFormatError) -> str:
    """One line: why, without the engine's list of legal options (dozens of
    ids nobody can use) or a doubled full stop."""
    why = str(exc).split(" Legal: ", 1)[0].rstrip(".")
    if " does not replay: " in why:
        why += " (the file was edited, or its seed or options are not the game's)"
    return f"That file cannot be imported: {why}. Nothing was imported."


def _newer_rules(options: Any) -> str | None:
    """The refusal of a game played by rules newer than this bot's, said as such
    (the engine's own words were 'cannot be set up from its options')."""
    version = options.get("rules_version") if isinstance(options, dict) else None
    if type(version) is not int or version <= RULES_VERSION:
        return None
    return (
        f"That file cannot be imported: its game plays by rules version {version}, newer than"
        f" this bot's (versions 1 to {RULES_VERSION}); import it into an updated bot."
        " Nothing was imported."
    )
