"""What each bot is called in the reader's language (balance notes, the CLI and the app).

A bot spec (polis.bots.registry) is `name[:level]`; people know the bots by their
level: random, easy (the greedy bot), quick, normal, strong.
"""

from __future__ import annotations

import gettext

from polis.i18n import NP_

BOT_NAMES = {
    "random": NP_("bot", "random"),
    "greedy": NP_("bot", "easy"),
    "mcts:easy": NP_("bot", "easy"),
    "mcts:quick": NP_("bot", "quick"),
    "mcts:normal": NP_("bot", "normal"),
    "mcts:strong": NP_("bot", "strong"),
}


def bot_name(tr: gettext.NullTranslations, bot: str, level: str | None = None) -> str:
    """The bot `bot` at `level` as the reader calls it; an unknown spec as it is written."""
    spec = f"{bot}:{level}" if level and f"{bot}:{level}" in BOT_NAMES else bot
    name = BOT_NAMES.get(spec)
    return tr.pgettext("bot", name) if name else spec
