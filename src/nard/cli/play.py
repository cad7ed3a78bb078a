"""``nard play``: a match in the terminal, against the bot, a random player or a friend.

The options make a :class:`~nard.cli.terminal.TerminalMatch`, which plays it.
Moves are typed in gnubg notation, in the mover's own numbering: a whole play
(``24/18 13/11``) ends the turn at once; single moves (``24/18``, then
``18/14``) are steps that can be taken back with ``undo`` until ``confirm``
(:mod:`nard.cli.move_entry`). A refused move is explained by
:mod:`nard.core.explain`, naming the rule.
"""

from __future__ import annotations

import argparse
import contextlib
import sys
from pathlib import Path

from rich.console import Console

from nard.cli.i18n import LANGS, tr
from nard.cli.players import HumanPlayer, bot_available, parse_player
from nard.cli.records import load_record
from nard.cli.terminal import TerminalMatch, default_names
from nard.core.board import Side
from nard.core.rules import RuleSet
from nard.match.dice import DiceSource, SeededDice, SystemDice
from nard.match.fair import FairDice
from nard.match.match import Match
from nard.match.options import GameOptions

__all__ = ["register", "run_play"]


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
