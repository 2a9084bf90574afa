"""A decision as shown on Discord and in the terminal (bot/prompt.py): nothing
cut, Discord's limits respected, the same numbers everywhere."""

from __future__ import annotations

import random

import discord
import pytest

from bot import prompt as P
from bot.cogs.history import gif_view, history_view, leaderboard_view
from bot.cogs.table import games_view
from bot.lobby import lobby_view
from bot.service import TurnPrompt
from bot.views import OptionButton, OptionSelect, decision_embeds, decision_view, tools_view
from engine import Action, Game, GameOptions, Option

SHAPES = [
    GameOptions(players=3),
    GameOptions(players=4),
    GameOptions(players=1),
    GameOptions(players=3, advanced=True),
    GameOptions(players=2, rules_version=1),
]


def _turn(options: tuple[Option, ...], prompt: str = "Choose") -> TurnPrompt:
    return TurnPrompt(1, 7, 0, 5, "Blue", "k", prompt, options, False)


def assert_routed_by_custom_id(view: discord.ui.View) -> None:
    """Only dynamic items: the views are stopped before they are sent
    (bot.views.dynamic_view), so a plain item's clicks would reach nobody."""
    assert all(isinstance(item, discord.ui.DynamicItem) for item in view.children)


def _check(turn: TurnPrompt) -> None:
    """Every page: Discord's limits, and each option's number, label and full text."""
    options = turn.options
    assert options is not None
    found_text: dict[int, str] = {}
    found_component: dict[str, str] = {}
    for page in range(len(P.pages(options))):
        embeds = decision_embeds(turn, page)
        assert 1 <= len(embeds) <= P.EMBEDS_PER_MESSAGE
        assert (
            sum(
                len(e.description or "") + len(e.title or "") + len(e.footer.text or "")
                for e in embeds
            )
            <= P.EMBED_TOTAL
        )
        for e in embeds:
            assert len(e.description or "") <= P.EMBED_DESCRIPTION
            assert len(e.title or "") <= P.EMBED_TITLE
            for line in (e.description or "").splitlines():
                n, _, rest = line.partition(".** ")
                found_text[int(n.removeprefix("**"))] = rest
        view = decision_view(turn, private=True, page=page)
        assert len(view.children) <= 25
        assert_routed_by_custom_id(view)
        for item in view.children:
            assert len(item.custom_id) <= 100
            if isinstance(item, OptionButton):
                assert len(item.item.label) <= P.BUTTON_LABEL
                found_component[item.option] = item.item.label
            if isinstance(item, OptionSelect):
                assert len(item.item.options) <= P.SELECT_MAX
                assert len(item.item.placeholder or "") <= P.SELECT_PLACEHOLDER
                for so in item.item.options:
                    assert len(so.label) <= P.SELECT_LABEL
                    assert so.description is None or len(so.description) <= P.SELECT_DESCRIPTION
                    found_component[so.value] = so.label
    # The message carries every option's full text, under its number.
    assert found_text == {i + 1: o.text for i, o in enumerate(options)}
    # Each component carries the same number as the message and the option's
    # short label, uncut.
    assert set(found_component) == {o.id for o in options}
    for i, o in enumerate(options):
        assert found_component[o.id] == f"{i + 1}. {o.label}"


@pytest.mark.parametrize(
    "options", SHAPES, ids=lambda o: f"{o.players}p-adv{int(o.advanced)}-v{o.rules_version}"
)
def test_every_decision_of_self_play_fits_discord_and_shows_every_option_in_full(options):
    for seed in range(3):
        g = Game.new(options, seed)
        r = random.Random(seed)
        while not g.is_over:
            d = g.decision
            _check(_turn(d.options, d.prompt))
            g.apply(Action(d.seat, r.choice(d.options).id))


def test_many_long_options_are_paged_by_their_text():
    opts = tuple(Option(f"o{i}", f"Label {i}", f"Detail {i} " + "x" * 300) for i in range(70))
    turn = _turn(opts)
    assert len(P.pages(opts)) > 1
    _check(turn)


def test_terminal_lists_the_same_numbers_and_full_texts():
    opts = (Option("a", "Short A", "The full text of A"), Option("b", "Short B"))
    lines = P.terminal_lines(opts)
    assert lines[0].split()[:1] == ["1."] and "The full text of A" in lines[0] and "[a]" in lines[0]
    assert lines[1].split()[:1] == ["2."] and "Short B" in lines[1]


async def test_every_view_is_stopped_and_of_items_routed_by_their_custom_id():
    views = [lobby_view(7), tools_view(7), gif_view(7), games_view(1, 3)]
    views += [history_view(1, 3, 42), leaderboard_view(1, 3)]
    for view in views:
        assert view is not None and view.children
        assert_routed_by_custom_id(view)
        assert view.is_finished()  # stopped: no copy kept, no expiry timer
