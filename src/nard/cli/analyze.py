"""``nard analyze MATCH_FILE``: judge every decision of a recorded match.

The record is a ``.mat`` file (gnubg's match text) or nard's JSON record
(``nard play --save X.json``); ``--plies`` 0, 1 or 2 sets the depth, and
every equity is at the match score (EMG), as gnubg's analysis gives it
(:mod:`nard.ai.analysis`). The command prints each player's summary
(error rate in mEMG, XG's PR, gnubg's rating, luck, marked errors by kind)
and every marked mistake (game, move, position ID, dice, the play or cube
action made against the best, and the equity lost). ``--json`` prints the
whole analysis as JSON instead; ``--html FILE`` also writes a
self-contained HTML report (``--lang fa`` for Persian). A progress bar runs
on the terminal's error stream while the analysis works.

Exit status: 0 when analysed, 2 when the record cannot be read or the
engine is missing.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import TextIO

from nard.ai.analysis import Analyser, Decision, DecisionKind, MatchAnalysis, PlayerStats
from nard.ai.evaluator import PipCountEvaluator
from nard.ai.progress import AnalysisProgress, ProgressCallback
from nard.ai.report import html_report
from nard.cli.records import load_record
from nard.match.record import MatchRecord

EVALUATORS = ("bgsage", "pipcount")
PLIES = (0, 1, 2)
"""The depths offered, as gnubg counts plies."""


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    analyze = commands.add_parser(
        "analyze",
        aliases=["analyse"],
        help="analyse a recorded match: errors, luck, error rate, PR",
        description="Judge every play and cube decision of a .mat or JSON match record "
        "against the engine's best choice; print each player's summary and the marked "
        "mistakes (doubtful, bad, very bad, as gnubg marks them).",
    )
    analyze.add_argument("record", type=Path, help="a .mat file or a JSON match record")
    analyze.add_argument(
        "--plies",
        type=int,
        choices=PLIES,
        default=0,
        help="search depth for plays and cube: 0 (the network alone, fast), 1 or 2",
    )
    analyze.add_argument(
        "--evaluator",
        choices=EVALUATORS,
        default="bgsage",
        help="bgsage (default) or pipcount, a crude fast evaluator without cube analysis",
    )
    analyze.add_argument("--no-luck", action="store_true", help="skip the luck of the rolls")
    analyze.add_argument("--json", action="store_true", help="print the analysis as JSON")
    analyze.add_argument("--html", type=Path, metavar="FILE", help="write an HTML report")
    analyze.add_argument(
        "--lang", choices=("en", "fa"), default="en", help="language of the HTML report"
    )
    analyze.add_argument(
        "--worst", type=int, default=3, help="boards of each player's N worst mistakes (HTML)"
    )
    analyze.add_argument("--quiet", action="store_true", help="no progress bar")
    analyze.set_defaults(handler=run_analyze)


def run_analyze(
    args: argparse.Namespace, *, out: TextIO | None = None, err: TextIO | None = None
) -> int:
    out = sys.stdout if out is None else out
    err = sys.stderr if err is None else err
    try:
        record = load_record(args.record)
    except (OSError, ValueError) as error:
        print(f"nard analyze: cannot read {args.record}: {error}", file=err)
        return 2
    try:
        if args.evaluator == "pipcount":
            analyser = Analyser(
                plies=args.plies, evaluator=PipCountEvaluator(), luck=not args.no_luck
            )
        else:
            analyser = Analyser(plies=args.plies, luck=not args.no_luck)
    except ImportError as error:
        why = f"the engine is missing ({error}); pip install --force-reinstall nard"
        print(f"nard analyze: {why}", file=err)
        return 2
    except ValueError as error:
        print(f"nard analyze: {error}", file=err)
        return 2
    show_progress = not args.quiet and err.isatty()
    if show_progress:
        analysis = _with_progress_bar(analyser, record, err)
    else:
        analysis = analyser.analyse_record(record)
    if args.html is not None:
        args.html.write_text(
            html_report(analysis, lang=args.lang, worst=args.worst), encoding="utf-8"
        )
    if args.json:
        json.dump(analysis.to_dict(), out, ensure_ascii=False, indent=1)
        out.write("\n")
    else:
        for line in summary_lines(analysis):
            print(line, file=out)
        if args.html is not None:
            print(f"\nHTML report: {args.html}", file=out)
    return 0


def _with_progress_bar(analyser: Analyser, record: MatchRecord, err: TextIO) -> MatchAnalysis:
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

    columns = (
        TextColumn("[progress.description]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
    )
    with Progress(*columns, console=Console(file=err), transient=True) as bar:
        task = bar.add_task("Analysing", total=None)

        def report(event: AnalysisProgress) -> None:
            where = "" if event.game is None else f"game {event.game}, move {event.move}"
            bar.update(task, completed=event.done, total=event.total, description=where)

        callback: ProgressCallback = report
        return analyser.analyse_record(record, progress=callback)


def summary_lines(analysis: MatchAnalysis) -> Iterator[str]:
    """The text summary: players, then every marked mistake."""
    kind = "money session" if analysis.length is None else f"{analysis.length}-point match"
    white, black = analysis.players
    yield f"{white} (White) vs {black} (Black), {kind}; analysed by {analysis.evaluator}."
    for note in analysis.notes:
        yield f"  note: {note}"
    yield ""
    header = (
        f"{'Player':<24} {'Decisions':>9} {'Error rate':>11} {'PR':>7}  {'Rating':<14}"
        f" {'Luck':>7} {'Doubtful':>8} {'Bad':>4} {'Very bad':>8}"
    )
    yield header
    yield "-" * len(header)
    for stats in analysis.stats:
        yield _stats_line(stats)
    yield ""
    mistakes = analysis.mistakes()
    if not mistakes:
        yield "No marked mistakes."
        return
    yield f"Marked mistakes ({len(mistakes)}):"
    for decision in mistakes:
        yield _mistake_line(analysis, decision)


def _stats_line(stats: PlayerStats) -> str:
    name = f"{stats.name} ({stats.side.name.title()})"
    marks = [stats.marks[kind] for kind in stats.marks]
    return (
        f"{name:<24} {stats.decisions:>9} {stats.error_rate:>6.1f} mEMG {stats.pr:>7.2f}  "
        f"{stats.rating or 'n/a':<14} {stats.luck:>+7.3f} {marks[0]:>8} {marks[1]:>4} {marks[2]:>8}"
    )


def _mistake_line(analysis: MatchAnalysis, decision: Decision) -> str:
    name = analysis.players[decision.side]
    where = f"game {decision.game}, move {decision.move}, {name} ({decision.side.name.title()})"
    if decision.kind is DecisionKind.PLAY and decision.roll is not None:
        what = f"dice {decision.roll}: played {decision.chosen}, best {decision.best}"
    else:
        what = f"cube {decision.cube.value}: {decision.chosen}, best {decision.best}"
    return (
        f"  {where}, position {decision.position_id}, {what}: "
        f"-{decision.loss:.3f} ({decision.mark.value})"
    )
