"""Entry point of the ``nard`` console script (also ``python -m nard.cli``)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from nard import __version__
from nard.cli import analyze, hint, play, rules_commands, serve, train, verify, worker


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="nard",
        description="Takhte Nard (backgammon): rules queries, play and analysis.",
    )
    parser.add_argument("--version", action="version", version=f"nard {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    rules_commands.register(commands)
    hint.register(commands)
    serve.register(commands)
    play.register(commands)
    verify.register(commands)
    analyze.register(commands)
    train.register(commands)
    worker.register(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.handler(args))
    except BrokenPipeError:
        return 0
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
