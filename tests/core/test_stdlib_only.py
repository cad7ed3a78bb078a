"""nard.core imports nothing but the standard library and itself (STYLE.md)."""

import ast
import sys
from pathlib import Path

import nard.core

CORE = Path(nard.core.__file__).parent
MODULES = sorted(CORE.rglob("*.py"))  # subpackages included


def _imported_roots(path: Path) -> set[str]:
    roots: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            roots.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            roots.add(node.module.split(".")[0])
    return roots


def test_core_imports_only_stdlib_and_nard_core() -> None:
    assert len(MODULES) >= 10
    offenders = {}
    for path in MODULES:
        outside = {
            root for root in _imported_roots(path) if root not in sys.stdlib_module_names
        } - {"nard"}
        if outside:
            offenders[path.name] = sorted(outside)
    assert offenders == {}


def test_core_reaches_no_other_nard_layer() -> None:
    for path in MODULES:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("nard"):
                assert node.module.startswith("nard.core"), f"{path.name} imports {node.module}"
