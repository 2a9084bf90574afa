"""The game state: plain dataclasses that round-trip through JSON.

Everything the rules need lives here; nothing here knows the rules. The flow
of the turn is a stack of small dict "frames" (see flow.py), also plain JSON.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, ClassVar

from engine.components import DieColour, PlayerColour
from engine.rules_version import FIRST_VERSION, RULES_VERSION

_DIE_CODES = {c: tuple(f"{c.letter}{v}" for v in range(4)) for c in DieColour}


@dataclass(slots=True)
class Die:
    colour: DieColour
    value: int

    @property
    def code(self) -> str:
        """Short stable name: colour letter + value, e.g. ``o3``."""
        return _DIE_CODES[self.colour][self.value]


@dataclass(frozen=True, slots=True)
class PlayedCard:
    """A card face down in one of the six slots around a player board.
    Frozen: a slot's card is replaced, never changed, so copies share it."""

    kind: str  # "mission" or "ravager"
    card: int


@dataclass(slots=True)
class Player:
    seat: int
    colour: PlayerColour
    vp: int = 0
    missions: list[int] = field(default_factory=list)  # hand: Mission card ids
    ravagers: list[int] = field(default_factory=list)  # hand: Ravager card ids
    grid: list[int | None] = field(default_factory=lambda: [None] * 9)  # row * 3 + column
    grid_debris: list[bool] = field(default_factory=lambda: [False] * 9)
    grid_boost: list[bool] = field(default_factory=lambda: [False] * 9)  # advanced: boost side up
    slots: list[PlayedCard | None] = field(default_factory=lambda: [None] * 6)
    resources: int = 0
    debris: int = 0
    ships: int = 0
    robots_supply: int = 0
    break_room: int = 0
    workstations: list[int] = field(default_factory=lambda: [0, 0, 0])  # by die colour
    ejected: list[int] = field(default_factory=list)  # ejected Technology / Starting tiles
    advanced_slots: list[int | None] = field(default_factory=lambda: [None, None, None])
    advanced_overflow: list[int] = field(default_factory=list)  # ejected with all 3 slots full
    tucked: list[list[int]] = field(default_factory=lambda: [[], [], []])  # by Mission colour
    standard: list[Die] = field(default_factory=list)
    secure: list[Die] = field(default_factory=list)  # the high-security area: reserved

    @property
    def dice(self) -> list[Die]:
        return self.standard + self.secure


@dataclass(slots=True)
class Neutral:
    """The neutral player of a 2-player game (R16)."""

    workstations: list[bool] = field(default_factory=lambda: [True, True, True])
    dice: list[Die] = field(default_factory=list)


@dataclass(slots=True)
class Hal:
    """The solo opponent (rulebook "Playing Solitaire", R17): no board, no storage."""

    colour: PlayerColour
    vp: int = 0
    dice: list[Die] = field(default_factory=list)
    deck: list[int] = field(default_factory=list)  # Hal cards, top last (secret order)
    discard: list[int] = field(default_factory=list)  # revealed cards, newest last
    tiles: list[int] = field(default_factory=list)  # tiles he took (turned into VP)


@dataclass(frozen=True, slots=True)
class PlacedMission:
    """Frozen: a strip's card is replaced, never changed, so copies share it."""

    card: int
    owner: int  # seat; the owner's robot sits on the reward


@dataclass(slots=True)
class Strip:
    number: int  # printed number 1-7
    side: int  # 0 or 1
    cards: list[PlacedMission | None] = field(default_factory=lambda: [None] * 5)
    ships: list[list[int]] = field(default_factory=lambda: [[] for _ in range(5)])  # seats
    spes_tile: bool = False


@dataclass(slots=True)
class RavagerOnBoard:
    card: int
    robots: list[int] = field(default_factory=list)  # seats of robots placed on it


@dataclass(slots=True)
class Board:
    damage: list[int] = field(default_factory=lambda: [0] * 6)  # actions 1-6
    ravagers: list[list[RavagerOnBoard]] = field(default_factory=lambda: [[] for _ in range(6)])
    supply: list[int] = field(default_factory=lambda: [0, 0, 0])  # undamaged dice by colour
    supply_damaged: list[int] = field(default_factory=lambda: [0, 0, 0])
    display: list[int | None] = field(default_factory=lambda: [None] * 8)
    tech_stacks: list[list[int]] = field(default_factory=lambda: [[], [], []])  # face up, top last
    tech_discard: list[int] = field(default_factory=list)
    advanced_slots: list[int | None] = field(default_factory=lambda: [None] * 4)
    advanced_deck: list[int] = field(default_factory=list)  # face down, top last
    mission_decks: list[list[int]] = field(default_factory=lambda: [[], [], []])  # top last
    mission_discards: list[list[int]] = field(default_factory=lambda: [[], [], []])
    ravager_deck: list[int] = field(default_factory=list)  # top last
    ravager_discard: list[int] = field(default_factory=list)
    strips: list[Strip] = field(default_factory=list)  # index 0 nearest the Black Angel board
    spes_token: int | None = None  # printed number of the strip carrying the Spes token
    at_spes: bool = False


