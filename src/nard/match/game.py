"""One game as a pure, immutable state machine (STYLE.md example 8).

``game.apply(action)`` returns a :class:`Progress`, the new game and the events
the action caused (lichess's ``Progress(old, new, events)``), or raises a
:class:`~nard.match.errors.GameError` naming the rule that refuses the action.
Dice come in the actions; a dice source (:mod:`nard.match.dice`) makes them.

>>> from nard.core.board import Side
>>> from nard.core.dice import Roll
>>> from nard.core.plays import Play, Step
>>> game = Game.new()
>>> game, events = game.apply(OpeningRoll(white=3, black=1))
>>> game.phase, game.turn, game.roll
(<Phase.PLAYING: 'playing'>, <Side.WHITE: 0>, Roll(3, 1))
>>> game, events = game.apply(MakePlay(Side.WHITE, Play((Step(8, 5), Step(6, 5)))))
>>> [type(event).__name__ for event in events]
['PlayMade']
>>> game.phase, game.turn
(<Phase.ROLLING: 'rolling'>, <Side.BLACK: 1>)
>>> game.can_double(Side.BLACK)
True
>>> game.apply(RollDice(Side.WHITE, Roll(6, 5)))
Traceback (most recent call last):
...
nard.match.errors.OutOfTurnError: White may not act: it is Black's turn to roll or double (R4)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import TYPE_CHECKING, NamedTuple, TypeAlias

from nard.core.board import CHECKERS_PER_SIDE, OFF, Position, Side
from nard.core.dice import DIE_FACES, Roll
from nard.core.explain import explain_play, explain_step
from nard.core.plays import LegalPlays, Play, Step, TurnGuide, apply_play, apply_step
from nard.core.rules import STANDARD, Rule, RuleSet
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
    OpeningRolled,
    PlayMade,
    ResignAccepted,
    ResignOffered,
    ResignRefused,
    StepMade,
    StepUndone,
    TurnPassed,
)
from nard.match.interning import Interner
from nard.match.log import AppendLog
from nard.match.options import GameOptions, OpeningRule
from nard.match.scoring import (
    EndReason,
    GameResult,
    ResultKind,
    game_points,
    result_kind,
    wins_whole_match,
)

if TYPE_CHECKING:
    from nard.match.dice import DiceSource


class Phase(StrEnum):
    """Where a game stands, which decides the actions it accepts."""

    OPENING = "opening"
    """Waiting for the opening roll (R4)."""
    ROLLING = "rolling"
    """The side on turn may double, resign or roll (R17)."""
    PLAYING = "playing"
    """The dice are out: the side on turn makes steps or a play, then confirms."""
    CUBE_OFFERED = "cube_offered"
    """The doubled side must take, drop or beaver (R18)."""
    RESIGNATION_OFFERED = "resignation_offered"
    """The opponent of the resigning side must accept or refuse (R16)."""
    OVER = "over"
    """The game has ended; :attr:`Game.result` says how."""


class Progress(NamedTuple):
    """What :meth:`Game.apply` returns: the new game and the events, in order."""

    game: Game
    events: tuple[Event, ...]


DiceDraw: TypeAlias = tuple[int, int] | Roll
"""One draw of the dice: an opening roll as ``(white, black)``, else a :class:`Roll`."""


def _name(side: Side) -> str:
    return side.name.title()


@dataclass(frozen=True, slots=True)
class Game:
    """An immutable game of Takhte Nard: board, dice, cube, phase and full history.

    Build one with :meth:`new` (from the opening roll) or :meth:`from_position`,
    then feed it actions with :meth:`apply`. ``position`` is the board as it
    stands, seen from the side on turn (partial steps included); ``turn_start``
    is the board when the dice were rolled. ``history`` holds every event and
    ``actions`` every action accepted, so a game can be replayed and recorded.
    """

    rules: RuleSet = STANDARD
    options: GameOptions = field(default_factory=GameOptions)
    match_length: int | None = None
    score: tuple[int, int] = (0, 0)
    crawford: bool = False
    position: Position = field(default_factory=Position.initial)
    phase: Phase = Phase.OPENING
    turn: Side | None = None
    roll: Roll | None = None
    turn_start: Position | None = None
    steps: tuple[Step, ...] = ()
    cube: Cube = field(default_factory=Cube)
    resignation: ResignOffered | None = None
    resume_phase: Phase | None = None
    result: GameResult | None = None
    history: AppendLog[Event] = field(default_factory=AppendLog, repr=False)
    actions: AppendLog[Action] = field(default_factory=AppendLog, repr=False)
    _turn_guide: TurnGuide | None = field(default=None, compare=False, repr=False)
    """The guide of the dice being played, made when they are rolled and handed on
    to each game of the turn: every step asks it again, and it keeps what it has
    worked out. None outside a turn."""

    def __post_init__(self) -> None:
        if self.match_length is not None:
            if self.match_length < 1:
                raise ValueError(f"a match is played to 1 point or more, not {self.match_length}")
            if self.options.is_money_only:
                raise ValueError("Jacoby, beavers and automatic doubles are for money play (R19)")
        elif self.crawford:
            raise ValueError("the Crawford rule belongs to match play (R19)")

    # -- construction -------------------------------------------------------------------

    @classmethod
    def new(
        cls,
        rules: RuleSet = STANDARD,
        options: GameOptions | None = None,
        *,
        match_length: int | None = None,
        score: tuple[int, int] = (0, 0),
        crawford: bool = False,
    ) -> Game:
        """A game waiting for its opening roll (R4).

        ``match_length`` None means money play; ``score`` is the match score before
        this game (indexed by :class:`Side`); ``crawford`` marks the Crawford game.
        """
        return cls(
            rules=rules,
            options=options or GameOptions(),
            match_length=match_length,
            score=score,
            crawford=crawford,
        )

    @classmethod
    def from_position(
        cls,
        position: Position,
        rules: RuleSet = STANDARD,
        options: GameOptions | None = None,
        *,
        cube: Cube | None = None,
        match_length: int | None = None,
        score: tuple[int, int] = (0, 0),
        crawford: bool = False,
    ) -> Game:
        """A game set up at ``position``, with ``position.turn`` about to roll (or double).

        >>> from nard.core.board import Position, Side
        >>> game = Game.from_position(Position.initial(turn=Side.BLACK))
        >>> game.phase, game.to_act
        (<Phase.ROLLING: 'rolling'>, <Side.BLACK: 1>)
        """
        if position.is_game_over():
            raise ValueError("the position is already won (R3)")
        return cls(
            rules=rules,
            options=options or GameOptions(),
            match_length=match_length,
            score=score,
            crawford=crawford,
            position=position,
            phase=Phase.ROLLING,
            turn=position.turn,
            cube=cube or Cube(),
        )

    # -- views --------------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.phase is Phase.OVER

    @property
    def winner(self) -> Side | None:
        """The winner, once the game is over."""
        return None if self.result is None else self.result.winner

    @property
    def is_money(self) -> bool:
        """Whether this is a money game (no match length)."""
        return self.match_length is None

    @property
    def to_act(self) -> Side | None:
        """The side that must act next; None before the opening roll and after the end.

        Either side may also offer to resign while the game is rolling or playing.
        """
        if self.phase in (Phase.ROLLING, Phase.PLAYING):
            return self.turn
        if self.phase is Phase.CUBE_OFFERED:
            assert self.turn is not None
            return self.turn.other
        if self.phase is Phase.RESIGNATION_OFFERED:
            assert self.resignation is not None
            return self.resignation.side.other
        return None

    def view(self, side: Side) -> Position:
        """The board as it stands, seen from ``side`` (whoever is on turn)."""
        return self.position if self.position.turn is side else self.position.swap()

    @property
    def guide(self) -> TurnGuide:
        """The :class:`TurnGuide` of the dice being played (phase PLAYING only)."""
        if self.roll is None or self.turn_start is None:
            raise PhaseError("no dice are being played")
        guide = self._turn_guide
        if guide is None or guide.position is not self.turn_start or guide.roll != self.roll:
            # A game made with the dice already out, not by rolling them.
            return TurnGuide(self.turn_start, self.roll, self.rules)
        return guide

    @property
    def legal_plays(self) -> LegalPlays:
        """The legal plays of the dice being played, from the start of the turn."""
        if self.roll is None or self.turn_start is None:
            raise PhaseError("no dice are being played")
        return LegalPlays(self.turn_start, self.roll, self.rules)

    def next_steps(self) -> list[Step]:
        """The steps that may come next this turn, each keeping a legal play reachable."""
        return self.guide.next_steps(self.steps)

    @property
    def can_confirm(self) -> bool:
        """Whether the steps made so far are a whole legal play."""
        return self.phase is Phase.PLAYING and self.guide.is_complete(self.steps)

    def can_double(self, side: Side) -> bool:
        """Whether ``side`` may offer a double now (R17, R19)."""
        return self._double_refusal(side) is None

    def can_beaver(self, side: Side) -> bool:
        """Whether ``side`` may beaver the double offered now (money play, R19)."""
        return self._beaver_refusal(side) is None

    def can_resign(self, side: Side) -> bool:
        """Whether ``side`` may offer to resign now (R16)."""
        return self.phase in (Phase.ROLLING, Phase.PLAYING)

    def available_actions(self, side: Side) -> tuple[type[Action], ...]:
        """The kinds of action ``side`` may take now, for a UI's buttons or a bot.

        >>> from nard.core.board import Side
        >>> game = Game.from_position(Position.initial(turn=Side.BLACK))
        >>> [kind.__name__ for kind in game.available_actions(Side.BLACK)]
        ['RollDice', 'Double', 'Resign']
        >>> [kind.__name__ for kind in game.available_actions(Side.WHITE)]
        ['Resign']
        """
        if self.phase is Phase.OPENING:
            return (OpeningRoll,)
        kinds: list[type[Action]] = []
        if side is self.to_act:
            if self.phase is Phase.ROLLING:
                kinds.append(RollDice)
                if self.can_double(side):
                    kinds.append(Double)
            elif self.phase is Phase.PLAYING:
                kinds += [MakePlay, MakeStep] if self.next_steps() else [MakePlay]
                if self.steps:
                    kinds.append(UndoStep)
                if self.can_confirm:
                    kinds.append(ConfirmPlay)
            elif self.phase is Phase.CUBE_OFFERED:
                kinds += [Take, Drop]
                if self.can_beaver(side):
                    kinds.append(Beaver)
            elif self.phase is Phase.RESIGNATION_OFFERED:
                kinds += [AcceptResignation, RefuseResignation]
        if self.can_resign(side):
            kinds.append(Resign)
        return tuple(kinds)

    @property
    def jacoby_applies(self) -> bool:
        """Whether gammons count as single games now: money play with the Jacoby rule and
        a cube no one has taken yet (R19)."""
        return self.options.jacoby and self.is_money and self.cube.is_centred

    def dice_rolls(self) -> tuple[DiceDraw, ...]:
        """Every draw of the dice in this game, in order: opening rolls as
        ``(white, black)`` and later rolls as :class:`Roll` (for :mod:`nard.match.fair`)."""
        draws: list[DiceDraw] = []
        for event in self.history:
            if isinstance(event, OpeningRolled):
                draws.append((event.white, event.black))
            elif isinstance(event, DiceRolled):
                draws.append(event.roll)
        return tuple(draws)

    def roll_action(self, dice: DiceSource) -> Action:
        """The roll the game waits for, made with ``dice``: the opening roll or the
        turn's roll. The game stays pure: this only builds the action.

        >>> from nard.match.dice import SeededDice
        >>> Game.new().roll_action(SeededDice(7))
        OpeningRoll(white=3, black=2)
        """
        if self.phase is Phase.OPENING:
            white, black = dice.opening_roll()
            return OpeningRoll(white, black)
        if self.phase is Phase.ROLLING:
            assert self.turn is not None
            return RollDice(self.turn, Roll(*dice.roll()))
        raise PhaseError(f"the game does not wait for dice but is {self.phase}", rule=Rule.R4)

    # -- the state machine ----------------------------------------------------------------

    def apply(self, action: Action, *, interner: Interner | None = None) -> Progress:
        """The game after ``action`` and the events it caused; raises a
        :class:`~nard.match.errors.GameError` if the rules refuse it.

        With an ``interner`` the history keeps its shared instances of the action
        and events (see :mod:`nard.match.interning`)."""
        if self.phase is Phase.OVER:
            raise GameOverError("the game is over", rule=Rule.R3)
        if isinstance(action, SideAction) and not isinstance(action, Resign):
            self._check_actor(action)
        game, events = self._dispatch(action)
        if interner is not None:
            history = self.history.extend(tuple(map(interner, events)))
            actions = self.actions.extend((interner(action),))
        else:
            history = self.history.extend(events)
            actions = self.actions.extend((action,))
        game = replace(game, history=history, actions=actions)
        return Progress(game, events)

    def _dispatch(self, action: Action) -> tuple[Game, tuple[Event, ...]]:
        match action:
            case OpeningRoll():
                return self._opening_roll(action)
            case RollDice():
                return self._roll_dice(action)
            case MakeStep():
                return self._make_step(action)
            case UndoStep():
                return self._undo_step(action)
            case ConfirmPlay():
                return self._confirm(action)
            case MakePlay():
                return self._make_play(action)
            case Double():
                return self._double(action)
            case Take():
                return self._take(action)
            case Drop():
                return self._drop(action)
            case Beaver():
                return self._beaver(action)
            case Resign():
                return self._resign(action)
            case AcceptResignation():
                return self._accept(action)
            case RefuseResignation():
                return self._refuse(action)
        raise InvalidActionError(f"not a game action: {action!r}")

    def apply_all(self, actions: Iterable[Action], *, interner: Interner | None = None) -> Progress:
        """Apply several actions in order; the events of all of them."""
        game = self
        events: list[Event] = []
        for action in actions:
            game, new = game.apply(action, interner=interner)
            events.extend(new)
        return Progress(game, tuple(events))

    def _check_actor(self, action: SideAction) -> None:
        side = action.side
        if not isinstance(side, Side):
            raise InvalidActionError(f"an action names a Side, not {side!r}")
        expected = self.to_act
        if expected is None:
            raise PhaseError(f"no side acts now: the game is {self.phase}", rule=Rule.R4)
        if side is not expected:
            doing = {
                Phase.ROLLING: "roll or double",
                Phase.PLAYING: "play",
                Phase.CUBE_OFFERED: "answer the double",
                Phase.RESIGNATION_OFFERED: "answer the resignation",
            }[self.phase]
            rule = {
                Phase.CUBE_OFFERED: Rule.R18,
                Phase.RESIGNATION_OFFERED: Rule.R16,
            }.get(self.phase, Rule.R4)
            raise OutOfTurnError(
                f"{_name(side)} may not act: it is {_name(expected)}'s turn to {doing}", rule=rule
            )

    def _double_refusal(self, side: Side) -> GameError | None:
        if self.phase is Phase.OVER:
            return GameOverError("the game is over", rule=Rule.R3)
        if not self.rules.cube:
            return CubeActionError("the doubling cube is not in play in this game", rule=Rule.R17)
        if self.crawford:
            return CubeActionError("no doubling in the Crawford game", rule=Rule.R19)
        if self.to_act is not side or self.phase not in (Phase.ROLLING, Phase.PLAYING):
            return OutOfTurnError(
                f"{_name(side)} may double only at the start of their own turn", rule=Rule.R17
            )
        if self.phase is not Phase.ROLLING:
            return CubeActionError("a double is offered before rolling, not after", rule=Rule.R17)
        if self.cube.owner is side.other:
            return CubeActionError(
                f"the cube belongs to {_name(side.other)}; only its owner may double",
                rule=Rule.R17,
            )
        if self.cube.is_at_max:
            return CubeActionError(f"the cube is already at {MAX_CUBE}", rule=Rule.R17)
        return None

    def _beaver_refusal(self, side: Side) -> GameError | None:
        if self.phase is not Phase.CUBE_OFFERED:
            return PhaseError("there is no double to beaver", rule=Rule.R18)
        if self.to_act is not side:
            return OutOfTurnError(f"{_name(side)} was not doubled", rule=Rule.R18)
        if not self.options.beavers:
            return CubeActionError("beavers are not allowed in this game", rule=Rule.R19)
        if self.cube.value * 4 > MAX_CUBE:
            return CubeActionError(f"a beaver would take the cube past {MAX_CUBE}", rule=Rule.R17)
        return None

    # -- transitions --------------------------------------------------------------------

    def _require(self, phase: Phase, doing: str, rule: Rule) -> None:
        if self.phase is not phase:
            raise PhaseError(f"cannot {doing} now: the game is {self.phase}", rule=rule)

    def _opening_roll(self, action: OpeningRoll) -> tuple[Game, tuple[Event, ...]]:
        self._require(Phase.OPENING, "roll the opening dice", Rule.R4)
        white, black = action.white, action.black
        for die in (white, black):
            if type(die) is not int or die not in DIE_FACES:
                raise InvalidActionError(f"a die shows 1..6, not {die!r}", rule=Rule.R4)
        if white == black:
            events: tuple[Event, ...] = (OpeningRolled(white, black, None),)
            if self._may_double_automatically():
                cube = self.cube.doubled_in_centre()
                return replace(self, cube=cube), (*events, AutomaticDouble(cube.value))
            return self, events
        white_higher = white > black
        starter = Side.WHITE if white_higher != self.options.lower_starts else Side.BLACK
        events = (OpeningRolled(white, black, starter),)
        started = replace(
            self, position=Position.initial(turn=starter), turn=starter, phase=Phase.ROLLING
        )
        if self.options.opening is OpeningRule.REROLL:
            return started, events
        return started._begin_play(Roll(white, black), events)

    def _may_double_automatically(self) -> bool:
        doublings = self.cube.value.bit_length() - 1
        return (
            self.rules.cube
            and self.is_money
            and doublings < self.options.automatic_doubles
            and not self.cube.is_at_max
        )

    def _roll_dice(self, action: RollDice) -> tuple[Game, tuple[Event, ...]]:
        if self.phase is Phase.PLAYING:
            raise AlreadyRolledError(f"{_name(action.side)} has already rolled", rule=Rule.R4)
        self._require(Phase.ROLLING, "roll", Rule.R4)
        if not isinstance(action.roll, Roll):
            raise InvalidActionError(f"a roll is a Roll, not {action.roll!r}")
        return self._begin_play(action.roll, (DiceRolled(action.side, action.roll),))

    def _begin_play(self, roll: Roll, events: tuple[Event, ...]) -> tuple[Game, tuple[Event, ...]]:
        assert self.turn is not None
        guide = TurnGuide(self.position, roll, self.rules)
        if guide.dice_used == 0:
            # R10: no die can be played; the turn passes at once.
            passed = (*events, TurnPassed(self.turn, roll))
            return self._next_turn(self.position), passed
        playing = replace(
            self,
            phase=Phase.PLAYING,
            roll=roll,
            turn_start=self.position,
            steps=(),
            _turn_guide=guide,
        )
        return playing, events

    def _next_turn(self, position: Position) -> Game:
        assert self.turn is not None
        return replace(
            self,
            position=position.swap(),
            turn=self.turn.other,
            phase=Phase.ROLLING,
            roll=None,
            turn_start=None,
            steps=(),
            _turn_guide=None,
        )

    def _refuse_play(self, message: str, play: Play) -> GamePlayError:
        assert self.turn_start is not None and self.roll is not None
        explanation = explain_play(self.turn_start, self.roll, play, self.rules)
        return GamePlayError(message, rule=Rule.R8, explanation=explanation)

    def _make_step(self, action: MakeStep) -> tuple[Game, tuple[Event, ...]]:
        self._require(Phase.PLAYING, "move a checker", Rule.R4)
        if not isinstance(action.step, Step):
            raise InvalidActionError(f"a step is a Step, not {action.step!r}")
        steps = (*self.steps, action.step)
        resolved = self.guide.resolve(steps)
        if resolved is None:
            assert self.turn_start is not None and self.roll is not None
            allowed = ", ".join(str(step) for step in self.next_steps()) or "none"
            raise GamePlayError(
                f"step {action.step} does not lead to a legal play (allowed next: {allowed})",
                rule=Rule.R8,
                explanation=explain_step(
                    self.turn_start, self.roll, self.steps, action.step, self.rules
                ),
            )
        step = resolved[-1]
        game = replace(self, position=apply_step(self.position, step), steps=(*self.steps, step))
        return game, (StepMade(action.side, step),)

    def _undo_step(self, action: UndoStep) -> tuple[Game, tuple[Event, ...]]:
        self._require(Phase.PLAYING, "undo a step", Rule.R4)
        if not self.steps:
            raise PhaseError("no step to undo this turn")
        assert self.turn_start is not None
        steps = self.steps[:-1]
        game = replace(self, position=apply_play(self.turn_start, Play(steps)), steps=steps)
        return game, (StepUndone(action.side, self.steps[-1]),)

    def _confirm(self, action: ConfirmPlay) -> tuple[Game, tuple[Event, ...]]:
        self._require(Phase.PLAYING, "confirm a play", Rule.R4)
        if not self.guide.is_complete(self.steps):
            play = Play(self.steps)
            raise self._refuse_play(
                f"{play or 'no step'} is not a whole play: use as many dice as the rules demand",
                play,
            )
        return self._finish_play(Play(self.steps))

    def _make_play(self, action: MakePlay) -> tuple[Game, tuple[Event, ...]]:
        self._require(Phase.PLAYING, "play", Rule.R4)
        if not isinstance(action.play, Play):
            raise InvalidActionError(f"a play is a Play, not {action.play!r}")
        play = self.guide.complete_play(action.play.steps) if action.play else None
        if play is None:
            raise self._refuse_play(f"{action.play or 'no play'} is not a legal play", action.play)
        return self._finish_play(play)

    def _finish_play(self, play: Play) -> tuple[Game, tuple[Event, ...]]:
        assert self.turn is not None and self.roll is not None and self.turn_start is not None
        after = apply_play(self.turn_start, play)
        events: tuple[Event, ...] = (PlayMade(self.turn, self.roll, play),)
        if after.player[OFF] == CHECKERS_PER_SIDE:
            ended = replace(
                self, position=after, roll=None, turn_start=None, steps=(), _turn_guide=None
            )
            return ended._end(self.turn, result_kind(after), EndReason.BORNE_OFF, events)
        return self._next_turn(after), events

    def _end(
        self,
        winner: Side,
        kind: ResultKind,
        reason: EndReason,
        events: tuple[Event, ...],
        *,
        cube_value: int | None = None,
    ) -> tuple[Game, tuple[Event, ...]]:
        value = self.cube.value if cube_value is None else cube_value
        points = game_points(kind, cube_value=value, rules=self.rules, jacoby=self.jacoby_applies)
        wins_match = wins_whole_match(kind, rules=self.rules, match_play=not self.is_money)
        result = GameResult(winner, kind, points, reason, value, wins_match)
        over = replace(
            self,
            phase=Phase.OVER,
            result=result,
            resignation=None,
            resume_phase=None,
            _turn_guide=None,
        )
        return over, (*events, GameOver(winner, kind, points, reason, wins_match))

    def _double(self, action: Double) -> tuple[Game, tuple[Event, ...]]:
        refusal = self._double_refusal(action.side)
        if refusal is not None:
            raise refusal
        offered = replace(self, phase=Phase.CUBE_OFFERED)
        return offered, (CubeOffered(action.side, self.cube.value * 2),)

    def _take(self, action: Take) -> tuple[Game, tuple[Event, ...]]:
        self._require(Phase.CUBE_OFFERED, "take", Rule.R18)
        cube = self.cube.taken_by(action.side)
        return replace(self, cube=cube, phase=Phase.ROLLING), (CubeTaken(action.side, cube.value),)

    def _drop(self, action: Drop) -> tuple[Game, tuple[Event, ...]]:
        self._require(Phase.CUBE_OFFERED, "drop", Rule.R18)
        events: tuple[Event, ...] = (CubeDropped(action.side, self.cube.value),)
        return self._end(action.side.other, ResultKind.SINGLE, EndReason.DROPPED, events)

    def _beaver(self, action: Beaver) -> tuple[Game, tuple[Event, ...]]:
        refusal = self._beaver_refusal(action.side)
        if refusal is not None:
            raise refusal
        cube = self.cube.beavered_by(action.side)
        return replace(self, cube=cube, phase=Phase.ROLLING), (Beavered(action.side, cube.value),)

    def _resign(self, action: Resign) -> tuple[Game, tuple[Event, ...]]:
        if not isinstance(action.side, Side):
            raise InvalidActionError(f"an action names a Side, not {action.side!r}")
        if not isinstance(action.kind, ResultKind):
            raise InvalidActionError(f"resign a single, gammon or backgammon, not {action.kind!r}")
        if not self.can_resign(action.side):
            raise ResignationError(
                f"cannot offer to resign now: the game is {self.phase}", rule=Rule.R16
            )
        offer = ResignOffered(action.side, action.kind)
        offered = replace(
            self, phase=Phase.RESIGNATION_OFFERED, resignation=offer, resume_phase=self.phase
        )
        return offered, (offer,)

    def _accept(self, action: AcceptResignation) -> tuple[Game, tuple[Event, ...]]:
        self._require(Phase.RESIGNATION_OFFERED, "accept a resignation", Rule.R16)
        assert self.resignation is not None
        kind = self.resignation.kind
        events: tuple[Event, ...] = (ResignAccepted(action.side, kind),)
        return self._end(action.side, kind, EndReason.RESIGNED, events)

    def _refuse(self, action: RefuseResignation) -> tuple[Game, tuple[Event, ...]]:
        self._require(Phase.RESIGNATION_OFFERED, "refuse a resignation", Rule.R16)
        assert self.resignation is not None and self.resume_phase is not None
        kind = self.resignation.kind
        resumed = replace(self, phase=self.resume_phase, resignation=None, resume_phase=None)
        return resumed, (ResignRefused(action.side, kind),)
