"""``nard hint``: the engine's ranked plays of a roll, or its cube decision.

    nard hint 4HPwATDgc/ABMA 31 --level expert
    echo '{"position_id": "4HPwATDgc/ABMA", "dice": [3, 1]}' | nard hint --json
    nard hint --cube 4HPwATDgc/ABMA --score 2-4 --length 5

Plays are listed best first with their cubeless equity and the chances of
the side on roll: win, win a gammon, win a backgammon, lose a gammon, lose
a backgammon. ``--json`` answers each JSON line at once (flushed); each play
carries the Position ID right after it, the mover still on roll, as ``nard
moves --json`` writes it; a malformed line gets an error object and the
stream goes on.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable
from typing import Any, TextIO

from nard.ai.bot import LEVELS, Level
from nard.ai.cube import CubeAnalysis, CubeState
from nard.ai.hint import hint_cube, hint_plays
from nard.ai.probabilities import Probabilities
from nard.ai.ranking import RankedPlay
from nard.cli.i18n import LANGS, Lang, number, tr
from nard.core.board import Position
from nard.core.dice import Roll
from nard.core.errors import InvalidIdError
from nard.core.notation import format_play
from nard.core.rules import RuleSet

OWNERS = ("centered", "player", "opponent")
_FIELDS = ("position_id", "dice", "level", "rules")


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    hint = commands.add_parser(
        "hint",
        help="rank the plays of a roll, or give the cube decision",
        description="Rank every legal play of a roll by the engine's equity, with the "
        "chances of the side on roll; or, with --cube, give its cube decision. With "
        "--json, read JSON lines {position_id, dice, level?, rules?} on stdin instead.",
    )
    hint.add_argument("position_id", nargs="?", help="gnubg Position ID, e.g. 4HPwATDgc/ABMA")
    hint.add_argument("dice", nargs="?", help="the roll, e.g. 31 or 6-6")
    hint.add_argument("--level", default="expert", help=f"bot level: {', '.join(LEVELS)}")
    hint.add_argument("--rules", default="standard", help="rule preset: standard or iranian")
    hint.add_argument("--limit", type=int, default=None, help="show only the best N plays")
    hint.add_argument("--json", action="store_true", help="JSON lines on stdin and stdout")
    hint.add_argument("--lang", choices=LANGS, default="en", help="language of the text output")
    cube = hint.add_argument_group("cube decision (with --cube)")
    cube.add_argument("--cube", action="store_true", help="the cube decision, not the plays")
    cube.add_argument("--score", default="0-0", help="points of the side on roll, then the other")
    cube.add_argument("--length", type=int, default=0, help="match length; 0 for money play")
    cube.add_argument("--cube-value", type=int, default=1, help="the cube's value now")
    cube.add_argument(
        "--owner", choices=OWNERS, default="centered", help="who owns the cube (player: on roll)"
    )
    cube.add_argument("--crawford", action="store_true", help="this is the Crawford game")
    cube.add_argument("--jacoby", action="store_true", help="Jacoby rule (money)")
    cube.add_argument("--beaver", action="store_true", help="beavers allowed (money)")
    hint.set_defaults(handler=run_hint)


def _fail(message: str) -> int:
    print(f"nard: error: {message}", file=sys.stderr)
    return 2


def run_hint(args: argparse.Namespace) -> int:
    try:
        level = Level.named(args.level)
        rules = RuleSet.preset(args.rules)
    except ValueError as error:
        return _fail(str(error))
    if args.json:
        if args.position_id or args.dice or args.cube:
            return _fail(
                "--json reads its positions from stdin; give no POSITION_ID, DICE or --cube"
            )
        return answer_json_lines(sys.stdin, sys.stdout, level=level, rules_name=args.rules)
    if not args.position_id:
        return _fail("hint needs POSITION_ID and DICE (or --cube POSITION_ID, or --json)")
    try:
        position = Position.from_id(args.position_id)
    except InvalidIdError as error:
        return _fail(str(error))
    if args.cube:
        if args.dice:
            return _fail("the cube is decided before rolling: give no DICE with --cube")
        try:
            state = cube_state(position, args)
        except ValueError as error:
            return _fail(str(error))
        print(cube_text(hint_cube(position, state, plies=level.plies), args.lang))
        return 0
    if not args.dice:
        return _fail("hint needs DICE after POSITION_ID (or --cube)")
    try:
        roll = Roll.parse(args.dice)
    except ValueError as error:
        return _fail(str(error))
    ranked = hint_plays(position, roll, rules, plies=level.plies, limit=args.limit)
    if not ranked:
        print(tr(args.lang, "hint-no-play"))
        return 0
    for rank, hint in enumerate(ranked, start=1):
        print(play_line(rank, hint, args.lang))
    return 0


def cube_state(position: Position, args: argparse.Namespace) -> CubeState:
    """The cube and score from the options, the side on roll's points first."""
    try:
        mine, theirs = (int(part) for part in args.score.split("-"))
    except ValueError:
        raise ValueError(f"--score is two numbers such as 2-4, not {args.score!r}") from None
    score = [0, 0]
    score[position.turn], score[position.turn.other] = mine, theirs
    owner = {"centered": None, "player": position.turn, "opponent": position.turn.other}
    return CubeState(
        value=args.cube_value,
        owner=owner[args.owner],
        match_length=args.length,
        score=(score[0], score[1]) if args.length else (0, 0),
        crawford=args.crawford,
        jacoby=args.jacoby,
        beaver=args.beaver,
    )


