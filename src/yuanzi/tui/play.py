"""A human plays one game in the terminal with a bot partner against two bots.

The session reads lines from ``inp`` and writes to ``out`` (a terminal, or a script in
the tests). The human's seat is shown its own observation only (R45); the bots get
theirs. A wrong input is explained and asked again; the engine decides legality.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol, TextIO

from yuanzi.bots import make_bot
from yuanzi.engine import PASS, Game, IllegalAction, Observation, record_of
from yuanzi.engine.combos import Move
from yuanzi.engine.hand import Hand
from yuanzi.engine.moves import check_selection
from yuanzi.tui.colour import Palette
from yuanzi.tui.narrate import Narrator, step
from yuanzi.tui.render import SEAT_LETTERS, action, cards, describe, hand_rows, table
from yuanzi.tui.selection import COMMANDS, Command, SelectionError, parse_input

HELP = """\
How to play: type the cards to play, then Enter.
  7s 7s        cards in notation: rank then suit (s h c d), 10h or th, bj / sj for jokers
  q q          bare ranks: any queens you hold (atoms are kept whole where possible)
  #1 2 5-7     positions in your hand as shown (the small numbers under the cards)
  pass (p)     pass, when you follow
  hint (h)     show what the heuristic bot would play
  quit         leave the game
Plays: singles, pairs, triples of one rank; 4+ of one rank is a bomb; three identical
cards an atom 原子; two of each suit (8) a hydrogen bomb 氢弹. Jokers are wild except with
blade cards. The blade rank 刀 is above 2."""


class Lines(Protocol):
    """Where the player's lines come from: a terminal's stdin, or a script."""

    def readline(self) -> str: ...


@dataclass(frozen=True, slots=True)
class Setup:
    """How the game is set up."""

    seed: int = 1
    seat: int = 2
    """The human's seat (default South 南)."""
    partner: str = "heuristic"
    opponents: str = "heuristic"
    save: Path | None = None
    """Where to save the record; None asks at the end."""
    ask_save: bool = True


def names_for(seat: int) -> list[str]:
    """Seat names from the human's chair: You, Partner, and the two opponents."""
    names = []
    for s in range(4):
        if s == seat:
            names.append("You")
        elif s == seat ^ 2:
            names.append("Partner")
        else:
            names.append(("North", "East", "South", "West")[s])
    return names


