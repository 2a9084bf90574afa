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
3. A Ravager arrival stops once every Ravager card left attacks a full
   location, instead of reshuffling the same discards over and over
   (engine/READINGS.md 18).
4. R20: debris may flip a die after the action too, before the turn ends;
   R19: a solo tie is Hal's; no flip of the die in use into a dead end
   (issue 26).
5. No late flip (R20) of a reserved die in the final round, when it changes
   nothing (engine/READINGS.md 19).
6. No reservation on the game's last turn, when it protects nothing
   (engine/READINGS.md 20).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.state import GameOptions

RULES_VERSION = 6  # the version new games get
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


# Issue #12 (fewer questions), shipped with version 2. These change which
# decisions are asked and which options they offer, never what a player may do.


def merged_turn_choices(options: GameOptions) -> bool:
    """One decision per thing a player names aloud: "my orange 3 on Discover"
    (a die and its action or Mission card) and "this card by row 2" (a card and
    its slot) are one option each of the turn decision. Version 1 asked the
    die, then its use; the card, then its slot (as ``ask_stepwise`` games do)."""
    return options.rules_version >= 2 and not options.ask_stepwise


def no_question_without_choice(options: GameOptions) -> bool:
    """A decision with a single option is answered by the engine; answers that
    cannot differ are offered once (identical Ravager cards in hand, arrows
    that leave the same grid); the hand limit is not asked on the game's very
    last turn (the hand no longer matters). Version 1 (and ``ask_stepwise``)
    asked them all."""
    return options.rules_version >= 2 and not options.ask_stepwise


def no_empty_or_undoing_choices(options: GameOptions) -> bool:
    """No option that undoes the previous one (flipping a die back right after
    flipping it) and no card play that activates no tile. Version 1 (and
    ``ask_stepwise``) offered both."""
    return options.rules_version >= 2 and not options.ask_stepwise


def stop_option_first(options: GameOptions) -> bool:
    """ "Take no more tiles", "Repair no more", "Destroy no more" and "Activate
    no more tiles" are option 1, so their number never changes between
    prompts. Version 1 listed them last."""
    return options.rules_version >= 2


def plain_gains_without_asking(options: GameOptions) -> bool:
    """The tiles a played card reaches whose effect is a plain gain (1 VP,
    ship, resource, robot or debris, standard side up) are activated first and
    without asking: a gain never takes an option away (a robot gained first
    can still be moved by a "move a robot" tile), so declining one or delaying
    it is no real choice. Version 1 asked each tile in turn."""
    return options.rules_version >= 2 and not options.ask_stepwise


def ravager_arrival_stops_when_every_location_is_full(options: GameOptions) -> bool:
    """Placing a Ravager card whose location already holds 3 discards it and
    draws the next; with the deck empty the discards are reshuffled. Once
    every card left (deck and discards) attacks a full location, version 3
    draws the deck's cards to the discard once and stops: no Ravager appears.
    Version 1 and 2 went on reshuffling and discarding the same cards, up to
    31 draws, each logged (and each reshuffle spent the game's random draws)."""
    return options.rules_version >= 3


def debris_flips_after_the_action(options: GameOptions) -> bool:
    """R20: "At any point in your turn when you perform Sequence A, you can
    spend debris ... to flip 1 die in your compartment": also after the
    action, with debris gained during it. Version 4 asks once at the end of
    a Sequence A turn, when the player has debris and a die a flip would
    change (engine/late_flip.py ``LateFlip``). Versions 1-3 offered flips only
    before a die was taken (and on the die in use)."""
    return options.rules_version >= 4


def solo_tie_is_hals(options: GameOptions) -> bool:
    """R19: solo, the player wins only with strictly more VP than Hal ("If
    you have more VP than he does, congratulations!"). Versions 1-3 shared
    the win on a tie (R14, the multiplayer rule)."""
    return options.rules_version >= 4


def no_flip_into_a_dead_end(options: GameOptions) -> bool:
    """A flip (or boost) of the die in use is offered only when the die can
    then be used without flipping it back, which ``no_empty_or_undoing_choices``
    never offers. Versions 2 and 3 counted on that flip back, so a flip could
    leave a die with no use: the turn then ended with the die lost (found by
    version 4's self-play, an advanced solo game)."""
    return options.rules_version >= 4 and not options.ask_stepwise


def no_late_flip_that_changes_nothing(options: GameOptions) -> bool:
    """In the final round a player's turn is their last: no Sequence B comes
    to cost the dice left (B.1), so a late flip (R20) of a reserved die,
    which nobody may buy, changes nothing and is not offered. Version 4
    offered it (and its words now say it changes nothing)."""
    return options.rules_version >= 5


def no_reservation_on_the_last_turn(options: GameOptions) -> bool:
    """The game's last turn (the final round's last player, with no Hal to
    play after): a reservation protects a die from buyers, and nobody plays
    after, so Sequence B's reservations (paid, or free by a boost tile) are
    not asked and the turn ends with B.2. Version 5 asked them (its words
    say a paid one buys nothing), and paying cost a resource the Spes
    exchange would have counted."""
    return options.rules_version >= 6
