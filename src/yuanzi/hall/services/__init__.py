"""The hall's economy services, one per use case: a player's wallet, the standings, what
a table settles, and the admin's. Each turns a request into a decision over wallets
(:mod:`yuanzi.hall.ports`) run in one transaction; the rules are the pure core's
(:mod:`yuanzi.hall.economy`). Import the modules themselves; this package imports nothing.
"""
