"""``python -m bot --local`` transcripts: solo difficulty, bare option ids and
numbers, one-line errors, restarts that show the pending decision and keep
numbering images, the final board after the end."""

from __future__ import annotations

import asyncio
import os
import tempfile
from io import StringIO
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.local.session import LOCAL_HELP, Local
from bot.local.words import short_path

SEED = "3"


async def run(tmp_path: Path, *lines: str, render: bool = False) -> str:
    """One terminal session on the test's database; the transcript."""
    out = StringIO()
    local = Local(str(tmp_path / "local.sqlite3"), tmp_path / "img", out, render=render)
    assert await local.run(StringIO("\n".join(lines) + "\n")) == 0
    return out.getvalue()


def after(transcript: str, command: str) -> str:
    """What the session printed for `command` (up to the next command)."""
    part = transcript.split(f"> {command}\n", 1)[1]
    return part.split("\n> ", 1)[0]


def images(tmp_path: Path) -> list[str]:
    return sorted(p.name for p in (tmp_path / "img").iterdir())


# --------------------------------------------------------------------------- solo difficulty


async def test_new_1_extreme_starts_hal_on_15_vp(tmp_path: Path) -> None:
    t = await run(tmp_path, "new 1 extreme", f"start {SEED}", "scores")
    assert "against Hal (extreme: he starts on 15 VP" in after(t, "new 1 extreme")
    assert "Hal: 15 VP" in after(t, "scores")


async def test_new_1_without_difficulty_is_standard(tmp_path: Path) -> None:
    t = await run(tmp_path, "new 1", f"start {SEED}", "scores")
    assert "standard: he starts on 5 VP" in after(t, "new 1")
    assert "Hal: 5 VP" in after(t, "scores")


async def test_difficulty_words_in_any_order(tmp_path: Path) -> None:
    t = await run(tmp_path, "new difficult advanced 1", f"start {SEED}", "scores")
    assert "difficult: he starts on 10 VP; advanced rules" in t
    assert "Hal: 10 VP" in after(t, "scores")


async def test_a_difficulty_without_solo_is_refused_and_creates_nothing(tmp_path: Path) -> None:
    t = await run(tmp_path, "new 2 extreme", "new 2 bogus", "join bob")
    assert "✖ Hal's difficulty is for solo games only" in after(t, "new 2 extreme")
    assert "I don't know `bogus`" in after(t, "new 2 bogus")
    assert "There is no game in this channel" in after(t, "join bob")


def test_help_mentions_difficulty_and_bare_options() -> None:
    assert "easy|standard|difficult|extreme" in LOCAL_HELP
    assert "starting VP" in LOCAL_HELP
    assert "die:o3:action:1" in LOCAL_HELP


# --------------------------------------------------------------------------- answering


async def test_bare_option_ids_and_numbers_both_play(tmp_path: Path) -> None:
    t = await run(tmp_path, "new 1", f"start {SEED}", "die:o3:action:1", "1", "bogus-word")
    assert "Blue performs action 1, Discover Technology" in after(t, "die:o3:action:1")
    assert "1. Take no more tiles   [done]" in after(t, "die:o3:action:1")
    assert "Blue draws an orange Mission card." in after(t, "1")  # option 1: no more tiles
    assert "✖" not in after(t, "die:o3:action:1") + after(t, "1")
    assert "Unknown command `bogus-word` (and not one of the options now)" in after(t, "bogus-word")


async def test_a_choice_that_does_nothing_visible_is_echoed_in_the_third_person(
    tmp_path: Path,
) -> None:
    """Ending the turn without a flip has no event of its own: the choice is
    echoed, of the seat by name ("their", not "your"), as the bot's moves are."""
    t = await run(tmp_path, "new 2", "join bob", "start 1", "1", "1", "1", "1", "done")
    assert "Before your turn ends: flip a die" in t  # the prompt speaks to the player
    echo = after(t, "done").splitlines()[0]
    assert echo == "Blue chooses: End their turn, flipping nothing.", echo  # a sentence


async def test_a_bare_id_that_is_not_an_option_now_changes_nothing(tmp_path: Path) -> None:
    t = await run(tmp_path, "new 1", f"start {SEED}", "action:1", "log")
    assert "Unknown command `action:1` (and not one of the options now)" in after(t, "action:1")
    assert "takes" not in after(t, "log")


