"""A game's end at a table (hall/table/settlement.py): the result, the economy's
settlement (R35–R44) and the ``game_over`` frame that says both, seat by seat."""

from __future__ import annotations

import random
from collections.abc import Callable

from tests.hall.table.harness import World, until

from yuanzi.engine import DOUBLE, Game, Rules, deal_half, team_of
from yuanzi.hall.economy.items import ItemCode
from yuanzi.hall.errors import Code
from yuanzi.hall.table import commands as c
from yuanzi.hall.table.commands import Sender
from yuanzi.hall.table.settlement import outcomes

Run = Callable[..., None]
TITLES_STAKE = 10
"""R38: on the ``titles`` ladder a game's stake is its base stake × 10."""


def finished_game(seed: int) -> Game:
    rng = random.Random(seed)
    game = Game(Rules(), deal_half(rng, Rules()))
    while not game.is_over:
        if game.needs_second_half():
            first = game.halves[0].result
            assert first is not None
            game.start_second_half(deal_half(rng, Rules(), first.upstream))
            continue
        moves = game.legal_moves()
        game.apply(moves[rng.randrange(len(moves))])
    return game


def test_each_seat_wins_or_loses_the_base_stake() -> None:
    """R36: the winning team's seats gain the base stake (1, or 2 for 双夹), the losers
    lose it; a draw moves nothing."""
    for seed in range(6):
        game = finished_game(seed)
        result = game.result
        assert result is not None
        seen = outcomes(game)
        if result.winner is None:
            assert seen == [("draw", 0)] * 4
            continue
        base = 2 if result.kind == DOUBLE else 1
        assert seen == [("win", base) if team_of(s) == result.winner else ("lose", -base)
                        for s in range(4)]


def test_game_over_says_what_the_game_did_to_each_seat(hall_world: Run) -> None:
    """R36–R38, docs/protocol.md «game_over»: after a finished game each player's seat
    holds his ladder change (± stake × 10 on ``titles``, 0 for a draw) and his account as
    stored after it; a bot's seat only its name; the record shows every hand (R45)."""

    async def body(w: World) -> None:
        owner, guest = await w.account(), await w.account()
        table = await w.playing(owner, bots=2, others=(guest,))  # seats 0, 1; bots 2, 3
        frames = w.listen_player(table, owner)
        for player in (owner, guest):
            await w.hall.send(c.AutoPlay(Sender.of(player), table, True))
        over = await until(lambda: frames.last("game_over"), 20.0)
        assert (over["table"], over["status"], over["escaper"]) == (table, "finished", None)
        result = over["result"]
        seats = over["seats"]
        assert [s["seat"] for s in seats] == [0, 1, 2, 3]
        base = 0 if result["winner"] is None else 2 if result["kind"] == DOUBLE else 1
        stored = await w.db.economy.accounts([owner.id, guest.id])
        for seat, account in ((0, owner), (1, guest)):
            entry = seats[seat]
            team = "NS" if team_of(seat) == 0 else "EW"
            sign = 0 if result["winner"] is None else 1 if result["winner"] == team else -1
            assert entry["account_id"] == account.id
            assert entry["score_delta"] == sign * base * TITLES_STAKE
            after = stored[account.id]
            assert (entry["score"], entry["level"], entry["title"]) == (
                after.ladder_score, after.level, after.title)
            assert entry["coins"] is None  # a balance is its owner's only (issue 14, item 11)
            assert entry["coins_delta"] == 0 and after.coins == 5000  # no bet (R40)
        assert seats[0]["score_delta"] == -seats[1]["score_delta"]  # opposite teams
        for bot in seats[2:]:
            assert bot["account_id"] is None and bot["name"] and bot["score_delta"] == 0
        record = over["record"]
        assert len(record["halves"]) == len(result["halves"])
        assert all(len(h["hands"]) == 4 for h in record["halves"])

    hall_world(body)


