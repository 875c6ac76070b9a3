"""A table left at a seeded end-game, for a browser test of 提示 (issue 45).

Nothing in the hall chooses a deal (a deal mixes the hall's committed seeds and the
players' values, R45 and issue 43), so no request can open a table at a chosen position.
A test does what a crash does instead: before the hall starts, it writes into the hall's
database a table whose game is in progress — its deals and actions stored as the table
stores them — and the hall, starting, restores it by replaying them
(:mod:`yuanzi.hall.table.restore`). The player sits at the seat to move; bots sit at the
other three.

Run as ``python -m tests.browser.seeded_position SEED PLY NICKNAME PASSWORD`` with the
hall's environment (``YUANZI_DB_PATH``); prints JSON: the table, the seat, and the moves
提示 and the rule of thumb make there (cards in R2 notation).
"""

from __future__ import annotations

import asyncio
import json
import sys
from typing import Any

from tests.bots.helpers import at_decision

from yuanzi.bots.heuristic import HeuristicBot
from yuanzi.bots.hints import advice_of
from yuanzi.engine import Game, record_of
from yuanzi.engine.cards import TEXT
from yuanzi.hall.accounts.passwords import Passwords
from yuanzi.hall.models import Seat, StoredAction, TableSpec
from yuanzi.hall.names.nicknames import nickname_key
from yuanzi.hall.settings import Settings
from yuanzi.hall.table.restore import stored_deal
from yuanzi.store.setup import open_database

BOT_NAMES = (("阿福", "Afu"), ("小梅", "Xiaomei"), ("阿宝", "Abao"))


def cards_text(game: Game, move: Any) -> str:
    return "pass" if move.is_pass else " ".join(TEXT[c] for c in game.cards_for(move))


async def leave_table_at(seed: int, ply: int, nickname: str, password: str) -> dict[str, Any]:
    game = at_decision(seed, ply)
    mover = game.to_move
    assert mover is not None
    settings = Settings()
    db = open_database(settings)
    try:
        store = db.store
        account = await store.create_account(nickname, nickname_key(nickname),
                                             Passwords(settings).hash(password), "player")
        bots = iter(BOT_NAMES)
        seats = []
        for i in range(4):
            if i == mover:
                seats.append(Seat(account=account, ready=True))
            else:
                name, name_en = next(bots)
                seats.append(Seat(bot="heuristic", ready=True, name=name, name_en=name_en,
                                  avatar=i))
        rules = game.rules.to_dict()
        spec = TableSpec(id=0, name="", owner=account, tablecloth="green", bet=0,
                         rules=rules, seats=seats, name_default=True)
        table_id = await store.create_table(spec)
        record = record_of(game)
        game_id = await store.start_game(table_id, rules, seats,
                                         first_deal=stored_deal(0, record.halves[0].deal))
        await store.store_deal(game_id, stored_deal(1, record.halves[1].deal))
        idx = 0
        for h, half in enumerate(record.to_json()["halves"]):
            for seat, cards in half["actions"]:
                await store.store_action(game_id, StoredAction(idx, h, seat, cards, "play"))
                idx += 1
    finally:
        db.close()  # (the journal commits what it holds first)
    obs, legal = game.observation(mover), game.legal_moves()
    return {"table": table_id, "seat": mover,
            "hint": cards_text(game, advice_of(obs, legal)),
            "rule": cards_text(game, HeuristicBot().choose(obs, legal))}


if __name__ == "__main__":
    seed, ply, name, secret = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3], sys.argv[4]
    print(json.dumps(asyncio.run(leave_table_at(seed, ply, name, secret))))
