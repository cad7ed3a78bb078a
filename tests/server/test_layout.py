"""The server is grouped by feature, and every wire shape is a model of nard.server.protocol."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import typing
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from fastapi import APIRouter
from fastapi.routing import APIRoute
from pydantic import BaseModel

import nard.server

SERVER = Path(nard.server.__file__).parent
FEATURES = {"games", "lobby", "analysis", "players", "trainer"}
BESIDE = {"protocol", "ports", "process", "edge", "web"}

NOT_WIRE = {
    "nard.server.config.Settings": "the settings, read from the environment",
    "nard.server.games.live.MatchHeader": "a game's stored settings, read at loading",
}
"""The pydantic models outside protocol/, and why neither goes over the wire."""


def test_the_server_has_one_folder_per_feature() -> None:
    folders = {p.parent.name for p in SERVER.glob("*/__init__.py")}
    assert folders == FEATURES | BESIDE
    for old in ("rooms", "services", "routes", "ws"):
        assert not (SERVER / old).exists(), f"{old}/ was split into the feature folders"


def server_modules() -> Iterator[Any]:
    yield nard.server
    for info in pkgutil.walk_packages(nard.server.__path__, "nard.server."):
        yield importlib.import_module(info.name)


def test_no_model_is_defined_outside_protocol() -> None:
    outside = {
        f"{cls.__module__}.{cls.__qualname__}"
        for module in server_modules()
        if not module.__name__.startswith("nard.server.protocol")
        for _, cls in inspect.getmembers(module, inspect.isclass)
        if issubclass(cls, BaseModel) and cls.__module__ == module.__name__
    }
    assert outside == set(NOT_WIRE)


def models_in(annotation: Any) -> Iterator[type[BaseModel]]:
    if inspect.isclass(annotation) and issubclass(annotation, BaseModel):
        yield annotation
    for argument in typing.get_args(annotation):
        yield from models_in(argument)


def routes() -> Iterator[APIRoute]:
    """Every HTTP route of the app's routers (each module's ``router``)."""
    for module in server_modules():
        router = getattr(module, "router", None)
        if isinstance(router, APIRouter):
            yield from (route for route in router.routes if isinstance(route, APIRoute))


def test_every_route_takes_and_answers_protocol_models() -> None:
    seen: set[str] = set()
    for route in routes():
        shapes = [
            route.response_model,
            *(p.field_info.annotation for p in route.dependant.body_params),
        ]
        for model in (m for shape in shapes for m in models_in(shape)):
            seen.add(model.__name__)
            assert model.__module__.startswith("nard.server.protocol."), (
                f"{route.path} sends or reads {model.__module__}.{model.__qualname__}"
            )
    assert {"GamePublic", "AnalysisPublic", "Answer", "PuzzleAnswer", "ProfilePublic"} <= seen


def test_every_wire_shape_has_its_own_name() -> None:
    """The JavaScript types are keyed by the models' names (tools/js_types.py)."""
    where: dict[str, set[str]] = {}
    for module in server_modules():
        if module.__name__.startswith("nard.server.protocol"):
            for name, cls in inspect.getmembers(module, inspect.isclass):
                if issubclass(cls, BaseModel) and cls.__module__ == module.__name__:
                    where.setdefault(name, set()).add(module.__name__)
    assert {name: found for name, found in where.items() if len(found) > 1} == {}
