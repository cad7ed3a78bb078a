"""Matches to N points and money sessions (docs/rules.md R15, R19, V3).

A :class:`Match` is immutable like a :class:`~nard.match.game.Game`:
``match.apply(action)`` passes the action to the game in progress, adds a
finished game's points to the score, starts the next game (Crawford or not)
and returns the new match with the events.

>>> from nard.core.board import Side
>>> from nard.match.actions import AcceptResignation, OpeningRoll, Resign
>>> from nard.match.scoring import ResultKind
>>> match = Match.new(3)
>>> match.score, match.is_crawford, match.is_over
((0, 0), False, False)
>>> match, events = match.apply(OpeningRoll(white=6, black=1))
>>> match, events = match.apply(Resign(Side.BLACK, ResultKind.GAMMON))
>>> match, events = match.apply(AcceptResignation(Side.WHITE))
>>> [type(event).__name__ for event in events]
['ResignAccepted', 'GameOver', 'GameStarted']
>>> match.score, match.is_crawford
((2, 0), True)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import NamedTuple

from nard.core.board import Side
from nard.core.rules import STANDARD, Rule, RuleSet
from nard.match.actions import Action
from nard.match.errors import GameOverError
from nard.match.events import Event, GameStarted, MatchOver
from nard.match.game import DiceDraw, Game
from nard.match.interning import Interner
from nard.match.options import GameOptions


class MatchProgress(NamedTuple):
    """What :meth:`Match.apply` returns: the new match and the events, in order."""

    match: Match
    events: tuple[Event, ...]


@dataclass(frozen=True, slots=True)
class Match:
    """A match to ``length`` points, or a money session when ``length`` is None.

    ``games`` are the finished games (each records its rule set, options, score
    before it and full history) and ``awarded`` the points each gave its
    winner; ``game`` is the game in progress, None once the match is over.
    """

    length: int | None = None
    rules: RuleSet = STANDARD
    options: GameOptions = field(default_factory=GameOptions)
    crawford_rule: bool = True
    score: tuple[int, int] = (0, 0)
    games: tuple[Game, ...] = field(default=(), repr=False)
    awarded: tuple[int, ...] = ()
    game: Game | None = None
    crawford_played: bool = False
    winner: Side | None = None

    @classmethod
    def new(
        cls,
        length: int | None = None,
        rules: RuleSet = STANDARD,
        options: GameOptions | None = None,
        *,
        crawford_rule: bool = True,
    ) -> Match:
        """A match to ``length`` points (None: a money session), its first game started."""
        if length is not None and length < 1:
            raise ValueError(f"a match is played to 1 point or more, not {length}")
        match = cls(length, rules, options or GameOptions(), crawford_rule)
        return match._start_game()[0]

    @property
    def is_money(self) -> bool:
        """Whether this is a money session (no match length)."""
        return self.length is None

    @property
    def is_over(self) -> bool:
        """Whether a player has reached the match length."""
        return self.winner is not None

    @property
    def is_crawford(self) -> bool:
        """Whether the game in progress is the Crawford game: no doubling (R19)."""
        return self.game is not None and self.game.crawford

    @property
    def is_post_crawford(self) -> bool:
        """Whether the Crawford game is behind us: doubling is allowed again (R19)."""
        return self.crawford_played and not self.is_crawford

    def away(self, side: Side) -> int | None:
        """Points ``side`` still needs (None in a money session)."""
        return None if self.length is None else max(0, self.length - self.score[side])

    def all_games(self) -> tuple[Game, ...]:
        """The finished games and the one in progress, in order."""
        return self.games if self.game is None else (*self.games, self.game)

    def dice_rolls(self) -> tuple[DiceDraw, ...]:
        """Every draw of the dice in the match, in order (for :mod:`nard.match.fair`)."""
        return tuple(draw for game in self.all_games() for draw in game.dice_rolls())

    def _next_is_crawford(self, score: tuple[int, int]) -> bool:
        # The Crawford game is the first game in which a player is one point away.
        return (
            self.crawford_rule
            and self.length is not None
            and not self.crawford_played
            and self.length - 1 in score
        )

    def _start_game(self) -> tuple[Match, GameStarted]:
        crawford = self._next_is_crawford(self.score)
        game = Game.new(
            self.rules,
            self.options,
            match_length=self.length,
            score=self.score,
            crawford=crawford,
        )
        started = replace(self, game=game, crawford_played=self.crawford_played or crawford)
        return started, GameStarted(len(self.games) + 1, self.score, crawford)

    def apply(self, action: Action, *, interner: Interner | None = None) -> MatchProgress:
        """The match after ``action`` (applied to the game in progress) and the events;
        ``interner`` as for :meth:`Game.apply <nard.match.game.Game.apply>`."""
        if self.game is None:
            raise GameOverError("the match is over", rule=Rule.R19)
        game, events = self.game.apply(action, interner=interner)
        if not game.is_over:
            return MatchProgress(replace(self, game=game), events)
        assert game.result is not None
        result = game.result
        points = result.points
        if result.wins_match and self.length is not None:
            # V3: the gammon takes the whole match.
            points = max(points, self.length - self.score[result.winner])
        score = list(self.score)
        score[result.winner] += points
        finished = replace(
            self,
            score=(score[0], score[1]),
            games=(*self.games, game),
            awarded=(*self.awarded, points),
            game=None,
        )
        if self.length is not None and score[result.winner] >= self.length:
            over = replace(finished, winner=result.winner)
            return MatchProgress(over, (*events, MatchOver(result.winner, over.score)))
        following, started = finished._start_game()
        return MatchProgress(following, (*events, started))

    def apply_all(
        self, actions: Iterable[Action], *, interner: Interner | None = None
    ) -> MatchProgress:
        """Apply several actions in order; the events of all of them."""
        match = self
        events: list[Event] = []
        for action in actions:
            match, new = match.apply(action, interner=interner)
            events.extend(new)
        return MatchProgress(match, tuple(events))

    def __str__(self) -> str:
        target = "money" if self.length is None else f"{self.length}-point match"
        return f"{target}: White {self.score[0]}, Black {self.score[1]}"
