"""Permissions as Discord means them.

- Server-wide settings (who may create games, the moderator role, server
  defaults) need **Manage Server** at server level: ``user.guild_permissions``,
  which Discord computes from the member's roles, never from one channel's
  overwrites (``interaction.permissions`` is resolved for the current channel).
- A channel's game may be moderated by whoever has **Manage Channels in that
  channel** (``interaction.permissions``), by the server's admins (Manage
  Server), or by the server's moderator role (a setting).
- The bot itself needs to see the channel, post in it (in a thread: Send
  Messages in Threads), attach images and embed links (a decision's options are
  embeds: without it Discord drops them, leaving bare numbered buttons);
  ``interaction.app_permissions`` says what it has there.
"""

from __future__ import annotations

from typing import Any

import discord

#: What the bot needs in a game's channel, by permission attribute.
NEEDED = ("view_channel", "send_messages", "attach_files", "embed_links")
NEEDED_IN_THREADS = ("view_channel", "send_messages_in_threads", "attach_files", "embed_links")
#: Taken away by Discord with the right to post (View Channel, Send Messages (in
#: Threads)): naming them too would send people after the wrong ones.
IMPLIED = ("attach_files", "embed_links")


def permission_name(attr: str) -> str:
    """``send_messages`` -> ``Send Messages`` (as Discord's settings say it)."""
    return attr.replace("_", " ").title()


def in_thread(channel: Any) -> bool:
    return isinstance(channel, discord.Thread)


def missing_for_bot(interaction: discord.Interaction) -> list[str]:
    """The permissions the bot lacks in the interaction's channel, named as Discord
    names them (empty: all good)."""
    return _missing(interaction.app_permissions, in_thread(interaction.channel))


def missing_in(channel: Any) -> list[str]:
    """The permissions the bot lacks in ``channel`` (a guild channel or thread),
    as Discord names them; empty when they cannot be told."""
    me = getattr(getattr(channel, "guild", None), "me", None)
    if me is None:
        return []
    return _missing(channel.permissions_for(me), in_thread(channel))


def _missing(have: Any, thread: bool) -> list[str]:
    missing = [p for p in (NEEDED_IN_THREADS if thread else NEEDED) if not getattr(have, p, False)]
    if any(p not in IMPLIED for p in missing):
        missing = [p for p in missing if p not in IMPLIED]
    return [permission_name(p) for p in missing]


def missing_text(missing: list[str]) -> str:
    return ", ".join(f"**{m}**" for m in missing)


def is_server_admin(interaction: discord.Interaction) -> bool:
    """Manage Server at server level (administrators and the owner have it)."""
    user = interaction.user
    perms = getattr(user, "guild_permissions", None)
    return bool(interaction.guild_id and perms is not None and perms.manage_guild)


def manages_channel(interaction: discord.Interaction) -> bool:
    """Manage Channels in this channel, as Discord resolved it with its overwrites."""
    perms = interaction.permissions
    return bool(interaction.guild_id and (perms.manage_channels or perms.administrator))


def role_ids(interaction: discord.Interaction) -> tuple[int, ...]:
    roles = getattr(interaction.user, "roles", None) or []
    return tuple(r.id for r in roles if isinstance(getattr(r, "id", None), int))
