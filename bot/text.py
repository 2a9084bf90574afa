"""Words the bot says that do not depend on a game: help, rule summaries, small helpers.

Rule summaries quote the rulebook (``../shared/rules/rulebook-en.txt``) where its
wording is the clearest; each stays well under Discord's 2,000 characters.
"""

from __future__ import annotations

from typing import Any

RULES: dict[str, str] = {
    "turn": (
        "**Your turn** — choose one of two sequences and resolve it step by step.\n"
        "**Sequence A**: 1. play a card around your player board (optional); "
        "2. perform an action with 1 die, on the Black Angel board or on a Mission card in Space; "
        "3. draw a card matching the colour of the die, and put the die in its supply "
        "(advanced rules: draw two, keep one).\n"
        "**Sequence B**: 1. reroll your dice; 2. reset your player board; "
        "3. advance the Black Angel toward Spes.\n"
        "*If you are unable to perform sequence A, you must perform sequence B.*"
    ),
    "cards": (
        "**Playing a card (A.1)** — place a Mission or Ravager card from your hand face down on "
        "one of the six free slots around your player board (rows 1–3, columns A–C). "
        "A **Mission card** activates only the Technology tiles in that row/column of its colour; "
        "a **Ravager card** activates **all** the tiles in that row/column. "
        "Activate them in any order. Advanced Technology tiles are never activated."
    ),
    "dice": (
        "**Dice (A.2)** — use a die from your compartment, or buy one from another player's "
        "compartment for 1 resource paid to its owner (not a reserved die; in a 2-player game a "
        "neutral die is paid to the supply). *Each action is activated as many times as the value "
        "of the die.* Faces: 0 (star), 1, 1, 2, 3, 3; opposite faces differ by 2, so a debris "
        "flips your own die (never a bought one). An action with 2 Damage cubes is damaged: "
        "the die counts 1 less (a 0 stays 0)."
    ),
    "actions": (
        "**Actions on the Black Angel board** (die colour = action colour):\n"
        "1–2 orange / 3–4 gray / 5–6 green, among **Discover Technology** (take tiles from the "
        "display; the first 2 spaces and Advanced tiles cost 2 activations), **Repair** (remove a "
        "Damage cube, it becomes debris: to storage or on a tile's lightning space to activate it), "
        "**Destroy Ravagers** (all the Ravagers at an action go together, into your hand) and "
        "**Command Your Ships** (move one ship up to 1 hex per activation; on a hex of the die's "
        "colour you may then place a Mission card of that colour, and a robot on its reward). "
        "A Ravager on the action: resolve its effect first, or lose 1 VP if you cannot."
    ),
    "ravagers": (
        "**Ravagers appear** — when a Mission card is placed in Space, count the Ravager Ship icons "
        "visible on the adjacent hexes; for each, draw a Ravager card and place it at the action it "
        "shows, then place a Damage cube on that action (or on a die of that colour in the supply). "
        "At most 3 Ravager cards per action; *only the topmost card's permanent effect has any "
        "impact on that action*. An empty Ravager deck triggers the end of the game."
    ),
    "sequence-b": (
        '**Sequence B** (rulebook, Sequence B) — 1. *Reroll your dice*: "You can choose '
        "Sequence B even if you still have dice in your compartment, **BUT** you must lose VP "
        'equal to the total value displayed on those dice." Then roll one die per robot in each '
        'workstation (as many as the supply has); "for each damaged die you must roll, you lose '
        '1 VP". You may reserve one and only one die by spending 1 resource. '
        "2. *Reset your player board*: discard the cards played in the 6 slots around it, move "
        "the debris from your tiles to storage. 3. *Advance the Black Angel*: one space toward "
        "Spes; eject the Mission cards of the 1st Space strip (neutralization missions trigger), "
        "then flip that strip and place it last. Once the end of the game is triggered, skip B.3."
    ),
    "end": (
        "**End of the game** — when the Black Angel arrives on Spes (during a Sequence B) or the "
        "Ravager deck becomes empty (during a Sequence A), *finish the round in progress, and then "
        "play one final round*. In the final round you may pass instead of a required Sequence B. "
        "Scoring: your VP + Advanced Technology tiles (max 4 VP each, +2 per recovered card of the "
        "space's colour for ejected ones); if Spes was reached, every 2 robots/resources/ships "
        "give 1 VP. Most VP wins; ties share the victory (solo, a tie is Hal's: R19)."
    ),
    "two-players": (
        "**2-player game** — a neutral player has a robot in each workstation and its own dice. "
        "Buy its dice by paying the resource to the supply; they cannot be flipped. Each Sequence B "
        "also rerolls the neutral dice that were used or show a star. When a player adds a robot "
        "to a workstation, the neutral robot there leaves the game."
    ),
    "solo": (
        "**Solo against Hal** — you play first, then Hal. He reveals his top card: its top half "
        "after your Sequence A, its bottom half after your Sequence B, names a die colour and an "
        "action; if no die of that colour is available (his, or an unreserved one of yours), he "
        "reads the other half; if neither, he returns an unreserved die of the third colour and "
        "gains 3 VP. *Hal always takes the die of the "
        "greatest value* — yours if it is higher than his (he buys it: you take 1 resource from "
        "the supply); never a reserved die. A star, or an action he cannot perform, gives him 3 "
        "VP. Everything he gains turns into VP by the weights on the back of his top card; each "
        "of his cards ejected from Space gives him 3 VP. With no die left he rolls and (until the "
        "end is triggered) the Black Angel advances. He starts with 0 / 5 / 10 / 15 VP (easy / "
        "standard / difficult / extreme), you with 5, and he scores nothing at the end. "
        "*You win only with strictly more VP than Hal* (a tie is his, R19)."
    ),
    "advanced": (
        "**Advanced rules** — Technology tiles enter the display and your grid *boost side up*. "
        "A boost side's **1x** effect improves one action once, when you perform that action: "
        "then flip the tile to its standard side. Only standard-side tiles are activated by a "
        "card played around your board; you may flip a boost tile early to activate it, and "
        "forfeit its 1x. After an action, *draw two cards of the die's colour and keep one*."
    ),
    "undo": (
        "**Undo** — you may take back your own decisions of the current turn, one at a time, "
        "until a die is rolled, a card is drawn or another player acts. Moderators can roll back "
        "the last action of anyone."
    ),
}

