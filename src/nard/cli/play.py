"""``nard play``: a match in the terminal, against the bot, a random player or a friend.

A :class:`TerminalMatch` drives a :class:`~nard.match.match.Match`: it rolls the
dice from one :class:`~nard.match.dice.DiceSource`, asks computer players for
their actions, and reads a person's commands from an input stream, drawing
the board on a rich :class:`~rich.console.Console`. Both streams can be
strings in memory, so whole games can be driven from tests.

Moves are typed in gnubg notation, in the mover's own numbering: a whole play
(``24/18 13/11``) ends the turn at once; single moves (``24/18``, then
``18/14``) are steps that can be taken back with ``undo`` until ``confirm``.
A refused move is explained by :mod:`nard.core.explain`, naming the rule.

>>> import io
>>> from rich.console import Console
>>> from nard.match import Match, SeededDice
>>> out = io.StringIO()
>>> terminal = TerminalMatch(
...     Match.new(1),
...     (RandomPlayer(seed=1), RandomPlayer(seed=2)),
...     SeededDice(1),
...     console=Console(file=out, width=100, color_system=None),
... )
>>> terminal.run()
0
>>> white, black = terminal.match.score
>>> terminal.match.is_over, max(white, black)
(True, 1)
>>> out.getvalue().splitlines()[-1] == f"Final score: White {white}, Black {black}."
True
"""

from __future__ import annotations

import argparse
import contextlib
import itertools
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import TextIO

from rich.console import Console

from nard.cli.board_view import render_board, roll_words, status_line
from nard.cli.i18n import (
    LANGS,
    Lang,
    kind_name,
    listing,
    notation,
    number,
    rules_words,
    side_name,
    tr,
)
from nard.cli.players import (
    ComputerPlayer,
    HumanPlayer,
    RandomPlayer,
    bot_available,
    parse_player,
)
from nard.core.board import Side
from nard.core.dice import Roll
from nard.core.errors import AmbiguousPlayError, IllegalPlayError, InvalidPlayError
from nard.core.explain import Explanation, explain_move
from nard.core.messages import fa_digits
from nard.core.notation import format_play, format_step, parse_play
from nard.core.plays import Step, TurnGuide, step_orders
from nard.core.rules import RuleSet
from nard.match.actions import (
    AcceptResignation,
    Action,
    Beaver,
    ConfirmPlay,
    Double,
    Drop,
    MakePlay,
    MakeStep,
    RefuseResignation,
    Resign,
    Take,
    UndoStep,
)
from nard.match.dice import DiceSource, SeededDice, SystemDice
from nard.match.errors import GameError, GamePlayError
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
    OpeningRolled,
    PlayMade,
    ResignAccepted,
    ResignOffered,
    ResignRefused,
    StepUndone,
    TurnPassed,
)
from nard.match.fair import FairDice
from nard.match.game import Game, Phase
from nard.match.mat_conversion import mat_to_record, match_to_mat
from nard.match.match import Match
from nard.match.options import GameOptions
from nard.match.record import FairDiceRecord, MatchRecord
from nard.match.scoring import ResultKind

Player = HumanPlayer | ComputerPlayer


# -- records ------------------------------------------------------------------------------


def save_record(record: MatchRecord, path: Path) -> None:
    """Write ``record`` as ``.mat`` (gnubg) or ``.json`` (lossless), by the file's suffix."""
    suffix = path.suffix.lower()
    if suffix == ".json":
        text = record.to_json()
    elif suffix in (".mat", ".txt"):
        text = match_to_mat(record)
    else:
        raise ValueError(f"save as .mat or .json, not {path.name!r}")
    path.write_text(text if text.endswith("\n") else text + "\n", encoding="utf-8")


def load_record(path: Path) -> MatchRecord:
    """Read a ``.json`` match record or a ``.mat`` file."""
    text = path.read_text(encoding="utf-8")
    if path.suffix.lower() == ".json" or text.lstrip().startswith("{"):
        return MatchRecord.from_json(text)
    return mat_to_record(text)


# -- steps typed one at a time -------------------------------------------------------------


