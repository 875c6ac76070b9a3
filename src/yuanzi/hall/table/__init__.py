"""A table of the hall as a package: its actor (:mod:`.actor`) and the parts it is made
of — the clock, the items, the seating rules, the game, its settlement — each seeing the
actor only through a protocol of public names, the frames it sends (:mod:`.frames`) and
the typed commands it takes (:mod:`.commands`). Nothing is imported here, so that the
commands (plain values meant to cross processes) come without the actor.
"""
