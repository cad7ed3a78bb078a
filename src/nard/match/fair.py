"""Provably fair dice: commit to a secret before the match, reveal it after.

Before a match the server draws a secret *server seed* and publishes its
*commitment*. Each player may add a *client seed* of their own before the first
roll. Every roll of the match is then fixed by the secret and the client seeds,
so the server cannot choose rolls, and no player can predict them. After the
match the server reveals the secret; anyone can check it against the
commitment and recompute every roll with :func:`verify_rolls`.

The derivation, exactly (version tag ``nard-dice-v1``), so that third parties
can re-implement it:

1. ``server_seed`` is a byte string (32 random bytes; written in hex).
   ``commitment = SHA-256(server_seed)``, written as 64 lowercase hex digits.
2. The client seeds are Unicode strings, in the agreed order (the order the
   players added them). ``client_part`` is the seed count as 4 bytes big-endian,
   then for each seed its UTF-8 length as 4 bytes big-endian followed by its
   UTF-8 bytes.
3. The draws of a match are numbered ``n = 0, 1, 2 ...`` across all of its
   games in order, counting every opening roll (ties included) and every roll
   of both dice. For draw ``n`` and ``counter = 0, 1, 2 ...`` let::

       block(counter) = HMAC-SHA256(key=server_seed,
                                    msg=b"nard-dice-v1" + client_part
                                        + n as 8 bytes big-endian
                                        + counter as 4 bytes big-endian)

   and read the byte stream ``block(0) + block(1) + ...`` in order.
4. Rejection sampling, so no face is favoured: a byte ``b >= 252`` is skipped;
   a byte ``b < 252`` gives the die ``b % 6 + 1`` (252 = 6 x 42, so each face
   comes from exactly 42 byte values). The first two dice read are the draw:
   ``(first, second)``; an opening roll (R4) is ``(white's die, black's die)``.

>>> seed = bytes(range(32))
>>> commitment(seed)
'630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd'
>>> derive_roll(seed, ["alice", "bob"], 0)
(1, 3)
>>> dice = FairDice(seed, client_seeds=["alice", "bob"])
>>> draws = [dice.roll() for _ in range(3)]
>>> verify_rolls(dice.reveal(), dice.commitment, ["alice", "bob"], draws).ok
True
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Final, TypeAlias

from nard.core.dice import Roll

TAG: Final = b"nard-dice-v1"
"""The version tag at the start of every HMAC message."""
ACCEPT_BELOW: Final = 252
"""Bytes from 252 up are skipped: 252 is the largest multiple of 6 below 256."""

DiceDraw: TypeAlias = tuple[int, int] | Roll
"""A recorded draw: an ordered ``(first, second)`` pair, or a :class:`Roll` (order lost)."""


def commitment(server_seed: bytes) -> str:
    """The published commitment to a server seed: SHA-256, in lowercase hex."""
    return hashlib.sha256(server_seed).hexdigest()


def _client_part(client_seeds: Sequence[str]) -> bytes:
    parts = [len(client_seeds).to_bytes(4, "big")]
    for seed in client_seeds:
        data = seed.encode("utf-8")
        parts.append(len(data).to_bytes(4, "big") + data)
    return b"".join(parts)


def byte_stream(server_seed: bytes, client_seeds: Sequence[str], n: int) -> Iterator[int]:
    """The endless byte stream of draw ``n``: ``block(0) + block(1) + ...`` (step 3)."""
    if n < 0:
        raise ValueError(f"draws are numbered from 0, not {n}")
    prefix = TAG + _client_part(client_seeds) + n.to_bytes(8, "big")
    counter = 0
    while True:
        message = prefix + counter.to_bytes(4, "big")
        yield from hmac.new(server_seed, message, hashlib.sha256).digest()
        counter += 1


def dice_from_bytes(stream: Iterable[int]) -> tuple[int, int]:
    """Two dice from a byte stream by rejection sampling (step 4).

    >>> dice_from_bytes([255, 252, 0, 251, 9])
    (1, 6)
    """
    dice: list[int] = []
    for byte in stream:
        if byte < ACCEPT_BELOW:
            dice.append(byte % 6 + 1)
            if len(dice) == 2:
                return dice[0], dice[1]
    raise ValueError("the byte stream ran out before two dice were read")


def derive_roll(server_seed: bytes, client_seeds: Sequence[str], n: int) -> tuple[int, int]:
    """Draw number ``n`` of a match, as ``(first die, second die)``."""
    return dice_from_bytes(byte_stream(server_seed, client_seeds, n))


class FairDice:
    """A provably fair dice source (a :class:`~nard.match.dice.DiceSource`).

    Publish :attr:`commitment` before the match; let players
    :meth:`add_client_seed` before the first roll; :meth:`reveal` the server
    seed after the match (no roll is possible after that).
    """

    def __init__(
        self, server_seed: bytes | None = None, *, client_seeds: Iterable[str] = ()
    ) -> None:
        self._server_seed = secrets.token_bytes(32) if server_seed is None else server_seed
        self._client_seeds = list(client_seeds)
        self._revealed = False
        self.commitment: Final = commitment(self._server_seed)
        self.draws: list[tuple[int, int]] = []
        """Every draw made so far, in order."""

    @property
    def client_seeds(self) -> tuple[str, ...]:
        return tuple(self._client_seeds)

    def add_client_seed(self, seed: str) -> None:
        """Mix a player's own seed into every roll; only before the first roll."""
        if self.draws:
            raise ValueError("client seeds are fixed once the first roll is made")
        self._client_seeds.append(seed)

    def roll(self) -> tuple[int, int]:
        if self._revealed:
            raise ValueError("the server seed is revealed: these dice are spent")
        draw = derive_roll(self._server_seed, self._client_seeds, len(self.draws))
        self.draws.append(draw)
        return draw

    def opening_roll(self) -> tuple[int, int]:
        return self.roll()

    def reveal(self) -> bytes:
        """The secret server seed, for verification after the match; ends the dice."""
        self._revealed = True
        return self._server_seed


