"""The shapes the engine talks in: decisions, options, actions, events."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from engine.components import HAND_LIMIT

# Places an option may mark on the images (``Option.marks``), by their printed names:
#   table image:  "hex:5B", "action:3", "ravagers:3" (the Ravager stack at action 3),
#                 "display:4", "advanced:2" (board slots 1-4), "supply:o" (a damaged die),
#                 "die:<seat|n|h>:<code>" (a compartment die, e.g. "die:1:o3r"),
#                 "workstation:o"
#   player board: "cell:B2", "slot:row1" / "slot:colA", "aslot:o" (an Advanced slot)
TABLE_MARKS = frozenset(
    {"hex", "action", "ravagers", "display", "advanced", "supply", "die", "workstation"}
)
PLAYER_MARKS = frozenset({"cell", "slot", "aslot"})


Describe = Callable[[], tuple[str, str, tuple[str, ...]]]


_new = object.__new__


class StaleTextError(RuntimeError):
    """An option's text was first read after the game moved on: it would
    describe the wrong position. Read texts before applying an action (the
    chosen option's text is kept, see ``Game.keep_choice_text``)."""


class Option:
    """One legal answer to a decision: a stable ``id``, a short ``label`` (a
    button: at most 70 characters), the full ``detail`` (everything a player
    needs to choose it: what it will do, what it costs, what it risks) and the
    board places it refers to (``marks``, see TABLE_MARKS / PLAYER_MARKS).

    The engine, its self-play and the bots' search read only ids, so the
    words are built when first read (``Option.lazy``: a describe function
    returning label, detail and marks), never in the engine's loop. Read them
    while the decision is pending: once an action is applied, an option whose
    text was never read cannot describe its position any more
    (``StaleTextError``), except the chosen one, which the game keeps."""

    __slots__ = ("id", "_label", "_detail", "_marks", "_describe", "_stamp")

    def __init__(
        self, id: str, label: str = "", detail: str = "", marks: tuple[str, ...] = ()
    ) -> None:
        self.id = id
        self._label = label
        self._detail = detail
        self._marks = tuple(marks)
        self._describe: Describe | None = None
        self._stamp: tuple[Any, int] | None = None

    @classmethod
    def lazy(cls, id: str, describe: Describe) -> Option:
        """An option whose words ``describe()`` builds when first read."""
        o = _new(cls)
        o.id = id
        o._describe = describe
        o._stamp = None
        return o

    def _words(self) -> None:
        describe = self._describe
        if describe is None:
            return
        stamp = self._stamp
        if stamp is not None and stamp[0].state.decisions != stamp[1]:
            raise StaleTextError(
                f"option {self.id!r} was read after the game moved on; read options' "
                "texts before applying an action"
            )
        self._label, self._detail, marks = describe()
        self._marks = tuple(marks)
        self._describe = None
        self._stamp = None

    def described(self) -> Option:
        """This option with its words built now, for a reader that may read them
        only after the game has moved on (a front end building buttons later)."""
        if self._describe is not None:
            self._words()
        return self

    @property
    def label(self) -> str:
        if self._describe is not None:
            self._words()
        return self._label

    @property
    def detail(self) -> str:
        if self._describe is not None:
            self._words()
        return self._detail

    @property
    def marks(self) -> tuple[str, ...]:
        if self._describe is not None:
            self._words()
        return self._marks

    @property
    def text(self) -> str:
        """The full text: the detail, else the label."""
        return self.detail or self.label

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "label": self.label, "detail": self.text, "marks": list(self.marks)}

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Option):
            return NotImplemented
        return (self.id, self.label, self.detail, self.marks) == (
            other.id,
            other.label,
            other.detail,
            other.marks,
        )

    def __hash__(self) -> int:
        return hash(self.id)

    def __repr__(self) -> str:
        if self._describe is not None:
            return f"Option({self.id!r}, <not yet described>)"
        return f"Option({self.id!r}, {self._label!r}, {self._detail!r}, {self._marks!r})"