@dataclass(slots=True)
class GameOptions:
    players: int = 2  # 1 = solo against Hal (issue 3)
    advanced: bool = False
    difficulty: str | None = None
    colours: list[str] | None = None  # player colour by seat (default: blue, red, yellow, purple)
    # Which rules the game plays by (engine/rules_version.py): new games get the
    # current version; options stored before versions existed load as 1.
    rules_version: int = RULES_VERSION
    # Ask one step at a time, as version 1 did (a die, then its use; a card,
    # then its slot; even a question with one answer): scripted scenarios
    # read step by step. The rules are the same either way (engine/asking.py).
    ask_stepwise: bool = False

    # Fields missing from stored JSON take these values instead of the defaults.
    STORED_DEFAULTS: ClassVar[dict[str, Any]] = {"rules_version": FIRST_VERSION}


@dataclass(slots=True)
class GameState:
    options: GameOptions
    seed: int
    rng_counter: int = 0
    players: list[Player] = field(default_factory=list)  # seat = turn order; seat 0 is first
    board: Board = field(default_factory=Board)
    neutral: Neutral | None = None
    hal: Hal | None = None
    round: int = 1
    current: int = 0  # seat whose turn it is
    end_trigger: str | None = None  # "spes" or "ravagers"
    last_round: int | None = None
    finished: bool = False
    frames: list[dict[str, Any]] = field(default_factory=list)  # the flow stack, top last
    turn: dict[str, Any] = field(default_factory=dict)  # per-turn scratch (sequence, die...)
    decisions: int = 0  # decisions applied so far
    final_scores: list[dict[str, Any]] | None = None


# --------------------------------------------------------------------------- JSON codec


_PLAIN: frozenset[type] = frozenset({str, int, bool, float, type(None)})
#: a dataclass -> its fields' names, learnt on its first instance (to_json)
_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


def to_json(obj: Any) -> Any:
    """Plain JSON data (dicts, lists, str, int, bool, None) for any state object.

    The common shapes come first, by exact type, and a dataclass's fields are
    listed once per class: a snapshot is written at every action (about five
    times faster than asking ``dataclasses`` each time; the same result)."""
    cls = type(obj)
    if cls in _PLAIN:
        return obj
    if cls is list or cls is tuple:
        return [to_json(x) for x in obj]
    if cls is dict:
        return {k: to_json(v) for k, v in obj.items()}
    names = _FIELD_NAMES.get(cls)
    if names is not None:
        return {name: to_json(getattr(obj, name)) for name in names}
    if dataclasses.is_dataclass(obj):
        if not isinstance(obj, type):  # an instance: its class's fields from now on
            _FIELD_NAMES[cls] = tuple(f.name for f in dataclasses.fields(cls))
        return {f.name: to_json(getattr(obj, f.name)) for f in dataclasses.fields(obj)}
    if isinstance(obj, Enum):
        return obj.value
    if isinstance(obj, list | tuple):
        return [to_json(x) for x in obj]
    if isinstance(obj, dict):
        return {k: to_json(v) for k, v in obj.items()}
    return obj


_HINTS: dict[type, dict[str, Any]] = {}


def _hints(cls: type) -> dict[str, Any]:
    if cls not in _HINTS:
        _HINTS[cls] = typing.get_type_hints(cls)
    return _HINTS[cls]


def from_json(tp: Any, data: Any) -> Any:
    """Rebuild a value of type `tp` from `to_json` output."""
    return _decoder(tp)(data)


# One decoding function per type, read off its hints once (``from_json``
# rebuilds whole games: the bots' search does it for every sample).
_DECODERS: dict[Any, Callable[[Any], Any]] = {}


def _decoder(tp: Any) -> Callable[[Any], Any]:
    found = _DECODERS.get(tp)
    if found is None:
        found = _DECODERS[tp] = _build_decoder(tp)
    return found


