"""Every frame a table sends, built in one place: the table view (the lobby's row and the
table's own frame), a seat's game view, a played action, a card counter, a timer, and
the full view a client gets when it (re)joins — one thing, sent as frames on joining and
as the ``resync`` reply's data.

Game views come only from the engine's observation of the receiving seat (R45); the
public fields of a ``played`` frame come from the spectator's observation.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Literal

import orjson

from yuanzi.engine import Game, format_cards
from yuanzi.engine.cards import Card
from yuanzi.engine.observe import progress
from yuanzi.hall.events import (
    CounterFrame,
    GameFrame,
    Played,
    SeatView,
    TableView,
    TimerFrame,
    Watcher,
)
from yuanzi.hall.models import Seat, TableSpec
from yuanzi.hall.runtime.pubsub import Envelope
from yuanzi.hall.sessions.views import SessionView
from yuanzi.hall.table_tag import TableTournament

Reason = Literal["player", "timeout", "auto", "bot"]
__all__ = ["FullView", "GameFrame", "Reason", "table_frame_text"]


def now_ms() -> int:
    """The server's clock in a frame (``now``): clients correct deadlines by it."""
    return int(time.time() * 1000)


def table_view(spec: TableSpec, *, closed: bool, playing: bool, turn_seconds: float,
               spectators: int, connected: Callable[[int], bool],
               auto: Callable[[int], bool], armed: Callable[[int], list[str]],
               watchers: dict[int, str] | None = None,
               session: SessionView | None = None) -> TableView:
    """The table as everyone may see it: seats, who is ready, connected, in 托管, and what
    a player armed that the table may know of (R41); who watches a private table."""
    seats = []
    for i, s in enumerate(spec.seats):
        if s.account is not None:
            a = s.account
            seats.append(SeatView(seat=i, kind="player", account_id=a.id, nickname=a.nickname,
                                  level=a.level, title=a.title, title_en=a.title_en,
                                  ready=s.ready, connected=connected(a.id), auto=auto(i),
                                  armed=armed(a.id)))
        elif s.bot is not None:
            seats.append(SeatView(seat=i, kind="bot", bot=s.bot, name=s.name,
                                  name_en=s.name_en, avatar=s.avatar, ready=True,
                                  connected=True))
        else:
            seats.append(SeatView(seat=i, kind="empty"))
    status: Literal["open", "playing", "closed"] = (
        "closed" if closed else "playing" if playing else "open")
    return TableView(id=spec.id, name=spec.name, owner_id=spec.owner.id,
                     owner=spec.owner.nickname, tablecloth=spec.tablecloth, bet=spec.bet,
                     rules=spec.rules, turn_seconds=turn_seconds, status=status,
                     game_id=spec.game_id, seats=seats, spectators=spectators,
                     name_protected_until=spec.name_protected_until,
                     name_default=spec.name_default, private=spec.private,
                     room_code=spec.room_code, invite=spec.invite_token, locked=spec.locked,
                     spectators_allowed=spec.spectators_allowed,
                     watchers=[Watcher(account_id=a, nickname=n)
                               for a, n in sorted((watchers or {}).items())]
                     if spec.private else [], session=session, club=spec.club_id,
                     tournament=None if (place := spec.tournament) is None else
                     TableTournament(id=place.tournament_id, round=place.round,
                                     games=place.games))


def table_frame_text(view_json: str) -> str:
    """The ``table`` frame (as ``TableFrame.text()`` gives it) of a row already encoded:
    a table encodes its row once, for its own topic and for the lobby."""
    return '{"type":"table","table":' + view_json + "}"


def table_frame(view: TableView) -> str:
    return table_frame_text(view.model_dump_json())


def table_envelope(table_id: int, view_json: str) -> Envelope:
    """The ``table`` frame of a row encoded once (for the table's topic and the lobby)."""
    return Envelope("table", table_frame_text(view_json), table_id)


def game_frame(table_id: int, game_id: int, version: int, game: Game, seat: int | None,
               deadline: float | None, break_until: float | None = None) -> GameFrame:
    """One seat's whole game view (or a spectator's: ``seat`` None), R45; while the
    halves pause (issue 31), until when at most."""
    return GameFrame(table=table_id, game_id=game_id, version=version, seat=seat,
                     view=game.observation(seat).to_dict(), deadline=deadline, now=now_ms(),
                     break_until=break_until)


def played_frame(table_id: int, game_id: int, version: int, game: Game, seat: int,
                 text: str, reason: Reason, deadline: float | None) -> Played:
    """One applied action, for everyone at the table: its public consequences only."""
    return Played.model_validate(played_fields(table_id, game_id, version, game, seat, text,
                                               reason, deadline))


def played_text(table_id: int, game_id: int, version: int, game: Game, seat: int,
                text: str, reason: Reason, deadline: float | None) -> str:
    """The ``played`` frame as it goes on the wire: the same JSON as
    ``played_frame(…).text()``, encoded without building the model — one per action,
    the hall's hottest frame (issue 12: a tenth of the table's CPU was this frame)."""
    return orjson.dumps(played_fields(table_id, game_id, version, game, seat, text, reason,
                                      deadline)).decode()


def played_fields(table_id: int, game_id: int, version: int, game: Game, seat: int,
                  text: str, reason: Reason, deadline: float | None) -> dict[str, Any]:
    """The fields of :class:`~yuanzi.hall.events.Played`, in its order, from the game's
    public progress (the spectator's view, R45)."""
    p = progress(game)
    return {"type": "played", "table": table_id, "game_id": game_id, "version": version,
            "seat": seat, "cards": text, "reason": reason, "to_move": p.to_move,
            "top": None if p.top is None else p.top.text(), "top_seat": p.top_seat,
            "cards_left": list(p.cards_left), "trick_points": list(p.trick_points),
            "table_points": p.table_points, "out_order": list(p.out_order),
            "deadline": deadline, "now": now_ms()}


def counter_frame(table_id: int, game_id: int, version: int, seat: int,
                  cards: list[Card]) -> CounterFrame:
    return CounterFrame(table=table_id, game_id=game_id, version=version, seat=seat,
                        cards=format_cards(cards), count=len(cards), now=now_ms())


def timer_frame(table_id: int, game_id: int, seat: int, seconds: int,
                deadline: float | None, fee: int, seats: Sequence[Seat] = ()) -> TimerFrame:
    """A timer fired (R41): everyone at the table hears who paid whom (issue 16)."""
    paid = [i for i, s in enumerate(seats) if i != seat and s.account is not None] if fee else []
    return TimerFrame(table=table_id, game_id=game_id, seat=seat, seconds=seconds,
                      deadline=deadline, fee=fee, paid=paid,
                      each=fee // len(paid) if paid else 0,
                      unpaid_bots=[i for i, s in enumerate(seats) if s.bot is not None],
                      now=now_ms())


@dataclass(frozen=True, slots=True)
class FullView:
    """All a client needs to show a table from scratch: the table, its game view (the
    seat's, or a spectator's), and its card counter if one runs."""

    table: TableView
    game: GameFrame | None
    counter: CounterFrame | None

    def frames(self) -> list[Envelope]:
        """As frames, in order (on joining a table)."""
        out = [Envelope("table", table_frame(self.table), self.table.id)]
        if self.game is not None:
            out.append(self.game.envelope())
        if self.counter is not None:
            out.append(self.counter.envelope())
        return out

    def reply(self) -> dict[str, Any]:
        """As the ``resync`` reply's data."""
        return {"table": self.table.model_dump(),
                "game": None if self.game is None else self.game.model_dump(),
                "counter": None if self.counter is None else self.counter.model_dump()}
