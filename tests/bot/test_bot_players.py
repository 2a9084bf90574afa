"""Bot players in the game service (issue 14), driven directly (no Discord):
removed seats, timeouts, bot seats at creation, rollback onto a seat the bot
holds, and the log replaying without a bot. What a user clicks is tested on
SimCord in tests/bot/test_sim_bots.py."""

from __future__ import annotations

import random
import re

import engine
from bot.local.words import parse_new
from bot.service import Actor, botplay
from bot.service.botplay import public_choice
from bot.service.helpers import simplest_option
from bot.service.model import bot_level, bot_user, is_bot
from engine import Action, Decision, Option
from tests.bot.direct import MOD, Direct, decide, start_game
from tests.engine.helpers import RecordedGame

CID = 900
A, B, C = 2001, 2002, 2003
BOT_LINE = re.compile(r"🤖 The bot plays for (Blue|Red|Yellow|Purple): (.+)")
# A card from the hand named in a move (not a card in Space: "Keep their ship
# at 4C: gray alien hex, card: Gray neutralization #34 of Red" is public).
HAND_CARD = re.compile(r": (Play|Discard|Keep|Spend) [^:;,]*#\d+")
# Lines a reply too long for one message leaves out (bot/text.py clip_message).
SKIPPED = re.compile(r"… (\d+) more lines? here")


def bot_lines(texts: list[str]) -> list[str]:
    return [m for t in texts for m in t.splitlines() if m.startswith("🤖")]


async def test_removed_seat_is_played_and_every_move_announced(direct: Direct) -> None:
    svc = direct.svc
    await start_game(svc, CID, [A, B, C], seed=4)
    e = await svc.games.entry(CID)
    seat_b = e.seat_of(B)
    removed = await svc.replace(CID, MOD, seat_b, 0)  # /ba-mod remove
    texts = [removed.text]
    assert "played by the bot (simple)" in removed.text
    rng = random.Random(2)
    before = (await svc.games.entry(CID)).version
    while (await svc.games.entry(CID)).version < before + 60:
        texts.append((await decide(svc, CID, rng)).text)
    e = await svc.games.entry(CID)
    bot_actions = [a for a in await direct.store.get_actions(e.record.id) if a.seat == seat_b]
    lines = bot_lines(texts)
    # every move is announced, or counted in a long reply's "… n more lines here"
    skipped = sum(int(n) for t in texts for n in SKIPPED.findall(t))
    assert bot_actions and len(lines) + skipped >= len(bot_actions)
    name = e.game.name(seat_b)
    for line in lines:
        m = BOT_LINE.fullmatch(line)
        assert m and m.group(1) == name, line
        assert "hidden choice" not in line and not HAND_CARD.search(line), line


async def test_timeout_is_played_by_the_bot_without_throwing_dice_away(direct: Direct) -> None:
    svc = direct.svc
    await start_game(svc, CID, [A, B], seed=3)
    await svc.set_timeout(CID, MOD, 60)
    e = await svc.games.entry(CID)
    seat = e.game.decision.seat
    assert e.game.decision.kind == "turn" and e.game.state.players[seat].dice
    direct.clock.advance(61)
    notes = await svc.tick()
    assert len(notes) == 1
    text = notes[0].text
    assert "Time is up" in text and "the bot (simple) plays their turn" in text
    moves = [m.group(2) for line in text.splitlines() if (m := BOT_LINE.fullmatch(line))]
    assert moves, text
    assert not moves[0].startswith("Sequence B")  # dice in hand: use one, lose no VP
    assert "hidden choice" not in text
    actions = await direct.store.get_actions(e.record.id)
    assert actions[-1].user_id is None  # the bot's move, an ordinary action in the log


async def test_one_person_plays_a_three_player_game_against_two_bots(direct: Direct) -> None:
    svc = direct.svc
    made = await svc.create(CID, Actor(A), 3, bots=2)
    assert made.ok and "with 2 bot players (simple)" in made.text
    svc.seed_source = lambda: 21
    started = await svc.start(CID, Actor(A))
    assert started.ok, started.text
    e = await svc.games.entry(CID)
    bots = [bot_user("simple", 0), bot_user("simple", 1)]
    assert sorted(s.user_id for s in e.seats) == sorted([A, *bots])
    rng = random.Random(1)
    moves = 0
    texts = [started.text]
    while (e := await svc.games.entry(CID)) is not None and not e.game.is_over:
        assert e.user(e.game.decision.seat) == A  # the bots never keep anyone waiting
        texts.append((await decide(svc, CID, rng)).text)
        moves += 1
        assert moves < 2000
    assert "The game is over" in texts[-1]
    rec = (await direct.store.list_games(channel_id=CID, limit=1))[0]
    actions = await direct.store.get_actions(rec.id)
    assert len([a for a in actions if a.user_id is None]) > moves  # two seats out of three
    # Replay never re-runs a bot: the log alone rebuilds the finished game.
    loaded = await direct.store.load_game(rec.id)
    again = engine.replay(
        engine.options_from_json(rec.options),
        rec.seed,
        [Action.from_json(a.action) for a in actions],
    )
    assert again.to_json() == loaded.game.to_json() and again.is_over


