"""What `pip install nard` and `pip install 'nard[server]'` bring is what the code imports.

Every third-party module imported by the terminal game's layers (core, match,
ai, cli) must come from the base dependencies; the server's and storage's from
the base, ``server`` and ``redis`` (optional: ``NARD_REDIS_URL``) together. The
dev tools stay out of both.
"""

from __future__ import annotations

import ast
import re
import sys
import tomllib
from importlib.metadata import packages_distributions
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "src" / "nard"
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
SHIPPED_BY = {"bgbot_cpp": "bgsage"}
"""Compiled modules a wheel ships that its metadata does not list as its own."""


def _normal(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _names(requirements: list[str]) -> set[str]:
    return {_normal(re.split(r"[\[<>=!~; ]", item, maxsplit=1)[0]) for item in requirements}


def _imported(packages: list[str]) -> set[str]:
    """The distributions providing the third-party modules these packages import."""
    modules: set[str] = set()
    for package in packages:
        for path in (SOURCE / package).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text())):
                if isinstance(node, ast.Import):
                    modules.update(alias.name.split(".")[0] for alias in node.names)
                elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                    modules.add(node.module.split(".")[0])
    third_party = modules - set(sys.stdlib_module_names) - {"nard", "__future__"}
    providers = {**packages_distributions(), **{k: [v] for k, v in SHIPPED_BY.items()}}
    return {_normal(dist) for module in third_party for dist in providers.get(module, [module])}


def test_the_base_install_runs_the_terminal_game_against_the_bot() -> None:
    base = _names(PROJECT["dependencies"])
    assert {"bgsage", "numpy", "rich"} <= base
    assert _imported(["core", "match", "ai", "cli"]) <= base


def test_the_server_extra_runs_the_web_app_without_the_dev_tools() -> None:
    extras = PROJECT["optional-dependencies"]
    serving = _names(PROJECT["dependencies"] + extras["server"] + extras["redis"])
    needed = _imported(["server", "storage"])
    assert needed <= serving, needed - serving
    dev_only = _names(extras["dev"]) - serving
    assert {"pytest", "mypy", "playwright", "ruff"} <= dev_only
    assert not dev_only & _names(extras["server"])


def test_the_dev_extra_is_the_server_with_redis_plus_the_tools() -> None:
    extras = PROJECT["optional-dependencies"]
    assert "nard[server,redis]" in extras["dev"]
    tools = _names([item for item in extras["dev"] if not item.startswith("nard[")])
    written_twice = tools & _names(PROJECT["dependencies"] + extras["server"] + extras["redis"])
    assert not written_twice, f"the dev extra repeats {written_twice}"


def test_the_version_is_written_once_in_nard() -> None:
    import nard

    assert "version" not in PROJECT and "version" in PROJECT["dynamic"]
    setuptools = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    assert setuptools["dynamic"]["version"] == {"attr": "nard.__version__"}
    assert re.fullmatch(r"\d+\.\d+\.\d+", nard.__version__)
    written = [
        path.relative_to(ROOT).as_posix()
        for path in SOURCE.rglob("*.py")
        if re.search(rf"\b{re.escape(nard.__version__)}\b", path.read_text(encoding="utf-8"))
    ]
    assert written == ["src/nard/__init__.py"]
