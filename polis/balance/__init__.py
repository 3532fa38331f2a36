"""The balance lab: how a ruleset plays, measured by bot games (docs/balance.md).

game (one game's facts from the engine's log) -> runner (many games, in worker
processes) -> sample (columns and figures) -> compare and stats (which
differences are larger than chance) -> record (stored, checked JSON) ->
text (sentences in the reader's language); sensitivity reruns with estimated
values moved by one; lab ties them together for the CLI and the app.

Kept free of imports here: worker processes import polis.balance.runner and
should not pay for scipy.
"""
