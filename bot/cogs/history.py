"""``/ba history``, ``/ba stats``, ``/ba leaderboard`` and ``/ba replay``, mixed
into the ``/ba`` group (``bot.cogs.game.GameCog``), with their buttons.

Visibility, decided before the first byte: ``history`` is private (paged);
``stats`` and ``leaderboard`` are public (a record or a board to show); a
``replay`` GIF is public once the game is known to be this server's (a refusal
is private), and stepping through turns is private to whoever steps, so
several people can watch different turns. Every button carries what it shows
(page, game, turn), so it still works after a restart.
"""

from __future__ import annotations

import io
import re

import discord
from discord import app_commands

from bot.cogs.respond import NOT_IN_DMS, Visibility, frontend_of, run
from bot.frontend import Frontend
from bot.service import Reply
from bot.service.history import server_of
from bot.service.replay import Timeline
from bot.views import dynamic_view

PRIVATE, PUBLIC = Visibility.PRIVATE, Visibility.PUBLIC
NONE = discord.AllowedMentions.none()


def _file(reply: Reply) -> dict[str, discord.File]:
    if reply.image is None:
        return {}
    return {"file": discord.File(io.BytesIO(reply.image), filename=reply.image_name)}


def _button(custom_id: str, label: str, disabled: bool = False) -> discord.ui.Button:
    return discord.ui.Button(
        label=label,
        style=discord.ButtonStyle.secondary,
        custom_id=custom_id,
        disabled=disabled,
    )


# ---------------------------------------------------------------------- /ba history


class HistoryPage(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"ba:hp:(?P<p>\d+):(?P<u>\d+):(?P<l>[^:]{1,20})",
):
    """A page button of ``/ba history`` (u: the player filtered on, 0: everyone)."""

    def __init__(self, page: int, user_id: int, label: str) -> None:
        super().__init__(_button(f"ba:hp:{page}:{user_id}:{label}", label))
        self.page, self.user_id = page, user_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str], /
    ) -> HistoryPage:
        return cls(int(match["p"]), int(match["u"]), match["l"])

    async def callback(self, interaction: discord.Interaction) -> None:
        fe = frontend_of(interaction)
        try:
            reply, page, pages = await fe.svc.history_page(
                server_of(interaction.guild_id), self.page, self.user_id or None
            )
            await interaction.response.edit_message(
                content=reply.text, view=history_view(page, pages, self.user_id)
            )
        except Exception as exc:
            await fe.sorry(interaction, exc, "a /ba history page")


def history_view(page: int, pages: int, user_id: int) -> discord.ui.View | None:
    if pages <= 1:
        return None
    view = dynamic_view()
    if page > 1:
        view.add_item(HistoryPage(page - 1, user_id, "◀ Newer"))
    if page < pages:
        view.add_item(HistoryPage(page + 1, user_id, "Older ▶"))
    return view


# ---------------------------------------------------------------------- /ba leaderboard


class LeaderboardPage(
    discord.ui.DynamicItem[discord.ui.Button], template=r"ba:lp:(?P<p>\d+):(?P<l>[^:]{1,20})"
):
    def __init__(self, page: int, label: str) -> None:
        super().__init__(_button(f"ba:lp:{page}:{label}", label))
        self.page = page

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str], /
    ) -> LeaderboardPage:
        return cls(int(match["p"]), match["l"])

    async def callback(self, interaction: discord.Interaction) -> None:
        fe = frontend_of(interaction)
        try:
            reply, page, pages = await fe.svc.leaderboard(
                server_of(interaction.guild_id), self.page
            )
            await interaction.response.edit_message(
                content=reply.text, view=leaderboard_view(page, pages), allowed_mentions=NONE
            )
        except Exception as exc:
            await fe.sorry(interaction, exc, "a /ba leaderboard page")


def leaderboard_view(page: int, pages: int) -> discord.ui.View | None:
    if pages <= 1:
        return None
    view = dynamic_view()
    if page > 1:
        view.add_item(LeaderboardPage(page - 1, "◀ Previous"))
    if page < pages:
        view.add_item(LeaderboardPage(page + 1, "Next ▶"))
    return view