def route_moves(
    guide: TurnGuide, made: tuple[Step, ...], moves: Sequence[Step]
) -> tuple[Step, ...] | None:
    """Single-die steps that carry out ``moves`` (each may span several dice) after
    ``made``, each step keeping a legal play reachable; None if there are none."""
    for order in step_orders(moves):
        found = _route(guide, made, order)
        if found is not None:
            return found
    return None


def _route(
    guide: TurnGuide, made: tuple[Step, ...], moves: Sequence[Step]
) -> tuple[Step, ...] | None:
    if not moves:
        return ()
    first = moves[0]
    for path in _paths(guide, made, first.from_point, first.to_point):
        rest = _route(guide, made + path, moves[1:])
        if rest is not None:
            return path + rest
    return None


def _paths(
    guide: TurnGuide, made: tuple[Step, ...], start: int, end: int
) -> Iterator[tuple[Step, ...]]:
    for step in guide.next_steps(made):
        if step.from_point != start:
            continue
        if step.to_point == end:
            yield (step,)
        elif step.to_point > end:
            for more in _paths(guide, (*made, step), step.to_point, end):
                yield (step, *more)


# -- the session -------------------------------------------------------------------------------

_RESIGN_KINDS = {
    "": ResultKind.SINGLE,
    "single": ResultKind.SINGLE,
    "s": ResultKind.SINGLE,
    "gammon": ResultKind.GAMMON,
    "g": ResultKind.GAMMON,
    "backgammon": ResultKind.BACKGAMMON,
    "b": ResultKind.BACKGAMMON,
}


