"""Game-outcome chances with their point of view attached.

A :class:`Probabilities` says how likely one side is to win, and to win or
lose a gammon or a backgammon (R15). The side whose chances they are is part
of the value, so turning them around is explicit (:meth:`Probabilities.pov`),
never a bare boolean.

>>> from nard.core.board import Side
>>> chances = Probabilities(0.6, 0.2, 0.01, 0.1, 0.0, side=Side.WHITE)
>>> round(chances.equity(), 3)
0.31
>>> flipped = chances.pov(Side.BLACK)
>>> round(flipped.win, 2), round(flipped.equity(), 3)
(0.4, -0.31)
"""

from __future__ import annotations

from dataclasses import dataclass

from nard.core.board import BAR, CHECKERS_PER_SIDE, HOME_BOARD, OFF, Position, Side


@dataclass(frozen=True, slots=True)
class Probabilities:
    """Chances of ``side`` at the end of the game, cubeless.

    ``win`` counts every win (single, gammon, backgammon); ``win_gammon``
    counts gammons and backgammons; ``win_backgammon`` backgammons only; the
    same nesting holds for the two ``lose_*`` fields.
    """

    win: float
    win_gammon: float
    win_backgammon: float
    lose_gammon: float
    lose_backgammon: float
    side: Side

    def __post_init__(self) -> None:
        fields = self.as_tuple()
        tolerance = 1e-6
        if any(not -tolerance <= value <= 1 + tolerance for value in fields):
            raise ValueError(f"probabilities lie in [0, 1]: {fields}")
        if not (self.win_backgammon <= self.win_gammon + tolerance <= self.win + 2 * tolerance):
            raise ValueError(f"need backgammon <= gammon <= win: {fields}")
        if not (self.lose_backgammon <= self.lose_gammon + tolerance <= self.lose + 2 * tolerance):
            raise ValueError(f"need backgammon <= gammon <= loss: {fields}")

    @classmethod
    def from_sequence(cls, values: tuple[float, ...] | list[float], *, side: Side) -> Probabilities:
        """Build from the usual five numbers ``[win, gammon, backgammon, lose gammon,
        lose backgammon]``, clamping the small inconsistencies a network produces.

        >>> Probabilities.from_sequence([0.5, 0.51, 0.0, 0.2, 0.3], side=Side.WHITE).lose_backgammon
        0.2
        """
        win, gammon, backgammon, lose_gammon, lose_backgammon = (
            min(1.0, max(0.0, float(v))) for v in values
        )
        gammon = min(gammon, win)
        backgammon = min(backgammon, gammon)
        lose_gammon = min(lose_gammon, 1.0 - win)
        lose_backgammon = min(lose_backgammon, lose_gammon)
        return cls(win, gammon, backgammon, lose_gammon, lose_backgammon, side=side)

    @classmethod
    def of_finished(cls, position: Position) -> Probabilities | None:
        """The certain outcome of a finished game, seen by the winner; None while
        the game goes on (R3, R15).

        >>> done = Position.from_points({}, {3: 1}, turn=Side.BLACK)
        >>> outcome = Probabilities.of_finished(done)
        >>> outcome.side, outcome.win, outcome.win_gammon
        (<Side.BLACK: 1>, 1.0, 0.0)
        """
        if position.player[OFF] == CHECKERS_PER_SIDE:
            loser, winner_side = position.opponent, position.turn
        elif position.opponent[OFF] == CHECKERS_PER_SIDE:
            loser, winner_side = position.player, position.turn.other
        else:
            return None
        gammon = loser[OFF] == 0
        # The winner's home board is the loser's points 19..24.
        backgammon = gammon and (loser[BAR] > 0 or any(loser[25 - p] for p in HOME_BOARD))
        return cls(1.0, float(gammon), float(backgammon), 0.0, 0.0, side=winner_side)

    @property
    def lose(self) -> float:
        """The chance that ``side`` loses the game."""
        return 1.0 - self.win

    def flipped(self) -> Probabilities:
        """The same chances seen by the other side."""
        return Probabilities(
            1.0 - self.win,
            self.lose_gammon,
            self.lose_backgammon,
            self.win_gammon,
            self.win_backgammon,
            side=self.side.other,
        )

    def pov(self, side: Side) -> Probabilities:
        """These chances from the point of view of ``side``."""
        return self if side is self.side else self.flipped()

    def equity(self, *, gammons: bool = True, backgammons: bool = True) -> float:
        """Expected points per unit cube for ``side``, cubeless (R15).

        ``gammons=False`` counts every win as single (the Jacoby rule with a
        centred cube); ``backgammons=False`` counts a backgammon as a gammon (V4).
        """
        value = 2.0 * self.win - 1.0
        if gammons:
            value += self.win_gammon - self.lose_gammon
            if backgammons:
                value += self.win_backgammon - self.lose_backgammon
        return value

    def as_tuple(self) -> tuple[float, float, float, float, float]:
        """The five numbers: win, gammon, backgammon, lose gammon, lose backgammon."""
        return (
            self.win,
            self.win_gammon,
            self.win_backgammon,
            self.lose_gammon,
            self.lose_backgammon,
        )
