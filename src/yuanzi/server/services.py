"""The services one server process runs, built at start-up and torn down at shutdown."""

from __future__ import annotations

from dataclasses import dataclass

from yuanzi.hall.accounts import AccountService
from yuanzi.hall.hall import Hall
from yuanzi.hall.pubsub import LocalBroker
from yuanzi.hall.settings import Settings
from yuanzi.store.setup import Database, open_database


@dataclass
class Services:
    settings: Settings
    db: Database
    accounts: AccountService
    hall: Hall
    broker: LocalBroker


async def start_services(settings: Settings) -> Services:
    """Open (and migrate) the database, then rebuild every table from it."""
    db = open_database(settings)
    broker = LocalBroker()
    hall = Hall(settings, db.store, broker, db.economy)
    await hall.resume()
    return Services(settings, db, AccountService(db.store, settings), hall, broker)


async def stop_services(services: Services) -> None:
    await services.hall.close()
    services.db.close()
