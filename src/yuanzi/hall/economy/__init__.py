"""The hall's economy as pure domain rules (RULES.md §9–§11, R35–R44).

No transport, no storage, no clock: each module takes plain values (seats' ladder values,
balances, an inventory, a seeded ``random.Random``, today's date) and returns new values
or ledger entries, or raises a typed refusal from :mod:`.errors` and changes nothing. The
store writes what these functions return in one transaction; the server only wires.

Modules, one concept each:

* :mod:`.stakes` — the base stake of a game and who gains it (R36)
* :mod:`.ladders` — the ``titles`` and ``doubling`` ladders, escapes (R35, R37–R39)
* :mod:`.bets` — the bet series, the 100× rule, bet and escape coins, same-IP rule (R35, R40)
* :mod:`.items` — the item and gem catalogue with shop prices (R41, R42, R44)
* :mod:`.inventory` — slots, stacks, move/swap (R43)
* :mod:`.shop` — buying: coins and inventory in one step (R44)
* :mod:`.drops` — random items and gems after a game (R44)
* :mod:`.ledger` — every coin movement as an entry; sources, the sink, the audit (R44)
* :mod:`.timer` — the armed timer firing on a timeout (R33, R41)
* :mod:`.gems` — the gem cap and using a gem (R42)
* :mod:`.rating` — an OpenSkill (Plackett–Luce) skill rating, teams of two
* :mod:`.matching` — quick match: the table whose level is closest (R38)
"""