class TerminalMatch:
    """One match (or money session) in the terminal.

    ``players`` are White's and Black's. ``view`` fixes the side the board is
    numbered from; None: the human's side, or in hot-seat play the side that
    must act. ``max_games`` ends a money session after that many games.
    ``input`` None reads from the terminal with line editing.
    """

    def __init__(
        self,
        match: Match,
        players: tuple[Player, Player],
        dice: DiceSource,
        *,
        console: Console | None = None,
        input: TextIO | None = None,
        lang: Lang = "en",
        names: tuple[str, str] | None = None,
        view: Side | None = None,
        auto_roll: bool = False,
        save_path: Path | None = None,
        max_games: int | None = None,
        fair: FairDice | None = None,
    ) -> None:
        self.match = match
        self.players = players
        self.dice = dice
        self.console = console or Console()
        self.input = input
        self.lang: Lang = lang
        self.names = names or default_names(players, lang)
        self.view = view
        self.auto_roll = auto_roll
        self.save_path = save_path
        self.max_games = max_games
        self.fair = fair
        self.fair_record: FairDiceRecord | None = (
            None if fair is None else FairDiceRecord(fair.commitment, fair.client_seeds)
        )
        self._quit = False
        self._shown: object = None

    # -- facts ---------------------------------------------------------------------------

    @property
    def humans(self) -> list[Side]:
        return [side for side in Side if isinstance(self.players[side], HumanPlayer)]

    @property
    def interactive(self) -> bool:
        return bool(self.humans)

    def record(self) -> MatchRecord:
        """The match as played so far, with the names and the fair-dice data."""
        return MatchRecord.from_match(self.match, players=self.names, fair_dice=self.fair_record)

    def _t(self, key: str, **values: object) -> str:
        return tr(self.lang, key, **values)

    def _say(self, text: str, style: str | None = None) -> None:
        self.console.print(text, style=style, markup=False, highlight=False, soft_wrap=True)

    def _roll(self, roll: Roll) -> str:
        return roll_words(self.lang, roll.high, roll.low)

    def _side(self, side: Side) -> str:
        return side_name(self.lang, side)

    # -- the loop ------------------------------------------------------------------------

    def run(self) -> int:
        """Play until the match ends, the money games are played, or a person quits."""
        if self.fair is not None:
            self._say(self._t("fair-commitment", commitment=self.fair.commitment), "cyan")
            if self.fair.client_seeds:
                self._say(self._t("fair-client", seeds=", ".join(self.fair.client_seeds)))
        described = rules_words(self.lang, self.match.rules)
        if self.interactive and described:
            self._say(self._t("rules-line", rules=listing(self.lang, described)))
        while not self._quit and not self._finished():
            game = self.match.game
            assert game is not None
            if game.phase is Phase.OPENING:
                self._apply(game.roll_action(self.dice))
                continue
            actor = game.to_act
            assert actor is not None
            player = self.players[actor]
            if isinstance(player, HumanPlayer):
                self._human(game, actor)
            else:
                action = player.decide(game, actor)
                if not self._apply(game.roll_action(self.dice) if action is None else action):
                    # A computer player that repeats a refused action would loop forever.
                    raise RuntimeError(f"{player.spec} chose an action the rules refuse")
        self._finish()
        return 0

    def _finished(self) -> bool:
        if self.match.is_over:
            return True
        return self.max_games is not None and len(self.match.games) >= self.max_games

    def _finish(self) -> None:
        white, black = self.match.score
        if self.match.is_over:
            assert self.match.winner is not None
            winner = self.match.winner
            self._say(
                self._t(
                    "match-over",
                    name=self.names[winner],
                    side=self._side(winner),
                    white=white,
                    black=black,
                ),
                "bold green",
            )
        elif self.match.is_money and self.match.games:
            self._say(self._t("session-over", games=len(self.match.games)))
        if self.fair is not None and self.fair_record is not None:
            seed = self.fair.reveal().hex()
            self.fair_record = FairDiceRecord(self.fair.commitment, self.fair.client_seeds, seed)
            self._say(self._t("fair-reveal", seed=seed), "cyan")
        if self.save_path is not None:
            self._save(self.save_path)
        self._say(self._t("final-score", white=white, black=black), "bold")

    # -- applying actions and telling what happened ----------------------------------------

    def _apply(self, action: Action) -> bool:
        """Apply ``action`` to the match and tell what happened; False if refused."""
        try:
            self.match, events = self.match.apply(action)
        except GamePlayError as error:
            self._refusal(error.explanation, str(error))
            return False
        except GameError as error:
            self._say(self._t("cannot-now", error=error), "red")
            return False
        for event in events:
            self._tell(event)
        return True

    def _tell(self, event: Event) -> None:
        names, lang = self.names, self.lang
        interactive = self.interactive
        line: str | None = None
        match event:
            case OpeningRolled(white=white, black=black, starter=None):
                line = self._t("opening-tie", die=white) if interactive else None
            case OpeningRolled(white=white, black=black, starter=starter) if starter is not None:
                if interactive:
                    line = self._t("opening", white=white, black=black, side=self._side(starter))
            case DiceRolled(side=side, roll=roll) if interactive:
                line = self._t(
                    "rolled", name=names[side], roll=roll_words(lang, roll.high, roll.low)
                )
            case PlayMade(side=side, play=play) if interactive:
                line = self._t("played", name=names[side], play=notation(lang, format_play(play)))
            case StepUndone(side=side, step=step) if interactive:
                line = self._t("undone", name=names[side], step=notation(lang, format_step(step)))
            case TurnPassed(side=side, roll=roll) if interactive:
                line = self._t(
                    "passed", name=names[side], roll=roll_words(lang, roll.high, roll.low)
                )
            case CubeOffered(side=side, value=value) if interactive:
                line = self._t("doubles", name=names[side], value=value)
            case CubeTaken(side=side) if interactive:
                line = self._t("takes", name=names[side])
            case CubeDropped(side=side) if interactive:
                line = self._t("drops", name=names[side])
            case Beavered(side=side, value=value) if interactive:
                line = self._t("beavers", name=names[side], value=value)
            case AutomaticDouble(value=value) if interactive:
                line = self._t("auto-double", value=value)
            case ResignOffered(side=side, kind=kind) if interactive:
                line = self._t("resigns", name=names[side], kind=kind_name(lang, kind))
            case ResignAccepted(side=side) if interactive:
                line = self._t("resign-accepted", name=names[side])
            case ResignRefused(side=side) if interactive:
                line = self._t("resign-refused", name=names[side])
            case GameOver(winner=winner, kind=kind):
                self._game_over(winner, kind)
            case GameStarted(number=game_number, crawford=crawford) if interactive:
                key = "game-started-crawford" if crawford else "game-started"
                line = self._t(key, number=game_number)
        if line:
            self._say(line)

    def _game_over(self, winner: Side, kind: ResultKind) -> None:
        points = self.match.awarded[-1]
        white, black = self.match.score
        values = {
            "name": self.names[winner],
            "side": self._side(winner),
            "kind": kind_name(self.lang, kind),
            "points": points,
        }
        if self.interactive:
            self._say(self._t("game-over", **values), "bold green")
            self._say(self._t("score", white=white, black=black), "bold")
        else:
            number_ = len(self.match.games)
            self._say(self._t("game-summary", number=number_, white=white, black=black, **values))

    def _refusal(self, explanation: Explanation | None, fallback: str) -> None:
        if explanation is None:
            self._say(self._t("cannot-now", error=fallback), "red")
            return
        message = explanation.message(self.lang)
        rule = explanation.rule.value
        if rule not in message and fa_digits(rule) not in message:
            message = f"{message} ({number(self.lang, rule)})"
        self._say(self._t("refused", message=message), "red")
        if explanation.legal_play is not None:
            example = notation(self.lang, format_play(explanation.legal_play))
            if example not in message:
                self._say(self._t("legal-example", play=example), "yellow")

    # -- a person's turn -------------------------------------------------------------------

    def _pov(self, game: Game, actor: Side) -> Side:
        if self.view is not None:
            return self.view
        humans = self.humans
        return humans[0] if len(humans) == 1 else actor

    def _show(self, game: Game, actor: Side) -> None:
        key = (len(self.match.games), len(game.actions), game.phase)
        if key == self._shown:
            return
        self._shown = key
        self.console.print()
        self.console.print(
            render_board(game, pov=self._pov(game, actor), names=self.names, lang=self.lang)
        )

    def _human(self, game: Game, actor: Side) -> None:
        if game.phase is Phase.ROLLING and self.auto_roll and not game.can_double(actor):
            self._apply(game.roll_action(self.dice))
            return
        if game.phase is Phase.PLAYING and not game.steps:
            plays = game.legal_plays
            if len(plays) == 1:
                only = next(iter(plays))
                self._say(self._t("forced", play=notation(self.lang, format_play(only))))
                self._apply(MakePlay(actor, only))
                return
        self._show(game, actor)
        if game.can_confirm:
            self._say(self._t("complete"), "yellow")
        line = self._read(self._t("prompt", name=self.names[actor]))
        if line is None:
            self._quit = True
            return
        self._command(game, actor, line.strip())

    def _read(self, prompt: str) -> str | None:
        if self.input is None:
            try:
                return self.console.input(prompt)
            except EOFError:
                self.console.print()
                return None
        self.console.print(prompt, end="", markup=False, highlight=False)
        line = self.input.readline()
        if not line:
            self.console.print()
            return None
        self.console.print(line.rstrip("\n"), markup=False, highlight=False)
        return line

    def _command(self, game: Game, actor: Side, text: str) -> None:
        word, _, rest = text.partition(" ")
        word, rest = word.lower(), rest.strip()
        if word in ("quit", "q", "exit"):
            self._say(self._t("bye"))
            self._quit = True
        elif word in ("help", "?"):
            self._say(self._t("help"))
        elif word == "board":
            self._shown = None
            self._show(game, actor)
        elif word == "save" and rest:
            self._save(Path(rest))
        elif word == "load" and rest:
            self._load(Path(rest))
        elif word == "hint":
            self._hint(game, actor)
        elif word in ("", "confirm", "c", "done") and game.phase is Phase.PLAYING:
            if word or game.can_confirm:
                self._apply(ConfirmPlay(actor))
        elif word == "":
            return
        elif word in ("roll", "r"):
            if game.phase is Phase.ROLLING:
                self._apply(game.roll_action(self.dice))
            else:
                self._not_now(game)
        elif word in ("undo", "u"):
            if game.phase is Phase.PLAYING and game.steps:
                self._apply(UndoStep(actor))
            else:
                self._say(self._t("nothing-to-undo"))
        elif word in ("double", "d"):
            self._apply(Double(actor))
        elif word in ("take", "t"):
            self._apply(Take(actor))
        elif word in ("drop", "pass", "p"):
            self._apply(Drop(actor))
        elif word == "beaver":
            self._apply(Beaver(actor))
        elif word in ("accept", "a"):
            self._apply(AcceptResignation(actor))
        elif word in ("refuse", "reject"):
            self._apply(RefuseResignation(actor))
        elif word == "resign" and rest.lower() in _RESIGN_KINDS:
            self._apply(Resign(actor, _RESIGN_KINDS[rest.lower()]))
        elif game.phase is Phase.PLAYING and any(ch.isdigit() or ch == "/" for ch in text):
            self._enter_moves(game, actor, text)
        else:
            self._say(self._t("not-understood", text=text), "red")

    def _enter_moves(self, game: Game, actor: Side, text: str) -> None:
        assert game.turn_start is not None and game.roll is not None
        refused: IllegalPlayError | None = None
        # A whole play is tried first; with steps made it replaces them (MakePlay does).
        try:
            play = parse_play(text, game.turn_start, game.roll, rules=game.rules)
        except AmbiguousPlayError as error:
            if not game.steps:
                self._say(self._t("ambiguous", error=error), "red")
                return
        except InvalidPlayError as error:
            self._unreadable(game, text, error)
            return
        except IllegalPlayError as error:
            # Perhaps the first moves of a play, to be made as steps; if not, and no
            # step is made yet, the whole play's explanation is the one to show.
            refused = None if game.steps else error
        else:
            self._apply(MakePlay(actor, play))
            return
        try:
            written = parse_play(text).steps
        except (InvalidPlayError, IllegalPlayError) as error:
            self._unreadable(game, text, error)
            return
        route = route_moves(game.guide, game.steps, written)
        if route is None:
            self._refusal(self._why_not(game, written, refused), str(refused or text))
            return
        for step in route:
            if not self._apply(MakeStep(actor, step)):
                return

    def _unreadable(self, game: Game, text: str, error: Exception) -> None:
        """Notation the parser refuses: a move it can read as points (``6/7``, backwards)
        gets the rules' explanation; anything else, how to write a play."""
        assert game.turn_start is not None and game.roll is not None
        for start, end in written_moves(text):
            why = explain_move(game.turn_start, game.roll, game.steps, start, end, game.rules)
            if why is not None:
                self._refusal(why, text)
                return
        if self.lang == "fa":
            self._say(self._t("bad-notation-text", text=text), "red")
        else:
            self._say(self._t("bad-notation", error=error), "red")

    def _why_not(
        self, game: Game, written: Sequence[Step], refused: IllegalPlayError | None
    ) -> Explanation | None:
        if refused is not None and refused.explanation is not None:
            return refused.explanation
        assert game.turn_start is not None and game.roll is not None
        made = game.steps
        for move in written:
            why = explain_move(
                game.turn_start, game.roll, made, move.from_point, move.to_point, game.rules
            )
            if why is not None:
                return why
            route = route_moves(game.guide, made, [move])
            if route is None:
                break
            made = made + route
        return None

    # -- hints, saving, loading -------------------------------------------------------------

    def _hint(self, game: Game, actor: Side) -> None:
        try:
            from nard.ai.bot_actions import cube_state
            from nard.ai.hint import hint_cube, hint_plays
        except ImportError:
            self._say(self._t("no-hint"), "red")
            return
        state = cube_state(game)
        if game.phase is Phase.PLAYING:
            assert game.turn_start is not None and game.roll is not None
            ranked = hint_plays(game.turn_start, game.roll, game.rules, cube=state, limit=5)
            for rank, item in enumerate(ranked, 1):
                equity = number(self.lang, f"{item.equity:+.3f}")
                play = notation(self.lang, format_play(item.play))
                self._say(self._t("hint-play", rank=rank, play=play, equity=equity))
        elif game.phase in (Phase.ROLLING, Phase.CUBE_OFFERED) and game.rules.cube:
            assert game.turn is not None
            analysis = hint_cube(game.view(game.turn), state)
            self._say(
                self._t(
                    "hint-cube",
                    nd=f"{analysis.no_double:+.3f}",
                    dt=f"{analysis.double_take:+.3f}",
                    dp=f"{analysis.double_pass:+.3f}",
                    action=analysis.action.value,
                )
            )
        else:
            self._not_now(game)

    def _not_now(self, game: Game) -> None:
        self._say(self._t("cannot-now", error=status_line(game, self.names, self.lang)), "red")

    def _save(self, path: Path) -> None:
        try:
            save_record(self.record(), path)
        except (OSError, ValueError) as error:
            self._say(self._t("save-failed", path=path, error=error), "red")
            return
        self._say(self._t("saved", path=path))

    def _load(self, path: Path) -> None:
        if self.fair is not None:
            error = "provably fair dice cover a whole match from its first roll"
            self._say(self._t("load-failed", path=path, error=error), "red")
            return
        try:
            record = load_record(path)
            match = record.replay()
        except (OSError, ValueError) as error:
            self._say(self._t("load-failed", path=path, error=error), "red")
            return
        self.match = match
        self.names = record.players
        self._shown = None
        self._say(self._t("loaded", path=path))


