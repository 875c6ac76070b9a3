"""The 提示 button's answer at a table (issue 10; issue 45: the end-game searched).

From the asking seat's own observation only (R45): ``cards``, the advised move in R2
notation or ``pass``; ``reason``; ``beats``, every play that beats the top, smallest
first (empty when leading) — :mod:`yuanzi.bots.hints`. At the end of the second half the
advice is searched (:mod:`yuanzi.bots.endgame`), in a bot worker off the event loop; it is
deterministic, so the coach later says exactly what the button said. The last answer is
kept: asked again at the same moment, the table gives it again instead of searching anew.
"""

from __future__ import annotations

import logging
from typing import Protocol

from yuanzi.bots.endgame import in_endgame
from yuanzi.bots.hints import HintAdvisor, advice_of, advise
from yuanzi.engine import Game, format_cards
from yuanzi.hall.errors import Code, HallError
from yuanzi.hall.table.commands import HintGiven
from yuanzi.hall.table.context import TableContext

log = logging.getLogger(__name__)


class HintHost(Protocol):
    ctx: TableContext
    game: Game | None
    version: int

    @property
    def id(self) -> int: ...


class TableHints:
    def __init__(self, table: HintHost) -> None:
        self.table = table
        self._last: tuple[tuple[int, int, int], HintGiven] | None = None
        """The last hint given: (game, version, seat) and the answer."""

    async def hint(self, seat: int, version: int) -> HintGiven:
        """The hint for ``seat``, which is to move at ``version``."""
        t = self.table
        game = t.game
        assert game is not None
        key = (id(game), version, seat)
        if self._last is not None and self._last[0] == key:
            return self._last[1]
        obs = game.observation(seat)
        legal = game.legal_moves()
        if in_endgame(obs) and len(legal) > 1:
            try:
                advice, _ = await t.ctx.bot_pool.choose(HintAdvisor(), obs, legal)
            except Exception:  # (a lost worker: thought here, the same advice)
                log.exception("table %s: the end-game hint failed in a worker", t.id)
                advice = HintAdvisor().quick_choose(obs, legal)
            if t.game is not game or t.version != version or game.to_move != seat:
                raise HallError(Code.STALE_VERSION, "the game moved on while the hint was "
                                                    "thought")
        else:
            advice = advice_of(obs, legal)
        hint = advise(obs, legal, advice)
        given = HintGiven(t.id, version, format_cards(hint.advice) if hint.advice else "pass",
                          hint.reason.value, tuple(format_cards(b) for b in hint.beats))
        self._last = (key, given)
        return given
