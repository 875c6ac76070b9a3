"""The hall's :class:`~yuanzi.hall.ports.Store` as one object: the account, table and
game repositories share one journal and one sessionmaker, so they are combined by
inheritance rather than wired one by one."""

from __future__ import annotations

from yuanzi.store.repos.accounts import AccountRepo
from yuanzi.store.repos.clubs import ClubRepo
from yuanzi.store.repos.games import GameRepo
from yuanzi.store.repos.push import PushRepo
from yuanzi.store.repos.reviews import ReviewRepo
from yuanzi.store.repos.sessions import SessionRepo
from yuanzi.store.repos.social import SocialRepo
from yuanzi.store.repos.tables import TableRepo
from yuanzi.store.repos.tournament_games import TournamentGameRepo
from yuanzi.store.repos.tournaments import TournamentRepo


class SqlStore(AccountRepo, TableRepo, GameRepo, SocialRepo, ReviewRepo, ClubRepo,
               SessionRepo, TournamentRepo, TournamentGameRepo, PushRepo):
    """Implements :class:`yuanzi.hall.ports.Store` (constructed like :class:`AccountRepo`:
    journal, sessions, ladder, new account coins, inventory slots)."""
