"""Every frame a table sends (hall/table/frames.py): what each seat and each spectator
may see (R45), the full view a client gets on joining and on ``resync``, and the frames'
fields as docs/protocol.md lists them."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from tests.e2e.hiding import SPECTATOR, allowed_by_version, check_frames
from tests.hall.table.harness import Recorder, World, until

from yuanzi.engine import Game, Rules, deal_half, format_cards
from yuanzi.hall.models import Account, Seat, TableSpec
from yuanzi.hall.runtime.pubsub import account_topic, table_topic, watch_topic
from yuanzi.hall.table import commands as c, frames
from yuanzi.hall.table.commands import Sender

Run = Callable[..., None]
PROTOCOL = Path(__file__).resolve().parents[3] / "docs" / "protocol.md"


def _names(group: str) -> set[str]:
    """Field names of a backticked list like ``{seat, kind (empty | player), …}``."""
    group = re.sub(r"\([^)]*\)", "", group).strip("{} \n")
    return {name.strip() for name in group.split(",") if name.strip()}


def documented(kind: str) -> set[str]:
    """The fields docs/protocol.md lists for a server → client frame of ``kind``."""
    section = PROTOCOL.read_text().split("### Server → client", 1)[1]
    line = next(row for row in section.splitlines() if row.startswith(f"| `{kind}` |"))
    fields = re.sub(r"\([^)]*\)", "", line.split("|")[2].split(" — ")[0])
    return set(re.findall(r"`([a-z_]+)`", fields))


def documented_table_view() -> tuple[set[str], set[str]]:
    """The fields of a table view and of its seats, from docs/protocol.md."""
    text = PROTOCOL.read_text()
    para = text.split("A **table view**:", 1)[1].split("\n\n", 1)[0]
    groups = re.findall(r"`([^`]*)`", para)
    assert "name_default" in groups and "seats" in groups
    at = next(i for i, g in enumerate(groups) if g.startswith("{"))
    named = {g for g in groups[1:at] if g.isidentifier()}  # each named in a word of its own
    return _names(groups[0]) | named, _names(groups[at])


def keys(frame: dict[str, Any]) -> set[str]:
    return set(frame) - {"type"}


def listen(w: World, *topics: str) -> Recorder:
    """One client's connection: the topics it is subscribed to, in one ordered stream."""
    recorder = Recorder()
    for topic in topics:
        w.broker.subscribe(topic, recorder)
    return recorder


# -- R45 -----------------------------------------------------------------------------------


def test_no_frame_of_a_whole_game_shows_a_hand_it_may_not(hall_world: Run) -> None:
    """R45, over every frame of a whole game: each seat sees its own hand, the blade card
    and what was played — never another seat's hand; a spectator no hand at all — until
    the game is over, when the record shows all. Joining and resyncing mid-game too."""

    async def body(w: World) -> None:
        owner, guest, watcher = await w.account(), await w.account(), await w.account()
        table = await w.table(owner)
        await w.hall.send(c.Sit(Sender.of(guest), table, 1))
        for seat in (2, 3):
            await w.hall.send(c.AddBot(Sender.of(owner), table, seat, "random"))
        seat0 = listen(w, account_topic(owner.id), table_topic(table))
        seat1 = listen(w, account_topic(guest.id), table_topic(table))
        spectator = listen(w, watch_topic(table), table_topic(table))
        for player in (owner, guest):
            await w.hall.send(c.AutoPlay(Sender.of(player), table, True))
            await w.hall.send(c.Ready(Sender.of(player), table))
        joined = await w.hall.send(c.Join(Sender.of(watcher), table, True))
        spectator.texts.extend(e.text for e in joined)
        resynced = await w.hall.send(c.Resync(Sender.of(guest), table))
        seat1.texts.append(json.dumps(resynced.view.reply()["game"]))
        over = await until(lambda: seat0.last("game_over"), 20.0)
        assert over["status"] == "finished"
        allowed = allowed_by_version(over["record"])
        for recorder, seat in ((seat0, 0), (seat1, 1), (spectator, SPECTATOR)):
            start = next(i for i, f in enumerate(recorder.frames) if f["type"] == "game")
            assert check_frames(recorder.texts[start:], seat, allowed) > 20
        for frame in seat0.of("game"):  # his own view: his hand, and his seat
            assert frame["seat"] == 0 and frame["view"]["hand"]
        assert all(f["seat"] is None and f["view"]["hand"] is None
                   for f in spectator.of("game"))
        assert not spectator.of("counter")
        # after the game the record shows every hand (R45) — to its players only (R41)
        assert all(len(h["hands"]) == 4 and all(h["hands"]) for h in over["record"]["halves"])
        assert (await until(lambda: seat1.last("game_over"), 2.0))["record"] == over["record"]
        watched = await until(lambda: spectator.last("game_over"), 2.0)
        assert watched["record"] is None and watched["result"] == over["result"]
        assert watched["seats"] == over["seats"]  # results without hands stay public

    hall_world(body)


