"""Rules versions: the one place that says which rules a game plays by.

A game keeps the rules version it was created with (``GameOptions.rules_version``),
so a rule fix never changes the options offered in a game already running: its
stored action log must replay exactly (engine/API.md, "Compatibility of saved
games"). Options stored before versions existed load as version 1.

Every rule change that alters which options a decision offers is gated here,
by one predicate per ruling, named after it; rule modules call the predicate
and never compare version numbers themselves.

Versions:

1. The engine as first deployed.
2. R2 amended and R18: a die worth 0 performs nothing but Command Your Ships
   under a ship already in Space, with a Mission card placed (issue #9).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.state import GameOptions

RULES_VERSION = 2  # the version new games get
FIRST_VERSION = 1  # options stored without a version
RULES_VERSIONS = range(FIRST_VERSION, RULES_VERSION + 1)


def zero_die_commands_only(options: GameOptions) -> bool:
    """R2 (amended) and R18: a die worth 0 for an action (a star, or a 1 on a
    damaged action) offers no Discover, Repair, Destroy or Mission activation;
    it can only Command onto the hex under one of your ships already in Space,
    placing a card there (no move, no launch). Sequence A needs a die that can
    be used. Version 1 let a star die perform any action for nothing and
    launch a ship onto the Black Angel's hex."""
    return options.rules_version >= 2
