"""A hall of several nodes (issue 13): what lets more than one ``yuanzi serve`` process
share one hall through PostgreSQL and Redis.

Without ``REDIS_URL`` none of this runs: one process, the in-process broker, SQLite by
default. With it, :mod:`.redis_broker` carries every broadcast between the nodes behind
the same :class:`~yuanzi.hall.runtime.pubsub.Broker` seam the tables already publish to, and
:mod:`.namespace` keeps two halls on one Redis apart.
"""