def test_a_seats_full_view_and_a_spectators(hall_world: Run) -> None:
    """A full view (join, resync): the table, then the game as the receiver's seat sees
    it (a spectator's: no hand), then his card counter if one runs. A sender not seated
    at the table watches it; his view counts him as a spectator until he leaves."""

    async def body(w: World) -> None:
        owner, watcher = await w.account(), await w.account()
        table = await w.playing(owner)
        game = await w.my_turn(owner, table)  # stable: the game waits for him

        mine = (await w.hall.send(c.Resync(Sender.of(owner), table)))
        assert not mine.watching
        assert mine.view.game is not None and mine.view.game.seat == 0
        assert mine.view.game.view["hand"] == game["view"]["hand"]
        assert mine.view.counter is None
        assert [json.loads(e.text)["type"] for e in mine.view.frames()] == ["table", "game"]
        assert set(mine.view.reply()) == {"table", "game", "counter"}

        theirs = await w.hall.send(c.Resync(Sender.of(watcher), table))
        assert theirs.watching and theirs.view.table.spectators == 1
        assert theirs.view.game is not None and theirs.view.game.seat is None
        assert theirs.view.game.view["hand"] is None
        assert theirs.view.game.view["history"] == mine.view.game.view["history"]
        assert theirs.view.counter is None
        joined = [json.loads(e.text) for e in await w.hall.send(c.Join(Sender.of(watcher),
                                                                        table, True))]
        assert [f["type"] for f in joined] == ["table", "game"]
        assert joined[1]["view"]["hand"] is None
        await w.hall.send(c.Unwatch(Sender.of(watcher), table))
        assert w.hall.table(table).view().spectators == 0

        # a seated player is no spectator, whatever he asks
        await w.hall.send(c.Join(Sender.of(owner), table, True))
        assert w.hall.table(table).view().spectators == 0

    hall_world(body)


def test_between_games_a_full_view_is_the_table_alone(hall_world: Run) -> None:
    async def body(w: World) -> None:
        owner = await w.account()
        table = await w.table(owner, bots=1)
        view = (await w.hall.send(c.Resync(Sender.of(owner), table))).view
        assert (view.game, view.counter) == (None, None)
        assert view.reply()["game"] is None
        assert [json.loads(e.text)["type"] for e in view.frames()] == ["table"]

    hall_world(body)


# -- the frames as built -------------------------------------------------------------------


def spec_with_every_kind_of_seat() -> TableSpec:
    owner = Account(7, "Ann")
    spec = TableSpec(3, "Tea", owner, "green", 0, {})
    spec.seats = [Seat(account=owner, ready=True), Seat(bot="random", name="小明",
                                                        name_en="Ming", avatar=2),
                  Seat(), Seat(account=Account(8, "Bob"))]
    return spec


def test_a_table_view_shows_each_kind_of_seat() -> None:
    """A player's seat shows who he is, ready, connected, 托管 (R34) and what he armed
    (R41); a bot's its kind, name and face, always ready and connected; an empty seat
    nothing."""
    view = frames.table_view(spec_with_every_kind_of_seat(), closed=False, playing=True,
                             turn_seconds=30, spectators=2,
                             connected=lambda a: a == 7, auto=lambda s: s == 3,
                             armed=lambda a: ["timer"] if a == 8 else [])
    assert (view.status, view.spectators, view.owner, view.owner_id) == (
        "playing", 2, "Ann", 7)
    ann, bot, empty, bob = view.seats
    assert (ann.kind, ann.account_id, ann.ready, ann.connected, ann.auto, ann.armed) == (
        "player", 7, True, True, False, [])
    assert (bot.kind, bot.bot, bot.name, bot.name_en, bot.avatar, bot.ready,
            bot.connected) == ("bot", "random", "小明", "Ming", 2, True, True)
    assert (empty.kind, empty.account_id, empty.bot) == ("empty", None, None)
    assert (bob.connected, bob.auto, bob.armed) == (False, True, ["timer"])
    assert frames.table_view(spec_with_every_kind_of_seat(), closed=True, playing=True,
                             turn_seconds=30, spectators=0, connected=lambda a: True,
                             auto=lambda s: False, armed=lambda a: []).status == "closed"


def test_a_table_view_has_the_documented_fields() -> None:
    """docs/protocol.md, «A table view»: its fields and its seats' fields."""
    table_fields, seat_fields = documented_table_view()
    view = frames.table_view(spec_with_every_kind_of_seat(), closed=False, playing=False,
                             turn_seconds=30, spectators=0, connected=lambda a: True,
                             auto=lambda s: False, armed=lambda a: [])
    frame = json.loads(frames.table_frame(view))
    assert frame["type"] == "table" and keys(frame) == documented("table") == {"table"}
    assert set(frame["table"]) == table_fields
    for seat in frame["table"]["seats"]:
        assert set(seat) == seat_fields


