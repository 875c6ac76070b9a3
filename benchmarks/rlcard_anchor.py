"""Benchmark anchor: raw RLCard 斗地主 (Dou Dizhu) game speed under random self-play.

Measures ``rlcard.games.doudizhu.game.DoudizhuGame`` directly (not the RL env wrapper):
each turn applies a uniformly random action from the game's own legal-action list.
Every applied action, passes included, counts as one "play".
"""

from __future__ import annotations

import random
import time


def rlcard_plays_per_s(seconds: float = 3.0, seed: int = 0) -> float | None:
    """Return RLCard Dou Dizhu plays per second over ~``seconds`` of whole random games.

    Returns None if ``rlcard`` cannot be imported. Timing covers ``init_game`` (deal)
    plus every ``step``; games are never cut short, so wall time slightly exceeds
    ``seconds``.
    """
    try:
        import numpy as np
        from rlcard.games.doudizhu.game import DoudizhuGame
    except (ImportError, OSError):  # OSError: first import unzips data into site-packages
        return None

    game = DoudizhuGame()
    game.np_random = np.random.RandomState(seed)  # drives the shuffle/deal
    choice = random.Random(seed).choice  # drives action selection
    init_game, step, is_over = game.init_game, game.step, game.is_over

    plays = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        state, _ = init_game()
        while not is_over():
            state, _ = step(choice(state["actions"]))
            plays += 1
        now = time.perf_counter()
        if now >= deadline:
            return plays / (now - start)


if __name__ == "__main__":
    rate = rlcard_plays_per_s()
    print("rlcard not installed" if rate is None else f"{rate:,.0f} plays/s")