@dataclass(frozen=True, slots=True)
class RollMismatch:
    """A recorded draw that the seeds do not give."""

    index: int
    recorded: DiceDraw
    expected: tuple[int, int]


@dataclass(frozen=True, slots=True)
class VerificationReport:
    """What :func:`verify_rolls` found; ``ok`` when everything checks out."""

    commitment_ok: bool
    checked: int
    mismatches: tuple[RollMismatch, ...]

    @property
    def ok(self) -> bool:
        return self.commitment_ok and not self.mismatches

    def __str__(self) -> str:
        lines = [
            f"commitment {'matches' if self.commitment_ok else 'DOES NOT match'} the server seed",
            f"{self.checked - len(self.mismatches)} of {self.checked} rolls match",
        ]
        for bad in self.mismatches:
            lines.append(f"roll {bad.index}: recorded {bad.recorded}, seeds give {bad.expected}")
        return "\n".join(lines)


def _same(recorded: DiceDraw, expected: tuple[int, int]) -> bool:
    if isinstance(recorded, Roll):
        return recorded == Roll(*expected)
    return tuple(recorded) == expected


def verify_rolls(
    server_seed: bytes | str,
    commitment_hex: str,
    client_seeds: Sequence[str],
    rolls: Sequence[DiceDraw],
) -> VerificationReport:
    """Check a revealed server seed against its commitment and recompute every roll.

    ``server_seed`` may be bytes or hex; ``rolls`` are the match's draws in order
    (see :meth:`nard.match.match.Match.dice_rolls`).

    >>> seed = bytes(32)
    >>> rolls = [derive_roll(seed, [], n) for n in range(5)]
    >>> rolls[3] = (rolls[3][0] % 6 + 1, rolls[3][1])
    >>> report = verify_rolls(seed, commitment(seed), [], rolls)
    >>> report.ok, [bad.index for bad in report.mismatches]
    (False, [3])
    """
    seed = bytes.fromhex(server_seed) if isinstance(server_seed, str) else server_seed
    commitment_ok = hmac.compare_digest(commitment(seed), commitment_hex.strip().lower())
    mismatches = tuple(
        RollMismatch(index, recorded, expected)
        for index, recorded in enumerate(rolls)
        if not _same(recorded, expected := derive_roll(seed, client_seeds, index))
    )
    return VerificationReport(commitment_ok, len(rolls), mismatches)
