"""Betting tables (押宝, R40) and the coin side of an escape (R35).

A table's owner sets a bet from the doubling series 0 (off), 10, 20, 40, …; a player
needs 100 × bet coins to sit; after a game each seat wins or loses bet × stake coins,
the stake being the ladder's (R36–R38) — gem points never count (hall: 押宝时的积分倍率
不计奖励分), which holds by construction since only the game's stake enters here.

Every function returns per-seat coin deltas that sum to zero: bets move coins between
players only (R44). :mod:`.ledger` turns the deltas into entries.

Decisions where the rules leave room (recorded in the project's notes):

* A seat is never taken below zero. The 100× rule makes that rare (the largest titles
  loss is 20 × bet) but timers (R41) are paid during a game and a deep ``doubling``
  table's stake can pass 100. A losing seat that cannot pay in full pays what it has;
  the winners share what was paid equally, an odd coin going to the lower-numbered
  winning seat. Coins are never created to make up a shortfall.
* Escape (R35): the escaper pays bet × his ladder penalty, i.e. bet × 2 × the stake of a
  normal win at that table (capped at his balance, as above). Each other seat gets
  ⌊paid / 3⌋; the remainder (0–2 coins) goes one coin each to the escaper's opponents,
  the next seat in turn order (R20) first. The three shares differ by at most one coin
  and the escaper pays exactly what the rule says.
* Same IP (anti-collusion, hall: 押宝局的作弊…严惩): at a betting table no two seats may
  share an IP address (hall setting, default on). Addresses are compared after
  normalising (an IPv4-mapped IPv6 address equals its IPv4 form); an unknown address
  (None, e.g. a bot) never conflicts. Tables without a bet are not restricted.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Sequence

from yuanzi.hall.economy.errors import InvalidBet
from yuanzi.hall.economy.stakes import SEATS, check_seat, seat_deltas

Deltas = tuple[int, int, int, int]

BET_UNIT = 10
"""R40: the smallest bet; the series doubles from it: 10, 20, 40, …"""
SIT_FACTOR = 100
"""R40: a player needs at least 100 × bet coins to sit at a betting table."""
DEFAULT_MAX_BET = BET_UNIT << 20
"""A sanity bound on the series (10 × 2^20 ≈ 10 million coins); a hall may lower it."""
SAME_IP_RULE_DEFAULT = True
"""Anti-collusion setting: two seats with one IP may not sit at a betting table."""


def is_valid_bet(bet: int, max_bet: int = DEFAULT_MAX_BET) -> bool:
    """R40: 0 (off) or 10 × 2^n, not above ``max_bet``."""
    if isinstance(bet, bool) or not isinstance(bet, int):
        return False
    if bet == 0:
        return True
    if bet < BET_UNIT or bet > max_bet or bet % BET_UNIT:
        return False
    units = bet // BET_UNIT
    return units & (units - 1) == 0


def check_bet(bet: int, max_bet: int = DEFAULT_MAX_BET) -> int:
    """Return ``bet`` if a table may use it, else raise :class:`InvalidBet`."""
    if not is_valid_bet(bet, max_bet):
        raise InvalidBet(f"a bet is 0 or 10, 20, 40, … up to {max_bet}, not {bet!r}")
    return bet


def bet_series(max_bet: int = DEFAULT_MAX_BET) -> tuple[int, ...]:
    """Every bet an owner may choose, for the table-settings menu: 0, 10, 20, 40, …"""
    series = [0]
    bet = BET_UNIT
    while bet <= max_bet:
        series.append(bet)
        bet *= 2
    return tuple(series)


def coins_to_sit(bet: int) -> int:
    """R40: the coins a player needs to sit at (or stay at) a table with this bet."""
    check_bet(bet)
    return SIT_FACTOR * bet


def may_sit(balance: int, bet: int) -> bool:
    """R40: at least 100 × bet coins (any balance at a table without a bet)."""
    return balance >= coins_to_sit(bet)


def seats_to_stand(balances: Sequence[int | None], bet: int) -> tuple[int, ...]:
    """R40: the seated players below 100 × bet, stood up before the next game.

    ``None`` is a seat without an account (empty or a bot): nothing to check.
    """
    need = coins_to_sit(bet)
    return tuple(s for s, b in enumerate(balances) if b is not None and b < need)


def _four(balances: Sequence[int]) -> tuple[int, int, int, int]:
    if len(balances) != 4:
        raise ValueError(f"a table has four seats, got {len(balances)} balances")
    if any(b < 0 for b in balances):
        raise ValueError(f"balances are never negative: {tuple(balances)}")
    return (balances[0], balances[1], balances[2], balances[3])


def game_coins(bet: int, stake: int, winner: int | None, balances: Sequence[int]) -> Deltas:
    """R40: after a game each seat wins or loses bet × stake coins (never below zero).

    ``stake`` is the game's stake on the hall's ladder (``ladders.stake_for``), never
    including gem points. ``balances`` are the seats' coins just before settling.
    """
    check_bet(bet)
    four = _four(balances)
    seat_deltas(winner, stake)  # validates the winner and the stake
    owed = bet * stake
    if winner is None or owed == 0:
        return (0, 0, 0, 0)
    winners = tuple(s for s in SEATS if s % 2 == winner)
    losers = tuple(s for s in SEATS if s % 2 != winner)
    deltas = [0, 0, 0, 0]
    for s in losers:
        deltas[s] = -min(owed, four[s])
    paid = -sum(deltas)
    share, odd = divmod(paid, 2)
    for s in winners:
        deltas[s] = share
    deltas[winners[0]] += odd
    return (deltas[0], deltas[1], deltas[2], deltas[3])


def escape_coins(bet: int, penalty: int, escaper: int, balances: Sequence[int]) -> Deltas:
    """R35: at a betting table the escaper pays bet × ``penalty`` to the other three.

    ``penalty`` is the escaper's ladder penalty (``ladder.escape_penalty(players)``,
    twice the stake of a normal win at that table). See the module doc for the shares.
    """
    check_bet(bet)
    check_seat(escaper)
    four = _four(balances)
    if penalty < 0:
        raise ValueError(f"a penalty is never negative, not {penalty}")
    paid = min(bet * penalty, four[escaper])
    share, rest = divmod(paid, 3)
    deltas = [share] * 4
    deltas[escaper] = -paid
    for s in ((escaper + 1) % 4, (escaper + 3) % 4)[:rest]:
        deltas[s] += 1
    return (deltas[0], deltas[1], deltas[2], deltas[3])


def normalise_ip(ip: str) -> str:
    """One text form per address, so ``::ffff:1.2.3.4`` and ``1.2.3.4`` compare equal."""
    try:
        addr = ipaddress.ip_address(ip.strip())
    except ValueError:
        return ip.strip().lower()
    if isinstance(addr, ipaddress.IPv6Address) and addr.ipv4_mapped is not None:
        return str(addr.ipv4_mapped)
    return str(addr)


def may_sit_ip(seated_ips: Sequence[str | None], ip: str | None, bet: int,
               same_ip_rule: bool = SAME_IP_RULE_DEFAULT) -> bool:
    """Anti-collusion: False iff the table bets, the rule is on and ``ip`` is seated already.

    ``seated_ips`` are the addresses of the *other* seated players (None for bots,
    empty seats or unknown addresses).
    """
    check_bet(bet)
    if bet == 0 or not same_ip_rule or ip is None:
        return True
    mine = normalise_ip(ip)
    return all(other is None or normalise_ip(other) != mine for other in seated_ips)


def same_ip_seats(ips: Sequence[str | None], bet: int,
                  same_ip_rule: bool = SAME_IP_RULE_DEFAULT) -> tuple[int, ...]:
    """The seats that share an address with another seat (to stand up before a game).

    Checked again at each game's start because a player's address can change after he
    sat down (a reconnection from another network).
    """
    check_bet(bet)
    if bet == 0 or not same_ip_rule:
        return ()
    norm = [None if ip is None else normalise_ip(ip) for ip in ips]
    return tuple(s for s, a in enumerate(norm)
                 if a is not None and sum(1 for b in norm if b == a) > 1)
