"""Typed errors: an illegal action raises one of these and changes nothing."""

from __future__ import annotations


class EngineError(Exception):
    """Base of every error the engine raises on purpose."""


class IllegalActionError(EngineError):
    """The option is not among the legal options of the pending decision."""


class NotYourDecisionError(IllegalActionError):
    """Someone other than the deciding seat tried to act."""


class GameOverError(IllegalActionError):
    """The game has ended; nothing more can be applied."""


class InvalidOptionsError(EngineError):
    """Game options that the engine cannot set up (e.g. a player count)."""


class InvariantError(EngineError):
    """The state broke a rule that must always hold (a bug, never a user error)."""
