"""A table's session room (局数, issue 26): N games (4, 8, 16) or until someone leaves,
with a running tally and a vote to end it early.

The tally is always computed from the session's games as stored (:mod:`yuanzi.hall.
sessions.tally`), after each game's settlement was committed, so a crash (kill -9) loses
nothing of it: the table, taken up again, reads its session and its games and goes on.
A vote to end is stored as it stands (who asked, until when, all agreed during a game)
before the table hears of it, so a restart finds it where it was.

How a session ends (``reason``): its last game is over (``games``); every seated player
agreed (``vote``; during a game, the game in progress is its last, ``ending``); the owner
ended it between games (``owner``); a player who played in it left — stood up, was
removed, or escaped (R35, the game is abandoned as always) (``left``); the table closed
(``closed``). Seats may change freely before its first game.
"""

from __future__ import annotations

import time
from typing import Protocol

from yuanzi.engine import Game
from yuanzi.hall.errors import Code, HallError
from yuanzi.hall.group_models import StoredSession
from yuanzi.hall.models import TableSpec
from yuanzi.hall.sessions.tally import SessionGame, games_of, player_key
from yuanzi.hall.sessions.views import SessionView, session_view
from yuanzi.hall.table.context import TableContext
from yuanzi.hall.table.nudges import TableNudges
from yuanzi.hall.table.sender import Sender

LENGTHS = (0, 4, 8, 16)
"""Games a session may last; 0: until someone leaves."""
VOTE_SECONDS = 60.0
"""How long a vote to end waits for the others before it lapses."""


class SessionHost(Protocol):
    spec: TableSpec
    ctx: TableContext
    game: Game | None
    nudges: TableNudges

    @property
    def id(self) -> int: ...
    def seat_of(self, account_id: int) -> int: ...
    def publish_table(self) -> None: ...


def check_length(games: int) -> int:
    if games not in LENGTHS:
        raise HallError(Code.MALFORMED, "a session lasts 4, 8 or 16 games, or 0: until "
                                        "someone leaves")
    return games


