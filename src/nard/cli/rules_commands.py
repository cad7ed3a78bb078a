"""``nard moves``, ``nard explain``, ``nard show`` and ``nard diagrams``: the rules engine
from the shell."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any, TextIO

from nard.cli.i18n import Lang, notation, tr
from nard.cli.move_entry import explain_written
from nard.core.board import Position
from nard.core.dice import Roll
from nard.core.errors import (
    AmbiguousPlayError,
    IllegalPlayError,
    InvalidPlayError,
)
from nard.core.explain import Explanation, explain_play
from nard.core.messages import not_legal, roll_text
from nard.core.notation import format_play, parse_play
from nard.core.plays import LegalPlays
from nard.core.rule_examples import diagrams as rule_diagrams
from nard.core.rules import RuleSet
from nard.trainer.report import rules_report


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    moves = commands.add_parser(
        "moves",
        help="list the legal plays of a roll",
        description="List the legal plays of a roll in gnubg notation, one per line. "
        "With --json, read JSON lines {position_id, dice, rules?} on stdin instead.",
    )
    moves.add_argument("position_id", nargs="?", help="gnubg Position ID, e.g. 4HPwATDgc/ABMA")
    moves.add_argument("dice", nargs="?", help="the roll, e.g. 31 or 6-6")
    moves.add_argument("--rules", default="standard", help="rule preset: standard or iranian")
    moves.add_argument("--json", action="store_true", help="JSON lines on stdin and stdout")
    moves.set_defaults(handler=run_moves)

    explain = commands.add_parser(
        "explain",
        help="say whether a play is legal, and if not, why",
        description="Say whether a play is legal and, if not, which rule refuses it.",
    )
    explain.add_argument("position_id")
    explain.add_argument("dice")
    explain.add_argument("play", help='the play in gnubg notation, e.g. "24/18 13/11*"')
    explain.add_argument("--rules", default="standard", help="rule preset: standard or iranian")
    explain.add_argument("--lang", choices=("en", "fa"), default="en")
    explain.add_argument(
        "--report",
        action="store_true",
        help="print a rules problem report to paste: position, dice, steps, rule, version, link",
    )
    explain.set_defaults(handler=run_explain)

    show = commands.add_parser("show", help="draw a position as a text board")
    show.add_argument("position_id")
    show.set_defaults(handler=run_show)

    diagrams = commands.add_parser(
        "diagrams",
        help="write the rules' example diagrams (docs/rules/*.svg)",
        description="Write the diagram of every rule's worked example into DIRECTORY "
        "(docs/rules for the rules page), one <slug>.svg each, and list the files.",
    )
    diagrams.add_argument("directory", type=Path, help="where to write them, e.g. docs/rules")
    diagrams.set_defaults(handler=run_diagrams)


def _fail(message: str, lang: Lang = "en") -> int:
    print(tr(lang, "cli-error", message=message), file=sys.stderr)
    return 2


def run_moves(args: argparse.Namespace) -> int:
    if args.json:
        if args.position_id or args.dice:
            return _fail("--json reads its positions from stdin; give no POSITION_ID or DICE")
        return answer_json_lines(sys.stdin, sys.stdout, default_rules=args.rules)
    if not args.position_id or not args.dice:
        return _fail("moves needs POSITION_ID and DICE (or --json)")
    query = _read_query(args.position_id, args.dice, args.rules, "en")
    if isinstance(query, str):
        return _fail(query)
    position, roll, rules = query
    plays = LegalPlays(position, roll, rules)
    if not plays:
        print("no legal play: the turn passes (R10)")
        return 0
    for play in plays:
        print(format_play(play))
    return 0


def run_explain(args: argparse.Namespace) -> int:
    lang: Lang = args.lang
    query = _read_query(args.position_id, args.dice, args.rules, lang)
    if isinstance(query, str):
        return _fail(query, lang)
    position, roll, rules = query
    if args.report:
        try:
            report = rules_report(position, roll, args.play, args.rules.strip().lower())
        except ValueError as error:
            return _fail(tr(lang, "bad-play", error=error, text=args.play), lang)
        print(report.text(lang))
        return 0 if report.explanation is None else 1
    try:
        play = parse_play(args.play, position, roll, rules=rules)
    except IllegalPlayError as refusal:
        if refusal.explanation is None:
            fallback = not_legal(roll_text(roll.high, roll.low)).fa
            return _fail(str(refusal) if lang == "en" else fallback, lang)
        _print_refusal(refusal.explanation, lang)
        return 1
    except AmbiguousPlayError as error:
        return _fail(tr(lang, "ambiguous-play", error=error, text=args.play), lang)
    except InvalidPlayError as error:
        # A move read backwards (6/7) breaks rule R1: say so, as ``nard play`` does.
        why = explain_written(position, roll, (), args.play, rules)
        if why is not None:
            _print_refusal(why, lang)
            return 1
        return _fail(tr(lang, "bad-play", error=error, text=args.play), lang)
    explanation = explain_play(position, roll, play, rules)
    if explanation is None:
        print(tr(lang, "legal-play", play=notation(lang, format_play(play))))
        return 0
    _print_refusal(explanation, lang)
    return 1


def _print_refusal(explanation: Explanation, lang: Lang) -> None:
    """The explanation, then where its rule is written (the section's anchor)."""
    print(explanation.message(lang))
    print(tr(lang, "see-rule", anchor=explanation.rule.value.lower()))


def run_show(args: argparse.Namespace) -> int:
    try:
        position = Position.from_id(args.position_id)
    except ValueError as error:
        return _fail(str(error))
    print(position)
    return 0


def run_diagrams(args: argparse.Namespace) -> int:
    directory: Path = args.directory
    directory.mkdir(parents=True, exist_ok=True)
    for name, svg in rule_diagrams().items():
        path = directory / name
        path.write_text(svg, encoding="utf-8")
        print(path)
    return 0


def _read_query(
    position_id: str, dice: str, rules: str, lang: Lang
) -> tuple[Position, Roll, RuleSet] | str:
    """The position, roll and rules of a query, or what is wrong with it in ``lang``."""
    try:
        position = Position.from_id(position_id)
    except ValueError as error:
        return tr(lang, "bad-position-id", error=error, text=position_id)
    try:
        roll = Roll.parse(dice)
    except ValueError as error:
        return tr(lang, "bad-dice", error=error, text=dice)
    try:
        rule_set = RuleSet.preset(rules)
    except ValueError as error:
        return tr(lang, "bad-rules", error=error, text=rules)
    return position, roll, rule_set


def answer_json_lines(source: TextIO, sink: TextIO, *, default_rules: str = "standard") -> int:
    """Answer each JSON line at once; a malformed line gets an error object and the
    stream goes on."""
    for number, line in enumerate(source, start=1):
        if not line.strip():
            continue
        try:
            answer = _answer(json.loads(line), default_rules)
        except json.JSONDecodeError as error:
            answer = {"error": f"line {number}: not JSON: {error.msg}", "line": number}
        except ValueError as error:
            answer = {"error": f"line {number}: {error}", "line": number}
        sink.write(json.dumps(answer, ensure_ascii=False) + "\n")
        sink.flush()
    return 0


def _answer(query: Any, default_rules: str) -> dict[str, Any]:
    if not isinstance(query, dict):
        raise ValueError("expected an object {position_id, dice, rules?}")
    unknown = set(query) - {"position_id", "dice", "rules"}
    if unknown:
        raise ValueError(f"unknown field(s): {', '.join(sorted(unknown))}")
    position_id = query.get("position_id")
    if not isinstance(position_id, str):
        raise ValueError("position_id must be a string (a gnubg Position ID)")
    dice = query.get("dice")
    if not isinstance(dice, list) or len(dice) != 2 or not all(type(die) is int for die in dice):
        raise ValueError("dice must be a list of two integers 1..6, e.g. [3, 1]")
    rules_name = query.get("rules", default_rules)
    if not isinstance(rules_name, str):
        raise ValueError("rules must be a preset name: standard or iranian")
    position = Position.from_id(position_id)
    roll = Roll(dice[0], dice[1])
    plays = LegalPlays(position, roll, RuleSet.preset(rules_name))
    return {"position_id": position_id, "dice": dice, "plays": plays_json(plays)}


def plays_json(plays: LegalPlays) -> list[dict[str, str]]:
    """Each legal play as ``nard moves --json`` writes it: its notation and the Position
    ID right after it (the mover still on roll)."""
    return [{"play": format_play(play), "position_id": after.id()} for play, after in plays.items()]
