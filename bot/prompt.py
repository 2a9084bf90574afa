"""How a decision is shown: numbered options, full text, short labels, pages.

Pure text, no discord import: the Discord views (bot/views.py) and the local
terminal mode (bot/local.py) both show a decision through these functions, so
the numbers on buttons, in select menus, in the message and on the board image
(renderer/marks.py) are always the same: option ``i`` of the decision is
number ``i + 1`` everywhere.

Nothing is cut: every option's full text (``Option.detail``) is listed in the
message, page by page; only buttons and select menus carry the short label
(``Option.label``), clipped to Discord's limits if a label were ever too long.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine import Option

# Discord's limits (https://discord.com/developers/docs/resources/message,
# .../interactions/message-components).
BUTTON_LABEL = 80
SELECT_LABEL = 100
SELECT_DESCRIPTION = 100
SELECT_PLACEHOLDER = 150
EMBED_DESCRIPTION = 4096
EMBED_TITLE = 256
EMBED_TOTAL = 6000  # all embeds of one message together
EMBEDS_PER_MESSAGE = 10
MESSAGE = 2000

BUTTONS_MAX = 15  # 3 rows of 5 buttons; more options go in select menus
SELECT_MAX = 25
SELECTS_PER_PAGE = 4  # rows 0-3; row 4 holds tools and page buttons
PER_PAGE = SELECT_MAX * SELECTS_PER_PAGE
# Room left in a message's embeds for the option lines, after a title and
# a footer ("Page 2 of 3 …").
TEXT_BUDGET = EMBED_TOTAL - EMBED_TITLE - 200


def clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: max(0, limit - 1)] + "…"


def number(i: int) -> str:
    """The printed number of option index ``i`` (0-based)."""
    return str(i + 1)


def button_label(i: int, option: Option) -> str:
    return clip(f"{number(i)}. {option.label}", BUTTON_LABEL)


def select_label(i: int, option: Option) -> str:
    return clip(f"{number(i)}. {option.label}", SELECT_LABEL)


def select_description(option: Option) -> str | None:
    """What the label leaves out, as far as a select description goes."""
    if option.text == option.label:
        return None
    return clip(option.text, SELECT_DESCRIPTION)


def option_line(i: int, option: Option) -> str:
    """The full text of one option, numbered: '**3.** …'. Never cut (a
    detail longer than an embed description cannot exist: the engine writes
    a few hundred characters at most; still, cap it at a page's budget)."""
    return clip(f"**{number(i)}.** {option.text}", EMBED_DESCRIPTION - 10)


def plain_line(i: int, option: Option) -> str:
    """The same line for a terminal (no Markdown), with the option id."""
    return f"{number(i):>3}. {option.text}   [{option.id}]"


@dataclass(frozen=True, slots=True)
class Page:
    start: int  # first option index on this page
    stop: int  # one past the last


def pages(options: Sequence[Option]) -> list[Page]:
    """Split the options into pages whose numbered full text fits one
    message's embeds and whose components fit (15 buttons, else 4 selects
    of 25). One page when everything fits."""
    n = len(options)
    if n == 0:
        return [Page(0, 0)]
    out: list[Page] = []
    start, used = 0, 0
    for i, o in enumerate(options):
        size = len(option_line(i, o)) + 1
        full = i - start >= PER_PAGE or used + size > TEXT_BUDGET
        if full and i > start:
            out.append(Page(start, i))
            start, used = i, 0
        used += size
    out.append(Page(start, n))
    return out


def uses_buttons(options: Sequence[Option]) -> bool:
    return len(options) <= BUTTONS_MAX and len(pages(options)) == 1


def page_chunks(options: Sequence[Option], page: int = 0) -> list[str]:
    """The option lines of one page, packed into embed descriptions (each at
    most EMBED_DESCRIPTION characters; together within TEXT_BUDGET)."""
    all_pages = pages(options)
    p = all_pages[min(max(0, page), len(all_pages) - 1)]
    chunks: list[str] = []
    current = ""
    for i in range(p.start, p.stop):
        line = option_line(i, options[i])
        if current and len(current) + 1 + len(line) > EMBED_DESCRIPTION:
            chunks.append(current)
            current = line
        else:
            current = f"{current}\n{line}" if current else line
    if current:
        chunks.append(current)
    return chunks[:EMBEDS_PER_MESSAGE]


#: What the image beside a list of options is: drawn with them ("shown"), still
#: being drawn ("coming": a click within a turn is answered before its image,
#: bot/service/drawing.py), or not there ("none"); "answered": the list stays
#: on a turn message a newer one followed, its buttons gone.
IMAGE_STATES = ("shown", "coming", "none", "answered")


def page_footer(options: Sequence[Option], page: int, image: str = "none") -> str:
    """Where this page is in the list, and what the numbers match: the image
    only when it is beside them, drawn for these options."""
    total = len(pages(options))
    p = pages(options)[min(max(0, page), total - 1)]
    where = f"Options {p.start + 1}–{p.stop} of {len(options)}"
    if total > 1:
        where += f" · page {min(max(0, page), total - 1) + 1} of {total}"
    if image == "answered":  # no buttons left to match
        return where + " · answered below"
    if any(o.marks for o in options):
        if image == "shown":
            return where + " · the numbers match the buttons and the image"
        if image == "coming":
            return where + " · the numbers match the buttons (their image is being drawn)"
    return where + " · the numbers match the buttons"


def terminal_lines(options: Sequence[Option]) -> list[str]:
    """Every option, numbered, full text: the local mode's listing."""
    return [plain_line(i, o) for i, o in enumerate(options)]
