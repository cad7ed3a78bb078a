"""``nard train``: seed 004's rules drills in the terminal, and ``--export`` as JSON lines.

Each drill shows the board (src/nard/cli/board_view.py) and asks in English or
Persian; plays are typed in notation (Persian digits and the words بار and
بیرون too); nard.trainer checks every answer with nard.core, and a wrong one
is explained with its rule and a legal play.
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, TextIO

from rich.console import Console
from rich.markup import escape

from nard.cli.board_view import render_board, roll_words
from nard.cli.i18n import LANGS, Lang, notation
from nard.cli.rules_commands import plays_json
from nard.core.digits import latin_digits
from nard.core.explain import Explanation
from nard.core.messages import Text
from nard.core.notation import format_play
from nard.match.actions import RollDice
from nard.match.game import Game, Phase
from nard.trainer import (
    RULE_SETS,
    Drill,
    Kind,
    Level,
    Question,
    check_decision,
    check_plays,
    check_rule,
    drills,
)
from nard.trainer import texts as tx

_QUIT = {"quit", "q", "exit", "خروج"}
_YES = {"y", "yes", "بله", "ب", "آره"}
_NO = {"n", "no", "نه", "ن", "خیر"}


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    train = commands.add_parser(
        "train",
        help="rules drills: legal plays, entering, bearing off, refusals, the decision tree",
        description="Seed 004's rules drills, made and checked by the engine. With --export N, "
        "print N drills as JSON lines {kind, position_id, dice, rules, answer} instead.",
    )
    train.add_argument("--kind", help="1-6 or plays, enter, bear-off, refused, decision, customs")
    train.add_argument("--level", help="easy, medium or hard (default: all in turn)")
    train.add_argument("--rules", default="standard", help=f"one of {', '.join(RULE_SETS)}")
    train.add_argument("--seed", type=int, default=None, help="the first drill's seed")
    train.add_argument("--lang", choices=LANGS, default="en")
    train.add_argument("--export", type=int, metavar="N", help="print N drills as JSON lines")
    train.set_defaults(handler=run_train)


def _fail(message: str) -> int:
    print(f"nard: error: {message}", file=sys.stderr)
    return 2


def run_train(args: argparse.Namespace) -> int:
    try:
        rules = args.rules.strip().lower()
        if rules not in RULE_SETS:
            raise ValueError(
                f"unknown rule set {args.rules!r}; choose one of {', '.join(RULE_SETS)}"
            )
        kinds = [Kind.parse(args.kind)] if args.kind else _kinds_for(rules)
        levels = [Level.parse(args.level)] if args.level else list(Level)
        if Kind.CUSTOMS in kinds and not RULE_SETS[rules].has_move_customs:
            raise ValueError("customs drills need a rule set with V1 or V2: iranian or v1-board")
    except ValueError as error:
        return _fail(str(error))
    if args.export is not None:
        if args.export < 0:
            return _fail("--export needs a count of 0 or more")
        seed = 0 if args.seed is None else args.seed
        export(drills(seed, kinds, rules, levels), args.export, sys.stdout)
        return 0
    seed = args.seed if args.seed is not None else _fresh_seed()
    trainer = Trainer(args.lang, Console(highlight=False), input)
    trainer.run(drills(seed, kinds, rules, levels))
    return 0


def _kinds_for(rules: str) -> list[Kind]:
    return [k for k in Kind if k is not Kind.CUSTOMS or RULE_SETS[rules].has_move_customs]


def _fresh_seed() -> int:
    import secrets

    return secrets.randbelow(1_000_000)


# -- export ----------------------------------------------------------------------------------


def drill_json(drill: Drill) -> dict[str, Any]:
    """A drill as a JSON object other programs can check with ``nard moves --json``
    (plays drills) or ``nard explain`` (refusals)."""
    answer: Any
    if drill.kind is Kind.REFUSED:
        assert drill.refused is not None
        answer = {"play": format_play(drill.refused), "rule": drill.refusal().rule.value}
    elif drill.kind is Kind.DECISION:
        answer = [{"question": s.question.value, "answer": s.yes} for s in drill.decision()]
    else:
        answer = plays_json(drill.legal_plays)
    return {
        "kind": drill.kind.value,
        "position_id": drill.position.id(),
        "dice": [drill.roll.high, drill.roll.low],
        "rules": drill.rules_name,
        "answer": answer,
        "seed": drill.seed,
        "level": drill.level.value,
    }


def export(source: Iterable[Drill], count: int, sink: TextIO) -> None:
    for drill in itertools.islice(source, count):
        sink.write(json.dumps(drill_json(drill), ensure_ascii=False) + "\n")
        sink.flush()


# -- the interactive trainer -------------------------------------------------------------------


class _Quit(Exception):
    """The player typed quit (or the input ended)."""


@dataclass
class Trainer:
    """A terminal session of drills: asks, checks with nard.trainer, keeps a streak."""

    lang: Lang
    console: Console
    read: Callable[[str], str]
    right: int = 0
    answered: int = 0
    streak: int = 0
    best_streak: int = 0

    def tr(self, text: Text) -> str:
        return text.fa if self.lang == "fa" else text.en

    def say(self, text: Text | str, style: str | None = None) -> None:
        line = text if isinstance(text, str) else self.tr(text)
        # Every string may hold a player's text or square brackets: never rich markup.
        self.console.print(escape(line), style=style)

    def ask(self, prompt: Text) -> str:
        try:
            answer = self.read(self.tr(prompt)).strip()
        except EOFError:
            raise _Quit from None
        if answer.lower() in _QUIT:
            raise _Quit
        return answer

    def run(self, source: Iterable[Drill]) -> None:
        self.say(tx.LINES["quit-hint"], "dim")
        try:
            for number, drill in enumerate(source, start=1):
                correct = self.drill(number, drill)
                self.answered += 1
                self.right += correct
                self.streak = self.streak + 1 if correct else 0
                self.best_streak = max(self.best_streak, self.streak)
        except _Quit:
            pass
        self.say(tx.summary(self.right, self.answered, self.best_streak), "bold")

    def drill(self, number: int, drill: Drill) -> bool:
        self.say(tx.drill_heading(number, drill.kind.value, drill.level.value), "bold cyan")
        game = _game(drill)
        names = tuple(self.tr(name) for name in tx.SIDES)
        self.console.print(render_board(game, pov=drill.position.turn, names=names, lang=self.lang))
        if game.roll is None:
            self.say(roll_words(self.lang, drill.roll.high, drill.roll.low), "bold yellow")
        self.say(tx.LINES["share"], "dim")
        self.say(
            f"  nard train --seed {drill.seed} --kind {drill.kind.value} "
            f"--level {drill.level.value} --rules {drill.rules_name}",
            "dim",
        )
        if drill.kind is Kind.REFUSED:
            return self.refused(drill)
        if drill.kind is Kind.DECISION:
            return self.decision(drill)
        return self.plays(drill)

    def plays(self, drill: Drill) -> bool:
        self.say(tx.KIND_TASKS["plays"])
        answers: list[str] = []
        while True:
            line = self.ask(tx.PROMPTS["play"])
            if not line:
                break
            answers.append(line)
        report = check_plays(drill, answers)
        self.say(tx.found_count(len(report.found), max(1, len(drill.legal_plays))), "bold")
        for verdict in report.refused:
            heading = tx.LINES["not-legal" if verdict.explanation else "unreadable"]
            self.say(f"{self.tr(heading)} {verdict.text}", "red")
            if verdict.explanation is not None:
                self.explain(verdict.explanation)
            elif verdict.error:
                self.say(verdict.error, "red")
        if report.missing:
            self.say(tx.LINES["missing"], "yellow")
            for play in report.missing:
                self.say("  " + notation(self.lang, format_play(play)), "yellow")
        elif not drill.legal_plays:
            self.say(tx.LINES["no-play"])
        else:
            self.say(tx.LINES["all-found"], "green")
        self.show_routes(drill)
        if drill.kind is Kind.CUSTOMS:
            self.say(tx.LINES["customs-refuse"])
            for play, why in drill.customs_refusals():
                self.say("  " + notation(self.lang, format_play(play)))
                self.say("    " + why.message(self.lang), "dim")
        return report.complete

    def show_routes(self, drill: Drill) -> None:
        """Seed 004's table: each die's steps, with the other die after each or not."""
        table = drill.routes()
        for die, routes in table.items():
            two = [r for r in routes if r.two_dice]
            one = [r for r in routes if not r.two_dice]
            for key, group in (("two-dice", two), ("one-die", one)):
                if not group:
                    continue
                label = self.tr(tx.ROUTES[key])
                die_text = notation(self.lang, str(die))
                shown = ", ".join(
                    notation(self.lang, str(r.first))
                    + (
                        " → " + " ".join(notation(self.lang, str(s)) for s in r.then)
                        if r.then
                        else ""
                    )
                    for r in group
                )
                self.say(f"  {die_text} · {label}: {shown}", "dim")

    def refused(self, drill: Drill) -> bool:
        assert drill.refused is not None
        self.say(tx.KIND_TASKS["refused"])
        shown = notation(self.lang, format_play(drill.refused))
        self.say(f"{self.tr(tx.LINES['refused-play'])} {shown}", "bold")
        answer = check_rule(drill, latin_digits(self.ask(tx.PROMPTS["rule"])))
        rule = answer.explanation.rule.value
        self.say(tx.rule_answer(answer.correct, rule), "green" if answer.correct else "red")
        mistake = answer.explanation.mistake
        if mistake is not None and tx.MISTAKES.get(mistake):
            guess = latin_digits(self.ask(tx.PROMPTS["mistake"]))
            right = guess.isdigit() and int(guess) == mistake
            self.say(tx.LINES["right" if right else "wrong"], "green" if right else "red")
        self.explain(answer.explanation)
        return answer.correct

    def decision(self, drill: Drill) -> bool:
        self.say(tx.KIND_TASKS["decision"])
        all_right = True
        for index, step in enumerate(drill.decision()):
            key = step.question.value
            if drill.roll.is_double and step.question in (Question.BOTH, Question.ONE):
                key += "-double"
            self.say(tx.QUESTIONS[key], "bold")
            while True:
                reply = self.ask(tx.PROMPTS["yes-no"]).lower()
                if reply in _YES or reply in _NO:
                    break
            correct, _ = check_decision(drill, index, reply in _YES)
            all_right &= correct
            answer = tx.YES if step.yes else tx.NO
            verdict = tx.LINES["right" if correct else "wrong"]
            title = self.tr(tx.rule_title(step.rule.value))
            line = f"{self.tr(verdict)} {self.tr(answer)} ({title})"
            self.say(line, "green" if correct else "red")
            if step.yes:
                self.say(tx.CONCLUSIONS[key])
        return all_right

    def explain(self, why: Explanation) -> None:
        self.say("  " + why.message(self.lang))
        if why.mistake is not None and tx.MISTAKES.get(why.mistake):
            self.say("  " + self.tr(tx.mistake_line(why.mistake)), "dim")
        if why.legal_play is not None:
            legal = notation(self.lang, format_play(why.legal_play))
            self.say(f"  {self.tr(tx.LINES['legal-alternative'])} {legal}", "green")


def _game(drill: Drill) -> Game:
    """A game at the drill's position with its dice rolled, for the board view."""
    game = Game.from_position(drill.position, drill.rules)
    rolled, _ = game.apply(RollDice(side=drill.position.turn, roll=drill.roll))
    # A roll with no legal play passes at once: show the board before it, dice below.
    return rolled if rolled.phase is Phase.PLAYING else game
