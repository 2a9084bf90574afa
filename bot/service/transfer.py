"""Export (and import) of whole games as JSON."""

from __future__ import annotations

import json

from bot.service.model import (
    Actor,
    Reply,
    fail,
)
from bot.service.write import WritePath


class TransferMixin(WritePath):
    """Export (and import) of whole games as JSON."""

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
