"""The three kinds of bad play input, after python-chess: invalid, illegal, ambiguous."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from nard.core.explain import Explanation


class InvalidPlayError(ValueError):
    """Text or values that do not describe a play at all (syntax, impossible points)."""


class IllegalPlayError(ValueError):
    """A well-formed play the rules refuse; ``explanation`` says which rule and why."""

    def __init__(self, message: str, explanation: Explanation | None = None) -> None:
        super().__init__(message)
        self.explanation = explanation

    @property
    def rule(self) -> str | None:
        """The id of the rule that refused the play (e.g. ``"R9"``)."""
        return None if self.explanation is None else self.explanation.rule.value


class AmbiguousPlayError(ValueError):
    """Text that fits more than one legal play."""


class InvalidIdError(ValueError):
    """A Position ID, Match ID or XGID that cannot be decoded."""