# ---------------------------------------------------------------------- /ba replay


class ReplayStep(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"ba:rp:(?P<g>\d+):(?P<t>\d+):(?P<l>[^:]{1,20})",
):
    """Show turn ``t`` of game ``g``: from the public GIF a private viewer opens;
    in the viewer the message moves to that turn."""

    def __init__(self, game_id: int, turn: int, label: str, disabled: bool = False) -> None:
        super().__init__(_button(f"ba:rp:{game_id}:{turn}:{label}", label, disabled))
        self.game_id, self.turn = game_id, turn

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str], /
    ) -> ReplayStep:
        return cls(int(match["g"]), int(match["t"]), match["l"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await show_turn(interaction, self.game_id, self.turn)


class ReplayJump(discord.ui.DynamicItem[discord.ui.Select], template=r"ba:rj:(?P<g>\d+)"):
    """Jump to the first turn of a round."""

    def __init__(self, game_id: int, options: list[discord.SelectOption] | None = None) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"ba:rj:{game_id}",
                placeholder="Jump to a round…",
                options=options or [discord.SelectOption(label="…", value="0")],
            )
        )
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Select, match: re.Match[str], /
    ) -> ReplayJump:
        return cls(int(match["g"]), list(item.options))

    async def callback(self, interaction: discord.Interaction) -> None:
        values = self.item.values or (interaction.data or {}).get("values", [])  # type: ignore[union-attr]
        turn = int(values[0]) if values and str(values[0]).isdigit() else 0
        await show_turn(interaction, self.game_id, turn)


