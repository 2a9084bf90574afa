"""The decision machine: one pending decision at a time, `apply` validates or raises.

The turn is a stack of small JSON frames (state.frames, top last). A frame's
handler (engine/handlers.py registry) either resolves it automatically or
offers options; the loop in `_run` resolves automatic frames until one needs
a person, or the stack empties and the next turn starts.
"""

from __future__ import annotations

from typing import Any

from engine.asking import single_answer
from engine.components import PLAYER_COLOURS
from engine.components.hal import HAL_SEAT
from engine.decision import Action, Decision, Event, Option, StaleTextError
from engine.errors import GameOverError, IllegalActionError, NotYourDecisionError
from engine.state import GameOptions, GameState, copy_state, from_json, to_json

# A decision whose only option is one of these is answered by the engine:
# nothing is left to choose (e.g. Discover with nothing affordable).
_NAMES = {c: c.value.title() for c in PLAYER_COLOURS}
AUTO_IDS = frozenset({"done", "skip", "none", "decline"})


class Game:
    """``keep_choice_text``: `apply` keeps the chosen option's words (built
    before the move), so a front end may echo the move after applying it.
    Loops that never read words (self-play, the bots' search) turn it off:
    then no option text is ever built unless read (engine/decision.py)."""

    __slots__ = ("state", "_decision", "_events", "keep_choice_text", "_lazy")

    def __init__(self, state: GameState, keep_choice_text: bool = True) -> None:
        self.state = state
        self._decision: Decision | None = None
        self._events: list[Event] = []
        self.keep_choice_text = keep_choice_text
        self._lazy = False  # list a decision that surely asks only when read (copies)

    # ------------------------------------------------------------------ creation

    @classmethod
    def new(cls, options: GameOptions, seed: int, keep_choice_text: bool = True) -> Game:
        from engine.setup import setup

        game = cls(GameState(options=options, seed=int(seed)), keep_choice_text)
        setup(game)
        game._run()
        game._events.clear()
        return game

    @classmethod
    def from_json(cls, data: dict[str, Any], keep_choice_text: bool = True) -> Game:
        return cls(from_json(GameState, data), keep_choice_text)

    def to_json(self) -> dict[str, Any]:
        return to_json(self.state)

    def copy(self, keep_choice_text: bool = False) -> Game:
        """An independent game in the same position (the bots' look-ahead and
        play-outs). Without choice text the pending decision is shared, not
        listed again: it depends on the state only (its options' words, if
        ever read, are this game's, see Option.lazy); and the copy lists a
        turn decision that surely asks only when its options are read."""
        game = Game(copy_state(self.state), keep_choice_text)
        if not keep_choice_text:
            # A look-ahead reads few of the decisions it passes: a turn
            # decision that surely asks waits unlisted (Handler.surely_asks).
            game._lazy = True
            if self._decision is not None:
                self._decision.options  # noqa: B018 (listed from this game, while it is here)
                game._decision = self._decision
        return game

    def release(self) -> None:
        """Drop the pending decision (it is listed again if read). Its options'
        lazy words refer back to this game, a cycle that only the garbage
        collector frees: a loop discarding many games (the bots' copies)
        releases each one when done with it, so its memory is freed at once."""
        self._decision = None

    # ------------------------------------------------------------------ randomness

    def below(self, n: int) -> int:
        from engine.rng import Rng

        rng = Rng(self.state.seed, self.state.rng_counter)
        value = rng.below(n)
        self.state.rng_counter = rng.counter
        return value

    def shuffle(self, items: list) -> None:
        from engine.rng import Rng

        rng = Rng(self.state.seed, self.state.rng_counter)
        rng.shuffle(items)
        self.state.rng_counter = rng.counter

    # ------------------------------------------------------------------ the machine

    @property
    def is_over(self) -> bool:
        return self.state.finished

    @property
    def result(self) -> dict[str, Any] | None:
        if not self.state.finished or self.state.final_scores is None:
            return None
        from engine.scoring import result_summary

        return result_summary(self.state)

    @property
    def decision(self) -> Decision | None:
        if self._decision is None and not self.state.finished:
            self._run()
        return self._decision

    def legal_actions(self) -> list[Action]:
        d = self.decision
        if d is None:
            return []
        return [Action(d.seat, o.id) for o in d.options]

    def apply(self, action: Action) -> list[Event]:
        """Apply a seat's answer. Raises an IllegalActionError (and changes
        nothing) when the game is over, the seat is not the one deciding, or
        the option is not legal now."""
        if self.state.finished:
            raise GameOverError("The game is over; no more moves can be made.")
        d = self.decision
        assert d is not None
        if action.seat != d.seat:
            raise NotYourDecisionError(
                f"It is {self.name(d.seat)}'s turn to decide ({d.prompt}), not {self.name(action.seat)}'s."
            )
        chosen = d.option(action.option)
        if chosen is None:
            labels = ", ".join(o.id for o in d.options[:12])
            more = " …" if len(d.options) > 12 else ""
            raise IllegalActionError(
                f"'{action.option}' is not a legal choice now. {d.prompt} Legal: {labels}{more}"
            )
        if self.keep_choice_text:
            # Built now, while they describe this position (a front end echoes the move).
            d.prompt  # noqa: B018
            chosen.label  # noqa: B018
        if not _LOADED:
            _load()
        self._events = []
        frame = self.state.frames.pop()
        self._decision = None
        HANDLERS[frame["k"]].choose(self, frame, action.option)
        self.state.decisions += 1
        self._run()
        events, self._events = self._events, []
        return events

    def _run(self) -> None:
        if not _LOADED:
            _load()
        s = self.state
        while not s.finished:
            if not s.frames:
                end_turn(self)
                continue
            frame = s.frames[-1]
            handler = HANDLERS[frame["k"]]
            if self._lazy and handler.surely_asks(self, frame):
                self._decision = Decision(
                    handler.seat(self, frame),
                    frame["k"],
                    _prompt(handler, self, frame),
                    _listing(handler, self, frame),
                    handler.secret,
                )
                return
            options = handler.options(self, frame)
            if options is None:
                s.frames.pop()
                handler.resolve(self, frame)
                continue
            if not options:
                s.frames.pop()
                continue
            if len(options) == 1 and (
                options[0].id in AUTO_IDS or handler.auto_single or single_answer(self)
            ):
                s.frames.pop()
                handler.choose(self, frame, options[0].id)
                continue
            _stamp(self, options)
            self._decision = Decision(
                handler.seat(self, frame),
                frame["k"],
                _prompt(handler, self, frame),
                tuple(options),
                handler.secret,
            )
            return
        self._decision = None

    # ------------------------------------------------------------------ helpers

    def push(self, kind: str, /, **data: Any) -> None:
        data["k"] = kind
        self.state.frames.append(data)

    def log(
        self,
        kind: str,
        text: str,
        seat: int | None = None,
        private: str | None = None,
        **data: Any,
    ) -> None:
        self._events.append(Event(kind, text, seat, private, data))

    def name(self, seat: int | str | None) -> str:
        if seat == "n":
            return "the neutral player"
        if self.state.hal is not None and seat in (HAL_SEAT, "h"):
            return "Hal"
        if isinstance(seat, int) and 0 <= seat < len(self.state.players):
            return _NAMES[self.state.players[seat].colour]
        if isinstance(seat, int) and 0 <= seat < len(PLAYER_COLOURS):
            return f"seat {seat}"
        return str(seat)

    def view(self, seat: int | None = None) -> dict[str, Any]:
        from engine.views import view

        return view(self, seat)


