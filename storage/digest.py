"""Digests that chain a game's rows together, so damage is found when it loads.

Every started game carries a digest of its seed and options (``games.digest``).
Action ``n`` carries ``H(d[n-1], n, seat, user, action text)`` with ``d[0]`` the
game's digest, so a row that is flipped, edited to another legal option, deleted
or moved breaks the chain exactly there; ``games.head`` holds ``d[version]``, so
a missing last row is found too. A snapshot at ``seq`` carries
``H(d[seq], seq, state text)``: it is tied to its place in the log.

A game whose early actions were lost to damage (schema 12) has a ``base``: the
version of the snapshot its record starts from. Its chain starts there:
``d[base] = H(d[0], base, base snapshot text)`` (:func:`base_digest`), which is
also the base snapshot's digest, so the seed, the base snapshot and every later
action vouch for one another. A game with base 0 chains exactly as before.

The digests guard against damage (a disk, a bad hand edit), not against an
attacker who can rewrite the database: they are not keyed.

Text columns are hashed as the bytes stored: SQLite can hold bytes that are not
UTF-8, which the SQLite backend reads as :class:`BadText` (never an error), so
such a row can be named and set aside like any other damage.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

from storage.backend import Conn

#: Hex digits kept of each SHA-256 (128 bits: no accidental collision, half the bytes).
DIGEST_HEX = 32


class BadText(str):
    """A TEXT value whose stored bytes are not UTF-8 (read as ``""``; ``raw`` keeps them)."""

    raw: bytes

    def __new__(cls, raw: bytes) -> BadText:
        self = super().__new__(cls, "")
        self.raw = raw
        return self

    def __repr__(self) -> str:
        return f"BadText({self.raw[:40]!r})"


def sqlite_text(raw: bytes) -> str:
    """The SQLite connection's ``text_factory``: UTF-8, else :class:`BadText`."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return BadText(raw)


def text_bytes(text: str | None) -> bytes:
    if text is None:
        return b"\x00null"
    if isinstance(text, BadText):
        return text.raw
    return text.encode("utf-8", "surrogatepass")


def is_bad_text(text: object) -> bool:
    return isinstance(text, BadText)


def _h(kind: bytes, *parts: bytes) -> str:
    h = hashlib.sha256(kind)
    for p in parts:
        h.update(len(p).to_bytes(8, "big"))
        h.update(p)
    return h.hexdigest()[:DIGEST_HEX]


def _int(v: int | None) -> bytes:
    return b"-" if v is None else str(int(v)).encode()


def game_digest(seed: int | None, options: str | None) -> str:
    """``d[0]``: the digest of a started game's seed and options."""
    return _h(b"ba:game:1", _int(seed), text_bytes(options))


def action_digest(
    prev: str, seq: int, seat: int | None, user_id: int | None, action: str | None
) -> str:
    """``d[seq]``, chained to ``prev`` (``d[seq - 1]``)."""
    return _h(
        b"ba:action:1", prev.encode(), _int(seq), _int(seat), _int(user_id), text_bytes(action)
    )


def snapshot_digest(chain: str, seq: int, state: str | None) -> str:
    """The digest of the snapshot at ``seq``, tied to ``chain`` (``d[seq]``)."""
    return _h(b"ba:snapshot:1", chain.encode(), _int(seq), text_bytes(state))


def base_digest(d0: str, base: int, state: str | None) -> str:
    """``d[base]`` of a game whose record starts from its snapshot at ``base``
    (> 0): chained to the seed and options (``d0``) and the snapshot's text."""
    return _h(b"ba:base:1", d0.encode(), _int(base), text_bytes(state))


async def seal_game(db: Conn, game_id: int) -> None:
    """Compute every digest of one game from its rows as they are now (a
    migration, or rows written by a tool that does not know digests)."""
    row = await db.one("SELECT seed, options, status FROM games WHERE id = ?", (game_id,))
    if row is None or row[2] == "lobby":
        return
    d = game_digest(row[0], row[1])
    chain: dict[int, str] = {0: d}
    actions = await db.all(
        "SELECT seq, seat, user_id, action FROM actions WHERE game_id = ? ORDER BY seq",
        (game_id,),
    )
    updates: list[tuple[str, int, int]] = []
    for seq, seat, user_id, action in actions:
        d = action_digest(d, seq, seat, user_id, action)
        chain[seq] = d
        updates.append((d, game_id, seq))
    await db.executemany("UPDATE actions SET digest = ? WHERE game_id = ? AND seq = ?", updates)
    snaps = await db.all("SELECT seq, state FROM snapshots WHERE game_id = ?", (game_id,))
    await db.executemany(
        "UPDATE snapshots SET digest = ? WHERE game_id = ? AND seq = ?",
        [
            (snapshot_digest(chain[seq], seq, state), game_id, seq)
            for seq, state in snaps
            if seq in chain
        ],
    )
    await db.execute("UPDATE games SET digest = ?, head = ? WHERE id = ?", (chain[0], d, game_id))


async def seal_all(db: Conn) -> None:
    """:func:`seal_game` for every started game (the migration that adds digests)."""
    for (game_id,) in await db.all("SELECT id FROM games WHERE status <> 'lobby' ORDER BY id"):
        await seal_game(db, game_id)


def describe_text(text: str | None) -> str:
    """Why a stored JSON text is unusable, or ``""`` if it decodes."""
    import json

    if text is None:
        return "is missing"
    if isinstance(text, BadText):
        return "has bytes that are not UTF-8"
    try:
        json.loads(text)
    except (ValueError, RecursionError):
        return "is not valid JSON"
    return ""


__all__: Sequence[str] = (
    "BadText",
    "action_digest",
    "base_digest",
    "describe_text",
    "game_digest",
    "seal_all",
    "seal_game",
    "snapshot_digest",
    "sqlite_text",
    "text_bytes",
)