# --------------------------------------------------------------------------- errors


async def test_a_long_path_is_quoted_by_its_end_where_the_file_name_is(tmp_path: Path) -> None:
    folder = tmp_path / ("nested-" * 12)
    folder.mkdir()
    bad = folder / "my-game-export.json"
    bad.write_text("{not json")
    assert len(str(bad)) > 80
    t = await run(tmp_path, f"import {bad}", f"import {folder / 'gone.json'}")
    line = after(t, f"import {bad}")
    assert line.startswith("✖ …") and "my-game-export.json is not a game export" in line, line
    assert str(bad) not in line  # cut, at its start
    gone = after(t, f"import {folder / 'gone.json'}")
    assert gone.startswith("✖ No such file: …") and "gone.json" in gone, gone


async def test_every_mistake_gets_one_friendly_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    t = await run(
        tmp_path,
        "new 1",
        f"start {SEED}",
        "import nowhere.json",
        "end",
        "import nowhere.json",
        f"import {bad}",
        "log abc",
        "wait nan",
        "wait inf",
        "wait -3",
        "wait soon",
        "start abc",
        "reminder abc",
        "replace x bob",
        "import",
    )
    assert "unexpected error" not in t and "Traceback" not in t
    running = after(t, "import nowhere.json")
    assert running.startswith("✖ Game #1 (running) is still open here")
    rest = t.split("> end\n", 1)[1]
    assert after(rest, "import nowhere.json").startswith("✖ No such file: nowhere.json")
    # the path as shown: whole, or its end when it is long (the test above)
    assert after(t, f"import {bad}").startswith(f"✖ {short_path(str(bad))} is not a game export")
    assert after(t, "log abc").startswith("✖ Usage: log [page number]")
    for w in ("wait nan", "wait inf", "wait -3", "wait soon"):
        assert after(t, w).startswith("✖ Usage: wait <minutes>"), w
    assert after(t, "start abc").startswith("✖ Usage: start [seed number]")
    assert after(t, "reminder abc").startswith("✖ Usage: reminder <minutes, 0 = off>")
    assert after(t, "replace x bob").startswith("✖ Usage: replace <seat number 1-4>")
    assert after(t, "import").startswith("✖ Usage: import <file")


async def test_wait_nan_leaves_the_clock_usable(tmp_path: Path) -> None:
    t = await run(tmp_path, "new 2", "join bob", f"start {SEED}", "wait nan", "wait 800")
    assert "Reminder 1/" in after(t, "wait 800")


async def test_an_export_imports_back_after_the_game_ends(tmp_path: Path) -> None:
    exported = tmp_path / "game.json"
    t = await run(
        tmp_path,
        "new 1",
        f"start {SEED}",
        "die:o3:action:1",
        "end",
        f"export {exported}",
        f"import {exported}",
    )
    out = after(t, f"import {exported}")
    assert "Imported as game #2 (running)" in out
    assert "Discover Technology: 3 activations left" in out  # the pending decision
    assert "[done]" in out


async def test_the_end_is_told_once_with_the_scores(tmp_path: Path) -> None:
    """Before: "The game is over. Blue wins with 25 VP." (the engine's log
    line) stood above "🏁 The game is over: …" and the scores; now only the latter."""
    t = await run(tmp_path, "new 2 bots 1", f"start {SEED}", *["1"] * 400)
    assert t.lower().count("game is over") == 1, t[-1500:]
    end = t[t.index("🏁") :]
    assert "🏆 " in end and "Winner: " in end and " VP (" in end


# --------------------------------------------------------------------------- restarts


async def test_a_restart_shows_the_pending_decision_and_its_options(tmp_path: Path) -> None:
    await run(tmp_path, "new 1", f"start {SEED}", "die:o3:action:1")
    t = await run(tmp_path, "quit")
    assert "Game #1 (running) continues" in t
    assert "➡️ Blue (@host): Discover Technology: 3 activations left" in t
    assert "1. Take no more tiles   [done]" in t


def numbers(names: list[str]) -> list[int]:
    return [int(n.split("-", 1)[0]) for n in names]


