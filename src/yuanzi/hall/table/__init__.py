"""A table of the hall as a package: its actor (:mod:`.actor`) and the parts it is made
of — the clock, the items, the seating rules, the game, its settlement — each seeing the
actor only through a protocol of public names, and the frames it sends (:mod:`.frames`).
"""

from yuanzi.hall.table.actor import TableActor
from yuanzi.hall.table.context import TableContext

__all__ = ["TableActor", "TableContext"]
