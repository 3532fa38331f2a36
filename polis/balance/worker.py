"""A worker process of the balance lab: `python -m polis.balance.worker FD`.

It reads from stdin, as pickles, one job `(config as JSON, seed, bot, level)` and then
game indices, and writes each game's facts as a pickle to the file descriptor
FD (stdout stays free for anything a library prints). Started by
polis.balance.runner as a plain subprocess rather than by multiprocessing:
multiprocessing's spawn re-imports the parent's `__main__`, which inside the
app is the Streamlit page being run.
"""

from __future__ import annotations

import os
import pickle
import signal
import sys

from polis.balance.game import play_game
from polis.compiler.serialize import from_jsonable


def serve(results_fd: int) -> None:
    # Ctrl-C reaches the whole process group: the parent decides what stops
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    jobs = sys.stdin.buffer
    with os.fdopen(results_fd, "wb") as out:
        config_json, seed, bot, level = pickle.load(jobs)
        cfg = from_jsonable(config_json)
        while True:
            try:
                index = pickle.load(jobs)
            except EOFError:
                return  # the parent closed the pipe: no more games
            pickle.dump(play_game(cfg, seed, index, bot, level), out)
            out.flush()


if __name__ == "__main__":
    serve(int(sys.argv[1]))