async def test_image_numbers_continue_after_a_restart(tmp_path: Path) -> None:
    await run(tmp_path, "new 1", f"start {SEED}", "board", render=True)
    first = images(tmp_path)
    assert numbers(first) == list(range(1, len(first) + 1)) and "002-" not in first[0]
    assert any(n.endswith("-board.png") for n in first)
    before = {n: (tmp_path / "img" / n).read_bytes() for n in first}
    await run(tmp_path, "board", "hand", render=True)
    now = images(tmp_path)
    added = [n for n in now if n not in before]
    assert numbers(now) == list(range(1, len(now) + 1))  # no gap, no reuse
    assert min(numbers(added)) == len(first) + 1
    assert any(n.endswith("-board.png") for n in added)
    assert any(n.endswith("-my-board.png") for n in added)
    for name, data in before.items():  # nothing overwritten
        assert (tmp_path / "img" / name).read_bytes() == data


async def test_a_stray_file_with_the_next_number_is_not_overwritten(tmp_path: Path) -> None:
    (tmp_path / "img").mkdir()
    (tmp_path / "img" / "007-notes.png").write_bytes(b"mine")
    await run(tmp_path, "new 1", f"start {SEED}", render=True)
    now = images(tmp_path)
    assert now[0] == "007-notes.png" and numbers(now)[1:] == list(range(8, 7 + len(now)))
    assert (tmp_path / "img" / "007-notes.png").read_bytes() == b"mine"


# --------------------------------------------------------------------------- bounded input (issue 24)

RAW_ERROR = "unexpected error"


async def test_numbers_beyond_their_limits_are_named(tmp_path: Path) -> None:
    big = "9" * 20
    t = await run(
        tmp_path,
        "new 2",
        "join bob",
        f"start {big}",
        f"start {SEED}",
        f"reminder {big}",
        f"timeout {big}",
        "log " + "9" * 4000,
        f"replace {big} carol",
        "wait 1e300",
        "new 99999 bots 9999",
    )
    assert RAW_ERROR not in t
    assert "at most 9,223,372,036,854,775,807" in after(t, f"start {big}")
    assert "at most 525,600" in after(t, f"reminder {big}")
    assert "at most 525,600" in after(t, f"timeout {big}")
    assert "at most 1,000,000" in t and "characters)" in t  # the 4,000 digits are not echoed
    assert "at most 4" in after(t, f"replace {big} carol")
    assert "at most 525,600 minutes" in after(t, "wait 1e300")
    assert "too many: 1-4 players" in after(t, "new 99999 bots 9999")


async def test_file_names_and_files_that_cannot_be_used(tmp_path: Path) -> None:
    nested = tmp_path / "nested.json"
    nested.write_text("[" * 1000 + "]" * 1000)
    latin = tmp_path / "latin1.json"
    latin.write_bytes(b'{"format": "\xe9"}')
    t = await run(
        tmp_path,
        "new 2",
        "join bob",
        f"start {SEED}",
        "export 'bad\x00name.json'",
        "end",
        "import /dev/zero",
        f"import {nested}",
        f"import {latin}",
        "import 'bad\x00name.json'",
    )
    assert RAW_ERROR not in t
    assert "cannot contain a NUL character; nothing written" in t
    assert "/dev/zero is larger than 5 MiB" in after(t, "import /dev/zero")
    assert "nested" in after(t, f"import {nested}")
    assert "not UTF-8" in after(t, f"import {latin}")
    assert "cannot contain a NUL character." in t
    assert not list(tmp_path.glob("bad*"))


async def test_an_overlong_line_is_skipped_whole_and_the_next_one_runs(tmp_path: Path) -> None:
    t = await run(tmp_path, "new 2", "join " + "x" * 5_000_000, "join bob")
    assert RAW_ERROR not in t
    assert "That line is 5,000,005 characters long; a command is at most 4,096" in t
    assert "@bob joins (2/2)" in after(t, "join bob")
    assert "xxxx" not in t  # not echoed


