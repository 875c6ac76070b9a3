"""The resync gate (issue 13): after Redis came back, a connection drops ``played``
frames of a table until that table's ``game`` snapshot, and nothing else."""

from __future__ import annotations

import random

from yuanzi.engine import Game, Rules, deal_half
from yuanzi.hall.events import GameFrame
from yuanzi.hall.runtime.pubsub import Envelope
from yuanzi.hall.table.frames import played_text
from yuanzi.server.resync_gate import ResyncGate


def _frames(table: int) -> tuple[Envelope, Envelope, Envelope]:
    game = Game(Rules(), deal_half(random.Random(table), Rules()))
    seat = game.to_move
    assert seat is not None
    move = game.legal_moves()[0]
    game.apply(move)
    played = Envelope("played", played_text(table, 7, 1, game, seat, "pass", "player", None),
                      table)
    snapshot = GameFrame(table=table, game_id=7, version=1, seat=None, view={},
                         deadline=None, now=0).envelope()
    over = Envelope("game_over", f'{{"type":"game_over","table":{table}}}', table)
    return played, snapshot, over


def test_a_doubting_connection_holds_played_frames_until_each_tables_snapshot() -> None:
    tables = {1, 2}
    gate = ResyncGate(lambda: tables)
    (p1, g1, o1), (p2, g2, _) = _frames(1), _frames(2)
    assert gate.admits(p1) and gate.admits(g1)  # trusting: everything passes
    gate.doubt()
    assert not gate.admits(p1) and not gate.admits(p2)  # lost frames: a gap would show
    assert gate.admits(o1) and gate.admits(Envelope("table", '{"type":"table","table":{}}'))
    assert gate.admits(g1)  # table 1's snapshot: its played frames pass again
    assert gate.admits(p1) and not gate.admits(p2) and gate.doubting
    assert gate.admits(g2) and not gate.doubting  # every table placed: back to trusting
    assert gate.admits(p2) and gate.held_back == 3
