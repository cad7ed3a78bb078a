"""docs/protocol.md agrees with the message models: every type, every field,
every object and every refusal code, both ways, and its JSON examples validate."""

from __future__ import annotations

import inspect
import json
import re
import typing
from pathlib import Path

import pytest
from pydantic import BaseModel, TypeAdapter

from nard.server.protocol import client, events, frames, lobby, server, views
from nard.server.refusals import STATUS, TEXT, RefusalCode

DOC = (Path(__file__).resolve().parents[2] / "docs" / "protocol.md").read_text(encoding="utf-8")
NAME = re.compile(r"`([A-Za-z_]+)`")


def section(heading: str) -> str:
    """The text under ``heading`` up to the next heading of any level."""
    start = DOC.index(f"\n{heading}\n") + len(heading) + 2
    following = re.search(r"\n#{2,4} ", DOC[start:])
    return DOC[start : start + following.start()] if following else DOC[start:]


def table(heading: str) -> list[list[str]]:
    """The rows (cells) of the first table under ``heading``, without its header."""
    rows = [line for line in section(heading).splitlines() if line.startswith("|")]
    cells = [[cell.strip() for cell in re.split(r"(?<!\\)\|", row)[1:-1]] for row in rows]
    assert len(cells) > 2, f"no table under {heading}"
    return cells[2:]


def documented(heading: str) -> dict[str, set[str]]:
    """``{name: fields}`` from a table whose first cell names one or more types."""
    found: dict[str, set[str]] = {}
    for row in table(heading):
        for name in NAME.findall(row[0]):
            assert name not in found, f"{name} is documented twice under {heading}"
            found[name] = set(NAME.findall(row[1]))
    return found


def wire_fields(model: type[BaseModel]) -> set[str]:
    """The field names as they appear in JSON (aliases, computed fields too), without
    ``type``."""
    return {
        str(info.serialization_alias or info.alias or name)
        for name, info in model.model_fields.items()
        if name != "type"
    } | set(model.model_computed_fields) - {"type"}


def type_name(model: type[BaseModel]) -> str:
    literal = model.model_fields["type"].annotation
    (value,) = typing.get_args(literal)
    return str(value)


def members(union: object) -> list[type[BaseModel]]:
    args = typing.get_args(union)
    if args and typing.get_origin(union) is typing.Annotated:
        args = typing.get_args(args[0])
    return list(args)


@pytest.mark.parametrize(
    ("heading", "union"),
    [
        ("### Server to client", server.ServerMessage),
        ("### Client to server", client.ClientMessage),
        ("#### Events", events.EventView),
    ],
)
def test_every_message_type_and_field_is_documented_and_every_documented_one_exists(
    heading: str, union: object
) -> None:
    models = {type_name(model): wire_fields(model) for model in members(union)}
    assert documented(heading) == models


def test_every_object_in_messages_is_documented_with_its_fields() -> None:
    objects = {
        name: wire_fields(model)
        for module in (views, frames)
        for name, model in vars(module).items()
        if inspect.isclass(model)
        and issubclass(model, views.View)
        and model is not views.View
        and model.__module__ == module.__name__
    }
    assert documented("#### Objects in messages") == objects


def test_every_refusal_code_is_documented_with_its_http_status_and_has_both_texts() -> None:
    rows = {NAME.findall(row[0])[0]: int(row[1]) for row in table("### Refusals")}
    assert rows == {code.value: STATUS.get(code, 400) for code in RefusalCode}
    for code in RefusalCode:
        english, persian = TEXT[code]
        assert english and persian
        assert not re.search(r"[0-9]", persian), f"{code}: Persian text with Latin digits"


def examples(heading: str) -> list[dict[str, object]]:
    found = re.findall(r"```json\n(.*?)\n```", section(heading), re.S)
    assert found, f"no example under {heading}"
    return [json.loads(text) for text in found]


def test_the_json_examples_are_valid_messages_sent_as_written() -> None:
    for example in examples("### Server to client"):
        message = TypeAdapter(server.ServerMessage).validate_python(example)
        assert message.model_dump(mode="json") == example
    for example in examples("### Client to server"):
        parsed = client.parse_client_message(json.dumps(example))
        assert parsed.type == example["type"]


def test_the_lobby_messages_and_objects_are_documented_both_ways() -> None:
    models = {type_name(model): wire_fields(model) for model in members(lobby.LobbyServerMessage)}
    assert documented("### Lobby server to client") == models
    objects = {
        name: wire_fields(model)
        for name, model in vars(lobby).items()
        if inspect.isclass(model)
        and issubclass(model, views.View)
        and model.__module__ == lobby.__name__
        and "type" not in model.model_fields
    }
    assert documented("#### Objects in lobby messages") == objects
    for example in examples("### Lobby server to client"):
        message = TypeAdapter(lobby.LobbyServerMessage).validate_python(example)
        assert message.model_dump(mode="json") == example