HANDLERS: dict = {}
_LOADED: list = []


def _load() -> None:
    """Bind the handler registry and turn order late: they import this module."""
    global end_turn
    from engine.handlers import HANDLERS as registry
    from engine.turn_order import end_turn

    HANDLERS.update(registry)
    _LOADED.append(True)


def _stamp(g: Game, options: list[Option]) -> None:
    """Mark lazy words with the position they describe (StaleTextError)."""
    stamp = (g, g.state.decisions)
    for o in options:
        if o._describe is not None:
            o._stamp = stamp


def _listing(handler: Any, g: Game, frame: dict[str, Any]):
    """The options of a decision that surely asks (Handler.surely_asks),
    listed when first read, while the decision is pending (only in copies
    without choice text, Game.copy: the bots' look-ahead; a front end's game
    lists them at once, as it may read them after the game moved on)."""

    at = g.state.decisions

    def listed() -> tuple[Option, ...]:
        if g.state.decisions != at:
            raise StaleTextError(f"the {frame['k']} decision's options were first read too late")
        options = handler.options(g, frame)
        assert options is not None and len(options) >= 2, f"{frame['k']} did not ask"
        _stamp(g, options)
        return tuple(options)

    return listed


def _prompt(handler: Any, g: Game, frame: dict[str, Any]):
    """The decision's prompt, built when first read (the state must not have
    moved on by then; a front end reads it while the decision is pending)."""
    return lambda: handler.prompt(g, frame)


def replay(
    options: GameOptions, seed: int, actions: list[Action], keep_choice_text: bool = True
) -> Game:
    """Rebuild a game from its options, seed and action list."""
    game = Game.new(options, seed, keep_choice_text)
    for action in actions:
        game.apply(action)
    return game
