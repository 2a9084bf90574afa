"""Buttons and select menus for a decision; they survive restarts.

Every component is a :class:`discord.ui.DynamicItem` whose custom id carries
what it needs (at most 100 characters):

    ba:o:<game>:<revision>:<option id>   one option as a button
    ba:s:<game>:<revision>:<chunk>       a select menu (values are option ids)
    ba:pg:<game>:<revision>:<page>       another page of a long list of options
    ba:t:<tool>:<game>                   choices | hand | board | undo

``<revision>`` is the game's revision (storage ``GameRecord.revision``): it
grows with every action and every undo/rollback and never goes down, so a
revision that is no longer the game's is a stale click for good — the service
answers "this choice is no longer current" and changes nothing. (Ids made
before revisions existed carry the action count, which the schema migration
made the starting revision, so they keep their meaning.) The items only parse
their custom id and hand the interaction to :mod:`bot.frontend`; no rules here.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import discord

from bot.text import clip

if TYPE_CHECKING:
    from bot.frontend import Frontend
    from bot.service import TurnPrompt

BUTTONS_MAX = 15  # up to 3 rows of 5 buttons; more options use select menus
SELECT_MAX = 25  # Discord's limit per select menu
SELECTS_PER_PAGE = 4  # rows 0-3; row 4 holds the tools and the page buttons


def frontend(interaction: discord.Interaction) -> Frontend:
    return interaction.client.frontend  # type: ignore[attr-defined]


class OptionButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"ba:o:(?P<g>\d+):(?P<r>\d+):(?P<o>.+)",
):
    def __init__(
        self, game_id: int, revision: int, option: str, label: str, row: int | None = None
    ):
        super().__init__(
            discord.ui.Button(
                label=clip(label, 80),
                style=discord.ButtonStyle.primary,
                custom_id=f"ba:o:{game_id}:{revision}:{option}"[:100],
            ),
            row=row,
        )
        self.game_id, self.revision, self.option = game_id, revision, option

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str], /
    ) -> OptionButton:
        return cls(int(match["g"]), int(match["r"]), match["o"], item.label or "?")

    async def callback(self, interaction: discord.Interaction) -> None:
        await frontend(interaction).on_option(interaction, self.game_id, self.revision, self.option)


class OptionSelect(
    discord.ui.DynamicItem[discord.ui.Select],
    template=r"ba:s:(?P<g>\d+):(?P<r>\d+):(?P<c>\d+)",
):
    def __init__(
        self,
        game_id: int,
        revision: int,
        chunk: int,
        options: Sequence[discord.SelectOption] = (),
        placeholder: str | None = None,
        row: int | None = None,
    ):
        super().__init__(
            discord.ui.Select(
                custom_id=f"ba:s:{game_id}:{revision}:{chunk}",
                options=list(options) or [discord.SelectOption(label="…", value="…")],
                placeholder=placeholder,
                min_values=1,
                max_values=1,
            ),
            row=row,
        )
        self.game_id, self.revision = game_id, revision

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Select, match: re.Match[str], /
    ) -> OptionSelect:
        me = cls(int(match["g"]), int(match["r"]), int(match["c"]), item.options, item.placeholder)
        return me

    async def callback(self, interaction: discord.Interaction) -> None:
        values = self.item.values or []
        if not values:
            data: Any = interaction.data or {}
            values = data.get("values", [])
        option = values[0] if values else ""
        await frontend(interaction).on_option(interaction, self.game_id, self.revision, option)


class PageButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"ba:pg:(?P<g>\d+):(?P<r>\d+):(?P<p>\d+)",
):
    def __init__(self, game_id: int, revision: int, page: int, label: str = "", row: int = 4):
        super().__init__(
            discord.ui.Button(
                label=label or f"Page {page + 1}",
                style=discord.ButtonStyle.secondary,
                custom_id=f"ba:pg:{game_id}:{revision}:{page}",
            ),
            row=row,
        )
        self.game_id, self.revision, self.page = game_id, revision, page

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str], /
    ) -> PageButton:
        return cls(int(match["g"]), int(match["r"]), int(match["p"]), item.label or "")

    async def callback(self, interaction: discord.Interaction) -> None:
        await frontend(interaction).on_page(interaction, self.game_id, self.revision, self.page)


TOOL_LABELS = {
    "choices": ("Show my choices", discord.ButtonStyle.success),
    "hand": ("My hand / board", discord.ButtonStyle.secondary),
    "board": ("Board", discord.ButtonStyle.secondary),
    "undo": ("Undo", discord.ButtonStyle.danger),
}


class ToolButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"ba:t:(?P<t>choices|hand|board|undo):(?P<g>\d+)",
):
    def __init__(self, tool: str, game_id: int, row: int = 4):
        label, style = TOOL_LABELS[tool]
        super().__init__(
            discord.ui.Button(label=label, style=style, custom_id=f"ba:t:{tool}:{game_id}"),
            row=row,
        )
        self.tool, self.game_id = tool, game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str], /
    ) -> ToolButton:
        return cls(match["t"], int(match["g"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await frontend(interaction).on_tool(interaction, self.tool, self.game_id)


DYNAMIC_ITEMS = (OptionButton, OptionSelect, PageButton, ToolButton)


def pages(n: int) -> int:
    per = SELECT_MAX * SELECTS_PER_PAGE
    return max(1, -(-n // per))


def decision_view(turn: TurnPrompt, *, private: bool, page: int = 0) -> discord.ui.View:
    """Components for a decision.

    Public message of a secret decision: "Show my choices" (answered
    ephemerally) and "My hand / board". Otherwise the options themselves:
    buttons up to 15, else select menus of 25, four per page, with page
    buttons — nothing is ever cut off.
    """
    view = discord.ui.View(timeout=None)
    g, r = turn.game_id, turn.revision
    options = turn.options
    if options is None:
        view.add_item(ToolButton("choices", g, row=0))
        view.add_item(ToolButton("hand", g, row=0))
        return view
    n = len(options)
    if n <= BUTTONS_MAX:
        for i, o in enumerate(options):
            view.add_item(OptionButton(g, r, o.id, f"{i + 1}. {o.label}", row=i // 5))
    else:
        per = SELECT_MAX * SELECTS_PER_PAGE
        total = pages(n)
        page = min(max(0, page), total - 1)
        start = page * per
        for row, c0 in enumerate(range(start, min(n, start + per), SELECT_MAX)):
            chunk = options[c0 : c0 + SELECT_MAX]
            sel_opts = [
                discord.SelectOption(
                    label=clip(f"{c0 + j + 1}. {o.label}", 100),
                    value=o.id,
                    description=clip(o.label[97:], 100) if len(o.label) > 97 else None,
                )
                for j, o in enumerate(chunk)
            ]
            placeholder = f"Options {c0 + 1}–{c0 + len(chunk)} of {n}"
            view.add_item(OptionSelect(g, r, c0 // SELECT_MAX, sel_opts, placeholder, row=row))
        if total > 1:
            if page > 0:
                view.add_item(PageButton(g, r, page - 1, f"◀ Page {page}"))
            if page < total - 1:
                view.add_item(PageButton(g, r, page + 1, f"Page {page + 2} ▶"))
    if private or not turn.secret:
        view.add_item(ToolButton("undo", g, row=4))
    view.add_item(ToolButton("hand", g, row=4))
    return view


def tools_view(game_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(ToolButton("board", game_id, row=0))
    view.add_item(ToolButton("hand", game_id, row=0))
    return view
