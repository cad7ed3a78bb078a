"""Match records to and from the ``.mat`` text, every play checked by the rules.

:func:`match_to_mat` writes a :class:`~nard.match.record.MatchRecord` (or a
:class:`~nard.match.match.Match`) as gnubg writes ``.mat`` files;
:func:`mat_to_record` reads one back, replaying every roll, play, cube action
and resignation through :class:`~nard.match.match.Match`. A bad file raises
:class:`~nard.match.matfile.MatFileError` naming the line and what is wrong:
an illegal play, a play that does not fit the dice, a cube value or score
that does not follow from the games before.

What ``.mat`` cannot hold is dropped on export and defaulted on import: the
order of the dice as rolled (written larger first), tied opening rolls (and
the opening dice when the starter rolls afresh, R4), refused resignations,
single steps and undos (only the finished play is written), and which kind a
resignation named when two kinds score the same (V4, Jacoby): the smallest is
read back. Automatic doubles cannot be written at all.
Nard's own settings travel in ``; [Nard ...]`` header lines that gnubg and XG
keep as comments; without them a file is read as a standard game with the
cube, the Crawford rule in match play (as gnubg assumes).

>>> text = '''
...  1 point match
...
...  Game 1
...  Alice : 0                      Bob : 0
...   1) 52: 13/8 13/11               Doubles => 2
... '''
>>> mat_to_record(text)
Traceback (most recent call last):
...
nard.match.matfile.MatFileError: line 6: no doubling in the Crawford game (R19)
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, fields, replace
from typing import Any, Final

from nard.core.board import Position, Side
from nard.core.dice import ALL_ROLLS, Roll
from nard.core.plays import Play, Step, TurnGuide, apply_play
from nard.core.rules import STANDARD, RuleSet
from nard.match.actions import (
    AcceptResignation,
    Action,
    Beaver,
    Double,
    Drop,
    MakePlay,
    OpeningRoll,
    Resign,
    RollDice,
    Take,
)
from nard.match.errors import GameError
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
    TurnPassed,
)
from nard.match.game import Game, Phase
from nard.match.match import Match
from nard.match.matfile import (
    MatBeaver,
    MatCell,
    MatDouble,
    MatDrop,
    MatEntry,
    MatFileError,
    MatGame,
    MatMatch,
    MatRoll,
    MatStep,
    MatTake,
    MatWin,
    format_mat,
    mark_unplayed,
    parse_mat,
    score_line_name,
)
from nard.match.options import GameOptions, OpeningRule
from nard.match.record import FairDiceRecord, MatchRecord, RecordError
from nard.match.scoring import ResultKind, game_points
from nard.match.timeline import walk_record

NARD_RULES: Final = "Nard Rules"
NARD_OPTIONS: Final = "Nard Options"
NARD_FAIR_DICE: Final = "Nard Fair Dice"
COMMENT: Final = "Comment"
"""Metadata key for the free comment lines of a ``.mat`` header."""

_SETTINGS_HEADERS: Final = frozenset(
    name.casefold()
    for name in (
        "Player 1",
        "Player 2",
        "Crawford",
        "Jacoby",
        "Beaver",
        "CubeLimit",
        NARD_RULES,
        NARD_OPTIONS,
        NARD_FAIR_DICE,
    )
)
_MAX_CANDIDATES: Final = 512


# -- export -------------------------------------------------------------------------------


def match_to_mat(
    source: MatchRecord | Match,
    *,
    players: tuple[str, str] = ("White", "Black"),
    and_the_match: bool = False,
) -> str:
    """The ``.mat`` text of a record or a match (``players`` names a match's sides).

    The moves are laid out exactly as gnubg's ``export match mat`` does, except
    that a ``Wins`` line after a roll that was not played gets a line of its own
    (gnubg's reader loses it on the roll's line). ``and_the_match`` ends the
    deciding ``Wins`` line as Jellyfish and XG do; gnubg writes nothing there.
    """
    record = (
        source
        if isinstance(source, MatchRecord)
        else MatchRecord.from_match(source, players=players)
    )
    return format_mat(record_to_mat(record, and_the_match=and_the_match))


def record_to_mat(record: MatchRecord, *, and_the_match: bool = False) -> MatMatch:
    """The record in the neutral ``.mat`` structure of :mod:`nard.match.matfile`."""
    games: list[MatGame] = []
    current = _GameWriter(record, 1, record.new_match().score)
    for moment in walk_record(record):
        for event in moment.events:
            if isinstance(event, GameStarted):
                games.extend(current.finish())
                current = _GameWriter(record, event.number, event.score)
            elif isinstance(event, GameOver):
                assert moment.match is not None
                current.over(event.winner, moment.match.awarded[-1])
            elif isinstance(event, MatchOver):
                current.match_won = and_the_match
            else:
                current.event(event)
    games.extend(current.finish())
    return MatMatch(
        0 if record.length is None else record.length,
        tuple(games),
        _headers(record),
        _comments(record),
    )


class _GameWriter:
    """Turns one game's events into ``.mat`` cells."""

    def __init__(self, record: MatchRecord, number: int, score: tuple[int, int]) -> None:
        self.record = record
        self.number = number
        self.score = score
        self.entries: list[MatEntry] = []
        self.dice: dict[Side, tuple[int, int]] = {}
        self.points: int | None = None
        self.winner: Side | None = None
        self.match_won = False

    def add(self, side: Side, cell: MatCell) -> None:
        self.entries.append(MatEntry(int(side), cell))

    def event(self, event: Event) -> None:
        if isinstance(event, OpeningRolled):
            if event.starter is not None and self.record.options.opening is OpeningRule.STANDARD:
                white_first = event.starter is Side.WHITE
                self.dice[event.starter] = (
                    (event.white, event.black) if white_first else (event.black, event.white)
                )
        elif isinstance(event, DiceRolled):
            self.dice[event.side] = (event.roll.high, event.roll.low)
        elif isinstance(event, PlayMade):
            dice = self.dice.pop(event.side, (event.roll.high, event.roll.low))
            self.add(event.side, MatRoll(dice, mat_steps(event.play)))
        elif isinstance(event, TurnPassed):
            self.add(
                event.side, MatRoll(self.dice.pop(event.side, (event.roll.high, event.roll.low)))
            )
        elif isinstance(event, CubeOffered):
            self.add(event.side, MatDouble(event.value))
        elif isinstance(event, CubeTaken):
            self.add(event.side, MatTake())
        elif isinstance(event, CubeDropped):
            self.add(event.side, MatDrop())
        elif isinstance(event, Beavered):
            self.add(event.side, MatBeaver(event.value))
        elif isinstance(event, AutomaticDouble):
            raise RecordError(f"a .mat file cannot hold automatic doubles (game {self.number})")
        # Steps, undos and resignation offers leave no trace: the finished play and
        # the Wins line of an accepted resignation say it all.

    def over(self, winner: Side, awarded: int) -> None:
        self.winner = winner
        self.points = awarded

    def finish(self) -> list[MatGame]:
        # A roll not played: the roller resigned, or the record stops mid-turn.
        for side, dice in self.dice.items():
            self.add(side, MatRoll(dice, played=False))
        self.dice = {}
        if self.winner is not None and self.points is not None:
            self.add(self.winner, MatWin(self.points, self.match_won))
        if not self.entries:
            return []
        players = self.record.players
        return [MatGame(self.number, players, self.score, mark_unplayed(self.entries))]


def mat_steps(play: Play) -> tuple[MatStep, ...]:
    """A play as gnubg writes it: steps from the highest point down (its canonical
    order), ``*`` on the first step that lands on each blot hit.

    >>> from nard.core.plays import Step
    >>> mat_steps(Play((Step(11, 9, hit=True), Step(13, 9))))
    (MatStep(from_point=13, to_point=9, hit=True), MatStep(from_point=11, to_point=9, hit=False))
    """
    hit_points = {step.to_point for step in play.steps if step.hit}
    ordered = sorted(play.steps, key=lambda step: (step.from_point, step.to_point), reverse=True)
    written: list[MatStep] = []
    for step in ordered:
        first = all(earlier.to_point != step.to_point for earlier in written)
        written.append(
            MatStep(step.from_point, step.to_point, first and step.to_point in hit_points)
        )
    return tuple(written)


def _headers(record: MatchRecord) -> tuple[tuple[str, str], ...]:
    headers = [("Player 1", record.players[0]), ("Player 2", record.players[1])]
    headers.extend((key, value) for key, value in record.metadata if key != COMMENT)
    if record.length is not None:
        headers.append(("Crawford", "On" if record.crawford_rule else "Off"))
    else:
        headers.append(("Jacoby", "On" if record.options.jacoby else "Off"))
        headers.append(("Beaver", "On" if record.options.beavers else "Off"))
    if not record.rules.cube:
        headers.append(("CubeLimit", "1"))
    if record.rules != STANDARD:
        headers.append((NARD_RULES, _settings_json(record.rules)))
    if record.options != GameOptions():
        headers.append((NARD_OPTIONS, _settings_json(record.options)))
    if record.fair_dice is not None:
        fair = record.fair_dice
        data = {
            "commitment": fair.commitment,
            "client_seeds": list(fair.client_seeds),
            "server_seed": fair.server_seed,
        }
        headers.append((NARD_FAIR_DICE, json.dumps(data, ensure_ascii=False)))
    return tuple(headers)


def _comments(record: MatchRecord) -> tuple[str, ...]:
    return tuple(
        line for key, value in record.metadata if key == COMMENT for line in value.splitlines()
    )


def _settings_json(settings: Any) -> str:
    default = type(settings)()
    changed = {
        item.name: getattr(settings, item.name)
        for item in fields(settings)
        if getattr(settings, item.name) != getattr(default, item.name)
    }
    return json.dumps({name: getattr(value, "value", value) for name, value in changed.items()})


# -- import -------------------------------------------------------------------------------


def mat_to_record(text: str) -> MatchRecord:
    """Read a ``.mat`` text into a record, replaying and checking every action.

    A :class:`MatFileError` names the first bad line and what is wrong with it.
    """
    return mat_match_to_record(parse_mat(text))


def mat_match_to_record(mat: MatMatch) -> MatchRecord:
    """The record of a parsed ``.mat`` match (see :func:`mat_to_record`)."""
    settings = _Settings.from_headers(mat)
    players = settings.players
    # The score lines name the players too, but without colons
    # (score_line_name); the headers' names win where they agree.
    if mat.games and mat.games[0].players != tuple(map(score_line_name, players)):
        players = mat.games[0].players
    importer = _Importer(settings)
    for index, game in enumerate(mat.games):
        importer.game(game, is_last=index == len(mat.games) - 1)
    return MatchRecord(
        actions=tuple(importer.actions),
        length=settings.length,
        rules=settings.rules,
        options=settings.options,
        crawford_rule=settings.crawford_rule,
        players=players,
        metadata=settings.metadata,
        fair_dice=settings.fair_dice,
    )


@dataclass(frozen=True, slots=True)
class _Settings:
    length: int | None
    rules: RuleSet = STANDARD
    options: GameOptions = field(default_factory=GameOptions)
    crawford_rule: bool = True
    players: tuple[str, str] = ("White", "Black")
    metadata: tuple[tuple[str, str], ...] = ()
    fair_dice: FairDiceRecord | None = None

    @classmethod
    def from_headers(cls, mat: MatMatch) -> _Settings:
        money = mat.length == 0
        variation = mat.header("Variation")
        if variation is not None and variation.strip().lower() != "backgammon":
            raise MatFileError(f"the {variation} variation is not Takhte Nard's game")

        def flag(name: str) -> bool | None:
            value = mat.header(name)
            return None if value is None else value.strip().lower() == "on"

        rules = STANDARD
        if (mat.header("CubeLimit") or "").strip() == "1":
            rules = rules.with_(cube=False)
        nard_rules = mat.header(NARD_RULES)
        if nard_rules is not None:
            rules = _settings_from_json(RuleSet, nard_rules, NARD_RULES)
        options = GameOptions()
        if money:
            options = replace(options, jacoby=bool(flag("Jacoby")), beavers=bool(flag("Beaver")))
        nard_options = mat.header(NARD_OPTIONS)
        if nard_options is not None:
            options = _settings_from_json(GameOptions, nard_options, NARD_OPTIONS)
        metadata = [(k, v) for k, v in mat.headers if k.casefold() not in _SETTINGS_HEADERS]
        if mat.comments:
            metadata.append((COMMENT, "\n".join(mat.comments)))
        return cls(
            length=None if money else mat.length,
            rules=rules,
            options=options,
            crawford_rule=flag("Crawford") is not False,
            players=(mat.header("Player 1") or "White", mat.header("Player 2") or "Black"),
            metadata=tuple(metadata),
            fair_dice=_fair_from_header(mat.header(NARD_FAIR_DICE)),
        )


def _settings_from_json(kind: Any, text: str, what: str) -> Any:
    try:
        data = json.loads(text)
        if not isinstance(data, dict):
            raise ValueError("not an object")
        defaults = kind()
        values = {}
        for name, value in data.items():
            default = getattr(defaults, name)
            values[name] = type(default)(value) if not isinstance(default, bool) else bool(value)
        return kind(**values)
    except (ValueError, TypeError, AttributeError) as error:
        raise MatFileError(f"bad [{what}] header {text!r}: {error}") from error


def _fair_from_header(text: str | None) -> FairDiceRecord | None:
    if text is None:
        return None
    try:
        data = json.loads(text)
        seed = data.get("server_seed")
        return FairDiceRecord(
            str(data["commitment"]),
            tuple(str(item) for item in data.get("client_seeds", [])),
            None if seed is None else str(seed),
        )
    except (ValueError, TypeError, KeyError, AttributeError) as error:
        raise MatFileError(f"bad [{NARD_FAIR_DICE}] header {text!r}: {error}") from error


_KINDS: Final = (ResultKind.SINGLE, ResultKind.GAMMON, ResultKind.BACKGAMMON)


class _Importer:
    """Feeds the cells of each game to a :class:`Match`, one checked action at a time."""

    def __init__(self, settings: _Settings) -> None:
        self.settings = settings
        self.match = Match.new(
            settings.length,
            settings.rules,
            settings.options,
            crawford_rule=settings.crawford_rule,
        )
        self.actions: list[Action] = []
        self.players: tuple[str, str] | None = None
        self.ended: tuple[Side, int] | None = None
        self.line = 0

    def fail(self, message: str) -> MatFileError:
        return MatFileError(message, self.line)

    def do(self, action: Action) -> None:
        before = len(self.match.games)
        try:
            self.match = self.match.apply(action).match
        except GameError as error:
            raise self.fail(str(error)) from error
        self.actions.append(action)
        if len(self.match.games) > before:
            result = self.match.games[-1].result
            assert result is not None
            self.ended = (result.winner, self.match.awarded[-1])

    @property
    def current(self) -> Game:
        assert self.match.game is not None
        return self.match.game

    def name(self, side: Side) -> str:
        assert self.players is not None
        return self.players[side]

    # -- games --------------------------------------------------------------------------

    def game(self, game: MatGame, *, is_last: bool) -> None:
        self.line = game.line
        number = len(self.match.games) + 1
        if self.match.game is None:
            raise self.fail(f"the match was over after game {number - 1}")
        if game.number != number:
            raise self.fail(f"expected Game {number}, found Game {game.number}")
        if self.players is None:
            self.players = game.players
        elif game.players != self.players:
            raise self.fail(
                f"players {game.players[0]!r} and {game.players[1]!r} are not "
                f"{self.players[0]!r} and {self.players[1]!r} of game 1"
            )
        if game.score != self.match.score:
            self.line = game.score_line
            white, black = self.match.score
            raise self.fail(
                f"score mismatch: the games before give {self.name(Side.WHITE)} {white}, "
                f"{self.name(Side.BLACK)} {black}; the file says {game.score[0]}, {game.score[1]}"
            )
        self.ended = None
        wins_seen = False
        beaver_take: Side | None = None
        for index, entry in enumerate(game.entries):
            self.line = entry.line
            implied_take, beaver_take = beaver_take, None
            side = Side(entry.player)
            cell = entry.cell
            if isinstance(cell, MatWin):
                if wins_seen:
                    raise self.fail("a second Wins line for one game")
                wins_seen = True
                self.win(side, cell)
                continue
            if self.ended is not None:
                raise self.fail(f"the game is over, yet {cell.text().strip()!r} follows")
            if isinstance(cell, MatRoll):
                last = is_last and index == len(game.entries) - 1
                self.roll(side, cell, may_stop=last or not cell.played)
            elif isinstance(cell, MatDouble) and self.current.phase is Phase.CUBE_OFFERED:
                # gnubg writes a beaver as the doubled player's double, then the take
                # of the first doubler, which the beaver already implies.
                self.beaver(side, cell.cube)
                beaver_take = side.other
            elif isinstance(cell, MatDouble):
                expected = self.current.cube.value * 2
                if cell.cube != expected:
                    raise self.fail(f"the cube goes to {expected}, not {cell.cube}")
                self.do(Double(side))
            elif isinstance(cell, MatBeaver):
                self.beaver(side, cell.cube)
            elif isinstance(cell, MatTake) and implied_take is side:
                pass
            elif isinstance(cell, MatTake):
                self.do(Take(side))
            elif isinstance(cell, MatDrop):
                self.do(Drop(side))
        if self.ended is None and not is_last:
            raise self.fail(f"game {game.number} ends without a result")

    def beaver(self, side: Side, cube: int) -> None:
        expected = self.current.cube.value * 4
        if cube != expected:
            raise self.fail(f"a beaver takes the cube to {expected}, not {cube}")
        self.do(Beaver(side))

    def win(self, side: Side, cell: MatWin) -> None:
        if self.ended is None:
            # Not over on the board: the loser resigned and the winner accepted.
            game = self.current
            points = [
                game_points(
                    kind,
                    cube_value=game.cube.value,
                    rules=game.rules,
                    jacoby=game.jacoby_applies,
                )
                for kind in _KINDS
            ]
            if cell.points not in points:
                raise self.fail(
                    f"{cell.text()!r}: with the cube at {game.cube.value} a resignation is "
                    f"worth {', '.join(map(str, sorted(set(points))))} points"
                )
            kind = _KINDS[points.index(cell.points)]
            self.do(Resign(side.other, kind))
            self.do(AcceptResignation(side))
        assert self.ended is not None
        winner, awarded = self.ended
        if winner is not side:
            raise self.fail(f"{self.name(winner)} won this game, not {self.name(side)}")
        if cell.points != awarded:
            raise self.fail(
                f"score mismatch: the game gives {self.name(winner)} {awarded} "
                f"point{'' if awarded == 1 else 's'}, the file says {cell.points}"
            )

    # -- rolls and plays ----------------------------------------------------------------------

    def roll(self, side: Side, cell: MatRoll, *, may_stop: bool) -> None:
        game = self.current
        dice = cell.dice
        if game.phase is Phase.OPENING:
            self.opening(side, dice)
        else:
            self.do(RollDice(side, Roll(*dice)))
        game = self.current
        written = " ".join(str(step) for step in cell.steps)
        if game.phase is not Phase.PLAYING or game.turn is not side:
            if cell.steps:
                raise self.fail(f"no play is possible with {dice[0]}{dice[1]} (R10): {written!r}")
            return
        if not cell.steps:
            if may_stop:
                return
            forced = list(game.legal_plays)
            if len(forced) == 1:
                # As gnubg reads it: some writers leave a forced play out.
                self.do(MakePlay(side, forced[0]))
                return
            example = _mat_text(game.guide.example_play())
            raise self.fail(
                f"the roll {dice[0]}{dice[1]} has legal plays (e.g. {example}) but none is written"
            )
        self.do(MakePlay(side, self.resolve(game, cell)))

    def opening(self, side: Side, dice: tuple[int, int]) -> None:
        options = self.settings.options
        if options.opening is OpeningRule.STANDARD:
            if dice[0] == dice[1]:
                raise self.fail(f"the opening roll cannot be a double (R4): {dice[0]}{dice[1]}")
            mine, theirs = sorted(dice, reverse=not options.lower_starts)
            self.do(OpeningRoll(mine, theirs) if side is Side.WHITE else OpeningRoll(theirs, mine))
            return
        # The starter rolls afresh (R4 option): .mat keeps only that roll, so the
        # opening dice are made up to give the same starter.
        mine, theirs = (1, 2) if options.lower_starts else (2, 1)
        self.do(OpeningRoll(mine, theirs) if side is Side.WHITE else OpeningRoll(theirs, mine))
        self.do(RollDice(side, Roll(*dice)))

    def resolve(self, game: Game, cell: MatRoll) -> Play:
        assert game.roll is not None and game.turn_start is not None
        plays = _legal_readings(game.guide, game.turn_start, game.roll, cell.steps)
        written = " ".join(str(step) for step in cell.steps)
        dice = f"{cell.dice[0]}{cell.dice[1]}"
        if not plays:
            fits = [
                str(roll)
                for roll, _ in ALL_ROLLS
                if roll != game.roll
                and _legal_readings(
                    TurnGuide(game.turn_start, roll, game.rules), game.turn_start, roll, cell.steps
                )
            ]
            if fits:
                raise self.fail(
                    f"wrong dice: {written!r} is a play of {' or '.join(fits)}, not of {dice}"
                )
            why = _why(game, Play(tuple(Step(s.from_point, s.to_point) for s in cell.steps)))
            raise self.fail(f"illegal play {written!r} with {dice}{why}")
        return _best(plays, cell.steps)


def _legal_readings(
    guide: TurnGuide, position: Position, roll: Roll, steps: Sequence[MatStep]
) -> dict[Position, Play]:
    """Each legal play the written steps can stand for, by the position it leaves."""
    found: dict[Position, Play] = {}
    for candidate in itertools.islice(_expansions(steps, roll), _MAX_CANDIDATES):
        play = guide.complete_play(candidate)
        if play is not None:
            found.setdefault(apply_play(position, play), play)
    return found


def _expansions(steps: Sequence[MatStep], roll: Roll) -> Iterator[tuple[Step, ...]]:
    """The ways to read written steps as one-die steps: ``24/13`` with 6-5 is
    24/18 18/13 or 24/19 19/13; the rules decide which are possible."""
    options = [_splits(step, roll) for step in steps]
    for choice in itertools.product(*options):
        candidate = tuple(step for part in choice for step in part)
        if len(candidate) <= len(roll.units):
            yield candidate


def _splits(step: MatStep, roll: Roll) -> list[tuple[Step, ...]]:
    found: list[tuple[Step, ...]] = [(Step(step.from_point, step.to_point),)]
    units = roll.units
    for count in range(2, len(units) + 1):
        for dice in set(itertools.permutations(units, count)):
            points = [step.from_point]
            for die in dice:
                points.append(max(points[-1] - die, 0))
            if points[-1] != step.to_point or 0 in points[1:-1]:
                continue
            found.append(tuple(Step(a, b) for a, b in itertools.pairwise(points)))
    return found


def _best(plays: dict[Position, Play], written: Sequence[MatStep]) -> Play:
    """Among several readings, the one hitting where the ``*`` marks say, else the
    one hitting least (gnubg reads ``24/13`` as no hit on the way)."""
    marked = sorted(step.to_point for step in written if step.hit)

    def hits(play: Play) -> list[int]:
        return sorted(step.to_point for step in play.steps if step.hit)

    readings = list(plays.values())
    exact = [play for play in readings if hits(play) == marked]
    pool = exact or readings
    return min(pool, key=lambda play: len(hits(play)))


def _mat_text(play: Play) -> str:
    return " ".join(str(step) for step in mat_steps(play)) or "no play"


def _why(game: Game, play: Play) -> str:
    assert game.roll is not None and game.turn_start is not None
    try:
        from nard.core.explain import explain_play

        explanation = explain_play(game.turn_start, game.roll, play, game.rules)
    except (ImportError, ValueError):
        return ""
    if explanation is None:
        return ""
    legal = explanation.legal_play
    instead = "" if legal is None else f"; legal instead: {_mat_text(legal)}"
    return f" ({explanation.rule}: {explanation.message_en}{instead})"
