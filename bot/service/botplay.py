"""The bot playing a seat (issue 14): a removed player's seat, a timed-out
turn, or a bot seat chosen at creation.

The choice comes from the `ai` package (it sees only the seat's view), off the
event loop in a thread, under the service's budget. Each move is announced
with what it publicly is, in the words the turn message lists for everyone
("🤖 The bot plays for Red: Launch a new ship to 3D: gray alien hex, no card
yet"); only what R15 hides (a card from the hand, drawn cards) is described
without naming the card. Moves are ordinary actions in the log, so a replay
never runs a bot.
"""

from __future__ import annotations

import asyncio
import logging
import random
import re
import time

from ai import Budget, choose
from bot.service.helpers import simplest_option
from bot.service.model import Entry, bot_level
from engine import Decision

log = logging.getLogger(__name__)

#: What a secret decision's choice publicly is, by decision kind and option-id
#: prefix (the card itself stays hidden, R15). Other options are public as labelled.
HIDDEN_CHOICES: dict[str, tuple[tuple[str, str], ...]] = {
    "turn": (("play:m", "plays a Mission card"), ("play:r", "plays a Ravager card")),
    "hand_limit": (("discard:", "discards a Mission card (hand limit)"),),
    "keep": (("keep:", "keeps one of the drawn Mission cards"),),
    "ravager_effect": (
        ("discard:m", "discards a Mission card (a Ravager's effect demands it)"),
        ("discard:r", "discards a Ravager card (a Ravager's effect demands it)"),
    ),
    "spend_mission": (("card:", "spends a Mission card"),),
    "spend_ravager": (("", "spends a Ravager card"),),
}


#: The most characters a move's public words take: a spectator reads one line
#: per move, and a bot's turn is several moves (longer texts: :func:`brief`).
#: Room for a merged move's start and its end (where it names the tile,
#: the hex or the card the move ends on); a whole turn stays far under
#: Discord's 2,000 characters, and clip_message guards the rest.
PUBLIC_ROOM = 160


def public_choice(d: Decision, option_id: str) -> str:
    """The move as everyone may read it, said of the player.

    A secret decision's hidden choices are only what they publicly are
    (HIDDEN_CHOICES, R15) and its other options are named by their short
    labels, as before. A decision that is not secret lists its options' full
    texts in the public turn message, so its move is told in those words
    (``Option.text``: what happened in the game's terms, where the label is a
    button's shorthand), cut to a line by :func:`brief`."""
    if d.secret:
        for prefix, text in HIDDEN_CHOICES.get(d.kind, ()):
            if option_id.startswith(prefix):
                return text
    o = d.option(option_id)
    if o is None:
        return option_id
    if d.secret:
        return third_person(o.label)
    return brief(third_person(o.text))


_SECOND_PERSON = re.compile(r"\b(?:[Yy]ou|yours?)\b")
_THIRD_PERSON = {"you": "they", "You": "They", "your": "their", "yours": "theirs"}


def third_person(text: str) -> str:
    """An option's words (said to the deciding player) as others read them:
    "Use your orange 3" -> "uses their orange 3", "a robot from your break
    room" -> "a robot from their break room", "(you will roll 2 orange dice)"
    -> "(they will roll 2 orange dice)". A capital "Your" is left alone: it
    is a name's ("Command Your Ships")."""
    if text.startswith("Use your "):
        text = "uses their " + text.removeprefix("Use your ")
    return _SECOND_PERSON.sub(lambda m: _THIRD_PERSON[m.group()], text)


def brief(text: str, room: int = PUBLIC_ROOM) -> str:
    """``text`` in at most ``room`` characters, shortened the way a reader
    would: its first sentence; then without its asides in parentheses, last
    first; then without its last clauses after a semicolon; a cut only if
    that is still too long, in its middle, since a move's end says where it
    lands ("… activating it now: Starting tile")."""
    if len(text) <= room:
        return text
    text = _first_sentence(text)
    for shorter in (_without_last_aside, _without_last_clause):
        while len(text) > room:
            cut = shorter(text)
            if cut == text:
                break
            text = cut
    if len(text) <= room:
        return text
    return cut_middle(text, room)


def cut_middle(text: str, room: int) -> str:
    """``text`` in ``room`` characters: its start and its end (a third of the
    room), whole words where they can be, " … " between them."""
    if len(text) <= room:
        return text
    tail = text[len(text) - room // 3 :]
    if " " in tail[:-1] and not text[len(text) - len(tail) - 1].isspace():
        tail = tail[tail.index(" ") + 1 :]  # from a word's start
    head = text[: room - 3 - len(tail)]
    if " " in head and not text[len(head)].isspace():
        head = head[: head.rindex(" ")]  # to a word's end
    return f"{head.rstrip(' ,;:')} … {tail.strip().lstrip(' ,;:')}"


def _top_level(text: str) -> list[tuple[int, str]]:
    """(index, character) of the characters outside parentheses."""
    out = []
    depth = 0
    for i, ch in enumerate(text):
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth = max(0, depth - 1)
        elif depth == 0:
            out.append((i, ch))
    return out


def _first_sentence(text: str) -> str:
    for i, ch in _top_level(text):
        if ch == "." and text[i + 1 : i + 2] == " ":
            return text[: i + 1]
    return text


def _without_last_aside(text: str) -> str:
    """The text without its last top-level "( … )" (and the space before it)."""
    end = text.rfind(")")
    if end < 0:
        return text
    depth = 0
    for i in range(end, -1, -1):
        if text[i] == ")":
            depth += 1
        elif text[i] == "(":
            depth -= 1
            if depth == 0:
                return (text[:i].rstrip() + text[end + 1 :]).strip()
    return text


def _without_last_clause(text: str) -> str:
    """The text up to its last top-level "; "."""
    cuts = [i for i, ch in _top_level(text) if ch == ";" and text[i + 1 : i + 2] == " "]
    return text[: cuts[-1]] if cuts else text


class BotPlayer:
    """The bot's move for a seat, chosen off the event loop.

    ``level``: how a removed player's seat (and a timed-out turn) is played;
    ``seconds``/``iterations``: the budget per decision, for the strong
    level's search and, solo, simple's deeper look at its turn (iterations
    make it reproducible and set no time)."""

    def __init__(
        self, level: str = "simple", seconds: float = 1.0, iterations: int | None = None
    ) -> None:
        if level not in ("simple", "strong"):
            raise ValueError(f"bot_level is simple or strong, not {level!r}")
        self.level = level
        self.seconds = seconds
        self.iterations = iterations

    def budget(self) -> Budget:
        """The bot's budget per decision."""
        if self.iterations:
            return Budget(iterations=self.iterations)
        return Budget(seconds=self.seconds, clock=time.perf_counter)

    async def option(self, e: Entry, seat: int, level: str | None = None) -> str:
        """The option the bot picks for ``seat`` (the deciding seat)."""
        d = e.game.decision
        assert d is not None and d.seat == seat
        level = level or bot_level(e.user(seat), self.level)
        view = e.game.view(seat)
        # Seeded by game and position: the same position gets the same move.
        rng = random.Random(f"bot:{e.record.id}:{e.version}:{seat}")
        try:
            return await asyncio.to_thread(choose, view, rng=rng, level=level, budget=self.budget())
        except Exception:
            log.exception(
                "game %s: the %s bot failed; it plays the safe default", e.record.id, level
            )
            return simplest_option(d).id

    def line(self, e: Entry, d: Decision, option_id: str) -> str:
        """The move's announcement."""
        return f"🤖 The bot plays for {e.game.name(d.seat)}: {public_choice(d, option_id)}\n"
