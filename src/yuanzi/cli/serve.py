"""``yuanzi serve``: run the hall (on uvicorn, or the ASGI server ``YUANZI_ASGI_SERVER``
names), creating and migrating its database first."""

from __future__ import annotations

import argparse
import logging
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from yuanzi.hall.settings import Settings

NAME = "serve"
HELP = "run the game hall server (default http://127.0.0.1:8000)"


def register(parser: argparse.ArgumentParser) -> None:
    parser.description = HELP + "; settings come from YUANZI_* variables (docs/hall.md)"
    parser.add_argument("--host", default=None, help="address to listen on (127.0.0.1)")
    parser.add_argument("--port", type=int, default=None, help="port to listen on (8000)")
    parser.add_argument("--log-level", default="info",
                        choices=["critical", "error", "warning", "info", "debug"])


def run(args: argparse.Namespace) -> int:
    from yuanzi.server import asgi_servers

    settings = asgi_servers.server_settings()
    if settings.redis_url:  # a node of a hall of several: refuse settings that cannot be
        from yuanzi.cluster.namespace import ClusterSettingsError, check_cluster

        try:
            check_cluster(settings.database_url, settings.redis_namespace)
        except ClusterSettingsError as e:
            print(f"yuanzi serve: {e}", file=sys.stderr)
            return 2
    host = args.host or settings.host
    port = args.port if args.port is not None else settings.port
    logging.basicConfig(level=args.log_level.upper(),
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    refusal = migrate_first(settings)
    if refusal:
        print(f"yuanzi serve: {refusal}", file=sys.stderr)
        return 2
    where = "DATABASE_URL" if settings.database_url else str(settings.db_path)
    node = ", a node of a hall on REDIS_URL" if settings.redis_url else ""
    print(f"yuanzi hall: open http://{host}:{port}/  (database: {where}{node})", flush=True)
    asgi_servers.run(settings, host, port, args.log_level)
    return 0


def migrate_first(settings: Settings) -> str | None:
    """Create or upgrade the schema before serving (under the migration lock, so nodes
    started together take turns; the app's own start then finds it at head). Returns why
    the node must not start — its database is at a revision it does not know, or another
    node has held the migration lock far longer than a migration takes — or None."""
    from yuanzi.store.db import open_engine
    from yuanzi.store.migrate import MigrationLockTimeout, SchemaNewerThanCode, upgrade

    engine = open_engine(settings.db_url, settings.sqlite_synchronous)
    try:
        upgrade(engine)
    except (SchemaNewerThanCode, MigrationLockTimeout) as e:
        return str(e)
    finally:
        engine.dispose()
    return None
