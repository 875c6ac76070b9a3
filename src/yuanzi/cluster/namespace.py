"""Which hall a node belongs to, as a prefix of every Redis channel and key.

Redis pub/sub ignores the database number of ``REDIS_URL`` (a ``PUBLISH`` reaches every
subscriber of the server), so two halls sharing one Redis would hear each other's
tables unless their channels differ. A hall *is* its database, so by default the prefix
is derived from the database URL (host, port, database name and a ``search_path``
schema if the URL sets one; never the password): every node of one hall computes the
same one (give them the same ``DATABASE_URL``), two halls never do.
"""

from __future__ import annotations

import re

from sqlalchemy.engine import make_url

_UNSAFE = re.compile(r"[^A-Za-z0-9_.\-]")
_SEARCH_PATH = re.compile(r"search_path=([^\s,]+)")


class ClusterSettingsError(ValueError):
    """The settings cannot make a hall of several nodes (said at start-up, in words)."""


def check_cluster(database_url: str, explicit: str = "") -> str:
    """The hall's namespace if these settings may start a node of several; else raise
    :class:`ClusterSettingsError` saying why."""
    return hall_namespace(database_url, explicit)


def hall_namespace(database_url: str, explicit: str = "") -> str:
    """The prefix of this hall's channels and keys, e.g. ``yuanzi:127.0.0.1:5432:test``.

    ``explicit`` (``YUANZI_REDIS_NAMESPACE``) wins when set. A SQLite hall has no
    namespace: its file is one process's, and several nodes cannot share it.
    """
    if explicit:
        if _UNSAFE.sub("", explicit.replace(":", "")) != explicit.replace(":", ""):
            raise ClusterSettingsError(
                "YUANZI_REDIS_NAMESPACE may hold only letters, digits, '_', '-', '.' and ':'")
        return explicit
    if not database_url:
        raise ClusterSettingsError(
            "REDIS_URL is set but the hall has no DATABASE_URL: several nodes share one "
            "PostgreSQL database (set DATABASE_URL=postgresql://…), a SQLite file is one "
            "process's; unset REDIS_URL to run a single-process hall on SQLite")
    url = make_url(database_url)
    if url.get_backend_name() != "postgresql":
        raise ClusterSettingsError(
            f"REDIS_URL needs the hall on PostgreSQL, not {url.get_backend_name()}: several "
            "nodes share one PostgreSQL database; unset REDIS_URL to run a single process")
    parts = [url.host or "localhost", str(url.port or 5432), url.database or ""]
    options = url.query.get("options")
    path = _SEARCH_PATH.search(" ".join(options) if isinstance(options, tuple) else options or "")
    if path:  # a hall in its own schema of a shared database (as the tests make them)
        parts.append(path.group(1))
    return "yuanzi:" + ":".join(_UNSAFE.sub("_", p) for p in parts)