WORDS = [
    "new", "join", "leave", "colour", "start", "options", "play", "undo", "board", "hand",
    "log", "scores", "rules", "as", "pause", "resume", "end", "rollback", "repair", "export",
    "import", "replace", "remove", "reminder", "timeout", "mute", "wait", "tick", "help",
    "bots", "advanced", "1", "2", "4", "0", "-1", "1e400", "nan", str(2**63), "9" * 30,
    "bob", "'", '"', "\x00", "é", "/dev/zero", "/", "red",
]  # fmt: skip


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(
        st.lists(
            st.sampled_from(WORDS) | st.text(max_size=12) | st.integers().map(str),
            min_size=1,
            max_size=5,
        ).map(" ".join),
        min_size=1,
        max_size=12,
    )
)
def test_fuzzed_sessions_never_give_a_raw_error(lines: list[str]) -> None:
    """Random command lines (a game started first so play commands have a target)."""
    lines = [ln.replace("\n", " ").replace("\r", " ") for ln in lines if ln.strip() != "quit"]
    lines = [ln for ln in lines if ln.split(" ", 1)[0].lower() not in ("quit", "exit", "q")]
    here = os.getcwd()
    with tempfile.TemporaryDirectory() as tmp:
        os.chdir(tmp)  # `export <name>` writes where the session runs: never the worktree
        try:
            t = asyncio.run(run(Path(tmp), "new 2", "join bob", f"start {SEED}", *lines))
        finally:
            os.chdir(here)
    assert RAW_ERROR not in t, t[-2000:]


# --------------------------------------------------------------------------- history, ratings, replay


async def test_history_stats_leaderboard_and_a_replay_file(tmp_path: Path) -> None:
    """A hot-seat game played to the end with option 1, then what issue 28 adds;
    a second session with images writes the replay GIF to the images folder."""
    moves = ["1"] * 400  # more than the game needs; the extra ones are refused
    t = await run(tmp_path, "new 2", "join bob", f"start {SEED}", *moves, "history")
    listed = after(t, "history")
    assert "• #1 " in listed and "2 players" in listed and "🏆" in listed
    assert "<#" not in listed  # Discord's channel link: the terminal is one channel
    big = "9" * 30
    t = await run(
        tmp_path,
        "stats bob",
        "stats host",
        "leaderboard",
        "replay 1 0",
        f"replay {big}",
        "replay 7",
    )
    assert "at most 9,223,372,036,854,775,807" in after(t, f"replay {big}")
    assert "There is no game #7" in after(t, "replay 7")
    bob, host = after(t, "stats bob"), after(t, "stats host")
    assert "1 finished game" in bob and "1 finished game" in host
    assert ("1 won" in bob) != ("1 won" in host) or "🏆 @bob" in listed and "🏆 @host" in listed
    board = after(t, "leaderboard")
    assert "1. @" in board and "2. @" in board and "not rated" in board
    assert "Turn 0/" in after(t, "replay 1 0")
    t = await run(tmp_path, "replay", render=True)
    assert "frames, one per turn" in after(t, "replay")
    gif = [p for p in (tmp_path / "img").iterdir() if p.name.endswith("replay-1.gif")]
    assert len(gif) == 1 and gif[0].read_bytes()[:6] == b"GIF89a"


async def test_a_secret_decision_shows_its_whole_prompt_to_the_hot_seat(tmp_path: Path) -> None:
    # The public line says what is being chosen, of the player ("is choosing… (their turn)");
    # the deciding player reads all of it, as "Show my choices" shows it on Discord.
    t = await run(tmp_path, "new 1", f"start {SEED}")
    assert "is choosing… (their turn)" in t
    assert (
        "(only host should look) Your turn: Sequence A (play a card / take a die) or "
        "Sequence B (reroll, reset, advance)." in t
    ), t


async def test_hand_by_a_seat_colour_and_of_a_bot_seat(tmp_path: Path) -> None:
    """A tester typed `hand Yellow` (their own colour) and `hand bot 1` and
    read "You are not playing in this game", Discord's answer to an asker
    who has no seat; here the command names someone. A colour names its
    player; a bot seat's hand stays hidden."""
    t = await run(
        tmp_path,
        "new 3 bots 2 simple",
        f"start {SEED}",
        "hand host",
        "hand yellow",
        "hand Blue",
        "hand bot",
    )
    mine = after(t, "hand host")
    assert "**Your hand** (Yellow)" in mine  # host plays Yellow on this seed
    assert after(t, "hand yellow") == mine
    assert after(t, "hand Blue").strip() == (
        "✖ Blue is a bot seat: its hand stays hidden; `board blue` shows its player board."
    )
    assert after(t, "hand bot").strip() == (
        "✖ 'bot' is not a seated player: `hand` takes one of host (Yellow)."
    )


