"""What the terminal says when something happens in a game: one line per event."""

from __future__ import annotations

from collections.abc import Sequence

from nard.cli.board_view import roll_words
from nard.cli.i18n import Lang, kind_name, notation, side_name, tr
from nard.core.notation import format_play, format_step
from nard.match.events import (
    AutomaticDouble,
    Beavered,
    CubeDropped,
    CubeOffered,
    CubeTaken,
    DiceRolled,
    Event,
    GameStarted,
    OpeningRolled,
    PlayMade,
    ResignAccepted,
    ResignOffered,
    ResignRefused,
    StepUndone,
    TurnPassed,
)

__all__ = ["event_line"]


def event_line(event: Event, names: Sequence[str], lang: Lang) -> str | None:
    """The line a person at the terminal reads for ``event`` (None: nothing to say).

    The end of a game is told by the session, which knows the score.

    >>> from nard.core.board import Side
    >>> from nard.core.dice import Roll
    >>> event_line(DiceRolled(Side.WHITE, Roll(6, 4)), ("Ann", "Bob"), "en")
    'Ann rolls 6-4.'
    """
    match event:
        case OpeningRolled(white=white, starter=None):
            return tr(lang, "opening-tie", die=white)
        case OpeningRolled(white=white, black=black, starter=starter) if starter is not None:
            return tr(lang, "opening", white=white, black=black, side=side_name(lang, starter))
        case DiceRolled(side=side, roll=roll):
            return tr(lang, "rolled", name=names[side], roll=roll_words(lang, roll.high, roll.low))
        case PlayMade(side=side, play=play):
            return tr(lang, "played", name=names[side], play=notation(lang, format_play(play)))
        case StepUndone(side=side, step=step):
            return tr(lang, "undone", name=names[side], step=notation(lang, format_step(step)))
        case TurnPassed(side=side, roll=roll):
            return tr(lang, "passed", name=names[side], roll=roll_words(lang, roll.high, roll.low))
        case CubeOffered(side=side, value=value):
            return tr(lang, "doubles", name=names[side], value=value)
        case CubeTaken(side=side):
            return tr(lang, "takes", name=names[side])
        case CubeDropped(side=side):
            return tr(lang, "drops", name=names[side])
        case Beavered(side=side, value=value):
            return tr(lang, "beavers", name=names[side], value=value)
        case AutomaticDouble(value=value):
            return tr(lang, "auto-double", value=value)
        case ResignOffered(side=side, kind=kind):
            return tr(lang, "resigns", name=names[side], kind=kind_name(lang, kind))
        case ResignAccepted(side=side):
            return tr(lang, "resign-accepted", name=names[side])
        case ResignRefused(side=side):
            return tr(lang, "resign-refused", name=names[side])
        case GameStarted(number=number, crawford=crawford):
            return tr(lang, "game-started-crawford" if crawford else "game-started", number=number)
    return None
