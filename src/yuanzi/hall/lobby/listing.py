"""The lobby's rows: this node's open tables that are neither private (issue 15) nor a
tournament's (issue 43), and the other nodes' as they last announced theirs."""

from __future__ import annotations

from collections.abc import Container, Mapping
from typing import Protocol

from yuanzi.hall.events import TableView
from yuanzi.hall.lobby.board import LobbyBoard
from yuanzi.hall.models import TableSpec


class Listed(Protocol):
    """A table of this node as the lobby reads it (:class:`~yuanzi.hall.table.actor.TableActor`)."""

    spec: TableSpec
    closed: bool
    published: tuple[TableView, str] | None

    def view(self) -> TableView: ...


class OtherNodes(Protocol):
    def tables(self) -> list[TableView]: ...
    def table_texts(self, skip: Container[int]) -> list[str]: ...


class TablesHere(Protocol):
    """This node's tables and the other nodes (:class:`~yuanzi.hall.core.routing.Router`)."""

    @property
    def tables(self) -> Mapping[int, Listed]: ...
    @property
    def peers(self) -> OtherNodes: ...


class Listing:
    def __init__(self, router: TablesHere, board: LobbyBoard) -> None:
        self._router = router
        self._board = board
        self._rows: tuple[int, str] | None = None

    def _listed(self) -> list[Listed]:
        return [a for a in self._router.tables.values() if not a.closed and a.spec.in_lobby]

    def _elsewhere(self) -> list[TableView]:
        tables = self._router.tables
        return [v for v in self._router.peers.tables() if v.id not in tables]

    def views(self) -> list[TableView]:
        """The lobby as its rows were last published (no view rebuilt: issue 14 measured
        a whole lobby at 2,000 tables as ~190 ms of views)."""
        here = [a.published[0] if a.published else a.view() for a in self._listed()]
        return here + self._elsewhere()

    def text(self) -> str:
        """The ``lobby`` frame: this node's rows joined once per change of its tables."""
        version = self._board.version
        if self._rows is None or self._rows[0] != version:
            self._rows = (version, ",".join(
                a.published[1] if a.published else a.view().model_dump_json()
                for a in self._listed()))
        rows = ",".join(r for r in (self._rows[1],
                                    *self._router.peers.table_texts(self._router.tables)) if r)
        return '{"type":"lobby","tables":[' + rows + "]}"

    def fresh(self) -> list[TableView]:
        """The lobby with every view of this node's built afresh."""
        return [a.view() for a in self._listed()] + self._elsewhere()
