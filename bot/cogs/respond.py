"""One response pattern for every slash command: decide the answer's visibility
before the first byte goes out.

- ``PRIVATE`` (your hand, your choices, help, export…): acknowledged at once,
  ephemerally; everything after is private too.
- ``PUBLIC`` (a lobby change, the board, the log, a moderator's pause…): the
  work runs *before* the acknowledgement, so the result decides: a refusal is
  an ephemeral response from its first byte, a result a public one. Discord
  allows 3 seconds for that first response; an answer not ready within
  :data:`FAST` seconds (a slow render) is deferred publicly instead, and only
  then could a (rare, racing) refusal end up public. A public "thinking…" is
  never deleted: the first follow-up after it *edits* it and keeps its
  visibility, and after a delete there is nothing left to edit.
- ``UPDATE`` (a move, start, undo, a moderator's rollback…): the game changes
  in the channel's turn message; the user gets a private "✔ Done." (or the
  refusal), so the acknowledgement is ephemeral at once.

``game``: a moderator's command may name a game by its id from any channel of
the server (:meth:`Frontend.game_channel`); the work then runs on that game's
channel, and a game update or a public notice (a pause, an end) is posted
where the game is (or here, when its channel is gone); the moderator is told
privately where.

Every path catches what it did not expect, answers kindly and logs it with the
game id; :class:`GameTree` does the same for what discord.py raises before a
command runs (an outdated command, a bad argument).
"""

from __future__ import annotations

import asyncio
import enum
import logging
from collections.abc import Awaitable, Callable

import discord
from discord import app_commands

from bot.answers import answer, reply_privately, respond_now
from bot.frontend import Frontend
from bot.service import Actor, Reply

log = logging.getLogger(__name__)

#: Seconds a PUBLIC command's work may take before it is deferred (Discord allows 3).
FAST = 2.0

NOT_IN_DMS = (
    "Black Angel is played in a server's channels (one game per channel or thread), "
    "not in direct messages."
)
OUTDATED = (
    "This command has changed since your Discord app loaded it. Discord is updating its "
    "list; please try again in a minute (restarting Discord updates it at once)."
)

Work = Callable[[Actor, int], Awaitable[Reply]]


class Visibility(enum.Enum):
    PRIVATE = "private"
    PUBLIC = "public"
    UPDATE = "update"


def frontend_of(interaction: discord.Interaction) -> Frontend:
    return interaction.client.frontend  # type: ignore[attr-defined]


async def run(
    interaction: discord.Interaction,
    work: Work,
    how: Visibility,
    *,
    check: Callable[[discord.Interaction], str | None] | None = None,
    game: int | None = None,
) -> None:
    """Run ``work(actor, channel_id)`` for a slash command and answer it as ``how`` says.

    ``check``: a refusal decided from the interaction alone (e.g. the bot's own
    permissions), answered ephemerally before any work. ``game``: the id of the
    game to work on (its channel), instead of this channel's."""
    fe = frontend_of(interaction)
    try:
        if interaction.guild_id is None:
            await interaction.response.send_message(NOT_IN_DMS, ephemeral=True)
            return
        refusal = check(interaction) if check is not None else None
        if refusal:
            await interaction.response.send_message(refusal, ephemeral=True)
            return
        if game is not None:
            work = _on_game(fe, interaction, work, game)
        if how is Visibility.PUBLIC:
            await _public(fe, interaction, work, named=game is not None)
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        actor = await fe.actor(interaction)
        cid = fe.channel_id(interaction)
        reply = await work(actor, cid)
        if how is Visibility.UPDATE:
            where = None
            if game is not None and reply.ok and reply.channel_id not in (None, cid):
                where = fe.client.get_channel(reply.channel_id) if fe.client else None
            await fe.game_update(interaction, reply, channel=where)
        else:
            reply.ephemeral = True
            await answer(interaction, reply)
    except Exception as exc:
        await fe.sorry(interaction, exc, _command_name(interaction))