async def test_bot_seats_are_refused_where_they_make_no_sense(direct: Direct) -> None:
    svc = direct.svc
    solo = await svc.create(CID, Actor(A), 1, bots=1)
    assert not solo.ok and "Hal" in solo.text
    full = await svc.create(CID, Actor(A), 3, bots=3)
    assert not full.ok and "0 to 2 bots" in full.text
    level = await svc.create(CID, Actor(A), 2, bots=1, bot_level="genius")
    assert not level.ok


async def test_rollback_onto_a_seat_the_bot_now_plays_resumes_bot_play(direct: Direct) -> None:
    svc = direct.svc
    await start_game(svc, CID, [A, B], seed=5)
    rng = random.Random(3)
    e = await svc.games.entry(CID)
    while e.user(e.game.decision.seat) != B:  # until B has a decision
        await decide(svc, CID, rng)
        e = await svc.games.entry(CID)
    await decide(svc, CID, rng)  # B acts ...
    seat_b = e.seat_of(B)
    await svc.replace(CID, MOD, seat_b, 0)  # ... then is removed: the bot holds the seat
    e = await svc.games.entry(CID)
    actions = await direct.store.get_actions(e.record.id)
    last_b = max(i for i, a in enumerate(actions) if a.user_id == B)
    reply = await svc.rollback(CID, MOD)
    assert reply.ok and "rolled back" in reply.text
    # B's action is taken back; the decision is B's seat's, which the bot now holds:
    # it plays on at once, and says so.
    assert "🤖 The bot plays for" in reply.text.split("rolled back", 1)[1]
    actions = await direct.store.get_actions(e.record.id)
    assert actions[last_b].user_id is None and actions[last_b].seat == seat_b
    e = await svc.games.entry(CID)
    assert not is_bot(e.user(e.game.decision.seat))


def test_public_choice_names_what_is_public_and_hides_hand_cards() -> None:
    turn = Decision(
        0,
        "turn",
        "Your turn",
        (
            Option("play:m12", "Play Orange activation #12: ..."),
            Option("die:o3", "Use your orange 3"),
            Option("B", "Sequence B: reroll your dice, reset your board, advance"),
        ),
        secret=True,
    )
    assert public_choice(turn, "play:m12") == "plays a Mission card"
    assert public_choice(turn, "die:o3") == "uses their orange 3"
    assert public_choice(turn, "B").startswith("Sequence B: reroll their dice")
    keep = Decision(0, "keep", "Keep one", (Option("keep:3", "Keep #3"),), secret=True)
    assert public_choice(keep, "keep:3") == "keeps one of the drawn Mission cards"
    action = Decision(0, "use_die", "Use", (Option("action:1", "Action 1: Discover Technology"),))
    assert public_choice(action, "action:1") == "Action 1: Discover Technology"


def test_a_public_move_is_told_in_its_full_text_said_of_the_player() -> None:
    """Not the button's shorthand ("Launch to 3D (gray, R)"): the words the
    turn message lists for everyone, in the third person, on one short line."""
    command = Decision(
        0,
        "command",
        "Command Your Ships",
        (
            Option(
                "launch:3D",
                "Launch to 3D (gray, R)",
                "Launch a new ship to 3D: gray alien hex, 1 Ravager icon, no card yet; "
                "a robot from your break room pilots it",
            ),
            Option(
                "move:1A-1B", "Ship 1A → 1B (gray)", "Ship 1A → 1B: gray alien hex, no card yet"
            ),
            Option("done", "Stop"),
        ),
    )
    assert public_choice(command, "move:1A-1B") == "Ship 1A → 1B: gray alien hex, no card yet"
    assert public_choice(command, "done") == "Stop"  # no detail: the label
    # a line's room holds it whole (the shortening itself: the test below)
    assert public_choice(command, "launch:3D") == (
        "Launch a new ship to 3D: gray alien hex, 1 Ravager icon, no card yet; "
        "a robot from their break room pilots it"
    )
    tile = Decision(
        0,
        "tile",
        "A1",
        (
            Option(
                "to:g",
                "Robot: break room → green workstation",
                "Move a robot from the break room to the green workstation "
                "(you will roll 2 green dice)",
            ),
        ),
    )
    assert public_choice(tile, "to:g") == (
        "Move a robot from the break room to the green workstation (they will roll 2 green dice)"
    )
    repair = Decision(
        0,
        "repair",
        "Repair",
        (
            Option(
                "action:2",
                "Repair action 2 (1 cube)",
                "Remove a cube from action 2, Command Your Ships (1 cube); the cube becomes your debris",
            ),
        ),
    )
    assert public_choice(repair, "action:2") == (  # "Command Your Ships" is a name
        "Remove a cube from action 2, Command Your Ships (1 cube); the cube becomes their debris"
    )
    # a secret decision's public options keep their labels (their details are the decider's)
    turn = Decision(
        0,
        "turn",
        "Your turn",
        (Option("die:o3", "Use your orange 3", "Your orange 3, with your 2 Mission cards"),),
        secret=True,
    )
    assert public_choice(turn, "die:o3") == "uses their orange 3"


