"""A table people want to join: ``/ba new`` opens the game in its own thread
(a server setting, on by default where the bot may create threads) and posts
a lobby message with Join / Leave / Start / Cancel buttons.

The buttons are :class:`discord.ui.DynamicItem` s whose custom id carries the
game (``ba:l:<action>:<game>``), so they work after a restart; the slash
commands (``/ba join`` …) stay. A button of a lobby that started, closed or
belongs to another game answers privately and changes nothing.
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import discord

from bot import perms
from bot.answers import reply_privately
from bot.cogs.respond import frontend_of
from bot.service import Reply
from bot.views import dynamic_view

if TYPE_CHECKING:
    from bot.frontend import Frontend

log = logging.getLogger(__name__)

LOBBY_ACTIONS: dict[str, tuple[str, discord.ButtonStyle]] = {
    "join": ("Join", discord.ButtonStyle.success),
    "leave": ("Leave", discord.ButtonStyle.secondary),
    "start": ("Start", discord.ButtonStyle.primary),
    "cancel": ("Cancel", discord.ButtonStyle.danger),
}
THREAD_ARCHIVE_MINUTES = 10080  # a week: games are slow
CLOSED = "This lobby is closed (the game started or was cancelled)."


class LobbyButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"ba:l:(?P<a>join|leave|start|cancel):(?P<g>\d+)",
):
    def __init__(self, action: str, game_id: int) -> None:
        label, style = LOBBY_ACTIONS[action]
        super().__init__(
            discord.ui.Button(label=label, style=style, custom_id=f"ba:l:{action}:{game_id}"),
        )
        self.action, self.game_id = action, game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str], /
    ) -> LobbyButton:
        return cls(match["a"], int(match["g"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await on_lobby_button(frontend_of(interaction), interaction, self.action, self.game_id)


def lobby_view(game_id: int) -> discord.ui.View:
    view = dynamic_view()
    for action in LOBBY_ACTIONS:
        view.add_item(LobbyButton(action, game_id))
    return view


# --------------------------------------------------------------------------- /ba new


def thread_name(actor_name: str, players: int, advanced: bool, difficulty: str | None) -> str:
    """The game's thread, named after the game."""
    rules = ", advanced" if advanced else ""
    if players == 1:
        what = f"{actor_name} vs Hal ({difficulty or 'standard'}{rules})"
    else:
        what = f"{actor_name}'s {players}-player game{' (advanced)' if advanced else ''}"
    return f"Black Angel · {what}"[:100]


def can_make_thread(interaction: discord.Interaction) -> bool:
    """A text channel where the bot may create a public thread and post in it."""
    channel = interaction.channel
    if not isinstance(channel, discord.TextChannel):
        return False
    have = interaction.app_permissions
    return bool(have.create_public_threads and have.send_messages_in_threads and have.attach_files)


async def open_game(
    fe: Frontend,
    interaction: discord.Interaction,
    *,
    players: int,
    advanced: bool,
    order: str,
    difficulty: str | None,
    bots: int = 0,
    bot_level: str = "simple",
    timeout_hours: int | None = None,
) -> None:
    """``/ba new``: a thread of its own (when the server wants it and the bot
    may), one line with the link in the channel, the lobby message with its
    buttons where the game lives."""
    svc = fe.svc
    try:
        if interaction.guild_id is None:
            await interaction.response.send_message("Games are played in servers.", ephemeral=True)
            return
        missing = perms.missing_for_bot(interaction)
        if missing:
            await interaction.response.send_message(
                f"I cannot run a game here: I am missing {perms.missing_text(missing)} in this "
                "channel. A moderator can grant it, then try again.",
                ephemeral=True,
            )
            return
        # Refusals must be private: decided before the first (public) byte.
        # Checking and creating take milliseconds, well inside Discord's 3 s.
        actor = await fe.actor(interaction)
        kw: dict[str, Any] = dict(
            guild_id=interaction.guild_id,
            advanced=advanced,
            difficulty=difficulty,
            order=order,
            bots=bots,
            bot_level=bot_level,
        )
        if timeout_hours is not None:
            kw["timeout_hours"] = timeout_hours
        refused = await svc.check_new(actor, players, **kw)
        if refused is not None:
            await interaction.response.send_message(refused.text, ephemeral=True)
            return
        setting = await svc.game_threads(interaction.guild_id)
        wants = setting is not False and can_make_thread(interaction)
        if not wants:
            reply = await svc.create(fe.channel_id(interaction), actor, players, **kw)
            if not reply.ok:
                await interaction.response.send_message(
                    busy_here(interaction, reply.text), ephemeral=True
                )
                return
            lobby = await svc.lobby_state(fe.channel_id(interaction))
            assert lobby is not None
            note = ""
            if setting is True:
                note = "\n(I may not create threads here, so the game is in this channel.)"
            await interaction.response.send_message(
                lobby_message(svc, reply, lobby) + note,
                view=lobby_view(lobby.game_id),
                allowed_mentions=discord.AllowedMentions.none(),
            )
            original = await interaction.original_response()
            remember(interaction.channel, original, reply.text, lobby.game_id)
            return
        # The channel's one line, then the thread started from it (no extra
        # "started a thread" notice in the channel), then the game in the thread.
        who = interaction.user.mention
        await interaction.response.send_message(
            f"🚀 {who} is opening a Black Angel game ({_kind(players, advanced)})…",
            allowed_mentions=discord.AllowedMentions.none(),
        )
        line = await interaction.original_response()
        name = thread_name(actor.name or "someone", players, advanced, difficulty)
        channel = interaction.channel
        assert isinstance(channel, discord.TextChannel)
        thread = await channel.get_partial_message(line.id).create_thread(
            name=name, auto_archive_duration=THREAD_ARCHIVE_MINUTES
        )
        reply = await svc.create(thread.id, actor, players, **kw)
        if not reply.ok:  # e.g. a policy changed meanwhile: say so where the line is
            await interaction.edit_original_response(content=f"✖️ {reply.text}")
            return
        lobby = await svc.lobby_state(thread.id)
        assert lobby is not None
        await thread.add_user(interaction.user)
        posted = await thread.send(
            lobby_message(svc, reply, lobby),
            view=lobby_view(lobby.game_id),
            allowed_mentions=discord.AllowedMentions.none(),
        )
        remember(thread, posted, reply.text, lobby.game_id)
        await interaction.edit_original_response(
            content=f"🚀 {who} opened Black Angel game #{lobby.game_id} "
            f"({_kind(players, advanced)}) in its own thread: {thread.mention} — join there."
        )
    except Exception as exc:
        await fe.sorry(interaction, exc, "/ba new")


