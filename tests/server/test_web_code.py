"""The web app's JavaScript: short typed modules, and message types that are current.

tsc and Biome themselves run in ``make test`` (node); these checks need only Python:
every module is checked by tsc (``// @ts-check``), none reaches 500 lines, and the
generated static/js/types/wire.d.ts declares every wire shape tools/js_types.py finds
(a model added without ``make js-types`` fails here too).
"""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path
from types import ModuleType

import nard.server

JS = Path(nard.server.__file__).parent / "static" / "js"
ROOT = Path(__file__).resolve().parents[2]
LIMIT = 500


def modules() -> dict[str, list[str]]:
    found = {
        str(path.relative_to(JS)): path.read_text("utf-8").splitlines()
        for path in sorted(JS.rglob("*.js"))
    }
    assert len(found) > 20  # the walk found the web app
    return found


def test_every_module_is_under_500_lines() -> None:
    too_long = {name: len(lines) for name, lines in modules().items() if len(lines) > LIMIT}
    assert not too_long, f"split these by job (lines, limit {LIMIT}): {too_long}"


def test_every_module_is_type_checked() -> None:
    unchecked = {name for name, lines in modules().items() if lines[:1] != ["// @ts-check"]}
    assert not unchecked, f"start these with // @ts-check: {sorted(unchecked)}"


RULES_COPIES = ("parsePlay", "formatPlay", "freeMoves", "pipCount", "livePips", "framesOf")
"""The rules the page once computed itself (issue 22): the server sends them now."""


def test_no_module_keeps_a_copy_of_the_rules() -> None:
    """No JS file parses or formats plays, finds free steps, counts pips, replays a match
    or keeps the starting board: nard.core computes them and the protocol carries them."""
    names = "|".join(RULES_COPIES)
    defines = re.compile(
        rf"\b(?:function\s*\*?\s*(?:{names})\b|(?:const|let|var)\s+(?:{names}|START)\s*=)"
    )
    found = {
        name: [line.strip() for line in lines if defines.search(line)]
        for name, lines in modules().items()
    }
    found = {name: hits for name, hits in found.items() if hits}
    assert not found, f"ask the server for these instead: {found}"
    assert defines.search("export function parsePlay(text) {")
    assert defines.search("const START = () => [0, 2];")


def js_types() -> ModuleType:
    spec = importlib.util.spec_from_file_location("js_types", ROOT / "tools" / "js_types.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_message_types_declare_every_wire_shape() -> None:
    tool = js_types()
    shapes = set(tool.schema()["$defs"])
    assert {"ServerMessage", "ClientMessage", "LobbyServerMessage", "GamePublic"} <= shapes
    text = tool.OUT.read_text("utf-8")
    declared = set(re.findall(r"^export (?:interface|type) (\w+)", text, re.MULTILINE))
    missing = shapes - declared
    assert not missing, f"run make js-types: wire.d.ts lacks {sorted(missing)}"
    union = re.search(r"^export type ServerMessage =([^;]*);", text, re.MULTILINE)
    assert union is not None
    assert "WelcomeMessage" in union.group(1) and "UpdateMessage" in union.group(1)
