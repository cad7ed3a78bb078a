"""``nard verify RECORD``: check the provably fair dice of a match record.

The record is the JSON that ``nard play --fair --save FILE.json`` (or the
server) writes. Its ``fair_dice`` part holds the commitment published before
the match, the players' client seeds and the server seed revealed after it;
``--commitment``, ``--server-seed`` and ``--client-seed`` supply or replace
them. Every draw of the dice in the record's actions (opening rolls, ties
included, and every roll) is recomputed with
:func:`nard.match.fair.verify_rolls`; draws are numbered from 0 as
:mod:`nard.match.fair` numbers them. The rolls are read from the actions
without replaying the match, so a record whose rolls were altered can still
be checked and the altered rolls named.

Exit status: 0 when the commitment and every roll match, 1 when not, 2 when
the record cannot be read or the seeds are missing.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, TextIO

from nard.match.actions import OpeningRoll, RollDice
from nard.match.fair import DiceDraw, VerificationReport, verify_rolls
from nard.match.record import RecordError, action_from_dict


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    verify = commands.add_parser(
        "verify",
        help="check the provably fair dice of a match record",
        description="Recompute every roll of a JSON match record from its revealed server "
        "seed and client seeds, and check the seed against the commitment. Exit 0 when "
        "everything matches, 1 when not (the rolls that differ are listed).",
    )
    verify.add_argument("record", type=Path, help="a JSON match record (nard play --save X.json)")
    verify.add_argument("--server-seed", help="the revealed server seed, in hex")
    verify.add_argument("--commitment", help="the commitment published before the match")
    verify.add_argument(
        "--client-seed",
        action="append",
        help="a client seed, in order (repeat the option; replaces the record's seeds)",
    )
    verify.set_defaults(handler=run_verify)


def record_rolls(data: Mapping[str, Any]) -> list[DiceDraw]:
    """Every draw of the dice in a record's actions, in order, as verify_rolls takes them.

    >>> record_rolls({"actions": [
    ...     {"action": "opening_roll", "white": 3, "black": 3},
    ...     {"action": "opening_roll", "white": 5, "black": 2},
    ...     {"action": "play", "side": "white", "steps": [{"from": 13, "to": 8}]},
    ...     {"action": "roll", "side": "black", "dice": [6, 1]}]})
    [(3, 3), (5, 2), Roll(6, 1)]
    """
    draws: list[DiceDraw] = []
    for index, item in enumerate(data["actions"]):
        try:
            action = action_from_dict(item)
        except (KeyError, TypeError, ValueError) as error:
            raise RecordError(f"malformed action: {error}", action=index) from error
        if isinstance(action, OpeningRoll):
            draws.append((action.white, action.black))
        elif isinstance(action, RollDice):
            draws.append(action.roll)
    return draws


def verify_record(
    data: Mapping[str, Any],
    *,
    server_seed: str | None = None,
    commitment: str | None = None,
    client_seeds: Sequence[str] | None = None,
) -> VerificationReport:
    """Check the fair dice of record ``data`` (parsed JSON); the keywords override it.

    Raises :class:`RecordError` when a seed or the commitment is missing.
    """
    fair = data.get("fair_dice") or {}
    if not isinstance(fair, Mapping):
        raise RecordError("fair_dice: an object")
    seed = server_seed or fair.get("server_seed")
    committed = commitment or fair.get("commitment")
    seeds = list(client_seeds) if client_seeds is not None else list(fair.get("client_seeds", []))
    if not committed:
        raise RecordError("the record has no commitment; give --commitment")
    if not seed:
        raise RecordError("the server seed is not revealed; give --server-seed")
    try:
        bytes.fromhex(seed)
    except ValueError as error:
        raise RecordError(f"the server seed is hex, not {seed!r}") from error
    return verify_rolls(seed, committed, seeds, record_rolls(data))


def run_verify(args: argparse.Namespace, out: TextIO | None = None) -> int:
    out = out or sys.stdout
    try:
        data = json.loads(args.record.read_text(encoding="utf-8"))
        if not isinstance(data, dict):
            raise RecordError("a record is a JSON object")
        report = verify_record(
            data,
            server_seed=args.server_seed,
            commitment=args.commitment,
            client_seeds=args.client_seed,
        )
    except (OSError, json.JSONDecodeError, RecordError) as error:
        print(f"nard: error: {args.record}: {error}", file=sys.stderr)
        return 2
    print(report, file=out)
    if report.ok:
        print(f"OK: all {report.checked} rolls come from the committed seed", file=out)
        return 0
    bad = ", ".join(str(mismatch.index) for mismatch in report.mismatches)
    problems = [] if report.commitment_ok else ["the server seed does not match the commitment"]
    if bad:
        problems.append(f"rolls {bad} do not match")
    print("FAILED: " + "; ".join(problems), file=out)
    return 1
