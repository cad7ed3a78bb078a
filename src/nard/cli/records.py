"""Match records on disk for the terminal: ``.mat`` (gnubg) or ``.json`` (lossless)."""

from __future__ import annotations

from pathlib import Path

from nard.match.mat_conversion import mat_to_record, match_to_mat
from nard.match.record import MatchRecord

__all__ = ["load_record", "save_record"]


def save_record(record: MatchRecord, path: Path) -> None:
    """Write ``record`` as ``.mat`` (gnubg) or ``.json`` (lossless), by the file's suffix."""
    suffix = path.suffix.lower()
    if suffix == ".json":
        text = record.to_json()
    elif suffix in (".mat", ".txt"):
        text = match_to_mat(record)
    else:
        raise ValueError(f"save as .mat or .json, not {path.name!r}")
    path.write_text(text if text.endswith("\n") else text + "\n", encoding="utf-8")


def load_record(path: Path) -> MatchRecord:
    """Read a ``.json`` match record or a ``.mat`` file; ``ValueError`` (or ``OSError``)
    when it cannot be."""
    text = path.read_text(encoding="utf-8")
    if path.suffix.lower() == ".json" or text.lstrip().startswith("{"):
        return MatchRecord.from_json(text)
    return mat_to_record(text)