_POINT_WORDS = {"bar": 25, "b": 25, "بار": 25, "off": 0, "o": 0, "بیرون": 0}
_LATIN = str.maketrans("۰۱۲۳۴۵۶۷۸۹٠١٢٣٤٥٦٧٨٩", "01234567890123456789")


def written_moves(text: str) -> list[tuple[int, int]]:
    """The moves of ``text`` read as plain point pairs, whatever their direction.

    >>> written_moves("6/7 ۱۳/بیرون bar/22*")
    [(6, 7), (13, 0), (25, 22)]
    >>> written_moves("6/x")
    []
    """
    moves: list[tuple[int, int]] = []
    for token in text.replace(",", " ").split():
        points: list[int] = []
        for part in token.rstrip("*").split("/"):
            part = part.rstrip("*").translate(_LATIN).lower()
            if part.isdigit() and int(part) <= 25:
                points.append(int(part))
            elif part in _POINT_WORDS:
                points.append(_POINT_WORDS[part])
            else:
                return []
        if len(points) < 2:
            return []
        moves.extend(itertools.pairwise(points))
    return moves


def default_names(players: Sequence[Player], lang: Lang = "en") -> tuple[str, str]:
    """Names from the player kinds; two people are Player 1 and Player 2."""
    specs = [player.spec for player in players]
    if specs.count("human") == 2:
        return (tr(lang, "player-n", n=1), tr(lang, "player-n", n=2))
    specs = [tr(lang, "player") if spec == "human" else spec for spec in specs]
    if specs[0] == specs[1]:
        return (f"{specs[0]} 1", f"{specs[1]} 2")
    return (specs[0], specs[1])