def busy_here(interaction: discord.Interaction, text: str) -> str:
    """The service says "this channel"; inside a thread, say "this thread"."""
    if perms.in_thread(interaction.channel) and text.startswith("This channel already has"):
        return (
            "This thread already has a game (one game per thread). "
            "Open a new one with `/ba new` in another channel or thread."
        )
    return text


def _kind(players: int, advanced: bool) -> str:
    base = "solo against Hal" if players == 1 else f"{players} players"
    return base + (", advanced rules" if advanced else "")


def lobby_message(svc: Any, reply: Reply, lobby: Any) -> str:
    return f"{reply.text}\n\n{svc.lobby_text(lobby)}"


# --------------------------------------------------------------------------- the lobby message


@dataclass
class LobbyMessage:
    """A lobby message this process posted: edited through the channel (an
    interaction's own token expires after 15 minutes)."""

    message: Any  # discord.PartialMessage or Message
    head: str  # the creation line above the seats
    game_id: int


#: channel -> its lobby message (after a restart the next button press
#: refreshes the message from storage).
LOBBY_MESSAGES: dict[int, LobbyMessage] = {}


def remember(channel: Any, message: Any, head: str, game_id: int) -> None:
    get = getattr(channel, "get_partial_message", None)
    partial = get(message.id) if callable(get) else message
    LOBBY_MESSAGES[int(channel.id)] = LobbyMessage(partial, head, game_id)


async def refresh_lobby(fe: Frontend, channel_id: int) -> None:
    """After a slash command changed a lobby: the lobby message says the same."""
    known = LOBBY_MESSAGES.get(channel_id)
    if known is None:
        return
    try:
        lobby = await fe.svc.lobby_state(channel_id, known.game_id)
        if lobby is None:
            return
        if not lobby.open:
            LOBBY_MESSAGES.pop(channel_id, None)
        await known.message.edit(
            content=f"{known.head}\n\n{fe.svc.lobby_text(lobby)}",
            view=lobby_view(lobby.game_id) if lobby.open else None,
        )
    except discord.HTTPException as exc:
        log.info("channel %s: lobby message not refreshed: %s", channel_id, exc)


# --------------------------------------------------------------------------- the buttons


async def on_lobby_button(
    fe: Frontend, interaction: discord.Interaction, action: str, game_id: int
) -> None:
    svc = fe.svc
    cid = fe.channel_id(interaction)
    try:
        lobby = await svc.lobby_state(cid, game_id)
        if lobby is None or lobby.channel_id != cid:
            await reply_privately(interaction, CLOSED)
            return
        if not lobby.open:
            await interaction.response.edit_message(view=None)
            await interaction.followup.send(CLOSED, ephemeral=True)
            return
        await interaction.response.defer()
        actor = await fe.actor(interaction)
        if action == "join":
            reply = await svc.join(cid, actor)
        elif action == "leave":
            reply = await svc.leave(cid, actor)
        elif action == "cancel":
            reply = await svc.cancel(cid, actor)
        else:
            reply = await svc.start(cid, actor)
        if not reply.ok:
            await interaction.followup.send(reply.text, ephemeral=True)
            return
        after = await svc.lobby_state(cid, game_id)
        head = (interaction.message.content if interaction.message else "").split("\n\n")[0]
        if after is not None:
            body = svc.lobby_text(after)
            await interaction.edit_original_response(
                content=f"{head}\n\n{body}", view=lobby_view(game_id) if after.open else None
            )
        if action == "join":
            await follow_thread(interaction)
        if action == "start":
            failed = await fe.try_publish(interaction, reply)
            if failed:
                await interaction.followup.send(failed, ephemeral=True)
            await fe.private(interaction, reply)
        else:
            done = {"join": "✔ You joined.", "leave": "✔ You left.", "cancel": "✔ Cancelled."}
            await interaction.followup.send(done[action], ephemeral=True)
    except Exception as exc:
        await fe.sorry(interaction, exc, f"lobby {action} of game {game_id}")


async def follow_thread(interaction: discord.Interaction) -> None:
    """Add whoever just joined a game in its thread to the thread, so its
    turns reach them. The seat is taken either way: a thread that cannot take
    them (archived meanwhile, no permission) is not worth failing the join for."""
    if not isinstance(interaction.channel, discord.Thread):
        return
    try:
        await interaction.channel.add_user(interaction.user)
    except discord.HTTPException as exc:
        log.info(
            "could not add %s to thread %s: %s", interaction.user.id, interaction.channel.id, exc
        )


TABLE_ITEMS = (LobbyButton,)
