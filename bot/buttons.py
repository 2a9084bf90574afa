"""The buttons of a game's decision: an option, a page of options, a tool.

- every component carries its game id: a button of another game than the
  channel's current one is refused, never applied to the current game;
- a component pressed in a DM carries its game id, which names the channel;
- an option pressed in a private panel or a decision DM: that panel follows
  the player's decisions from there (:mod:`bot.desk`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

from bot.answers import answer, reply_privately
from bot.service import TurnPrompt
from bot.views import decision_embeds, decision_view

if TYPE_CHECKING:
    from bot.frontend import Frontend

NOT_THIS_GAME = "This button belongs to an earlier game (#{old}), not to this channel's game."


def _public(interaction: discord.Interaction) -> bool:
    """Was it pressed on the channel's public message (not a panel nor a DM)?"""
    msg = interaction.message
    return bool(msg is not None and not msg.flags.ephemeral and interaction.guild_id is not None)


class PlayButtons:
    """What a decision's buttons do (see the module doc)."""

    def __init__(self, frontend: Frontend) -> None:
        self.fe = frontend

    async def _current(
        self, interaction: discord.Interaction, game_id: int, cid: int | None = None
    ) -> bool:
        """Is ``game_id`` the channel's game? Else say so (privately) and return False."""
        if cid is None:
            cid = self.fe.channel_id(interaction)
        current = await self.fe.svc.current_game_id(cid)
        if current == game_id:
            return True
        await reply_privately(interaction, NOT_THIS_GAME.format(old=game_id))
        return False

    async def on_option(
        self, interaction: discord.Interaction, game_id: int, revision: int, option: str
    ) -> None:
        fe = self.fe
        try:
            await interaction.response.defer()
            actor = await fe.actor(interaction)
            cid = await fe.game_channel_id(interaction, game_id)
            reply = await fe.svc.choose(cid, actor, option, game_id=game_id, revision=revision)
            if not reply.ok:
                await interaction.followup.send(reply.text, ephemeral=True)
                return
            public_msg = _public(interaction)
            if not public_msg:  # a panel or a decision DM: it follows the game from here
                fe.desk.pressed_in(cid, interaction, game_id, revision)
            channel = await fe.game_channel(interaction, cid)
            failed = await fe.try_publish(
                interaction,
                reply,
                pressed=interaction.message if public_msg else None,
                channel=channel,
            )
            if failed:
                await interaction.followup.send(failed, ephemeral=True)
            await fe.private(interaction, reply)
        except Exception as exc:
            await fe.sorry(interaction, exc, f"button {option!r} of game {game_id}")

    async def on_page(
        self, interaction: discord.Interaction, game_id: int, revision: int, page: int
    ) -> None:
        fe = self.fe
        try:
            cid = await fe.game_channel_id(interaction, game_id)
            if not await self._current(interaction, game_id, cid):
                return
            actor = await fe.actor(interaction)
            r = await fe.svc.choices(cid, actor)
            turn: TurnPrompt | None = r.turn
            msg = interaction.message
            private_msg = bool(
                msg is not None and (msg.flags.ephemeral or interaction.guild_id is None)
            )
            if not r.ok or turn is None:
                if not private_msg:  # anyone may page the public list
                    board = await fe.svc.board(cid)
                    turn = board.turn
                if turn is None:
                    await interaction.response.send_message(r.text, ephemeral=True)
                    return
            if turn.game_id != game_id or turn.revision != revision:
                await interaction.response.send_message(
                    "This choice is no longer current.", ephemeral=True
                )
                return
            image = "shown" if private_msg else "none"  # a panel's images come with it
            tracked = fe.turns.get(cid)
            if (
                not private_msg
                and tracked is not None
                and msg is not None
                and tracked.message.id == msg.id
                and tracked.revision == turn.revision
            ):
                tracked.page = page  # an image edited in later keeps this page
                image = tracked.image_state()
            await interaction.response.edit_message(
                view=decision_view(turn, private=private_msg, page=page),
                embeds=decision_embeds(turn, page, image),
            )
        except Exception as exc:
            await fe.sorry(interaction, exc, f"page {page} of game {game_id}")

    async def on_tool(self, interaction: discord.Interaction, tool: str, game_id: int) -> None:
        fe = self.fe
        try:
            if tool == "undo":
                await self._undo(interaction, game_id)
                return
            await interaction.response.defer(ephemeral=True, thinking=True)
            cid = await fe.game_channel_id(interaction, game_id)
            if not await self._current(interaction, game_id, cid):
                return
            actor = await fe.actor(interaction)
            if tool == "choices":
                reply = await fe.desk.opening(cid, actor)
                if reply.ok and reply.turn is not None:  # this answer is the player's panel
                    fe.desk.open_panel(cid, interaction, game_id, reply.turn.revision)
            elif tool == "hand":
                reply = await fe.svc.hand(cid, actor)
                extra = fe.inbox.pop(actor.user_id, [])
                if extra and reply.ok:
                    reply.text += "\n🔒 Since your last look:\n" + "\n".join(extra)
            else:
                reply = await fe.svc.board(cid)
                reply.turn = None
            reply.ephemeral = True
            await answer(interaction, reply)
        except Exception as exc:
            await fe.sorry(interaction, exc, f"{tool} button of game {game_id}")

    async def _undo(self, interaction: discord.Interaction, game_id: int) -> None:
        """The Undo button: refused privately, or the channel's message updated."""
        fe = self.fe
        cid = await fe.game_channel_id(interaction, game_id)
        if not await self._current(interaction, game_id, cid):
            return
        await interaction.response.defer()
        actor = await fe.actor(interaction)
        reply = await fe.svc.undo(cid, actor)
        if not reply.ok:
            await interaction.followup.send(reply.text, ephemeral=True)
            return
        public_msg = _public(interaction)
        if not public_msg:
            fe.desk.pressed_in(cid, interaction, game_id, None)
        failed = await fe.try_publish(
            interaction,
            reply,
            pressed=interaction.message if public_msg else None,
            channel=await fe.game_channel(interaction, cid),
        )
        if failed:
            await interaction.followup.send(failed, ephemeral=True)