def _build_decoder(tp: Any) -> Callable[[Any], Any]:
    origin = typing.get_origin(tp)
    if origin in (typing.Union, types.UnionType):
        args = [a for a in typing.get_args(tp) if a is not type(None)]
        return _decoder(args[0])
    if origin is list:
        (arg,) = typing.get_args(tp)
        item = _decoder(arg)
        return lambda data: None if data is None else [item(x) for x in data]
    if origin is dict:
        return lambda data: None if data is None else {k: _plain(v) for k, v in data.items()}
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return _dataclass_decoder(tp)
    if isinstance(tp, type) and issubclass(tp, Enum):
        return lambda data: None if data is None else tp(data)
    if tp is Any:
        return _plain
    return lambda data: data


def _dataclass_decoder(tp: type) -> Callable[[Any], Any]:
    hints = _hints(tp)
    defaults = getattr(tp, "STORED_DEFAULTS", {})
    fields: dict[str, Callable[[Any], Any]] = {}

    def decode(data: Any) -> Any:
        if data is None:
            return None
        if not fields:  # bound at first use: a field's type may be this one's
            fields.update({k: _decoder(h) for k, h in hints.items()})
        if defaults:
            data = {**defaults, **data}
        return tp(**{k: fields[k](v) for k, v in data.items()})

    return decode


def _plain(v: Any) -> Any:
    if isinstance(v, dict):
        return {k: _plain(x) for k, x in v.items()}
    if isinstance(v, list):
        return [_plain(x) for x in v]
    return v


# --------------------------------------------------------------------------- copies


def copy_state(state: GameState) -> GameState:
    """An independent copy of a game state (the bots' search copies a game for
    every play-out and every look-ahead): compiled once per dataclass from its
    type hints, like the decoders; about 15 times faster than a pickle round trip.
    Immutable values are shared: numbers, strings, enums, frozen dataclasses."""
    return _copier(GameState)(state)


_COPIERS: dict[type, Callable[[Any], Any]] = {}


def _copier(tp: type) -> Callable[[Any], Any]:
    found = _COPIERS.get(tp)
    if found is None:
        found = _COPIERS[tp] = _build_copier(tp)
    return found


def _build_copier(tp: type) -> Callable[[Any], Any]:
    hints = _hints(tp)
    env: dict[str, Any] = {
        "_cls": tp,
        "_new": object.__new__,
        "_copy_dict": _copy_dict,
        "copy_json": copy_json,
    }
    # Fields set one by one on a bare instance: a third of the time of calling
    # the dataclass's __init__ (its default factories are checked per call).
    lines = ["def copy(o):", "    n = _new(_cls)"]
    for f in dataclasses.fields(tp):
        lines.append(f"    n.{f.name} = {_copy_expr(hints[f.name], f'o.{f.name}', 0, env)}")
    lines.append("    return n")
    exec(compile("\n".join(lines), f"<copy {tp.__name__}>", "exec"), env)
    return env["copy"]


def _copy_expr(tp: Any, src: str, depth: int, env: dict[str, Any]) -> str:
    """Python source copying the value `src` of type `tp` (`src` itself when
    the value is immutable)."""
    origin = typing.get_origin(tp)
    if origin in (typing.Union, types.UnionType):
        (arg,) = [a for a in typing.get_args(tp) if a is not type(None)]
        inner = _copy_expr(arg, src, depth, env)
        return src if inner == src else f"(None if {src} is None else {inner})"
    if origin is list:
        (arg,) = typing.get_args(tp)
        item = f"x{depth}"
        inner = _copy_expr(arg, item, depth + 1, env)
        return f"{src}[:]" if inner == item else f"[{inner} for {item} in {src}]"
    if origin is dict:
        return f"_copy_dict({src})"
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        if tp.__dataclass_params__.frozen:  # type: ignore[attr-defined]
            return src
        name = f"_copy_{tp.__name__}"
        env[name] = _copier(tp)
        return f"{name}({src})"
    if tp is Any:
        return f"copy_json({src})"
    if tp in (int, str, bool, float) or (isinstance(tp, type) and issubclass(tp, Enum)):
        return src
    raise TypeError(f"copy_state cannot copy a {tp!r}")


def _copy_dict(d: dict[str, Any]) -> dict[str, Any]:
    """A JSON-like dict (a frame, the turn's scratch), copied all the way down."""
    out = d.copy()
    for k, v in d.items():
        t = type(v)
        if t is dict or t is list:
            out[k] = copy_json(v)
    return out


def copy_json(v: Any) -> Any:
    """A copy of plain JSON data (dicts and lists copied all the way down;
    numbers, strings and tuples shared): several times faster than deepcopy."""
    t = type(v)
    if t is dict:
        return _copy_dict(v)
    if t is list:
        return [copy_json(x) if type(x) in (dict, list) else x for x in v]
    return v
