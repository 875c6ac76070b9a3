"""What a table pushes (issue 47, hall/table/nudges.py), with the table and its pushes
stood in: "your turn" only to a seated player none of whose tabs shows the table, once
per absence, never in 托管 by choice; what anyone not seated says changes nothing; a
private table's "3 of 4" once on the way there, none at a table just taken up, none at a
public or a tournament's table; a club's table to its club."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from yuanzi.hall.desk_ports import TableName
from yuanzi.hall.models import Account, Seat, TableSpec, TournamentPlace
from yuanzi.hall.table.nudges import TableNudges


def account(i: int) -> Account:
    return Account(id=i, nickname=f"p{i}")


@dataclass
class Pushes:
    sent: list[tuple[Any, ...]] = field(default_factory=list)

    def your_turn(self, account_id: int, table_id: int, name: TableName) -> None:
        self.sent.append(("turn", account_id, name))

    def table_filling(self, table_id: int, name: TableName, account_ids: list[int]) -> None:
        self.sent.append(("filling", tuple(account_ids)))

    def club_table_filling(self, club_id: int, table_id: int, name: TableName,
                           seated: list[int]) -> None:
        self.sent.append(("club_filling", club_id, tuple(seated)))

    def club_session(self, club_id: int, table_id: int, name: TableName, games: int,
                     seated: list[int]) -> None:
        self.sent.append(("club_session", club_id, games))


@dataclass
class Ctx:
    push: Pushes = field(default_factory=Pushes)
    connected: set[int] = field(default_factory=set)

    def is_connected(self, account_id: int) -> bool:
        return account_id in self.connected


@dataclass
class Game:
    to_move: int | None = 0


@dataclass
class Clock:
    auto: set[int] = field(default_factory=set)


@dataclass
class Privacy:
    invited: list[int] = field(default_factory=list)

    def expected(self) -> list[int]:
        return self.invited


@dataclass
class Table:
    spec: TableSpec
    ctx: Ctx = field(default_factory=Ctx)
    game: Game | None = None
    clock: Clock = field(default_factory=Clock)
    privacy: Privacy = field(default_factory=Privacy)

    @property
    def id(self) -> int:
        return self.spec.id


def table(seated: int = 4, **spec: Any) -> Table:
    seats = [Seat(account=account(i + 1)) if i < seated else Seat() for i in range(4)]
    return Table(TableSpec(id=9, name="p1的桌", owner=account(1), tablecloth="green", bet=0,
                           rules={}, seats=seats, name_default=True, **spec))


def test_your_turn_only_away_from_every_tab_and_once_per_absence() -> None:
    t = table()
    t.ctx.connected = {1, 2, 3, 4}
    t.game = Game(to_move=1)
    nudges = TableNudges(t)  # type: ignore[arg-type]
    nudges.turn()
    assert t.ctx.push.sent == []  # connected, never said: there
    nudges.view(2, 77, False)  # his one tab hidden
    nudges.turn()
    nudges.turn()  # (his next turn, still away: told once)
    assert t.ctx.push.sent == [("turn", 2, TableName("p1的桌", "p1"))]
    nudges.view(2, 78, True)  # another tab of his shows it: back
    nudges.view(2, 78, None)  # ... and closes
    nudges.turn()  # a new absence
    assert len(t.ctx.push.sent) == 2
    t.clock.auto.add(1)
    nudges.view(2, 77, False)
    nudges.turn()  # 托管 by his choice: nothing
    assert len(t.ctx.push.sent) == 2
    t.clock.auto.clear()
    t.ctx.connected.discard(3)
    t.game.to_move = 2  # the seat of account 3, whose connections are all gone
    nudges.turn()
    assert t.ctx.push.sent[-1][:2] == ("turn", 3)
    nudges.view(42, 5, False)  # not seated here: his word is not kept
    assert nudges.in_view(42) is False and 42 not in nudges._views


def test_three_of_four_at_a_private_or_club_table_once_on_the_way() -> None:
    t = table(seated=2, private=True)
    t.privacy.invited = [2, 7, 8]
    nudges = TableNudges(t)  # type: ignore[arg-type]
    nudges.seats_changed()  # first look (a table taken up): nothing
    t.spec.seats[2] = Seat(bot="random")
    nudges.seats_changed()
    nudges.seats_changed()  # (still three: not again)
    assert t.ctx.push.sent == [("filling", (7, 8))]  # the seated friend is not told
    t.spec.seats[3] = Seat(bot="random")
    nudges.seats_changed()
    t.spec.seats[3] = Seat()
    nudges.seats_changed()  # down to three again: told again (the desk's limit decides)
    assert len(t.ctx.push.sent) == 2

    club = table(seated=2, private=True, club_id=5)
    nudges = TableNudges(club)  # type: ignore[arg-type]
    nudges.seats_changed()
    club.spec.seats[2] = Seat(account=account(6))
    nudges.seats_changed()
    nudges.session_opened(8)
    assert club.ctx.push.sent == [("club_filling", 5, (1, 2, 6)), ("club_session", 5, 8)]


def test_no_filling_push_at_a_public_table_a_tournaments_or_during_a_game() -> None:
    for t in (table(seated=2), table(seated=2, private=True,
                                     tournament=TournamentPlace(1, 0, 1, ()))):
        nudges = TableNudges(t)  # type: ignore[arg-type]
        nudges.seats_changed()
        t.spec.seats[2] = Seat(bot="random")
        nudges.seats_changed()
        assert t.ctx.push.sent == []
    playing = table(seated=2, private=True)
    nudges = TableNudges(playing)  # type: ignore[arg-type]
    nudges.seats_changed()
    playing.game = Game()
    playing.spec.seats[2] = Seat(bot="random")
    nudges.seats_changed()
    assert playing.ctx.push.sent == []