def test_a_long_text_is_cut_the_way_a_reader_would() -> None:
    # the first sentence
    assert (
        botplay.brief(
            "Activate Orange activation #10 at 3D, 3 times: Per activation, spend 1 ship to gain 3 VP."
            " You cannot pay for any (no ship): only the card draw follows.",
            room=100,
        )
        == "Activate Orange activation #10 at 3D, 3 times: Per activation, spend 1 ship to gain 3 VP."
    )
    # the asides, last first
    assert (
        botplay.brief(
            "Activate B1: green tile (activate the tile above or below) (flips it from its boost side,"
            " losing its 1x effect: change a green die's colour)",
            room=100,
        )
        == "Activate B1: green tile (activate the tile above or below)"
    )
    assert (
        botplay.brief(
            "Destroy the 1 Ravager at action 1 (costs 1 activation; the card goes to your hand;"
            " top effect: a damage cube on an orange die in the supply)",
            room=100,
        )
        == "Destroy the 1 Ravager at action 1"
    )
    assert (
        botplay.brief(
            "Row 2, from the right: the tile lands on C2; pushes C2 (orange tile (draw 2 Mission"
            " cards, keep 1)) to B2; pushes B2 (Advanced Technology (2 VP per Advanced tile at the"
            " end)) to A2; EJECTS A2 (Starting tile (take 1 resource OR 1 debris))",
            room=100,
        )
        == "Row 2, from the right: the tile lands on C2; pushes C2 to B2; pushes B2 to A2; EJECTS A2"
    )
    # nothing to leave out: a cut in the middle, between whole words
    cut = botplay.brief("word " * 40)
    assert len(cut) <= botplay.PUBLIC_ROOM and cut.startswith("word word") and cut.endswith("word")
    assert " … " in cut and "wor " not in cut
    assert botplay.brief("short (kept)") == "short (kept)"


def test_a_long_move_keeps_its_end_where_it_names_what_it_lands_on() -> None:
    """Before: cut at 100 characters, "… activating it now: Starting tile"
    was lost; after: the middle gives way and the start and the end stay."""
    move = (
        "Repair B2 with 1 resource, removing its debris and the damage cube beside it, then"
        " place the freed robot in the break room, and on B2's lightning space, activating it"
        " now: Starting tile"
    )
    assert len(move) > botplay.PUBLIC_ROOM
    short = botplay.brief(move)
    assert len(short) <= botplay.PUBLIC_ROOM
    assert short.startswith("Repair B2 with 1 resource, removing its debris")
    assert short.endswith("activating it now: Starting tile") and " … " in short


def test_the_fallback_uses_a_die_rather_than_sequence_b() -> None:
    d = Decision(
        0,
        "turn",
        "Your turn",
        (Option("die:y1", "1"), Option("die:o3r", "3"), Option("die:g0", "0"), Option("B", "B")),
        secret=True,
    )
    assert simplest_option(d).id == "die:o3r"
    only_star = Decision(0, "turn", "t", (Option("die:g0", "0"), Option("B", "B")), secret=True)
    assert simplest_option(only_star).id == "B"


def test_bot_seat_ids_carry_their_level() -> None:
    assert [bot_level(bot_user("simple", i), "strong") for i in range(3)] == ["simple"] * 3
    assert bot_level(bot_user("strong", 1), "simple") == "strong"
    assert bot_level(0, "strong") == "strong"  # a removed player's seat: the service's level
    assert is_bot(0) and is_bot(bot_user("strong", 0)) and not is_bot(A)
    g = parse_new(["3", "bots", "2", "strong"])
    assert (g.players, g.bots, g.bot_level) == (3, 2, "strong")
    g = parse_new(["advanced", "bots=1"])
    assert (g.advanced, g.bots, g.bot_level) == (True, 1, "simple")


async def test_local_mode_new_with_bot_seats(tmp_path) -> None:
    from io import StringIO

    from bot.local.session import Local

    out = StringIO()
    local = Local(str(tmp_path / "local.sqlite3"), tmp_path / "img", out, render=False)
    script = "new 3 bots 2\nstart 9\n" + "1\n" * 6 + "quit\n"
    assert await local.run(StringIO(script)) == 0
    text = out.getvalue()
    assert "with 2 bot players (simple)" in text and "The game starts" in text
    assert "bot 1 (simple)" in text and "bot 2 (simple)" in text
    assert "🤖 The bot plays for" in text


def test_a_bots_advanced_tile_is_named_by_what_it_scores() -> None:
    # A hand-played game: "🤖 The bot plays for Yellow: Advanced slot 3 (cost
    # 2): Advanced Technology; at most 4 VP at the end, or 4 + 2 per Mission
    # card …": the line was cut to fit by dropping its aside, and the aside
    # was what the tile scores.
    game = RecordedGame.load("hand5_advanced_3p.json")
    g, _ = game.replay(214)
    assert public_choice(g.decision, "advanced:1") == (
        "Advanced slot 1: Advanced Technology, 2 VP per orange tile in the grid at the end"
    )
