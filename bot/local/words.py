"""The words of a terminal command: numbers, minutes, ``new``'s choices.

A mistyped word raises :class:`Usage`, whose message says how to type the
command (and what was wrong with the word); nothing has been done yet.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from bot.service.model import BOT_LEVELS

NEW_USAGE = (
    "new <players 1-4> [advanced] [easy|standard|difficult|extreme] [random|lobby]"
    " [bots N] [simple|strong]"
)
DIFFICULTIES = ("easy", "standard", "difficult", "extreme")
#: Seeds are stored as signed 64-bit integers.
MAX_SEED = 2**63 - 1
#: Reminder, timeout and `wait` minutes: at most a year.
MAX_MINUTES = 525_600
MAX_LOG_PAGE = 1_000_000


class Usage(Exception):
    """A command typed wrongly: the message says how to type it."""


def is_number(word: str) -> bool:
    """A plain number ("12"): ASCII digits only ("²".isdigit() is true too)."""
    return word.isascii() and word.isdigit()


def short(word: str, limit: int = 24) -> str:
    """A word as quoted back in a message (a huge one is cut)."""
    return word if len(word) <= limit else f"{word[:limit]}… ({len(word):,} characters)"


def short_path(path: str, limit: int = 80) -> str:
    """A file path as quoted back: a long one keeps its end, where the file's
    name is (cutting the end would hide which file was meant)."""
    return path if len(path) <= limit else f"…{path[-limit:]}"


def whole_number(
    word: str | None, usage: str, *, default: int | None = None, maximum: int | None = None
) -> int:
    """A non-negative whole number (at most ``maximum``), or Usage."""
    if word is None:
        if default is None:
            raise Usage(usage)
        return default
    if not is_number(word):
        raise Usage(f"{usage} (`{short(word)}` is not a whole number)")
    digits = word.lstrip("0") or "0"
    if maximum is not None and (len(digits) > len(str(maximum)) or int(digits) > maximum):
        raise Usage(f"{usage} (at most {maximum:,}, not `{short(word)}`)")
    return int(digits)


def minutes(word: str | None, usage: str, default: float) -> float:
    """A finite, non-negative number of minutes, or Usage (``nan``, ``inf``, -5 are refused)."""
    if word is None:
        return default
    try:
        value = float(word)
    except ValueError:
        raise Usage(f"{usage} (`{short(word)}` is not a number)") from None
    if not math.isfinite(value) or value < 0:
        raise Usage(f"{usage} (minutes: a number of 0 or more, not `{short(word)}`)")
    if value > MAX_MINUTES:
        raise Usage(f"{usage} (at most {MAX_MINUTES:,} minutes, a year)")
    return value


@dataclass
class NewGame:
    """What ``new``'s words ask for."""

    players: int = 2
    advanced: bool = False
    difficulty: str | None = None
    order: str = "random"
    bots: int = 0
    bot_level: str = "simple"


def parse_new(args: list[str]) -> NewGame:
    """``new``'s words, in any order: ``3 advanced lobby bots 2 strong``
    (also ``bots=2`` / ``bots:2``)."""
    g = NewGame()
    words = [a.lower() for a in args]
    for word in words:
        number = word[5:] if word.startswith(("bots=", "bots:")) else word
        if is_number(number) and len(number) > 2:
            raise Usage(f"{NEW_USAGE} (`{short(number)}` is too many: 1-4 players)")
    i = 0
    while i < len(words):
        word = words[i]
        if word == "bots" and i + 1 < len(words) and is_number(words[i + 1]):
            g.bots = int(words[i + 1])
            i += 1
        elif word.startswith(("bots=", "bots:")) and is_number(word[5:]):
            g.bots = int(word[5:])
        elif is_number(word):
            g.players = int(word)
        elif word == "advanced":
            g.advanced = True
        elif word == "basic":
            g.advanced = False
        elif word in DIFFICULTIES:
            g.difficulty = word
        elif word in ("random", "lobby"):
            g.order = word
        elif word in BOT_LEVELS:
            g.bot_level = word
        else:
            raise Usage(f"{NEW_USAGE} (I don't know `{short(word)}`)")
        i += 1
    return g