def test_an_escape_is_settled_on_the_escaper_alone(hall_world: Run) -> None:
    """R35: a player who leaves a game in progress (``escape: true``) abandons it: he
    loses twice a normal win's stake (2 × 10 on ``titles``) and, at a betting table,
    pays bet × that in equal shares to the other three; nobody else's score moves.
    Without ``escape: true`` leaving is refused (``would_escape``)."""

    async def body(w: World) -> None:
        players = [await w.account() for _ in range(4)]
        table = await w.playing(players[0], bots=0, others=tuple(players[1:]), bet=10)
        frames = w.listen_player(table, players[0])
        escaper = players[2]
        assert await w.refused(c.Stand(Sender.of(escaper), table)) == Code.WOULD_ESCAPE
        assert w.status(table) == "playing"

        assert await w.hall.send(c.Stand(Sender.of(escaper), table, escape=True)) == \
            c.Done(table)
        over = frames.last("game_over")
        assert over is not None
        assert (over["status"], over["escaper"], over["result"]) == ("abandoned", 2, None)
        seats = over["seats"]
        paid = 10 * 2 * TITLES_STAKE
        assert (seats[2]["score_delta"], seats[2]["coins_delta"]) == (-2 * TITLES_STAKE, -paid)
        shares = [seats[s]["coins_delta"] for s in (0, 1, 3)]
        assert sum(shares) == paid and max(shares) - min(shares) <= 1
        assert all(seats[s]["score_delta"] == 0 for s in (0, 1, 3))
        stored = await w.db.economy.accounts([p.id for p in players])
        assert [stored[p.id].coins for p in players] == [
            5000 + s["coins_delta"] for s in seats]
        assert [stored[p.id].ladder_score for p in players] == [0, 0, -20, 0]
        # the table goes on without him, its game over, nobody ready
        view = w.hall.table(table).view()
        assert (view.status, view.game_id) == ("open", None)
        assert view.seats[2].kind == "empty" and w.hall.seat_of(escaper.id) is None
        assert not any(s.ready for s in view.seats)

    hall_world(body)


def test_an_escape_from_a_table_without_a_bet_moves_no_coins(hall_world: Run) -> None:
    """R35 without a bet: the ladder penalty only."""

    async def body(w: World) -> None:
        owner = await w.account()
        table = await w.playing(owner)
        frames = w.listen_player(table, owner)
        await w.hall.send(c.Stand(Sender.of(owner), table, escape=True))
        over = frames.last("game_over")
        assert over is not None and over["escaper"] == 0
        assert (over["seats"][0]["score_delta"], over["seats"][0]["coins_delta"]) == (-20, 0)
        assert await w.coins(owner) == 5000
        assert frames.last("table_closed") == {"type": "table_closed", "table": table}

    hall_world(body)


def test_a_betting_game_moves_bet_times_stake_between_the_teams(hall_world: Run) -> None:
    """R40: after a game at a betting table each seat wins or loses bet × the game's
    stake (titles: base × 10); the coins move between players only (R44)."""

    async def body(w: World) -> None:
        players = [await w.account() for _ in range(4)]
        table = await w.playing(players[0], bots=0, others=tuple(players[1:]), bet=20)
        frames = w.listen_player(table, players[0])
        for p in players:
            await w.hall.send(c.AutoPlay(Sender.of(p), table, True))
        over = await until(lambda: frames.last("game_over"), 20.0)
        result = over["result"]
        base = 0 if result["winner"] is None else 2 if result["kind"] == DOUBLE else 1
        deltas = [s["coins_delta"] for s in over["seats"]]
        for seat, delta in enumerate(deltas):
            team = "NS" if team_of(seat) == 0 else "EW"
            sign = 0 if result["winner"] is None else 1 if result["winner"] == team else -1
            assert delta == sign * 20 * base * TITLES_STAKE
        assert sum(deltas) == 0
        stored = await w.db.economy.accounts([p.id for p in players])
        assert [stored[p.id].coins for p in players] == [5000 + d for d in deltas]

    hall_world(body)


def test_an_armed_recorder_saves_the_game_for_its_owner(hall_world: Run) -> None:
    """R41: an armed recorder acts at the game's end: its owner alone hears of the
    replay (``replay_saved``, after ``game_over``), and his seat no longer shows it."""

    async def body(w: World) -> None:
        owner, guest = await w.account(), await w.account()
        await w.give(owner, ItemCode.RECORDER, armed=True)
        table = await w.playing(owner, bots=2, others=(guest,))
        assert w.hall.table(table).view().seats[0].armed == ["recorder"]
        mine, theirs = w.listen_account(owner), w.listen_account(guest)
        table_only = w.listen_table(table)
        everyone = w.listen_player(table, owner)  # the owner's connection
        for player in (owner, guest):
            await w.hall.send(c.AutoPlay(Sender.of(player), table, True))
        over = await until(lambda: everyone.last("game_over"), 20.0)
        saved = await until(lambda: mine.last("replay_saved"), 2.0)
        assert saved["game_id"] == over["game_id"] and saved["replay"]
        assert not theirs.of("replay_saved") and not table_only.of("replay_saved")
        won = over["seats"][0]["items"].count("recorder")  # a win may drop one (R44)
        assert await w.held(owner, ItemCode.RECORDER) == won
        assert w.hall.table(table).view().seats[0].armed == []
        after = await until(lambda: [f for f in everyone.frames[everyone.frames.index(over):]
                                     if f["type"] == "table"], 2.0)
        assert after[-1]["table"]["seats"][0]["armed"] == []  # told to the table

    hall_world(body)
