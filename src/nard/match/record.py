"""A complete match record and its lossless JSON form.

A :class:`MatchRecord` holds what is needed to rebuild a match exactly: the
players, the match length (None for a money session), the full rule set and
game options, whether the Crawford rule is used, free-form metadata, the
provably-fair dice commitment and seeds if any, and every action of every
game in order (opening rolls, rolls, plays or single steps, cube actions,
resignations). Scores, Crawford games and results follow from replaying the
actions through :class:`~nard.match.match.Match`, so they cannot disagree
with the moves; :meth:`MatchRecord.replay` stops at any point.

>>> from nard.core.board import Side
>>> from nard.core.plays import Play, Step
>>> from nard.match.actions import Double, Drop, MakePlay, OpeningRoll
>>> record = MatchRecord(
...     actions=(
...         OpeningRoll(white=3, black=1),
...         MakePlay(Side.WHITE, Play((Step(8, 5), Step(6, 5)))),
...         Double(Side.BLACK),
...         Drop(Side.WHITE),
...     ),
...     length=3,
...     players=("Alice", "Bob"),
... )
>>> record.replay().score
(0, 1)
>>> [game.score for game in record.summaries()]
[(0, 0), (0, 1)]
>>> MatchRecord.from_json(record.to_json()) == record
True
>>> record.replay(upto=2).game.position.turn
<Side.BLACK: 1>
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, fields
from enum import Enum
from typing import Any, Final

from nard.core.board import Side
from nard.core.dice import Roll
from nard.core.plays import Play, Step
from nard.core.rules import STANDARD, RuleSet
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
    Take,
    UndoStep,
)
from nard.match.errors import GameError
from nard.match.fair import VerificationReport, verify_rolls
from nard.match.game import Game
from nard.match.interning import Interner
from nard.match.match import Match
from nard.match.options import GameOptions
from nard.match.scoring import GameResult, ResultKind

FORMAT: Final = "nard-match-record"
VERSION: Final = 1


class RecordError(ValueError):
    """A record that cannot be built, read or replayed.

    ``action`` is the index of the offending action in :attr:`MatchRecord.actions`
    when there is one.
    """

    def __init__(self, message: str, *, action: int | None = None) -> None:
        super().__init__(message if action is None else f"action {action}: {message}")
        self.action = action


@dataclass(frozen=True, slots=True)
class FairDiceRecord:
    """The provably fair dice of a match (:mod:`nard.match.fair`).

    ``commitment`` is published before the match, ``client_seeds`` added by the
    players, ``server_seed`` (hex) revealed after the match: until then None.
    """

    commitment: str
    client_seeds: tuple[str, ...] = ()
    server_seed: str | None = None

    def verify(self, record: MatchRecord) -> VerificationReport:
        """Check the revealed seed against the commitment and every roll of ``record``."""
        if self.server_seed is None:
            raise RecordError("the server seed is not revealed yet: nothing to verify")
        rolls = record.replay().dice_rolls()
        return verify_rolls(self.server_seed, self.commitment, self.client_seeds, rolls)


@dataclass(frozen=True, slots=True)
class GameSummary:
    """One game as replayed: its number, where its actions lie in the record,
    the score before it, whether it is the Crawford game, and how it ended."""

    number: int
    start: int
    stop: int
    score: tuple[int, int]
    crawford: bool
    result: GameResult | None
    awarded: int | None

    @property
    def actions(self) -> range:
        """The indexes of this game's actions in :attr:`MatchRecord.actions`."""
        return range(self.start, self.stop)