# -- the command line ---------------------------------------------------------------------------


def _length(text: str) -> int | None:
    if text.strip().lower() in ("0", "money"):
        return None
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError("a match is 1 point or more (0 or money: money session)")
    return value


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    play = commands.add_parser(
        "play",
        help="play a match in the terminal",
        description="Play a match or money session in the terminal, against the bot, a "
        "random player or a friend at the same keyboard. With two computer players the "
        "whole match is played without the board, one line per game.",
    )
    play.add_argument("--player1", default="human", help="White: human, random or bot:LEVEL")
    play.add_argument(
        "--player2",
        default=None,
        help="Black (default bot:intermediate, or random without nard.ai)",
    )
    play.add_argument("--name1", help="White's name")
    play.add_argument("--name2", help="Black's name")
    play.add_argument(
        "--length", type=_length, default=5, help="match length in points; 0 or money: money play"
    )
    play.add_argument("--games", type=int, help="money play: stop after this many games")
    play.add_argument("--rules", default="standard", help="rule preset: standard or iranian")
    play.add_argument("--no-cube", action="store_true", help="play without the doubling cube")
    play.add_argument("--jacoby", action="store_true", help="money play: the Jacoby rule")
    play.add_argument("--beavers", action="store_true", help="money play: beavers allowed")
    play.add_argument("--seed", type=int, help="seeded dice (and computer players) for replays")
    play.add_argument(
        "--fair",
        action="store_true",
        help="provably fair dice: the commitment is printed first, the secret at the end",
    )
    play.add_argument(
        "--client-seed", action="append", default=[], help="a seed of yours for fair dice"
    )
    play.add_argument("--save", type=Path, help="save the match at the end: FILE.mat or FILE.json")
    play.add_argument("--load", type=Path, help="continue the match saved in FILE")
    play.add_argument("--lang", choices=LANGS, default="en", help="language: en or fa")
    play.add_argument(
        "--view",
        choices=("auto", "white", "black"),
        default="auto",
        help="number the points from this side (auto: yours, or the side to act)",
    )
    play.add_argument(
        "--auto-roll", action="store_true", help="roll at once when no double is possible"
    )
    play.set_defaults(handler=run_play)


