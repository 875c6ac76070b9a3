"""Who may sit at a betting table (R40) and the same-address rule, written once: for
sitting down, for quick match's choice of tables, for creating a table, before each game
and for a new bet. Pure functions over balances and addresses; the refusals are the
hall's errors with the words a player reads."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from yuanzi.hall.economy.bets import (
    coins_to_sit,
    may_sit,
    may_sit_ip,
    same_ip_seats,
    seats_to_stand,
)
from yuanzi.hall.errors import Code, HallError

BeforeGame = Literal["coins", "same_ip"]
"""Why a player may not play the next game (``stood_up``'s reason)."""


def check_coins(coins: int, bet: int) -> None:
    """R40: sitting at (or creating) a table that bets needs 100 × bet coins."""
    if not may_sit(coins, bet):
        raise HallError(Code.NOT_ENOUGH_COINS,
                        f"this table bets {bet}: sitting needs {coins_to_sit(bet)} coins "
                        f"(R40); you have {coins}")


def check_address(others: Sequence[str | None], mine: str | None, bet: int,
                  same_ip_rule: bool) -> None:
    """Two players of one address may not sit at one betting table."""
    if not may_sit_ip(others, mine, bet, same_ip_rule):
        raise HallError(Code.SAME_IP, "a player at this betting table connects from your "
                                      "address; two players of one address may not bet "
                                      "at one table")


def admissible(coins: int, others: Sequence[str | None], mine: str | None, bet: int,
               same_ip_rule: bool) -> bool:
    """Both checks as a yes or no (quick match skips the tables it may not offer)."""
    return may_sit(coins, bet) and may_sit_ip(others, mine, bet, same_ip_rule)


def to_stand_before_game(balances: Sequence[int | None], addresses: Sequence[str | None],
                         bet: int, same_ip_rule: bool) -> dict[int, tuple[BeforeGame, str]]:
    """R40 again before each game: seat → (reason, message) for each player who may not
    play it (short of coins, or sharing an address at a betting table)."""
    if not bet:
        return {}
    need = coins_to_sit(bet)
    stand: dict[int, tuple[BeforeGame, str]] = {
        seat: ("coins", f"this table bets {bet}: playing needs {need} coins (R40); "
                        f"you have {balances[seat]}")
        for seat in seats_to_stand(balances, bet)}
    for seat in same_ip_seats(addresses, bet, same_ip_rule):
        stand.setdefault(seat, ("same_ip", "two players at this betting table connect "
                                               "from one address"))
    return stand


def check_new_bet(players: Sequence[tuple[str, int]], addresses: Sequence[str | None],
                  bet: int, same_ip_rule: bool) -> None:
    """R40 for a bet the owner sets between games: every seated player (nickname, coins)
    must hold 100 × the new bet, and no two of them may share an address."""
    if not bet:
        return
    need = coins_to_sit(bet)
    short = [f"{nickname} has {coins}" for nickname, coins in players if coins < need]
    if short:
        raise HallError(Code.NOT_ENOUGH_COINS,
                        f"a bet of {bet} needs {need} coins at every seat (R40): "
                        + ", ".join(short))
    if same_ip_seats(addresses, bet, same_ip_rule):
        raise HallError(Code.SAME_IP, "two players at this table connect from one "
                                      "address: they may not bet at one table")
