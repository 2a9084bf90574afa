"""A Reply as Discord message pieces, and the answers to an interaction.

A reply's visibility is decided before the first byte (see
:mod:`bot.cogs.respond`): a refusal or a private reply is ephemeral, a public
result public. Private things (a secret decision's options, your hand, what
you drew) only ever go in ephemeral replies or the player's DMs.
"""

from __future__ import annotations

import io
import logging
from typing import Any

import discord

from bot import perms
from bot.service import Reply
from bot.views import decision_embeds, decision_view

log = logging.getLogger(__name__)


def reply_files(reply: Reply) -> list[discord.File]:
    """The reply's images (or its file), as attachments."""
    if reply.image is not None:
        pngs = [(reply.image_name, reply.image), *reply.more_images]
        return [discord.File(io.BytesIO(png), filename=name) for name, png in pngs]
    if reply.file is not None:
        return [discord.File(io.BytesIO(reply.file[1]), filename=reply.file[0])]
    return []


def reply_mentions(reply: Reply) -> discord.AllowedMentions:
    """Only the people the reply means to ping are pinged."""
    return discord.AllowedMentions(
        everyone=False, roles=False, users=[discord.Object(u) for u in reply.ping if u]
    )


def files_kw(reply: Reply) -> dict[str, Any]:
    """``files=`` for a message, when the reply has any."""
    files = reply_files(reply)
    return {"files": files} if files else {}


def _private_kw(reply: Reply) -> dict[str, Any]:
    """A private reply's files, and its decision's buttons when it offers one (a
    private reply's image is drawn with its options, when it has one)."""
    kw = files_kw(reply)
    if reply.turn is not None and reply.turn.options is not None and reply.ok:
        kw["view"] = decision_view(reply.turn, private=True)
        image = "shown" if reply.image is not None else "none"
        kw["embeds"] = decision_embeds(reply.turn, image=image)
    return kw


async def reply_privately(interaction: discord.Interaction, text: str) -> None:
    """An ephemeral answer whether or not the interaction was acknowledged yet."""
    try:
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)
    except discord.HTTPException:
        log.warning("could not answer interaction %s", interaction.id)


async def respond_now(interaction: discord.Interaction, reply: Reply) -> None:
    """The first response to a command whose work is done: a refusal or a
    private reply ephemeral, a result public."""
    if not reply.ok or reply.ephemeral:
        await interaction.response.send_message(
            reply.text or "…", ephemeral=True, **_private_kw(reply)
        )
        return
    await interaction.response.send_message(
        reply.text or "…", allowed_mentions=reply_mentions(reply), **files_kw(reply)
    )


async def answer(interaction: discord.Interaction, reply: Reply) -> None:
    """Answer a deferred command. The first follow-up edits the deferred
    response and keeps its visibility (decided when it was deferred)."""
    if not reply.ok or reply.ephemeral:
        await interaction.followup.send(reply.text or "…", ephemeral=True, **_private_kw(reply))
        return
    await interaction.followup.send(
        reply.text or "…", allowed_mentions=reply_mentions(reply), **files_kw(reply)
    )


def post_failed_text(interaction: discord.Interaction, exc: discord.HTTPException) -> str:
    """What to tell a user whose change was saved but could not be posted."""
    missing = perms.missing_for_bot(interaction)
    if missing:
        why = f"I am missing {perms.missing_text(missing)} in this channel"
    else:
        why = f"Discord refused the message ({exc.status}: {exc.text or 'no reason given'})"
    return (
        f"✔ Saved — the game has moved on, but I could not post the update here: {why}. "
        "A moderator can fix the channel's permissions; meanwhile `/ba board` shows the game."
    )
