"""Export of whole games as JSON, for moderators.

While a game is not over, an export is what any player may see: the public
view of the table and the public event log, with no seed and no action log
(either rebuilds every hand and the order of every deck). A finished (or
ended) game's export is complete — seed and every action — so a bug can be
replayed exactly; ``storage``'s ``import_game`` reads it.
"""

from __future__ import annotations

import json
from typing import Any

from bot.service.model import (
    Actor,
    Reply,
    fail,
)
from bot.service.write import WritePath
from storage import GameStatus

PUBLIC_FORMAT = "black-angel-public-export"
OVER = (GameStatus.FINISHED, GameStatus.ABORTED)


class TransferMixin(WritePath):
    """Export of whole games as JSON."""

    async def export(self, channel_id: int, actor: Actor) -> Reply:
        if not actor.moderator:
            return fail("Only moderators can export a game.")
        rec = await self._latest(channel_id)
        if rec is None:
            return fail("There is no game in this channel.")
        if rec.status in OVER:
            doc = await self.store.export_game(rec.id)
            what = "the complete record (seed and every action)"
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
        rec = await self.store.get_game(game_id)
        seats = await self.store.get_seats(game_id)
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
        e = await self._entry(channel_id)
        if e is not None and e.record.id == game_id:
            if e.log is None:
                e.log = await self._rebuild_log(e.record)  # type: ignore[attr-defined]
            doc["view"] = e.game.view(None)
            doc["log"] = list(e.log)
        return doc
