"""The hall's core (issue 29): the small :class:`~yuanzi.hall.core.hall.Hall` that composes
the services, routes commands to tables and adopts them, tracks who is connected, and the
other nodes as it sees them (a null object on a hall of one node)."""
