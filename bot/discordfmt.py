"""How the service's words name people, times and commands on Discord."""

from __future__ import annotations

from typing import Any

from bot.service.model import bot_name, is_bot


class DiscordFmt:
    """Mentions and Discord's relative timestamps; display names seen so far."""

    def __init__(self, client: Any = None) -> None:
        self.client = client
        self.names: dict[int, str] = {}

    def see(self, user: Any) -> None:
        name = getattr(user, "display_name", None) or getattr(user, "name", None)
        if isinstance(name, str) and isinstance(getattr(user, "id", None), int):
            self.names[user.id] = name

    def mention(self, user_id: int) -> str:
        return bot_name(user_id) if is_bot(user_id) else f"<@{user_id}>"

    def name(self, user_id: int) -> str:
        if is_bot(user_id):
            return bot_name(user_id)
        if user_id in self.names:
            return self.names[user_id]
        user = self.client.get_user(user_id) if self.client is not None else None
        if user is not None:
            self.see(user)
            return self.names.get(user_id, str(user_id))
        return f"player {str(user_id)[-4:]}" if user_id else "the bot"

    def when(self, ts: float) -> str:
        return f"<t:{int(ts)}:R>"

    def date(self, ts: float) -> str:
        """A past day, in each reader's own time zone (``/ba history``)."""
        return f"<t:{int(ts)}:d>"

    def command(self, name: str) -> str:
        """``join`` -> `/ba join`; ``mod end`` -> `/ba-mod end`; ``server`` -> `/ba-server`."""
        head, _, rest = name.partition(" ")
        if head in ("mod", "server"):
            return f"`/ba-{head}{' ' + rest if rest else ''}`"
        return f"`/ba {name}`"
