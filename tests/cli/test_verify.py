"""``nard verify``: a fair-dice record checks out; one altered roll is named."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from nard.cli.__main__ import main
from nard.cli.verify import record_rolls, verify_record
from nard.match.fair import commitment, derive_roll
from nard.match.record import RecordError


@pytest.fixture(scope="module")
def fair_record(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("fair") / "fair.json"
    args = ["play", "--player1", "random", "--player2", "random", "--length", "3"]
    assert main([*args, "--fair", "--client-seed", "alice", "--save", str(path)]) == 0
    return path


def _data(path: Path) -> dict[str, Any]:
    data = json.loads(path.read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def _write(tmp_path: Path, data: dict[str, Any]) -> Path:
    path = tmp_path / "edited.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_play_fair_prints_the_commitment_first_and_reveals_the_seed_last(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "f.json"
    args = ["play", "--player1", "random", "--player2", "random", "--length", "1"]
    assert main([*args, "--fair", "--save", str(path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    fair = _data(path)["fair_dice"]
    assert fair["commitment"] in lines[0]
    revealed = next(i for i, line in enumerate(lines) if "Server seed revealed" in line)
    assert fair["server_seed"] in lines[revealed]
    assert revealed > 0 and commitment(bytes.fromhex(fair["server_seed"])) == fair["commitment"]


def test_verify_passes_on_a_fair_record(
    fair_record: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["verify", str(fair_record)]) == 0
    out = capsys.readouterr().out
    rolls = len(record_rolls(_data(fair_record)))
    assert f"OK: all {rolls} rolls come from the committed seed" in out
    assert _data(fair_record)["fair_dice"]["client_seeds"] == ["alice"]


def test_verify_fails_naming_a_tampered_roll(
    fair_record: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = _data(fair_record)
    draws = [i for i, a in enumerate(data["actions"]) if a["action"] in ("roll", "opening_roll")]
    target = next(i for i in draws if data["actions"][i]["action"] == "roll" and draws.index(i) > 2)
    number = draws.index(target)
    dice = data["actions"][target]["dice"]
    data["actions"][target]["dice"] = [1, 1] if dice != [1, 1] else [2, 1]
    # The games summary would no longer match; a checker reads the actions only.
    path = _write(tmp_path, data)
    assert main(["verify", str(path)]) == 1
    out = capsys.readouterr().out
    assert f"FAILED: rolls {number} do not match" in out
    assert f"roll {number}: recorded" in out


def test_verify_fails_when_the_seed_does_not_match_the_commitment(
    fair_record: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = _data(fair_record)
    seed = bytes.fromhex(data["fair_dice"]["server_seed"])
    other = bytes([seed[0] ^ 1]) + seed[1:]
    assert main(["verify", str(fair_record), "--server-seed", other.hex()]) == 1
    assert "DOES NOT match" in capsys.readouterr().out


def test_verify_takes_the_seeds_from_flags(
    fair_record: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = _data(fair_record)
    fair = data.pop("fair_dice")
    path = _write(tmp_path, data)
    assert main(["verify", str(path)]) == 2
    assert "no commitment" in capsys.readouterr().err
    flags = ["--server-seed", fair["server_seed"], "--commitment", fair["commitment"]]
    assert main(["verify", str(path), *flags, "--client-seed", "alice"]) == 0
    # Without the client seed every roll differs.
    assert main(["verify", str(path), *flags]) == 1


def test_verify_record_counts_tied_opening_rolls_as_draws() -> None:
    seed = bytes(range(32))
    draws = [derive_roll(seed, [], n) for n in range(3)]
    actions = [
        {"action": "opening_roll", "white": draws[0][0], "black": draws[0][1]},
        {"action": "opening_roll", "white": draws[1][0], "black": draws[1][1]},
        {"action": "roll", "side": "white", "dice": sorted(draws[2], reverse=True)},
    ]
    data = {"actions": actions, "fair_dice": {"commitment": commitment(seed)}}
    assert verify_record(data, server_seed=seed.hex()).ok
    with pytest.raises(RecordError, match="not revealed"):
        verify_record(data)