async def test_times_read_as_a_person_says_them(tmp_path: Path) -> None:
    """Before: "auto-play in 48.0 h", "the lobby closes in 168.0 h"."""
    t = await run(tmp_path, "new 2", "join bob", f"start {SEED}")
    assert "the lobby closes in 7 days." in after(t, "new 2")
    assert "— auto-play in 48 h" in after(t, f"start {SEED}")
    assert ".0 h" not in t


# --------------------------------------------------------------------------- found by playing


async def test_cancel_closes_the_lobby_as_new_tells_the_host(tmp_path: Path) -> None:
    """`new` says "(or cancels it with `cancel`)": the terminal has that command."""
    t = await run(tmp_path, "new 2", "cancel", "new 1")
    assert "cancels it with `cancel`" in after(t, "new 2")
    assert "Unknown command" not in after(t, "cancel")
    assert "New solo Black Angel game" in after(t, "new 1")  # the channel is free again
    assert "cancel" in LOCAL_HELP


async def test_mute_takes_on_or_off_and_nothing_else(tmp_path: Path) -> None:
    """A word `mute` does not know was read as "off" and turned pings back on."""
    t = await run(tmp_path, "new 1", f"start {SEED}", "mute", "mute maybe", "mute off")
    assert "muted" in after(t, "mute").lower()
    maybe = after(t, "mute maybe")
    assert maybe.startswith("✖ Usage: mute [on|off]") and "`maybe`" in maybe
    assert "back on" in after(t, "mute off")


async def test_an_unknown_rule_topic_is_said_to_be_unknown(tmp_path: Path) -> None:
    t = await run(tmp_path, "rules", "rules foo", "rules dice")
    assert after(t, "rules").startswith("Rule topics: `turn`")
    assert after(t, "rules foo").startswith("✖ There is no rule topic `foo`. Rule topics: `turn`")
    assert "foo" not in after(t, "rules dice")


async def test_bot_seats_are_named_without_an_at_sign(tmp_path: Path) -> None:
    """'@' marks a person (a Discord mention); a bot seat reads "Red (bot 1
    (simple))" as on Discord, not "Red (@bot 1 (simple))" nor "@the bot"."""
    t = await run(
        tmp_path, "new 2 bots 1", f"start {SEED}", "remove 1", "remove 2", "remove 2", "scores"
    )
    assert "(bot 1 (simple))" in after(t, f"start {SEED}")
    assert "(the bot)" in after(t, "scores")
    assert "@bot" not in t and "@the bot" not in t


async def test_a_replay_of_one_turn_says_one_frame(tmp_path: Path) -> None:
    t = await run(tmp_path, "new 1", f"start {SEED}", "replay")
    assert after(t, "replay").endswith("\n1 frame (images are off).\n")


async def test_acting_as_someone_without_a_seat_is_told_at_once(tmp_path: Path) -> None:
    """`as carol` in a game carol does not play: said when typed, not later as
    a bare "You are not playing in this game." to whoever types `1`."""
    t = await run(tmp_path, "new 2", "join bob", f"start {SEED}", "as carol", "as Bob", "as auto")
    carol = after(t, "as carol")
    assert carol.startswith("Acting as carol.\n✖ carol has no seat in this game")
    assert "Seated: " in carol and "host (" in carol and "bob (" in carol and "`as auto`" in carol
    assert after(t, "as Bob") == "Acting as Bob."


async def test_a_number_with_more_words_plays_nothing(tmp_path: Path) -> None:
    """`2 3` played option 2 and dropped the 3 unsaid."""
    t = await run(tmp_path, "new 1", f"start {SEED}", "2 3", "log")
    two_three = after(t, "2 3")
    assert two_three.startswith("✖ Usage: ") and "one option" in two_three
    assert "Blue" not in after(t, "log")  # nothing was played


async def test_hand_names_a_person_in_any_case(tmp_path: Path) -> None:
    """`join bob` then `hand Bob`: one person (names are one id in any case), so
    their hand, not "'Bob' is not a seated player"."""
    t = await run(tmp_path, "new 2", "join bob", f"start {SEED}", "hand Bob", "hand HOST")
    assert "**Your hand**" in after(t, "hand Bob") and "**Your hand**" in after(t, "hand HOST")


