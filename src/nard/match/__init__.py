"""nard.match: games and matches as pure state machines that emit events.

A :class:`Game` takes actions (rolls carrying their dice, plays or single
steps, cube actions, resignations) and returns the new game with the events
they caused; a :class:`Match` strings games together to N points, or as a
money session. Dice come from a :class:`DiceSource`: :class:`SystemDice`,
:class:`SeededDice` or the provably fair :class:`FairDice`.

>>> from nard.match import Game, Match, SeededDice, Side, Double, Take
>>> dice = SeededDice(5)
>>> game = Game.new()
>>> game, events = game.apply(game.roll_action(dice))
>>> game.phase
<Phase.PLAYING: 'playing'>
>>> play = next(iter(game.legal_plays))
>>> game, events = game.apply(MakePlay(game.turn, play))
>>> game, events = game.apply(Double(game.turn))
>>> game, events = game.apply(Take(game.turn.other))
>>> game.cube
Cube(value=2, owner=<Side.WHITE: 0>)
"""

from nard.core.board import Side
from nard.match.actions import (
    AcceptResignation,
    Action,
    Beaver,
    ConfirmPlay,
    Double,
    Drop,
    MakePlay,
    MakeStep,
    OpeningRoll,
    RefuseResignation,
    Resign,
    RollDice,
    SideAction,
    Take,
    UndoStep,
)
from nard.match.cube import MAX_CUBE, Cube
from nard.match.dice import DiceSource, SeededDice, SystemDice
from nard.match.errors import (
    AlreadyRolledError,
    CubeActionError,
    GameError,
    GameOverError,
    GamePlayError,
    InvalidActionError,
    OutOfTurnError,
    PhaseError,
    ResignationError,
)
from nard.match.events import (
    AutomaticDouble,
    Beavered,
    CubeDropped,
    CubeOffered,
    CubeTaken,
    DiceRolled,
    Event,
    GameOver,
    GameStarted,
    MatchOver,
    OpeningRolled,
    PlayMade,
    ResignAccepted,
    ResignOffered,
    ResignRefused,
    StepMade,
    StepUndone,
    TurnPassed,
)
from nard.match.fair import FairDice, VerificationReport, commitment, derive_roll, verify_rolls
from nard.match.game import DiceDraw, Game, Phase, Progress
from nard.match.interning import Interner
from nard.match.mat_conversion import mat_to_record, match_to_mat
from nard.match.match import Match, MatchProgress
from nard.match.matfile import MatFileError
from nard.match.options import GameOptions, OpeningRule
from nard.match.record import FairDiceRecord, MatchRecord, RecordError, replay
from nard.match.scoring import EndReason, GameResult, ResultKind, game_points, result_kind

__all__ = [
    "MAX_CUBE",
    "AcceptResignation",
    "Action",
    "AlreadyRolledError",
    "AutomaticDouble",
    "Beaver",
    "Beavered",
    "ConfirmPlay",
    "Cube",
    "CubeActionError",
    "CubeDropped",
    "CubeOffered",
    "CubeTaken",
    "DiceDraw",
    "DiceRolled",
    "DiceSource",
    "Double",
    "Drop",
    "EndReason",
    "Event",
    "FairDice",
    "FairDiceRecord",
    "Game",
    "GameError",
    "GameOptions",
    "GameOver",
    "GameOverError",
    "GamePlayError",
    "GameResult",
    "GameStarted",
    "Interner",
    "InvalidActionError",
    "MakePlay",
    "MakeStep",
    "MatFileError",
    "Match",
    "MatchOver",
    "MatchProgress",
    "MatchRecord",
    "OpeningRoll",
    "OpeningRolled",
    "OpeningRule",
    "OutOfTurnError",
    "Phase",
    "PhaseError",
    "PlayMade",
    "Progress",
    "RecordError",
    "RefuseResignation",
    "Resign",
    "ResignAccepted",
    "ResignOffered",
    "ResignRefused",
    "ResignationError",
    "ResultKind",
    "RollDice",
    "SeededDice",
    "Side",
    "SideAction",
    "StepMade",
    "StepUndone",
    "SystemDice",
    "Take",
    "TurnPassed",
    "UndoStep",
    "VerificationReport",
    "commitment",
    "derive_roll",
    "game_points",
    "mat_to_record",
    "match_to_mat",
    "replay",
    "result_kind",
    "verify_rolls",
]