class Session:
    """One interactive game."""

    def __init__(self, setup: Setup, inp: Lines, out: TextIO, pal: Palette) -> None:
        self.setup = setup
        self.inp = inp
        self.out = out
        self.pal = pal
        self.seat = setup.seat
        self.names = names_for(setup.seat)
        self.game = Game.new(random.Random(setup.seed))
        self.bots = {
            s: make_bot(setup.partner if s == setup.seat ^ 2 else setup.opponents,
                        setup.seed * 4 + s)
            for s in range(4) if s != setup.seat
        }
        self.hinter = make_bot("heuristic", setup.seed)
        self.narrator = Narrator(self.names, pal)

    # -- output ----------------------------------------------------------------------------

    def say(self, *lines: str) -> None:
        for line in lines:
            self.out.write(line + "\n")
        self.out.flush()

    def _ask(self, prompt: str) -> str | None:
        self.out.write(prompt)
        self.out.flush()
        line = self.inp.readline()
        if not line:
            return None
        return line.strip()

    # -- the game --------------------------------------------------------------------------

    def run(self) -> int:
        """Play to the end; 0 when the game was finished, 1 when the player left."""
        pal = self.pal
        self.say(pal("原子 Atom", "bold") + f" — you sit {SEAT_LETTERS[self.seat]}, your partner"
                 f" ({self.setup.partner}) sits opposite; opponents: {self.setup.opponents}."
                 "  Type help for how to play.")
        self.say(*self.narrator.start_half(self.game.observation(None)))
        game = self.game
        while not game.is_over:
            seat = game.to_move
            assert seat is not None
            if seat == self.seat:
                turn = self._human_turn()
                if turn is None:
                    self.say("You left the game; it is abandoned.")
                    return 1
                move, played = turn
            else:
                legal = game.legal_moves()
                move = self.bots[seat].choose(game.observation(seat), legal)
                if move not in legal:
                    raise IllegalAction(f"bot at {SEAT_LETTERS[seat]} chose {move}, not legal")
                played = None if move.is_pass else game.cards_for(move)
            before = game.observation(None)
            game.apply(move if played is None else played)
            self.say(action(seat, played, self.names, before.blade_rank, move, pal))
            self.say(*step(game, self.narrator, seat, played, before))
        result = game.result
        assert result is not None
        if result.winner is not None:
            won = result.winner == (self.seat & 1)
            self.say(pal("Your team wins!", "bold", "green") if won
                     else pal("Your team loses.", "bold", "red"))
        self._offer_save()
        return 0

    def _human_turn(self) -> tuple[Move, tuple[int, ...] | None] | None:
        """Show the table, read input until it names a legal play; None when the player left."""
        game = self.game
        obs = game.observation(self.seat)
        assert obs.hand is not None
        self.say("", *table(obs, self.names, self.pal), "   Your hand:",
                 *("   " + row for row in hand_rows(obs.hand, obs.blade_rank, self.pal)))
        prompt = "Your lead> " if obs.top is None else "Your play (or pass)> "
        while True:
            line = self._ask(prompt)
            if line is None:
                return None
            try:
                choice = parse_input(line, obs.hand, obs.blade_rank)
            except SelectionError as e:
                self.say(self.pal(f"  {e}", "red"))
                continue
            if isinstance(choice, Command):
                if choice.word == "quit":
                    return None
                if choice.word == "help":
                    self.say(HELP)
                    continue
                if choice.word == "hint":
                    self.say(self._hint(obs))
                    continue
                if obs.top is None:
                    self.say(self.pal("  You lead this trick: you must play (R24).", "red"))
                    continue
                return PASS, None
            try:
                move = check_selection(Hand(obs.hand, obs.blade_rank), choice, obs.top,
                                       obs.rules)
            except IllegalAction as e:
                self.say(self.pal(f"  Not allowed: {e}", "red"))
                continue
            return move, choice

    def _hint(self, obs: Observation) -> str:
        legal = obs.legal_moves()
        move = self.hinter.choose(obs, legal)
        if move.is_pass:
            return "  Hint: pass"
        assert obs.hand is not None
        hand = Hand(obs.hand, obs.blade_rank)
        return f"  Hint: {cards(hand.cards_for(move), obs.blade_rank, self.pal)}" \
               f"  ({describe(move)})"

    def _offer_save(self) -> None:
        path = self.setup.save
        if path is None and self.setup.ask_save:
            path = self._ask_save_path()
        if path is not None:
            try:
                path.write_text(record_of(self.game).dumps() + "\n", encoding="utf-8")
            except OSError as e:
                self.say(self.pal(f"Could not save the record: {e}", "red"))
                return
            self.say(f"Record saved to {path}")

    def _ask_save_path(self) -> Path | None:
        """Ask for a file name until the answer is one: a game word typed out of habit
        (``pass``, ``hint``, ``n``) or an existing file is explained and asked again;
        ``y`` takes a default name. Empty input or end of input saves nothing."""
        while True:
            answer = self._ask("Save the game record? File name, y for "
                               f"{self._default_save_name()}, empty for no> ")
            if not answer:
                return None
            word = answer.lower()
            if word in ("n", "no"):
                return None
            if word in ("y", "yes"):
                answer = self._default_save_name()
            elif word in COMMANDS:
                self.say(self.pal(f"'{answer}' is a game word, not a file name: type a name"
                                  " such as game.json, y, or just Enter to skip.", "red"))
                continue
            path = Path(answer).expanduser()
            if path.exists():
                self.say(self.pal(f"{path} already exists; choose another name.", "red"))
                continue
            return path

    def _default_save_name(self) -> str:
        return f"yuanzi-seed{self.setup.seed}.json"

