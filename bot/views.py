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
their custom id and hand the interaction to :mod:`bot.buttons`; no rules here.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import discord

from bot import prompt as P
from bot.text import clip

if TYPE_CHECKING:
    from bot.frontend import Frontend
    from bot.service import TurnPrompt

BUTTONS_MAX = P.BUTTONS_MAX  # up to 3 rows of 5 buttons; more options use select menus
SELECT_MAX = P.SELECT_MAX  # Discord's limit per select menu
SELECTS_PER_PAGE = P.SELECTS_PER_PAGE  # rows 0-3; row 4 holds the tools and the page buttons


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
        await frontend(interaction).buttons.on_option(
            interaction, self.game_id, self.revision, self.option
        )


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
        await frontend(interaction).buttons.on_option(
            interaction, self.game_id, self.revision, option
        )


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
        await frontend(interaction).buttons.on_page(
            interaction, self.game_id, self.revision, self.page
        )


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
        await frontend(interaction).buttons.on_tool(interaction, self.tool, self.game_id)


DYNAMIC_ITEMS = (OptionButton, OptionSelect, PageButton, ToolButton)


def pages(n: int) -> int:
    """Pages of a list of n options with no text (kept for callers counting pages)."""
    return max(1, -(-n // P.PER_PAGE))


def dynamic_view() -> discord.ui.View:
    """An empty view for the bot's components, all :class:`discord.ui.DynamicItem`:
    the client routes their clicks by custom id (``add_dynamic_items`` in
    bot/client.py), never through the view sent. So the view is stopped before
    it is sent: discord.py then keeps no copy of it and starts no 15-minute
    expiry timer for it on an ephemeral message (a task and a timer each panel,
    doing nothing when they fire; SimCord checks each at every settle)."""
    view = discord.ui.View(timeout=None)
    view.stop()
    return view


def decision_view(turn: TurnPrompt, *, private: bool, page: int = 0) -> discord.ui.View:
    """Components for a decision.

    Public message of a secret decision: "Show my choices" (answered
    ephemerally) and "My hand / board". Otherwise the options themselves,
    numbered as in the message's embeds (:func:`decision_embeds`) and on the
    board image: buttons up to 15, else select menus of 25 for the page's
    options, with page buttons — nothing is ever cut off.
    """
    view = dynamic_view()
    g, r = turn.game_id, turn.revision
    options = turn.options
    if options is None:
        view.add_item(ToolButton("choices", g, row=0))
        view.add_item(ToolButton("hand", g, row=0))
        return view
    if P.uses_buttons(options):
        for i, o in enumerate(options):
            view.add_item(OptionButton(g, r, o.id, P.button_label(i, o), row=i // 5))
    else:
        all_pages = P.pages(options)
        page = min(max(0, page), len(all_pages) - 1)
        p = all_pages[page]
        for row, c0 in enumerate(range(p.start, p.stop, P.SELECT_MAX)):
            c1 = min(p.stop, c0 + P.SELECT_MAX)
            sel_opts = [
                discord.SelectOption(
                    label=P.select_label(i, options[i]),
                    value=options[i].id,
                    description=P.select_description(options[i]),
                )
                for i in range(c0, c1)
            ]
            placeholder = f"Options {c0 + 1}–{c1} of {len(options)}"
            view.add_item(OptionSelect(g, r, c0 // P.SELECT_MAX, sel_opts, placeholder, row=row))
        if len(all_pages) > 1:
            if page > 0:
                view.add_item(PageButton(g, r, page - 1, f"◀ Page {page}"))
            if page < len(all_pages) - 1:
                view.add_item(PageButton(g, r, page + 1, f"Page {page + 2} ▶"))
    if turn.undo and (private or not turn.secret):
        view.add_item(ToolButton("undo", g, row=4))
    view.add_item(ToolButton("hand", g, row=4))
    return view


def titled(turn: TurnPrompt) -> bool:
    """Whether :func:`decision_embeds` names the decision whole, as its title."""
    return bool(turn.options) and len(turn.prompt) <= P.EMBED_TITLE


def decision_embeds(
    turn: TurnPrompt | None, page: int = 0, image: str = "none"
) -> list[discord.Embed]:
    """The numbered options with their full text (one page), for the message
    that carries :func:`decision_view`; empty when the options are hidden.
    ``image``: the message's image of this decision (bot/prompt.py IMAGE_STATES)."""
    if turn is None or not turn.options:
        return []
    options = turn.options
    chunks = P.page_chunks(options, page)
    embeds = []
    for k, chunk in enumerate(chunks):
        e = discord.Embed(description=chunk, colour=discord.Colour.dark_teal())
        if k == 0:
            e.title = P.clip(turn.prompt, P.EMBED_TITLE)
        if k == len(chunks) - 1:
            e.set_footer(text=P.page_footer(options, page, image))
        embeds.append(e)
    return embeds


def tools_view(game_id: int) -> discord.ui.View:
    view = dynamic_view()
    view.add_item(ToolButton("board", game_id, row=0))
    view.add_item(ToolButton("hand", game_id, row=0))
    return view
