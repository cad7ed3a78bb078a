"""Why the game refuses an action: one error class per kind of mistake.

Every error is a :class:`ValueError` and names the rule (docs/rules.md id) that
refuses the action, so a server or client can say *which* rule applies.

>>> from nard.core.rules import Rule
>>> error = OutOfTurnError("White acted on Black's turn", rule=Rule.R4)
>>> isinstance(error, ValueError), error.rule
(True, <Rule.R4: 'R4'>)
>>> str(error)
"White acted on Black's turn (R4)"
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from nard.core.errors import IllegalPlayError
from nard.core.rules import Rule

if TYPE_CHECKING:
    from nard.core.explain import Explanation


class GameError(ValueError):
    """An action the game state machine refuses; ``rule`` is the rule that refuses it."""

    def __init__(self, message: str, *, rule: Rule | None = None) -> None:
        super().__init__(f"{message} ({rule})" if rule is not None else message)
        self._rule = rule

    @property
    def rule(self) -> Rule | None:
        """The id of the rule that refuses the action (e.g. ``Rule.R17``)."""
        return self._rule


class InvalidActionError(GameError):
    """An action that makes no sense at all: a die showing 7, an unknown action type."""


class GameOverError(GameError):
    """Any action after the game has ended (R3)."""


class OutOfTurnError(GameError):
    """A side acting when the other side must act."""


class PhaseError(GameError):
    """An action that does not fit the moment, e.g. playing before rolling."""


class AlreadyRolledError(PhaseError):
    """Rolling a second time in one turn (R4: each player rolls once per turn)."""


class CubeActionError(GameError):
    """A double, take, drop or beaver the cube rules refuse (R17, R18, R19)."""


class ResignationError(GameError):
    """A resignation offer or answer that does not fit (R16)."""


class GamePlayError(GameError, IllegalPlayError):
    """A play or step the rules refuse; ``explanation`` comes from :mod:`nard.core.explain`.

    It is also a :class:`nard.core.errors.IllegalPlayError`, so code that handles the
    core's errors handles this one too.
    """

    def __init__(
        self,
        message: str,
        *,
        rule: Rule | None = None,
        explanation: Explanation | None = None,
    ) -> None:
        if explanation is not None:
            rule = explanation.rule
        GameError.__init__(self, message, rule=rule)
        self.explanation = explanation