def replay_view(tl: Timeline, turn: int) -> discord.ui.View:
    """◀ ▶ (and first / last) around ``turn``, and a menu of rounds."""
    g, last = tl.game_id, tl.last
    view = dynamic_view()
    view.add_item(ReplayStep(g, 0, "⏮ Start", disabled=turn == 0))
    view.add_item(ReplayStep(g, max(0, turn - 1), "◀ Back", disabled=turn == 0))
    view.add_item(ReplayStep(g, min(last, turn + 1), "Next ▶", disabled=turn == last))
    view.add_item(ReplayStep(g, last, "End ⏭", disabled=turn == last))
    rounds = tl.rounds()
    if len(rounds) > 25:  # a menu holds 25: every k-th round
        k = -(-len(rounds) // 25)
        rounds = rounds[::k]
    if rounds:
        options = [
            discord.SelectOption(label=f"Round {r} (turn {t})", value=str(t)) for r, t in rounds
        ]
        view.add_item(ReplayJump(g, options))
    return view


def gif_view(game_id: int) -> discord.ui.View:
    view = dynamic_view()
    view.add_item(ReplayStep(game_id, 0, "Step through ▶"))
    return view


async def show_turn(interaction: discord.Interaction, game_id: int, turn: int) -> None:
    """A viewer button or menu: edit the private viewer, or open one."""
    fe = frontend_of(interaction)
    try:
        msg = interaction.message
        in_viewer = msg is not None and msg.flags.ephemeral
        if in_viewer:
            await interaction.response.defer()
        else:
            await interaction.response.defer(ephemeral=True, thinking=True)
        reply, tl, n = await fe.svc.replay_turn(server_of(interaction.guild_id), game_id, turn)
        if tl is None:
            await interaction.followup.send(reply.text, ephemeral=True)
            return
        view = replay_view(tl, n)
        if in_viewer:
            files = [discord.File(io.BytesIO(reply.image), reply.image_name)] if reply.image else []
            await interaction.edit_original_response(
                content=reply.text, attachments=files, view=view, allowed_mentions=NONE
            )
        else:
            await interaction.followup.send(
                reply.text, ephemeral=True, view=view, allowed_mentions=NONE, **_file(reply)
            )
    except Exception as exc:
        await fe.sorry(interaction, exc, "a replay button")


class HistoryCommands:
    """Mixed into the ``/ba`` group cog (``bot.cogs.game.GameCog``)."""

    fe: Frontend

    @app_commands.command(name="history", description="This server's finished games (only to you)")
    @app_commands.describe(player="only the games of this player", page="1 = the newest")
    async def history(
        self,
        interaction: discord.Interaction,
        player: discord.User | None = None,
        page: app_commands.Range[int, 1] = 1,
    ) -> None:
        fe = frontend_of(interaction)
        try:
            if interaction.guild_id is None:
                await interaction.response.send_message(NOT_IN_DMS, ephemeral=True)
                return
            uid = player.id if player is not None else 0
            reply, page, pages = await fe.svc.history_page(
                server_of(interaction.guild_id), page, uid or None
            )
            view = history_view(page, pages, uid)
            kw = {"view": view} if view is not None else {}
            await interaction.response.send_message(
                reply.text, ephemeral=True, allowed_mentions=NONE, **kw
            )
        except Exception as exc:
            await fe.sorry(interaction, exc, "/ba history")

    @app_commands.command(name="stats", description="A player's record on this server")
    @app_commands.describe(player="whose record (default: yours)")
    async def stats(
        self, interaction: discord.Interaction, player: discord.User | None = None
    ) -> None:
        fe = frontend_of(interaction)

        async def work(actor, cid) -> Reply:  # type: ignore[no-untyped-def]
            uid = player.id if player is not None else actor.user_id
            return await fe.svc.player_stats(server_of(interaction.guild_id), uid)

        await run(interaction, work, PUBLIC)

    @app_commands.command(name="leaderboard", description="This server's players by skill rating")
    @app_commands.describe(page="1 = the best")
    async def leaderboard(
        self, interaction: discord.Interaction, page: app_commands.Range[int, 1] = 1
    ) -> None:
        fe = frontend_of(interaction)
        try:
            if interaction.guild_id is None:
                await interaction.response.send_message(NOT_IN_DMS, ephemeral=True)
                return
            await interaction.response.defer(thinking=True)  # public; folding may take a moment
            reply, page, pages = await fe.svc.leaderboard(server_of(interaction.guild_id), page)
            view = leaderboard_view(page, pages)
            kw = {"view": view} if view is not None else {}
            await interaction.followup.send(reply.text, allowed_mentions=NONE, **kw)
        except Exception as exc:
            await fe.sorry(interaction, exc, "/ba leaderboard")

    @app_commands.command(name="replay", description="Watch a game again, turn by turn")
    @app_commands.describe(
        game="the game's number (default: this channel's latest game)",
        turn="show this turn (only to you) instead of the animation",
    )
    async def replay(
        self,
        interaction: discord.Interaction,
        game: app_commands.Range[int, 1] | None = None,
        turn: app_commands.Range[int, 0] | None = None,
    ) -> None:
        fe = frontend_of(interaction)
        try:
            if interaction.guild_id is None:
                await interaction.response.send_message(NOT_IN_DMS, ephemeral=True)
                return
            server = server_of(interaction.guild_id)
            if game is None:
                game = await fe.svc.latest_game_id(fe.channel_id(interaction))
                if game is None:
                    await interaction.response.send_message(
                        "No game has been played in this channel: give `game:` a game number "
                        "(`/ba history` lists them).",
                        ephemeral=True,
                    )
                    return
            refusal = await fe.svc.replay_refusal(server, game)
            if refusal is not None:
                await interaction.response.send_message(refusal.text, ephemeral=True)
                return
            if turn is not None:
                await show_turn(interaction, game, turn)
                return
            await interaction.response.defer(thinking=True)  # public: the GIF takes seconds
            reply = await fe.svc.replay_gif(server, game)
            if not reply.ok:
                await interaction.followup.send(reply.text, ephemeral=True)
                return
            await interaction.followup.send(
                reply.text, view=gif_view(game), allowed_mentions=NONE, **_file(reply)
            )
        except Exception as exc:
            await fe.sorry(interaction, exc, "/ba replay")

    @replay.autocomplete("game")
    async def replay_game(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[int]]:
        fe = frontend_of(interaction)
        try:
            pairs = await fe.svc.replay_choices(server_of(interaction.guild_id), current)
        except Exception:
            return []
        return [app_commands.Choice(name=name, value=gid) for name, gid in pairs]


HISTORY_ITEMS = (HistoryPage, LeaderboardPage, ReplayStep, ReplayJump)
