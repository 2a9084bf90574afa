"""Black Angel rules engine: a pure, deterministic decision machine.

See engine/API.md for the contract the other packages use.
"""

from engine.decision import Action, Decision, Event, Option
from engine.errors import (
    EngineError,
    GameOverError,
    IllegalActionError,
    InvalidOptionsError,
    InvariantError,
    NotYourDecisionError,
)
from engine.game import Game, replay
from engine.rules_version import RULES_VERSION
from engine.state import GameOptions, from_json, to_json

# Load the rule modules (they register the frame handlers) in one fixed order,
# whichever engine module is imported first.
from engine import handlers as _handlers  # noqa: E402, F401  isort: skip


def options_to_json(options: GameOptions) -> dict:
    return to_json(options)


def options_from_json(data: dict) -> GameOptions:
    """Options stored without a ``rules_version`` load as version 1 (the rules
    those games were created under; engine/rules_version.py)."""
    return from_json(GameOptions, data)


__all__ = [
    "Action",
    "Decision",
    "EngineError",
    "Event",
    "Game",
    "GameOptions",
    "GameOverError",
    "IllegalActionError",
    "InvalidOptionsError",
    "InvariantError",
    "NotYourDecisionError",
    "Option",
    "RULES_VERSION",
    "options_from_json",
    "options_to_json",
    "replay",
]