def play_line(rank: int, hint: RankedPlay, lang: Lang = "en") -> str:
    """One ranked play as a line of text."""
    chances = hint.probabilities

    def shown(value: float, sign: str = "") -> str:
        return _decimal(lang, f"{value:{sign}.3f}")

    return tr(
        lang,
        "hint-ranked",
        rank=rank,
        play=format_play(hint.play).ljust(22),
        equity=shown(hint.equity, "+"),
        loss=shown(0.0 - hint.equity_loss, "+"),
        win=shown(chances.win),
        gammon=shown(chances.win_gammon),
        backgammon=shown(chances.win_backgammon),
        lose_gammon=shown(chances.lose_gammon),
        lose_backgammon=shown(chances.lose_backgammon),
    )


def cube_text(analysis: CubeAnalysis, lang: Lang = "en") -> str:
    """The cube decision: the three equities and the proper action."""
    lines = [
        tr(lang, key, equity=_decimal(lang, f"{value:+.3f}"))
        for key, value in (
            ("hint-no-double", analysis.no_double),
            ("hint-double-take", analysis.double_take),
            ("hint-double-pass", analysis.double_pass),
        )
    ]
    lines.append(tr(lang, "hint-action", action=tr(lang, analysis.action.value)))
    if not analysis.may_double:
        lines.append(tr(lang, "hint-may-not-double"))
    return "\n".join(lines)


def _decimal(lang: Lang, text: str) -> str:
    """A decimal number as ``lang`` writes it (Persian digits and separator)."""
    return number(lang, text).replace(".", "٫") if lang == "fa" else text


def chances_json(chances: Probabilities) -> dict[str, float]:
    """The five chances by name."""
    return {
        "win": chances.win,
        "win_gammon": chances.win_gammon,
        "win_backgammon": chances.win_backgammon,
        "lose_gammon": chances.lose_gammon,
        "lose_backgammon": chances.lose_backgammon,
    }


def answer_json_lines(source: Iterable[str], sink: TextIO, *, level: Level, rules_name: str) -> int:
    """Answer each JSON line at once; a malformed line gets an error object and the
    stream goes on."""
    for line_number, line in enumerate(source, start=1):
        if not line.strip():
            continue
        try:
            answer = _answer(json.loads(line), level, rules_name)
        except json.JSONDecodeError as error:
            answer = {"error": f"line {line_number}: not JSON: {error.msg}", "line": line_number}
        except ValueError as error:
            answer = {"error": f"line {line_number}: {error}", "line": line_number}
        sink.write(json.dumps(answer, ensure_ascii=False) + "\n")
        sink.flush()
    return 0


def _answer(query: Any, default_level: Level, default_rules: str) -> dict[str, Any]:
    if not isinstance(query, dict):
        raise ValueError("expected an object {position_id, dice, level?, rules?}")
    unknown = set(query) - set(_FIELDS)
    if unknown:
        raise ValueError(f"unknown field(s): {', '.join(sorted(unknown))}")
    position_id = query.get("position_id")
    if not isinstance(position_id, str):
        raise ValueError("position_id must be a string (a gnubg Position ID)")
    dice = query.get("dice")
    if not isinstance(dice, list) or len(dice) != 2 or not all(type(die) is int for die in dice):
        raise ValueError("dice must be a list of two integers 1..6, e.g. [3, 1]")
    level_name = query.get("level", default_level.name)
    rules_name = query.get("rules", default_rules)
    if not isinstance(level_name, str) or not isinstance(rules_name, str):
        raise ValueError("level and rules are names, e.g. expert and standard")
    level = Level.named(level_name)
    position = Position.from_id(position_id)
    ranked = hint_plays(
        position, Roll(dice[0], dice[1]), RuleSet.preset(rules_name), plies=level.plies
    )
    return {
        "position_id": position_id,
        "dice": dice,
        "level": level.name,
        "plays": [
            {
                "play": format_play(hint.play),
                "position_id": hint.after.id(),
                "equity": hint.equity,
                "probabilities": chances_json(hint.probabilities),
            }
            for hint in ranked
        ],
    }
