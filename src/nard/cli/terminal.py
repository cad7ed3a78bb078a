"""A match in the terminal: :class:`TerminalMatch` drives a :class:`~nard.match.match.Match`.

It rolls the dice from one :class:`~nard.match.dice.DiceSource`, asks computer
players for their actions, and reads a person's commands from an input stream,
drawing the board on a rich :class:`~rich.console.Console`. Both streams can be
strings in memory, so whole games can be driven from tests. Typed moves are
read by :mod:`nard.cli.move_entry`, events told by :mod:`nard.cli.narration`.

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

from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

from rich.console import Console

from nard.cli.board_view import render_board, roll_words, status_line
from nard.cli.i18n import Lang, kind_name, listing, notation, number, rules_words, side_name, tr
from nard.cli.move_entry import Complaint, Refusal, read_moves
from nard.cli.narration import event_line
from nard.cli.players import ComputerPlayer, HumanPlayer, RandomPlayer
from nard.cli.records import load_record, save_record
from nard.core.board import Side
from nard.core.dice import Roll
from nard.core.digits import fa_digits
from nard.core.explain import Explanation
from nard.core.notation import format_play
from nard.match.actions import (
    AcceptResignation,
    Action,
    Beaver,
    ConfirmPlay,
    Double,
    Drop,
    MakePlay,
    RefuseResignation,
    Resign,
    Take,
    UndoStep,
)
from nard.match.dice import DiceSource
from nard.match.errors import GameError, GamePlayError
from nard.match.events import Event, GameOver
from nard.match.fair import FairDice
from nard.match.game import Game, Phase
from nard.match.match import Match
from nard.match.record import FairDiceRecord, MatchRecord
from nard.match.scoring import ResultKind

__all__ = ["Player", "RandomPlayer", "TerminalMatch", "default_names"]

Player = HumanPlayer | ComputerPlayer

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
        if isinstance(event, GameOver):
            self._game_over(event.winner, event.kind)
        elif self.interactive:
            line = event_line(event, self.names, self.lang)
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
        reading = read_moves(game, actor, text, self.lang)
        if isinstance(reading, Refusal):
            self._refusal(reading.explanation, reading.fallback)
        elif isinstance(reading, Complaint):
            self._say(self._t(reading.key, **reading.values), "red")
        else:
            for action in reading:
                if not self._apply(action):
                    return

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


def default_names(players: Sequence[Player], lang: Lang = "en") -> tuple[str, str]:
    """Names from the player kinds; two people are Player 1 and Player 2."""
    specs = [player.spec for player in players]
    if specs.count("human") == 2:
        return (tr(lang, "player-n", n=1), tr(lang, "player-n", n=2))
    specs = [tr(lang, "player") if spec == "human" else spec for spec in specs]
    if specs[0] == specs[1]:
        return (f"{specs[0]} 1", f"{specs[1]} 2")
    return (specs[0], specs[1])
