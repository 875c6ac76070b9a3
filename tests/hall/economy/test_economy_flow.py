"""The economy wired end to end over real engine games — the shape of the integration.

Four accounts at a betting table play seeded random games (the engine deals and plays
them); after each game the pieces are applied in the order the hall will use: ladder,
bet coins, drops into inventories. Some games see a timer fire or an escape instead.
At the end the ledger must account for every coin (R44) and the ladder values must be
consistent, on both ladders (R39).
"""

from __future__ import annotations

import random

import pytest

from yuanzi.engine.game import Game
from yuanzi.hall.economy.bets import escape_coins, game_coins, may_sit
from yuanzi.hall.economy.drops import receive, roll_game_drops
from yuanzi.hall.economy.inventory import Inventory
from yuanzi.hall.economy.items import ItemCode
from yuanzi.hall.economy.ladders import LADDERS, stake_for
from yuanzi.hall.economy.ledger import (
    LedgerEntry,
    audit,
    bet_entries,
    escape_entries,
    new_account,
    post,
)
from yuanzi.hall.economy.timer import TimerFired, fire_timer


@pytest.mark.parametrize("ladder_name", sorted(LADDERS))
def test_a_session_at_a_betting_table(ladder_name: str) -> None:
    ladder = LADDERS[ladder_name]
    accounts = [101, 102, 103, 104]
    bet = 20
    entries: list[LedgerEntry] = [e for a in accounts for e in new_account(a)]
    coins = post({}, entries)
    players = [ladder.new_player() for _ in accounts]
    inventories = [Inventory.empty().add(ItemCode.TIMER, 3) for _ in accounts]
    rng = random.Random(ladder_name)
    played = escaped = fired = 0
    for game_id in range(1, 41):
        if not all(may_sit(coins[a], bet) for a in accounts):
            break
        held = [coins[a] for a in accounts]
        if game_id % 13 == 0:                                    # someone escapes (R35)
            escaper = game_id % 4
            penalty = ladder.escape_penalty(players)
            players = list(ladder.apply_escape(players, escaper))
            new = escape_entries(game_id, accounts, escape_coins(bet, penalty, escaper, held))
            coins = post(coins, new)
            entries += new
            escaped += 1
            continue
        if game_id % 7 == 0:                                     # a timer fires (R41)
            owner = game_id % 4
            timer = fire_timer(game_id, owner, accounts, coins[accounts[owner]],
                               inventories[owner])
            if isinstance(timer, TimerFired):
                coins = post(coins, timer.entries)
                entries += timer.entries
                inventories[owner] = timer.inventory
                fired += 1
        game = Game.new(random.Random(game_id))
        while not game.is_over:
            moves = game.legal_moves()
            game.apply_trusted(moves[rng.randrange(len(moves))])
        result = game.result
        assert result is not None
        stake = stake_for(ladder, players, result)
        players = list(ladder.apply_game(players, result))
        held = [coins[a] for a in accounts]
        new = bet_entries(game_id, accounts, game_coins(bet, stake, result.winner, held))
        coins = post(coins, new)
        entries += new
        for drop in roll_game_drops(result, rng):
            inventories[drop.seat], _ = receive(inventories[drop.seat], drop)
        played += 1
    assert played > 20 and escaped >= 1 and fired >= 1
    for p in players:
        ladder.check(p)
    totals = audit(entries, coins)
    assert totals.sinks == 0 and totals.sources == 4 * 5000
    assert sum(coins.values()) == 20_000