async def test_an_options_words_typed_bare_point_to_play(tmp_path: Path) -> None:
    """Typing an option's words without `play` was told "not one of the options
    now" although it was one: it points to `play <words>` (and plays nothing)."""
    t = await run(tmp_path, "new 1", f"start {SEED}", "1", "Take 1 robot", "log")
    bare = after(t, "Take 1 robot")
    assert bare.startswith("✖ Unknown command `Take`")
    assert "`play Take 1 robot`" in bare and "not one of the options" not in bare
    assert "robot (tile" not in after(t, "log")


async def test_after_the_end_a_move_is_told_the_game_is_over(tmp_path: Path) -> None:
    """After the end, `1`, `undo` and `options` said "There is no game running in
    this channel." as if there had been none; they say the game is over, and
    what can be done now."""
    t = await run(tmp_path, "new 2 bots 1", f"start {SEED}", *["1"] * 400, "undo", "options")
    assert "🏁" in t
    over = "✖ Game #1 in this channel is over: `scores` shows how it ended; `new` starts another."
    assert after(t, "undo") == over and after(t, "options").rstrip() == over
    assert t.split("🏁", 1)[1].split("> 1\n", 2)[1].startswith(over)
    assert "There is no game running" not in t


async def test_a_name_keeps_its_first_spelling(tmp_path: Path) -> None:
    """`join HOST` (refused: host is seated) renamed host to "HOST" in every
    line after; one person, one name, as first written."""
    t = await run(tmp_path, "new 2", "join HOST", "join Bob", "as BOB", "join bob", "start 3")
    assert "already in this lobby" in after(t, "join HOST")
    start = after(t, "start 3")
    assert "(@host)" in start and "(@Bob)" in start
    assert "HOST" not in start and "BOB" not in start


async def test_a_question_mark_is_help(tmp_path: Path) -> None:
    t = await run(tmp_path, "?")
    assert after(t, "?").rstrip() == LOCAL_HELP


async def test_the_hand_after_the_end_gives_the_final_total_too(tmp_path: Path) -> None:
    """After "Red (@host): 8 VP (5 on the track + 3 from the Spes exchange)", the
    hand said "VP 5" alone; it says both, as the board images now do."""
    t = await run(tmp_path, "new 2 bots 1", f"start {SEED}", *["1"] * 400, "hand")
    assert "Red (@host): 8 VP (5 on the track + 3 from the Spes exchange)" in t
    assert after(t, "hand").rstrip().endswith("VP 5 on the track, 8 in all at the end")


async def test_the_board_of_an_ended_game_says_it_was_ended(tmp_path: Path) -> None:
    """After `end`, `board` read "Round 1 — game #1" as if it were still played."""
    t = await run(tmp_path, "new 2", "join bob", f"start {SEED}", "1", "end", "board")
    assert after(t, "board").startswith(
        "Board of game #1 as it stood when it was ended (round 1). `scores` shows the scores then."
    )


async def test_board_of_a_seat_shows_its_public_player_board(tmp_path: Path) -> None:
    """Every player board is public at the table (grid, boost sides, Advanced
    slots, tucked Missions, ejected tiles); only the hand is hidden. `hand`
    shows one's own board and refuses a bot seat's, so an opponent's Advanced
    tiles could not be looked at (found playing against a bot seat). `board
    <colour|name>` shows a seat's board, a bot's too; never a hand card."""
    t = await run(
        tmp_path,
        "new 3 bots 2 simple",
        f"start {SEED}",
        "board Blue",
        "board bot 1 (simple)",
        "board host",
        "board nobody",
        render=True,
    )
    blue = after(t, "board Blue")
    assert "**Blue (bot 1 (simple))'s player board** (public; the hand stays hidden):" in blue
    assert "Mission and" in blue and "Ravager cards in hand (hidden)" in blue
    assert "#" not in blue  # no card of the hand is named
    assert blue.rstrip().endswith("-player-board.png")
    assert after(t, "board bot 1 (simple)").split("\n")[0] == blue.split("\n")[0]
    assert "**Yellow (@host)'s player board**" in after(t, "board host")
    assert after(t, "board nobody").strip().startswith("✖ 'nobody' is not a seat: `board` takes")
