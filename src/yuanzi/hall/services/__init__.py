"""The hall's services, one per use case: a player's wallet, the standings, what a table
settles, the admin's, using an item, the replay shelf and the coach's desk. Each turns a
request into a decision over the stores (:mod:`yuanzi.hall.ports`), the economy's in one
transaction; the rules are the pure core's (:mod:`yuanzi.hall.economy`). Import the
modules themselves; this package imports nothing.
"""
