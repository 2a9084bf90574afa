"""Export and import of whole games as JSON documents.

An import is checked before anything is written: its size, its shape, ids that
fit the database, and a full replay with the engine that must agree with the
seats, colours, status and result the document claims (storage/transfer.py,
storage/codec.py). Each kind of bad file gets one clear message.
"""

from __future__ import annotations

import json

from bot.service.model import (
    Actor,
    Reply,
    fail,
    refusing,
)
from bot.service.write import WritePath
from storage import ChannelBusyError, ExportFormatError, GameStatus
from storage.transfer import MAX_EXPORT_BYTES, parse_export


class TransferMixin(WritePath):
    """Export and import of whole games as JSON."""

    @refusing
    async def export(self, channel_id: int, actor: Actor) -> Reply:
        if not actor.moderator:
            return fail("Only moderators can export a game.")
        rec = await self._latest(channel_id)
        if rec is None:
            return fail("There is no game in this channel.")

        doc = await self.store.export_game(rec.id)
        data = json.dumps(doc, indent=1).encode()
        return Reply(
            f"📦 {self.fmt.mention(actor.user_id)} (moderator) exported game #{rec.id}.",
            file=(f"black-angel-{rec.id}.json", data),
        )

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
            return fail(f"That file cannot be imported: {exc}. Nothing was imported.")
        status = "paused" if doc["game"].get("status") in ("running", "paused") else None
        async with self.lock(channel_id):
            try:
                rec = await self.store.import_game(
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
                return fail(f"That file cannot be imported: {exc}. Nothing was imported.")
            finally:
                self.drop(channel_id)
        tail = (
            "It is paused: a moderator resumes it with `/ba mod resume`."
            if rec.status is GameStatus.PAUSED
            else f"It is {rec.status.value}: board, log and scores show it."
        )
        return Reply(
            f"📥 {self.fmt.mention(actor.user_id)} (moderator) imported a game "
            f"({rec.version} actions) as game #{rec.id}. {tail}"
        )
