"""English for the engine's texts: articles, plurals, dice in words.

Dice are written with their colour word ("orange 3", "gray star (0)"), never
with the one-letter codes of option ids ("o3", "y0"): a gray die's code "y"
would read as the Yellow player (issue 25).
"""

from __future__ import annotations

from engine.components import COLOUR_BY_LETTER


def a(word: object) -> str:
    """'a gray', 'an orange'."""
    text = str(word)
    return ("an " if text[:1].lower() in "aeiou" else "a ") + text


def mid_sentence(text: str) -> str:
    """An option's words inside a sentence: 'Row 2, from the right' -> 'row 2, from the right'."""
    return text[:1].lower() + text[1:]


def plural(n: int, word: str, many: str | None = None) -> str:
    """'1 activation', '2 activations', '1 hex', '3 hexes' (`many`: an irregular plural)."""
    if n == 1:
        return f"{n} {word}"
    return f"{n} {many or word + 's'}"


def and_list(items: list[str]) -> str:
    """'a', 'a and b', 'a, b and c'."""
    if len(items) < 2:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def or_list(items: list[str]) -> str:
    """'a', 'a or b', 'a, b, or c'."""
    if len(items) < 3:
        return " or ".join(items)
    return ", ".join(items[:-1]) + ", or " + items[-1]


def die_words(code: str) -> str:
    """A die code in words: 'o3' -> 'orange 3', 'y0' -> 'gray star (0)',
    'g2r' -> 'green 2 (reserved)'."""
    named = die_named(COLOUR_BY_LETTER[code[0]], int(code[1]))
    return f"{named}{' (reserved)' if code[2:] == 'r' else ''}"


def die_named(colour: object, value: int) -> str:
    """A die by colour and face, as die_words names it: 'orange 3', 'green star (0)'."""
    return f"{colour} {'star (0)' if value == 0 else value}"


def face_words(value: int, short: bool = False) -> str:
    """A die face after 'to' or 'from', as die_words names it: '2', 'a star
    (0)' (`short`, for a label: 'a star')."""
    if value:
        return str(value)
    return "a star" if short else "a star (0)"


def dice_words(codes: list[str]) -> str:
    """'orange 1, gray star (0), green 2', or 'no dice'."""
    return ", ".join(die_words(c) for c in codes) or "no dice"