async def run_for_game(
    interaction: discord.Interaction,
    work: Work,
    how: Visibility,
    *,
    check: Callable[[discord.Interaction], str | None] | None = None,
) -> None:
    """``run`` for a command about this channel's game: a refusal for want of a
    game here also says where the player's games are (a game usually lives in
    a thread of its own, and the command was typed where it was created)."""
    fe = frontend_of(interaction)

    async def pointing(actor: Actor, cid: int) -> Reply:
        reply = await work(actor, cid)
        if not reply.ok:
            where = await fe.svc.games_elsewhere(interaction.guild_id, actor.user_id, cid)
            if where:
                reply.text += "\n" + where
        return reply

    await run(interaction, pointing, how, check=check)


async def _public(
    fe: Frontend, interaction: discord.Interaction, work: Work, *, named: bool = False
) -> None:
    """``named``: a moderator named the game (``game:``): it may be elsewhere."""

    async def job() -> Reply:
        actor = await fe.actor(interaction)
        return await work(actor, fe.channel_id(interaction))

    task = asyncio.ensure_future(job())
    done, _ = await asyncio.wait({task}, timeout=FAST)
    if task in done:
        reply = task.result()
        await respond_now(interaction, await _announce_elsewhere(fe, interaction, reply, named))
        return
    await interaction.response.defer(thinking=True)
    reply = await task
    await answer(interaction, await _announce_elsewhere(fe, interaction, reply, named))


async def _announce_elsewhere(
    fe: Frontend, interaction: discord.Interaction, reply: Reply, named: bool
) -> Reply:
    """A moderator's public line about a game in another channel (``game:``) is
    posted where that game's players are, not where the moderator typed; the
    moderator is told privately where. Unchanged when the game is here, or its
    channel is gone or refuses the post (then it is said here)."""
    target = reply.channel_id
    if not named or not reply.ok or reply.ephemeral or target in (None, fe.channel_id(interaction)):
        return reply
    channel = fe.client.get_channel(target) if fe.client is not None else None
    if channel is None:
        return reply
    try:
        pings = [discord.Object(u) for u in reply.ping if u]
        mentions = discord.AllowedMentions(everyone=False, roles=False, users=pings)
        await channel.send(reply.text, allowed_mentions=mentions)
    except discord.HTTPException as exc:
        log.warning("channel %s: a moderator's notice could not be posted: %s", target, exc)
        return reply
    return Reply(
        f"✔ Done, and announced in <#{target}>, where the game is:\n{reply.text}", ephemeral=True
    )


def _on_game(fe: Frontend, interaction: discord.Interaction, work: Work, game: int) -> Work:
    """``work`` on the channel of game ``game`` (refused when it is not this
    server's, or when it is over and the command makes no sense on a game that
    is over); the reply remembers that channel (``Reply.channel_id``)."""

    cmd = interaction.command
    doing = cmd.name if cmd is not None else None

    async def wrapped(actor: Actor, cid: int) -> Reply:
        found = await fe.svc.game_channel(interaction.guild_id, game, doing)
        if isinstance(found, Reply):
            return found
        reply = await work(actor, found)
        if reply.channel_id is None:
            reply.channel_id = found
        return reply

    return wrapped


def _command_name(interaction: discord.Interaction) -> str:
    cmd = interaction.command
    return f"/{cmd.qualified_name}" if cmd is not None else "a command"


class GameTree(app_commands.CommandTree):
    """The bot's command tree: errors raised around a command (an outdated
    command, an argument Discord sent that does not fit) are answered kindly."""

    async def on_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        if isinstance(error, app_commands.CommandInvokeError):
            # our handlers catch their own errors; this is a bug: answer and log it
            fe = getattr(interaction.client, "frontend", None)
            if isinstance(fe, Frontend):
                await fe.sorry(interaction, error.original, _command_name(interaction))
                return
        if isinstance(error, app_commands.CommandNotFound | app_commands.CommandSignatureMismatch):
            text = OUTDATED
            log.warning("outdated command %r in channel %s", error, interaction.channel_id)
        elif isinstance(error, app_commands.NoPrivateMessage):
            text = NOT_IN_DMS
        elif isinstance(error, app_commands.TransformerError):
            text = f"I could not read `{error.value}` for that option. Please pick one offered."
        elif isinstance(error, app_commands.CheckFailure):
            text = "You cannot use this command here."
        else:
            log.error(
                "channel %s: %s failed",
                interaction.channel_id,
                _command_name(interaction),
                exc_info=error,
            )
            text = "Something went wrong on our side; it is logged. Please try again."
        await reply_privately(interaction, text)
