"""Provably fair dice: determinism, verification, the commitment, rejection sampling."""

from __future__ import annotations

import hashlib
import hmac
from collections import Counter

import pytest

from nard.core.dice import Roll
from nard.match import FairDice, commitment, derive_roll, verify_rolls
from nard.match.fair import byte_stream, dice_from_bytes
from nard.match.stats import dice_chi_square

SEED = bytes.fromhex("9f" * 16 + "03" * 16)
CLIENTS = ["white: 🎲 تاس", "black"]


def reference_roll(server_seed: bytes, client_seeds: list[str], n: int) -> tuple[int, int]:
    """The derivation re-implemented from the module docstring alone."""
    client = len(client_seeds).to_bytes(4, "big") + b"".join(
        len(s.encode()).to_bytes(4, "big") + s.encode() for s in client_seeds
    )
    dice: list[int] = []
    counter = 0
    while len(dice) < 2:
        msg = b"nard-dice-v1" + client + n.to_bytes(8, "big") + counter.to_bytes(4, "big")
        for byte in hmac.new(server_seed, msg, hashlib.sha256).digest():
            if byte < 252 and len(dice) < 2:
                dice.append(byte % 6 + 1)
        counter += 1
    return dice[0], dice[1]


def test_derivation_matches_the_documented_recipe() -> None:
    for n in range(500):
        assert derive_roll(SEED, CLIENTS, n) == reference_roll(SEED, CLIENTS, n)


def test_same_seeds_give_the_same_rolls() -> None:
    first = FairDice(SEED, client_seeds=CLIENTS)
    second = FairDice(SEED)
    for seed in CLIENTS:
        second.add_client_seed(seed)
    assert [first.roll() for _ in range(50)] == [second.roll() for _ in range(50)]
    assert first.commitment == second.commitment == commitment(SEED)


def test_client_seeds_change_the_rolls() -> None:
    plain = [derive_roll(SEED, [], n) for n in range(40)]
    mixed = [derive_roll(SEED, ["x"], n) for n in range(40)]
    split = [derive_roll(SEED, ["", "x"], n) for n in range(40)]
    assert plain != mixed and mixed != split  # seeds are length-prefixed, not concatenated


def test_verification_accepts_the_true_record() -> None:
    dice = FairDice(client_seeds=CLIENTS)
    draws: list[tuple[int, int] | Roll] = [dice.opening_roll()]
    draws += [Roll(*dice.roll()) for _ in range(30)]
    report = verify_rolls(dice.reveal().hex(), dice.commitment.upper(), CLIENTS, draws)
    assert report.ok and report.checked == 31 and not report.mismatches
    assert "31 of 31 rolls match" in str(report)


def test_a_changed_roll_fails_verification() -> None:
    dice = FairDice(SEED, client_seeds=CLIENTS)
    draws: list[tuple[int, int] | Roll] = [dice.roll() for _ in range(20)]
    first, second = draws[7]  # type: ignore[misc]
    draws[7] = (first % 6 + 1, second)
    report = verify_rolls(SEED, dice.commitment, CLIENTS, draws)
    assert not report.ok and report.commitment_ok
    assert [(bad.index, bad.expected) for bad in report.mismatches] == [(7, (first, second))]
    assert "roll 7" in str(report)


def test_opening_rolls_are_ordered_later_rolls_are_not() -> None:
    draw = next(d for n in range(100) if (d := derive_roll(SEED, [], n))[0] != d[1])
    n = [derive_roll(SEED, [], k) for k in range(100)].index(draw)
    records: list[tuple[int, int] | Roll] = [derive_roll(SEED, [], k) for k in range(n + 1)]
    records[n] = Roll(draw[1], draw[0])
    assert verify_rolls(SEED, commitment(SEED), [], records).ok
    records[n] = (draw[1], draw[0])
    assert not verify_rolls(SEED, commitment(SEED), [], records).ok


def test_commitment_check() -> None:
    other = bytes(32)
    report = verify_rolls(other, commitment(SEED), [], [derive_roll(other, [], 0)])
    assert not report.commitment_ok and not report.mismatches and not report.ok
    assert "DOES NOT match" in str(report)
    assert commitment(SEED) == hashlib.sha256(SEED).hexdigest()


def test_client_seeds_are_fixed_once_rolling_starts_and_reveal_ends_the_dice() -> None:
    dice = FairDice()
    dice.add_client_seed("early")
    dice.roll()
    with pytest.raises(ValueError, match="fixed"):
        dice.add_client_seed("late")
    assert commitment(dice.reveal()) == dice.commitment
    with pytest.raises(ValueError, match="revealed"):
        dice.roll()


def test_rejection_sampling_maps_each_face_to_42_byte_values() -> None:
    faces = Counter(dice_from_bytes([byte, 0])[0] for byte in range(252))
    assert faces == dict.fromkeys(range(1, 7), 42)
    for byte in range(252, 256):
        assert dice_from_bytes([byte, 5, 11]) == (6, 6)  # the high byte is skipped
    with pytest.raises(ValueError):
        dice_from_bytes([1, 252, 253])


def test_byte_stream_continues_into_the_next_block() -> None:
    stream = byte_stream(SEED, ["a"], 3)
    blocks = [bytes(next(stream) for _ in range(32)) for _ in range(2)]
    for counter, block in enumerate(blocks):
        msg = b"nard-dice-v1" + b"\0\0\0\1" + b"\0\0\0\1a" + (3).to_bytes(8, "big")
        msg += counter.to_bytes(4, "big")
        assert block == hmac.new(SEED, msg, hashlib.sha256).digest()
    with pytest.raises(ValueError):
        next(byte_stream(SEED, [], -1))


def test_fair_dice_chi_square_36000_rolls() -> None:
    result = dice_chi_square(derive_roll(SEED, CLIENTS, n) for n in range(36_000))
    assert result.degrees_of_freedom == 35
    assert result.p_value > 0.001, result