class Decision:
    """What the game is waiting for: who decides, what kind of choice, the options.

    ``secret`` decisions reveal hidden information through their options (a
    hand, drawn cards); their options appear only in the deciding seat's view.
    ``prompt`` may be given as a function: it is then built when first read;
    so may ``options`` (listed when first read: the state must not have moved
    on by then, see Handler.surely_asks).
    """

    __slots__ = ("seat", "kind", "_prompt", "_options", "secret")

    def __init__(
        self,
        seat: int,
        kind: str,
        prompt: str | Callable[[], str],
        options: tuple[Option, ...] | Callable[[], tuple[Option, ...]],
        secret: bool = False,
    ) -> None:
        self.seat = seat
        self.kind = kind
        self._prompt = prompt
        self._options = options if callable(options) else tuple(options)
        self.secret = secret

    @property
    def options(self) -> tuple[Option, ...]:
        found = self._options
        if callable(found):
            found = self._options = found()
        return found

    @property
    def prompt(self) -> str:
        if not isinstance(self._prompt, str):
            self._prompt = self._prompt()
        return self._prompt

    def option(self, option_id: str) -> Option | None:
        for o in self.options:
            if o.id == option_id:
                return o
        return None

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Decision):
            return NotImplemented
        return (self.seat, self.kind, self.prompt, self.options, self.secret) == (
            other.seat,
            other.kind,
            other.prompt,
            other.options,
            other.secret,
        )

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (
            f"Decision(seat={self.seat}, kind={self.kind!r}, options={len(self.options)}, "
            f"secret={self.secret})"
        )


#: What a secret decision is about, said of its player for everyone to read
#: while they choose (its prompt speaks to them: "Spend a Mission card from
#: your hand"). Kinds not here show their prompt's head (see public_words).
SECRET_PUBLIC_WORDS = {
    "spend_mission": "a Mission card to spend",
    "spend_ravager": "a Ravager card to spend",
    "keep": "which drawn Mission card to keep",
}


def public_words(kind: str, prompt: str, hand_missions: int) -> str:
    """A secret decision as everyone reads it (the channel's line, the public
    table image), about its player, not to them: "7 Mission cards in hand:
    discarding down to 6", not "You have 7 Mission cards…". Nothing hidden: a
    hand's size (``hand_missions``) is public (the board shows it), its cards
    are not."""
    if kind == "hand_limit":
        return f"{hand_missions} Mission cards in hand: discarding down to {HAND_LIMIT}"
    if kind == "place_mission":  # "Place a gray Mission card on 5C?"
        return "whether to " + prompt[:1].lower() + prompt[1:].rstrip("?")
    if kind in SECRET_PUBLIC_WORDS:
        return SECRET_PUBLIC_WORDS[kind]
    if kind == "ravager_effect":  # "A Ravager at action 3: discard a Mission card. …"
        head, _, effect = prompt.partition(":")
        card = "Ravager card" if "discard a Ravager card" in effect else "Mission card"
        return f"which {card} to discard for the {head.removeprefix('A ')}"
    head = prompt.split(":")[0]
    if head == "Your turn":
        return "their turn"
    # a turn going on after a card or a flip: still their turn, said so
    return f"their turn: {head}" if head.startswith("Sequence ") else head


@dataclass(frozen=True, slots=True)
class Action:
    """A seat's answer to the pending decision."""

    seat: int
    option: str

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "option": self.option}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Action:
        return cls(int(data["seat"]), str(data["option"]))


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened, for the game log. ``text`` is public;
    ``private`` (if any) is for ``seat`` only (e.g. which card was drawn)."""

    kind: str
    text: str
    seat: int | None = None
    private: str | None = None
    data: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "text": self.text}
        if self.seat is not None:
            out["seat"] = self.seat
        if self.private is not None:
            out["private"] = self.private
        if self.data:
            out["data"] = self.data
        return out