@pytest.fixture
def game() -> Game:
    g = Game(Rules(), deal_half(random.Random(8), Rules()))
    g.apply(g.legal_moves()[0])
    return g


def test_a_game_frame_is_one_seats_view(game: Game) -> None:
    """R45: a seat's ``game`` frame holds its own hand only; a spectator's none."""
    for seat in range(4):
        frame = json.loads(frames.game_frame(3, 9, 1, game, seat, 123.0).text())
        assert keys(frame) == documented("game")
        assert (frame["seat"], frame["version"], frame["deadline"]) == (seat, 1, 123.0)
        assert sorted(frame["view"]["hand"].split()) == sorted(
            format_cards(game.half.hands[seat].cards()).split())
        assert frame["view"] == game.observation(seat).to_dict()
    spectator = json.loads(frames.game_frame(3, 9, 1, game, None, None).text())
    assert spectator["seat"] is None and spectator["view"]["hand"] is None


def test_a_played_frame_is_public(game: Game) -> None:
    """R45: a ``played`` frame, the same for everyone, carries the spectator's view of
    the action's consequences and no hand."""
    seat, cards = game.half.actions[-1]
    text = "pass" if cards is None else format_cards(cards)
    frame = json.loads(frames.played_frame(3, 9, 1, game, seat, text, "player", 99.5).text())
    assert keys(frame) == documented("played")
    public = game.observation(None)
    assert (frame["cards"], frame["reason"], frame["to_move"], frame["cards_left"],
            frame["top_seat"], frame["deadline"]) == (
        text, "player", public.to_move, list(public.cards_left), public.top_seat, 99.5)
    assert "hand" not in frame


def test_the_played_frame_on_the_wire_is_the_models_json(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """``played_text`` (encoded without the model, the hot path) gives exactly the text
    of the :class:`Played` model, at every action of whole games — and its public fields
    are the spectator's observation (R45)."""
    monkeypatch.setattr(frames, "now_ms", lambda: 1_764_547_200_123)
    for seed in range(3):
        rng = random.Random(seed)
        g = Game(Rules(), deal_half(rng, Rules()), rng=rng)
        while not g.is_over:
            if g.needs_second_half():
                first = g.halves[0].result
                assert first is not None
                g.start_second_half(deal_half(rng, Rules(), first_drawer=first.upstream))
            seat = g.to_move
            assert seat is not None
            g.apply(rng.choice(g.legal_moves()))
            for deadline in (None, 1_764_547_230.25, 1_764_547_230.0):
                model = frames.played_frame(3, 9, 7, g, seat, "3S", "bot", deadline)
                assert frames.played_text(3, 9, 7, g, seat, "3S", "bot", deadline) == \
                    model.text()
            public = g.observation(None)
            assert (model.to_move, model.top_seat, model.cards_left, model.trick_points,
                    model.table_points, model.out_order) == (
                public.to_move, public.top_seat, list(public.cards_left),
                list(public.trick_points), public.table_points, list(public.out_order))
            assert model.top == (None if public.top is None else public.top.text())


def test_counter_and_timer_frames_have_the_documented_fields() -> None:
    game = Game(Rules(), deal_half(random.Random(2), Rules()))
    cards = game.half.hands[1].cards()[:3]
    counter = json.loads(frames.counter_frame(3, 9, 4, 1, cards).text())
    assert keys(counter) == documented("counter")
    assert (counter["count"], counter["cards"], counter["seat"]) == (
        3, format_cards(cards), 1)
    timer = json.loads(frames.timer_frame(3, 9, 2, 90, 1000.0, 270).text())
    assert keys(timer) == documented("timer")
    assert (timer["seconds"], timer["deadline"], timer["fee"]) == (90, 1000.0, 270)


def test_the_frames_of_a_game_have_the_documented_fields(hall_world: Run) -> None:
    """docs/protocol.md, «Server → client»: ``game``, ``played`` and ``game_over`` as a
    table sends them, and ``game_over.seats`` as documented below the table."""

    async def body(w: World) -> None:
        owner = await w.account()
        table = await w.table(owner, bots=3)
        frames_ = listen(w, account_topic(owner.id), table_topic(table))
        await w.hall.send(c.AutoPlay(Sender.of(owner), table, True))
        await w.hall.send(c.Ready(Sender.of(owner), table))
        over = await until(lambda: frames_.last("game_over"), 20.0)
        for kind in ("game", "played", "game_over", "table"):
            shapes = {frozenset(keys(f)) for f in frames_.of(kind)}
            assert shapes == {frozenset(documented(kind))}, kind
        player = over["seats"][0]
        assert {"seat", "account_id", "score_delta", "coins_delta", "score", "level", "title",
                "title_en", "coins", "items", "lost_items"} <= set(player)

    hall_world(body)