RULE_ALIASES = {
    "sequence": "turn",
    "a": "turn",
    "b": "sequence-b",
    "seqb": "sequence-b",
    "card": "cards",
    "die": "dice",
    "action": "actions",
    "ravager": "ravagers",
    "scoring": "end",
    "score": "end",
    "neutral": "two-players",
    "2p": "two-players",
    "hal": "solo",
    "solitaire": "solo",
    "boost": "advanced",
    "1x": "advanced",
}


def _rule_key(topic: str | None) -> str:
    key = (topic or "").strip().lower()
    return RULE_ALIASES.get(key, key)


def is_rule_topic(topic: str) -> bool:
    return _rule_key(topic) in RULES


def rule_topic(topic: str | None) -> str:
    """A topic's summary; without one (or an unknown one), the list of topics."""
    key = _rule_key(topic)
    if key in RULES:
        return RULES[key]
    return "Rule topics: " + ", ".join(f"`{t}`" for t in RULES)


def help_from_tree(tree: Any) -> str:
    """``/ba help``: every slash command the bot has, read from its command tree
    (so the help cannot name a command that does not exist)."""
    lines = ["**Black Angel** — one game per channel or thread."]
    for top in sorted(tree.get_commands(), key=lambda c: (c.name != "ba", c.name)):
        subs = list(getattr(top, "walk_commands", lambda: [])())
        leaves = [c for c in subs if not hasattr(c, "walk_commands")] or [top]
        if top.name == "ba":
            lines += [f"`/{c.qualified_name}` — {c.description}" for c in leaves]
        else:
            lines.append(
                f"**{top.description}**: " + " · ".join(f"`/{c.qualified_name}`" for c in leaves)
            )
    return clip_message("\n".join(lines), 2000)


def clip(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters with an ellipsis when needed."""
    return text if len(text) <= limit else text[: max(0, limit - 1)] + "…"


def clip_message(text: str, limit: int = 1900, log_hint: str = "`/ba log`") -> str:
    """Keep a message under Discord's 2,000 characters without losing its sense:
    the first lines (what was done) and the last ones (what happens now) stay,
    the lines between are counted and pointed to in the log (``log_hint``)."""
    if len(text) <= limit:
        return text
    lines = text.splitlines()

    def marker(n: int) -> str:
        return f"… {n} more line{'s' if n != 1 else ''} here: {log_hint} shows every move."

    budget = limit - len(marker(len(lines))) - 2
    head: list[str] = []
    tail: list[str] = []
    used = 0
    # the end first (the prompt, the latest moves), then the beginning, a third of the room
    for line in reversed(lines):
        if used + len(line) + 1 > budget * 2 // 3 and tail:
            break
        tail.insert(0, line)
        used += len(line) + 1
    for line in lines[: len(lines) - len(tail)]:
        if used + len(line) + 1 > budget:
            break
        head.append(line)
        used += len(line) + 1
    cut = len(lines) - len(head) - len(tail)
    out = "\n".join(head + [marker(cut)] + tail) if cut else "\n".join(head + tail)
    return out if len(out) <= limit else clip(out, limit)
