"""Commands and replies cross between nodes as JSON and come back equal; anything else is
refused."""

from __future__ import annotations

import json

import pytest

from yuanzi.cluster import codec
from yuanzi.engine.cards import parse_cards
from yuanzi.hall.errors import Code, HallError
from yuanzi.hall.events import SeatView, TableView
from yuanzi.hall.runtime.pubsub import Envelope
from yuanzi.hall.table import commands as c
from yuanzi.hall.table.frames import FullView

WHO = c.Sender(7, "admin", "203.0.113.5", 42)
VIEW = TableView(id=3, name="茶馆", owner_id=7, owner="阿明", tablecloth="green", bet=10,
                 rules={}, turn_seconds=30.0, status="open", game_id=None,
                 seats=[SeatView(seat=0, kind="player", account_id=7, nickname="阿明",
                                 level=2, ready=True, connected=True, armed=["timer"]),
                        SeatView(seat=1, kind="empty")],
                 spectators=1)

EVERY = [
    c.Announce(3), c.Announce(3, afresh=True), c.Sit(WHO, 3, 1), c.Stand(WHO, 3, True),
    c.Ready(WHO, 3, False, 20), c.AddBot(WHO, 3, 2, "heuristic"), c.RemoveBot(WHO, 3, 2),
    c.Play(WHO, 3, 17, parse_cards("7S 7H 10D")), c.Play(WHO, 3, 17, None),
    c.Play(WHO, 3, 17, None, "bad card token 'ZZ'"), c.AutoPlay(WHO, 3, True),
    c.Hint(WHO, 3, 4), c.Join(WHO, 3, True), c.Resync(WHO, 3), c.Unwatch(WHO, 3),
    c.Presence(WHO, 3, False), c.UseCounter(WHO, 3, 2), c.Rename(WHO, 3, "新桌", 1, "sign"),
    c.SetCloth(WHO, 3, "blue"), c.ArmedChanged(WHO, 3, ("timer", "recorder")),
    c.SetBet(WHO, 3, 40), c.AdminRename(WHO, 3, "桌"), c.Kick(WHO, 3, 9, "banned"),
    c.Seated(3, 1), c.Done(3), c.Resynced(FullView(VIEW, None, None), True),
    c.BotRemoved(3, 2), c.ReadySet(3, True), c.BotAdded(3, 2, "random"), c.Acted(3, 18),
    c.AutoSet(3, False), c.HintGiven(3, 4, "pass", "cannot_beat", ("7S 7H", "BJ")),
    c.CounterUsed(3, "counter"), c.Renamed(3, "新桌", "sign", 1.5e9, 24),
    c.ClothSet(3, "blue", "tablecloth"), c.BetSet(3, 40), c.AdminRenamed(3, "桌"),
    c.Kicked(3, "after_game"), c.ComeIn(WHO, 3, "code"), c.ComeIn(WHO, 3, "link"),
    c.Lock(WHO, 3, True), c.RemovePlayer(WHO, 3, 1), c.GiveOwner(WHO, 3, 8),
    c.CameIn(3, None), c.CameIn(3, 2), c.Locked(3, False), c.OwnerGiven(3, 8),
    c.Say(WHO, 3, "阿明", "phrase", "hurry"), c.Said(3, 77), c.Invite(WHO, 3, 9),
    c.Invited(3, "茶馆", True), c.RemoveSpectator(WHO, 3, 9), c.Block(WHO, 3, 9),
    c.ClubOut(WHO, 3, 12, 9),
    c.MoveSeat(WHO, 3, 2), c.SwapSeats(WHO, 3, 1), c.AnswerSwap(WHO, 3, 1, False), c.GoOn(WHO, 3),
    c.Swapped(3, "asked", 0), c.SwapAnswered(3, True, 1),
    c.OpenSession(WHO, 3, 8), c.EndSession(WHO, 3, False), c.SessionSet(3, 12, "ending"),
    c.Contribute(WHO, 3, "0f" * 16),
    c.View(WHO, 3, True), c.View(WHO, 3, False), c.View(WHO, 3, None),
    c.Join(c.Sender(7, "player", None, 42, "阿明"), 3, False),
]


@pytest.mark.parametrize("value", EVERY, ids=lambda v: type(v).__name__)
def test_every_command_and_reply_comes_back_equal(value: object) -> None:
    wire = json.loads(codec.dumps(codec.encode(value)))  # really through JSON text
    assert codec.decode(wire) == value


def test_every_command_class_is_covered() -> None:
    kinds = {type(v) for v in EVERY}
    assert set(codec._CLASSES.values()) == kinds


def test_a_joins_frames_cross_as_envelopes() -> None:
    frames = [Envelope("table", '{"type":"table"}', 3), Envelope("game", '{"type":"game"}', 3),
              Envelope("chat", '{"type":"chat"}', 3, 9)]
    wire = json.loads(codec.dumps(codec.encode(frames)))
    assert codec.decode(wire) == frames


@pytest.mark.parametrize("data", [
    [], "Sit", {"kind": "Popen", "args": "rm"}, {"kind": "Sit", "table": 1},
    {"kind": "Sit", "sender": {"account_id": 1}, "table": 1, "seat": 0, "evil": 1},
    {"kind": "Play", "sender": {"account_id": 1}, "table": 1, "version": 0, "cards": "7X"},
    {"kind": "frames", "frames": [1, 2]},
])
def test_anything_else_is_refused(data: object) -> None:
    with pytest.raises(codec.CodecError):
        codec.decode(data)


def test_a_class_that_is_not_a_command_is_not_sent() -> None:
    with pytest.raises(codec.CodecError):
        codec.encode(HallError(Code.INTERNAL, "x"))


def test_a_refusal_crosses_with_its_code() -> None:
    e = codec.error_of(codec.error_data(HallError(Code.SEAT_TAKEN, "seat 1 is taken")))
    assert (e.code, e.message) == (Code.SEAT_TAKEN, "seat 1 is taken")
    assert codec.error_of({"code": "nonsense"}).code == Code.INTERNAL