@dataclass(frozen=True, slots=True)
class MatchRecord:
    """Everything that happened in a match or money session, replayable.

    ``players`` are the names of White (gnubg's player 0, the first column of a
    ``.mat``) and Black. ``metadata`` holds ``(key, value)`` pairs such as
    ``("Event", ...)``, ``("EventDate", "2026.11.29")``, in order.
    """

    actions: tuple[Action, ...] = ()
    length: int | None = None
    rules: RuleSet = STANDARD
    options: GameOptions = field(default_factory=GameOptions)
    crawford_rule: bool = True
    players: tuple[str, str] = ("White", "Black")
    metadata: tuple[tuple[str, str], ...] = ()
    fair_dice: FairDiceRecord | None = None

    # -- building -------------------------------------------------------------------------

    @classmethod
    def from_match(
        cls,
        match: Match,
        *,
        players: tuple[str, str] = ("White", "Black"),
        metadata: Sequence[tuple[str, str]] = (),
        fair_dice: FairDiceRecord | None = None,
    ) -> MatchRecord:
        """The record of a match as played so far (every game's actions, in order)."""
        actions = tuple(action for game in match.all_games() for action in game.actions)
        return cls(
            actions=actions,
            length=match.length,
            rules=match.rules,
            options=match.options,
            crawford_rule=match.crawford_rule,
            players=players,
            metadata=tuple(metadata),
            fair_dice=fair_dice,
        )

    def new_match(self) -> Match:
        """The match of this record before its first action."""
        return Match.new(self.length, self.rules, self.options, crawford_rule=self.crawford_rule)

    # -- replay -----------------------------------------------------------------------------

    def replay(self, upto: int | None = None, *, interner: Interner | None = None) -> Match:
        """The match after the first ``upto`` actions (all of them when None).

        A :class:`RecordError` names the first action the rules refuse; ``interner``
        as for :meth:`Game.apply <nard.match.game.Game.apply>`.
        """
        count = len(self.actions) if upto is None else upto
        if not 0 <= count <= len(self.actions):
            raise RecordError(f"the record has {len(self.actions)} actions, not {count}")
        match = self.new_match()
        for index, action in enumerate(self.actions[:count]):
            match = _apply(match, action, index, interner)
        return match

    def game(self, number: int, upto: int | None = None) -> Game:
        """Game ``number`` (from 1) after its first ``upto`` actions (all when None)."""
        summaries = self.summaries()
        if not 1 <= number <= len(summaries):
            raise RecordError(f"the record has {len(summaries)} games, not game {number}")
        summary = summaries[number - 1]
        count = len(summary.actions) if upto is None else upto
        if not 0 <= count <= len(summary.actions):
            raise RecordError(f"game {number} has {len(summary.actions)} actions, not {count}")
        match = self.replay(summary.start + count)
        if len(match.games) >= number:
            return match.games[number - 1]
        assert match.game is not None
        return match.game

    def summaries(self) -> tuple[GameSummary, ...]:
        """Every game of the record, replayed: scores, Crawford games, results."""
        match = self.new_match()
        found: list[GameSummary] = []
        start = 0
        for index, action in enumerate(self.actions):
            before = len(match.games)
            match = _apply(match, action, index)
            if len(match.games) > before:
                game = match.games[-1]
                found.append(
                    GameSummary(
                        before + 1,
                        start,
                        index + 1,
                        game.score,
                        game.crawford,
                        game.result,
                        match.awarded[-1],
                    )
                )
                start = index + 1
        if match.game is not None:
            game = match.game
            number = len(found) + 1
            found.append(
                GameSummary(number, start, len(self.actions), game.score, game.crawford, None, None)
            )
        return tuple(found)

    # -- JSON ---------------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The record as plain JSON data; ``games`` is a replayed summary for readers."""
        return {
            "format": FORMAT,
            "version": VERSION,
            "players": list(self.players),
            "length": self.length,
            "crawford_rule": self.crawford_rule,
            "rules": _fields_to_dict(self.rules),
            "options": _fields_to_dict(self.options),
            "metadata": [[key, value] for key, value in self.metadata],
            "fair_dice": None if self.fair_dice is None else _fair_to_dict(self.fair_dice),
            "actions": [action_to_dict(action) for action in self.actions],
            "games": [_summary_to_dict(summary) for summary in self.summaries()],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> MatchRecord:
        """Read :meth:`to_dict` data, replaying every action; a ``games`` summary,
        if present, must agree with the replay."""
        try:
            if data.get("format") != FORMAT:
                raise RecordError(f"not a {FORMAT} (format {data.get('format')!r})")
            if data.get("version") != VERSION:
                raise RecordError(f"unknown record version {data.get('version')!r}")
            players = data["players"]
            if not (isinstance(players, list) and len(players) == 2):
                raise RecordError("players: two names")
            record = cls(
                actions=tuple(
                    _action_from_dict(item, index) for index, item in enumerate(data["actions"])
                ),
                length=_optional_int(data["length"], "length"),
                rules=_fields_from_dict(RuleSet, data["rules"], "rules"),
                options=_fields_from_dict(GameOptions, data["options"], "options"),
                crawford_rule=_bool(data["crawford_rule"], "crawford_rule"),
                players=(_str(players[0], "players"), _str(players[1], "players")),
                metadata=tuple(
                    (_str(key, "metadata"), _str(value, "metadata"))
                    for key, value in data.get("metadata", [])
                ),
                fair_dice=None
                if data.get("fair_dice") is None
                else _fair_from_dict(data["fair_dice"]),
            )
        except RecordError:
            raise
        except (KeyError, TypeError, ValueError) as error:
            raise RecordError(f"malformed record: {error!r}") from error
        # Replaying checks every action; the summary, when given, must agree.
        summaries = [_summary_to_dict(summary) for summary in record.summaries()]
        if "games" in data and data["games"] != summaries:
            raise RecordError("the games summary does not match what the actions give")
        return record

    def to_json(self, *, indent: int | None = 1) -> str:
        """The lossless JSON text of the record."""
        return json.dumps(self.to_dict(), indent=indent, ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str) -> MatchRecord:
        """Read :meth:`to_json` text."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise RecordError(f"not JSON: {error}") from error
        if not isinstance(data, dict):
            raise RecordError("a record is a JSON object")
        return cls.from_dict(data)


def replay(record: MatchRecord, upto: int | None = None) -> Match:
    """The match of ``record`` after its first ``upto`` actions (see :meth:`MatchRecord.replay`).

    >>> replay(MatchRecord(length=1)).score
    (0, 0)
    """
    return record.replay(upto)


def _apply(match: Match, action: Action, index: int, interner: Interner | None = None) -> Match:
    try:
        return match.apply(action, interner=interner).match
    except GameError as error:
        raise RecordError(str(error), action=index) from error


# -- actions <-> JSON ----------------------------------------------------------------------

_SIMPLE: Final[dict[str, type[Action]]] = {
    "undo_step": UndoStep,
    "confirm_play": ConfirmPlay,
    "double": Double,
    "take": Take,
    "drop": Drop,
    "beaver": Beaver,
    "accept_resignation": AcceptResignation,
    "refuse_resignation": RefuseResignation,
}
_SIMPLE_NAMES: Final = {kind: name for name, kind in _SIMPLE.items()}


def step_to_dict(step: Step) -> dict[str, Any]:
    """A step as JSON data; ``die`` and ``hit`` only when known.

    >>> step_to_dict(Step(25, 22, hit=True, die=3))
    {'from': 25, 'to': 22, 'die': 3, 'hit': True}
    """
    data: dict[str, Any] = {"from": step.from_point, "to": step.to_point}
    if step.die:
        data["die"] = step.die
    if step.hit:
        data["hit"] = True
    return data


def _step_from_dict(data: Any) -> Step:
    return Step(
        _int(data["from"], "step"),
        _int(data["to"], "step"),
        hit=_bool(data.get("hit", False), "hit"),
        die=_int(data.get("die", 0), "die"),
    )


def action_to_dict(action: Action) -> dict[str, Any]:
    """An action as JSON data.

    >>> action_to_dict(RollDice(Side.BLACK, Roll(6, 4)))
    {'action': 'roll', 'side': 'black', 'dice': [6, 4]}
    """
    if isinstance(action, OpeningRoll):
        return {"action": "opening_roll", "white": action.white, "black": action.black}
    side = _side_name(action)
    if isinstance(action, RollDice):
        return {"action": "roll", "side": side, "dice": [action.roll.high, action.roll.low]}
    if isinstance(action, MakePlay):
        steps = [step_to_dict(step) for step in action.play.steps]
        return {"action": "play", "side": side, "steps": steps}
    if isinstance(action, MakeStep):
        return {"action": "step", "side": side, "step": step_to_dict(action.step)}
    if isinstance(action, Resign):
        return {"action": "resign", "side": side, "kind": action.kind.value}
    name = _SIMPLE_NAMES.get(type(action))
    if name is None:
        raise RecordError(f"cannot record {action!r}")
    return {"action": name, "side": side}


def _side_name(action: Action) -> str:
    side = getattr(action, "side", None)
    if not isinstance(side, Side):
        raise RecordError(f"{action!r} names no side")
    return side.name.lower()


def _action_from_dict(data: Any, index: int) -> Action:
    try:
        return action_from_dict(data)
    except RecordError as error:
        raise RecordError(str(error), action=index) from error
    except (KeyError, TypeError, ValueError) as error:
        raise RecordError(f"malformed action {data!r}: {error}", action=index) from error


def action_from_dict(data: Mapping[str, Any]) -> Action:
    """Read :func:`action_to_dict` data."""
    name = data["action"]
    if name == "opening_roll":
        return OpeningRoll(_int(data["white"], "white"), _int(data["black"], "black"))
    side = _side(data["side"])
    if name == "roll":
        high, low = data["dice"]
        return RollDice(side, Roll(_int(high, "dice"), _int(low, "dice")))
    if name == "play":
        return MakePlay(side, Play(tuple(_step_from_dict(step) for step in data["steps"])))
    if name == "step":
        return MakeStep(side, _step_from_dict(data["step"]))
    if name == "resign":
        return Resign(side, ResultKind(data["kind"]))
    kind = _SIMPLE.get(name)
    if kind is None:
        raise RecordError(f"unknown action {name!r}")
    return kind(side)  # type: ignore[call-arg]


def _side(name: Any) -> Side:
    if name not in ("white", "black"):
        raise RecordError(f"a side is 'white' or 'black', not {name!r}")
    return Side.WHITE if name == "white" else Side.BLACK


# -- settings and summaries <-> JSON ------------------------------------------------------


def _fields_to_dict(settings: Any) -> dict[str, Any]:
    return {item.name: _plain(getattr(settings, item.name)) for item in fields(settings)}


def _plain(value: Any) -> Any:
    return value.value if isinstance(value, Enum) else value


def _fields_from_dict(kind: Callable[..., Any], data: Any, what: str) -> Any:
    if not isinstance(data, dict):
        raise RecordError(f"{what}: an object of settings")
    known = {item.name: item for item in fields(kind)}  # type: ignore[arg-type]
    unknown = set(data) - set(known)
    if unknown:
        raise RecordError(f"{what}: unknown settings {sorted(unknown)}")
    values: dict[str, Any] = {}
    defaults = kind()
    for name, value in data.items():
        default = getattr(defaults, name)
        if isinstance(default, Enum):
            values[name] = type(default)(value)
        elif isinstance(default, bool):
            values[name] = _bool(value, f"{what}.{name}")
        elif isinstance(default, int):
            values[name] = _int(value, f"{what}.{name}")
        else:
            values[name] = value
    return kind(**values)


def _fair_to_dict(fair: FairDiceRecord) -> dict[str, Any]:
    return {
        "commitment": fair.commitment,
        "client_seeds": list(fair.client_seeds),
        "server_seed": fair.server_seed,
    }


def _fair_from_dict(data: Any) -> FairDiceRecord:
    seed = data.get("server_seed")
    return FairDiceRecord(
        _str(data["commitment"], "commitment"),
        tuple(_str(item, "client_seeds") for item in data.get("client_seeds", [])),
        None if seed is None else _str(seed, "server_seed"),
    )


def _summary_to_dict(summary: GameSummary) -> dict[str, Any]:
    result = summary.result
    return {
        "number": summary.number,
        "actions": [summary.start, summary.stop],
        "score": list(summary.score),
        "crawford": summary.crawford,
        "result": None
        if result is None
        else {
            "winner": result.winner.name.lower(),
            "kind": result.kind.value,
            "points": result.points,
            "reason": result.reason.value,
            "cube": result.cube_value,
            "wins_match": result.wins_match,
            "awarded": summary.awarded,
        },
    }


def _int(value: Any, what: str) -> int:
    if type(value) is not int:
        raise RecordError(f"{what}: a whole number, not {value!r}")
    return value


def _optional_int(value: Any, what: str) -> int | None:
    return None if value is None else _int(value, what)


def _bool(value: Any, what: str) -> bool:
    if type(value) is not bool:
        raise RecordError(f"{what}: true or false, not {value!r}")
    return value


def _str(value: Any, what: str) -> str:
    if not isinstance(value, str):
        raise RecordError(f"{what}: a string, not {value!r}")
    return value