def _fail(message: str) -> int:
    print(f"nard: error: {message}", file=sys.stderr)
    return 2


def _player_seed(seed: int | None, index: int) -> int | None:
    return None if seed is None else seed * 2 + index


def run_play(args: argparse.Namespace) -> int:
    player2 = args.player2 or ("bot:intermediate" if bot_available() else "random")
    try:
        players = (
            parse_player(args.player1, seed=_player_seed(args.seed, 1)),
            parse_player(player2, seed=_player_seed(args.seed, 2)),
        )
        rules = RuleSet.preset(args.rules)
    except ValueError as error:
        return _fail(str(error))
    if args.no_cube:
        rules = rules.with_(cube=False)
    if args.fair and args.seed is not None:
        return _fail("--fair and --seed exclude each other: fair dice come from a secret seed")
    if args.fair and args.load:
        return _fail("provably fair dice cover a whole match from its first roll; no --load")
    if args.save is not None and args.save.suffix.lower() not in (".mat", ".json", ".txt"):
        return _fail("--save FILE.mat or FILE.json")
    names: tuple[str, str] | None = None
    if args.load:
        try:
            record = load_record(args.load)
            match = record.replay()
        except (OSError, ValueError) as error:
            return _fail(f"cannot load {args.load}: {error}")
        names = record.players
    else:
        options = GameOptions(jacoby=args.jacoby, beavers=args.beavers)
        if options.is_money_only and args.length is not None:
            return _fail("--jacoby and --beavers are for money play (--length money)")
        match = Match.new(args.length, rules, options)
    fair: FairDice | None = None
    dice: DiceSource
    if args.fair:
        fair = FairDice(client_seeds=args.client_seed)
        dice = fair
    elif args.seed is not None:
        dice = SeededDice(args.seed)
    else:
        dice = SystemDice()
    if args.name1 or args.name2:
        base = names or default_names(players, args.lang)
        names = (args.name1 or base[0], args.name2 or base[1])
    computers_only = not any(isinstance(player, HumanPlayer) for player in players)
    max_games = args.games
    if match.is_money and computers_only and max_games is None:
        max_games = len(match.games) + 1
    view = {"auto": None, "white": Side.WHITE, "black": Side.BLACK}[args.view]
    terminal = TerminalMatch(
        match,
        players,
        dice,
        console=Console(),
        lang=args.lang,
        names=names,
        view=view,
        auto_roll=args.auto_roll,
        save_path=args.save,
        max_games=max_games,
        fair=fair,
    )
    if args.load and not computers_only:
        terminal.console.print(tr(args.lang, "loaded", path=args.load), markup=False)
    with contextlib.suppress(KeyboardInterrupt):
        return terminal.run()
    terminal._finish()
    return 130


__all__ = [
    "RandomPlayer",
    "TerminalMatch",
    "default_names",
    "load_record",
    "register",
    "route_moves",
    "run_play",
    "save_record",
]
