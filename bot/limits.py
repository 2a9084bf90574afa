"""The limits of the numbers people type (issue 24), shared by the slash commands
(Discord refuses a number outside them before the bot sees it) and the service
(which refuses them again, naming the limit, for every front end).

Every game moves on by itself: a turn waits at most its timeout (the game's, else
the server's, else :data:`DEFAULT_TIMEOUT_HOURS`), plus the player's quiet
hours (:mod:`bot.quiet`); after :data:`TIMEOUTS_BEFORE_BOT` timeouts in a row
the bot takes the seat until its player joins again.
"""

from __future__ import annotations

#: The turn timeout of a game when neither the game nor the server sets one.
DEFAULT_TIMEOUT_HOURS = 48
#: The longest turn timeout (30 days) and the shortest (a minute).
MAX_TIMEOUT_HOURS = 30 * 24
MAX_TIMEOUT_MINUTES = MAX_TIMEOUT_HOURS * 60
#: The longest interval between turn reminders (a week).
MAX_REMINDER_MINUTES = 7 * 24 * 60
#: Turn timeouts in a row after which the bot takes the seat (announced).
TIMEOUTS_BEFORE_BOT = 3


def hours_text(minutes: int) -> str:
    """90 -> "1 h 30 min", 2880 -> "48 h", 45 -> "45 min"."""
    h, m = divmod(minutes, 60)
    if not h:
        return f"{m} min"
    return f"{h} h" + (f" {m} min" if m else "")


def check_timeout_minutes(minutes: int) -> str | None:
    """Why a turn timeout of ``minutes`` is refused (None: it is fine; 0 means
    the default and is fine)."""
    if minutes < 0 or minutes > MAX_TIMEOUT_MINUTES:
        return (
            f"A turn timeout is 1 to {MAX_TIMEOUT_MINUTES} minutes ({MAX_TIMEOUT_HOURS} h, "
            "30 days), or 0 for the default."
        )
    return None


def check_timeout_hours(hours: int) -> str | None:
    """Why a turn timeout of ``hours`` is refused (0: the default)."""
    if hours < 0 or hours > MAX_TIMEOUT_HOURS:
        return f"A turn timeout is 1 to {MAX_TIMEOUT_HOURS} hours (30 days), or 0 for the default."
    return None


def check_reminder_minutes(minutes: int) -> str | None:
    """Why a reminder interval of ``minutes`` is refused (0 is off or the default)."""
    if minutes < 0 or minutes > MAX_REMINDER_MINUTES:
        return f"Reminders are every 1 to {MAX_REMINDER_MINUTES} minutes (a week), or 0."
    return None