class TableSession:
    def __init__(self, table: SessionHost) -> None:
        self.table = table
        self.stored: StoredSession | None = None
        self.games: list[SessionGame] = []
        self.ending = False
        """Agreed to end: the game in progress is the last."""
        self.votes: set[int] = set()
        self.vote_until: float | None = None
        self._view: SessionView | None = None

    @property
    def running(self) -> bool:
        return self.stored is not None and self.stored.status == "running"

    def for_game(self) -> int | None:
        """The session a game starting now belongs to."""
        return self.stored.id if self.stored is not None and self.running else None

    def view(self) -> SessionView | None:
        """The table's latest session, as ``TableView.session`` shows it."""
        s = self.stored
        if s is None:
            return None
        if self._view is None:
            self._view = session_view(s, self.games, self.ending)
        if not self._vote_open():
            return self._view
        return self._view.model_copy(update={"votes": sorted(self.votes),
                                             "vote_until": self.vote_until})

    # -- its life ------------------------------------------------------------------------

    async def load(self) -> None:
        """Taken up after a restart: the table's latest session and its games; one whose
        last game was settled before the crash ends now."""
        session_id = self.table.spec.session_id
        if session_id is None:
            return
        self.stored = s = await self.table.ctx.store.stored_session(session_id)
        await self._read_games()
        if s is None or not self.running:
            return
        self.ending = s.end_agreed
        if s.vote_until is not None and s.end_votes and time.time() < s.vote_until:
            self.votes, self.vote_until = set(s.end_votes), s.vote_until
        if self.table.game is None and self.ending:  # the agreed last game was settled
            await self._end("vote")
        elif self.table.game is None and self._all_played():
            await self._end("games")

    async def open(self, sender: Sender, games: int) -> SessionView:
        t = self.table
        if sender.account_id != t.spec.owner.id:
            raise HallError(Code.NOT_OWNER, "only the table's owner may open a session")
        await self.start(check_length(games))
        view = self.view()
        assert view is not None
        return view

    async def start(self, games: int) -> None:
        """Open a session of ``games`` at this private table (its owner's, or its club's
        length when the table opens)."""
        t = self.table
        if not t.spec.private:
            raise HallError(Code.NOT_PRIVATE, "only a private or club table holds a session")
        if t.game is not None:
            raise HallError(Code.GAME_IN_PROGRESS, "a session opens between games")
        if self.running:
            raise HallError(Code.SESSION_RUNNING, "a session is running at this table")
        self.stored = await t.ctx.store.open_session(t.id, t.spec.club_id, t.spec.owner.id,
                                                     games)
        t.spec.session_id = self.stored.id
        self.games, self.ending = [], False
        self._clear_vote()
        t.publish_table()
        t.nudges.session_opened(games)  # (its club hears: a push, issue 47)

    async def after_game(self, abandoned: bool) -> None:
        """A game of the session was settled: the tally from the store; the session ends
        if that was its last game, its agreed end, or an escape (R35)."""
        if not self.running:
            return
        await self._read_games()
        if abandoned:
            await self._end("left")
        elif self.ending:
            await self._end("vote")
        elif self._all_played():
            await self._end("games")
        self.table.publish_table()

    async def seats_changed(self) -> None:
        """After a seat change between games: a player of the session gone ends it."""
        if not self.running or not self.games or self.table.game is not None:
            return
        seated = {player_key(s.account.id if s.account else None, s.name or "")
                  for s in self.table.spec.seats if not s.empty}
        if any(p.key not in seated for p in self.games[-1].players):
            await self._end("left")

    async def closed(self) -> None:
        if self.running:
            await self._end("closed")

    async def vote(self, sender: Sender, agree: bool) -> SessionView:
        """A seated player asks (or agrees) to end the session, or says no; the owner
        between games ends it at once."""
        t = self.table
        seat = t.seat_of(sender.account_id)
        if not self.running:
            raise HallError(Code.NO_SESSION, "no session is running at this table")
        players = {i for i, s in enumerate(t.spec.seats) if s.account is not None}
        if not agree:
            self._clear_vote()
        elif sender.account_id == t.spec.owner.id and t.game is None:
            # (the owner's yes that completes everyone's is the table's vote: issue 45)
            everyone = self._vote_open() and players <= self.votes | {seat}
            await self._end("vote" if everyone else "owner")
        else:
            if not self._vote_open():
                self._clear_vote()
                self.vote_until = time.time() + VOTE_SECONDS
            self.votes.add(seat)
            if players <= self.votes:
                self._clear_vote()
                if t.game is None:
                    await self._end("vote")
                else:
                    self.ending = True
                    self._view = None
        if self.running:  # (an end stored it already)
            await self._keep_vote()
        t.publish_table()
        view = self.view()
        assert view is not None
        return view

    # -- inside ------------------------------------------------------------------------

    def _all_played(self) -> bool:
        s = self.stored
        return s is not None and s.games > 0 and len(self.games) >= s.games

    def _vote_open(self) -> bool:
        return self.vote_until is not None and time.time() < self.vote_until

    def _clear_vote(self) -> None:
        self.votes.clear()
        self.vote_until = None

    async def _keep_vote(self) -> None:
        """Stored before the table hears of it (store before broadcast)."""
        assert self.stored is not None
        await self.table.ctx.store.keep_session_vote(
            self.stored.id, sorted(self.votes), self.vote_until, self.ending)

    async def _read_games(self) -> None:
        if self.stored is not None:
            self.games = games_of(await self.table.ctx.store.session_games(self.stored.id))
        self._view = None

    async def _end(self, reason: str) -> None:
        assert self.stored is not None
        ended = await self.table.ctx.store.end_session(self.stored.id, reason)
        if ended is not None:
            self.stored = ended
        self.ending = False
        self._clear_vote()
        self._view = None
