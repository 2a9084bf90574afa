"""The few engine functions the store needs, behind a small protocol.

The store never imports the rules engine at module level: it is handed a
:class:`GameCodec`. :class:`EngineCodec` (the default) wraps the real
``engine`` package and imports it on first use; tests where the engine is not
the point can pass a tiny fake game instead.
"""

from __future__ import annotations

from typing import Any, Protocol, TypeVar

JsonDict = dict[str, Any]
G = TypeVar("G")


class GameCodec(Protocol[G]):
    """How to build, restore, advance and dump one game object ``G``."""

    def new_game(self, options: JsonDict, seed: int) -> G:
        """The initial state (version 0) for these options and seed."""
        ...

    def restore(self, snapshot: JsonDict) -> G:
        """A game equal to the one that produced ``snapshot`` (``dump`` output)."""
        ...

    def apply(self, game: G, action: JsonDict) -> None:
        """Apply one logged action in place; raise if it is illegal."""
        ...

    def dump(self, game: G) -> JsonDict:
        """Lossless plain-JSON state (what snapshots hold)."""
        ...

    def version(self, game: G) -> int:
        """How many actions the game has applied."""
        ...


class EngineCodec:
    """:class:`GameCodec` for ``engine.Game`` (imported lazily)."""

    def __init__(self) -> None:
        self._engine: Any = None

    @property
    def engine(self) -> Any:
        if self._engine is None:
            import engine  # lazily: storage imports and runs without the engine

            self._engine = engine
        return self._engine

    def new_game(self, options: JsonDict, seed: int) -> Any:
        e = self.engine
        return e.Game.new(e.options_from_json(options), seed)

    def restore(self, snapshot: JsonDict) -> Any:
        return self.engine.Game.from_json(snapshot)

    def apply(self, game: Any, action: JsonDict) -> None:
        game.apply(self.engine.Action.from_json(action))

    def dump(self, game: Any) -> JsonDict:
        data: JsonDict = game.to_json()
        return data

    def candidates(self, game: Any) -> list[JsonDict]:
        """Every legal action now, as logged (repair recovers a damaged row with them)."""
        return [a.to_json() for a in game.legal_actions()]

    def version(self, game: Any) -> int:
        return int(game.state.decisions)

    def check_import(
        self,
        game: Any,
        record: JsonDict,
        seats: list[JsonDict],
        actions: list[JsonDict],
        status: str,
        new_status: str,
    ) -> None:
        """What an imported document claims beyond its log, checked against the
        replayed ``game``: seats, colours, who acted, the status and the result
        (``status``: the document's; ``new_status``: the one it is imported as).
        Raises ValueError saying what does not match."""
        state = game.state
        want = len(state.players)
        if len(seats) != want:
            raise ValueError(
                f"the options are for {want} player(s) but the export lists {len(seats)} seat(s)"
            )
        for i, s in enumerate(seats):
            colour = s.get("colour")
            real = state.players[i].colour.value
            if colour is not None and colour != real:
                raise ValueError(f"seat {i + 1} is {real} in the replay, not {colour}")
        for a in actions:
            if a.get("seat") is not None and a.get("seat") != a["action"].get("seat"):
                raise ValueError(f"action #{a['seq']} is filed under another seat than it names")
        over = bool(game.is_over)
        if over and status != "finished":
            raise ValueError(f"the log ends the game, but the export says it is {status}")
        if status == "finished" and not over:
            raise ValueError("the export says the game is finished, but its log does not end it")
        claimed = record.get("result")
        if over and claimed != game.result:
            raise ValueError("game.result is not the result the log replays to")
        if not over and claimed is not None:
            raise ValueError("the export has a result, but its log does not end the game")
        if over and new_status in ("running", "paused"):
            raise ValueError(f"the game is over; it cannot be imported as {new_status}")
