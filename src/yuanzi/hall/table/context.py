"""What a table needs from the hall around it: settings, the store, the broker, the
economy, the bot workers, and who is connected and seated where."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from yuanzi.hall.desk_ports import TableName
from yuanzi.hall.ports import Store, TableEconomy
from yuanzi.hall.record_seal import RecordSigner
from yuanzi.hall.runtime.pubsub import Broker
from yuanzi.hall.runtime.thinking import BotPool
from yuanzi.hall.settings import Settings


class LobbyNews(Protocol):
    """The lobby's news, as a table tells it (:class:`yuanzi.hall.lobby.board.LobbyBoard`)."""

    def changed(self, table_id: int, view_json: str) -> None: ...
    def closed(self, table_id: int) -> None: ...


class TournamentNews(Protocol):
    """What the hall hears from a tournament's table (its director, issue 28)."""

    def table_done(self, tournament_id: int, round_: int) -> None: ...


class Pushes(Protocol):
    """The pushes a table sends (:class:`yuanzi.hall.services.push.PushDesk`, issue 47):
    each in the background, nothing if the hall sends none."""

    def your_turn(self, account_id: int, table_id: int, name: TableName) -> None: ...
    def table_filling(self, table_id: int, name: TableName,
                      account_ids: Sequence[int]) -> None: ...
    def club_table_filling(self, club_id: int, table_id: int, name: TableName,
                           seated: Sequence[int]) -> None: ...
    def club_session(self, club_id: int, table_id: int, name: TableName, games: int,
                     seated: Sequence[int]) -> None: ...


class TableContext(Protocol):
    """The hall as a table sees it (:class:`yuanzi.hall.core.hall.Hall` implements it)."""

    settings: Settings
    store: Store
    broker: Broker
    economy: TableEconomy
    bot_pool: BotPool
    @property
    def lobby_board(self) -> LobbyNews: ...
    @property
    def push(self) -> Pushes: ...
    @property
    def record_seal(self) -> RecordSigner:
        """Signs the record a ``game_over`` gives the game's players (issue 54)."""
    @property
    def tournament_news(self) -> TournamentNews:
        """Where a tournament's table says its games are played (issue 28)."""
    actions: int
    """Actions applied and stored, hall-wide (a counter for metrics)."""

    def is_connected(self, account_id: int) -> bool: ...
    def address_of(self, account_id: int) -> str | None:
        """The address the account's latest live connection comes from, if any."""

    def seat_of(self, account_id: int) -> int | None:
        """The table id where the account sits, if any."""

    def set_seated(self, account_id: int, table_id: int | None) -> None: ...
    def table_closed(self, table_id: int) -> None: ...
    def table_lost(self, table_id: int) -> None:
        """The table's lease was taken over (a node of several): it stopped here."""

    def autoplay_bot(self) -> str: ...
