"""Structured logs: one JSON object a line, carrying the game it concerns.

``NARD_LOG_FORMAT=json`` turns it on (:func:`log_config` for uvicorn). The
game id comes from the record's ``game`` extra or, failing that, from
:data:`current_game`, which the game's socket sets for everything it does.
"""

from __future__ import annotations

import json
import logging
from contextvars import ContextVar
from datetime import UTC, datetime
from typing import Any

current_game: ContextVar[str | None] = ContextVar("nard_current_game", default=None)
"""The public id of the game the running task serves, if any."""


class JsonFormatter(logging.Formatter):
    """
    >>> record = logging.LogRecord("nard", logging.INFO, "", 0, "moved %s", ("on",), None)
    >>> token = current_game.set("g1")
    >>> line = json.loads(JsonFormatter().format(record)); current_game.reset(token)
    >>> line["message"], line["game"], line["level"]
    ('moved on', 'g1', 'info')
    """

    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(),
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
        }
        game = getattr(record, "game", None) or current_game.get()
        if game is not None:
            entry["game"] = game
        if record.exc_info:
            entry["error"] = self.formatException(record.exc_info)
        return json.dumps(entry, ensure_ascii=False)


def log_config(level: str = "info") -> dict[str, Any]:
    """A :func:`logging.config.dictConfig` for uvicorn: every logger as JSON on stderr."""
    handler = {"class": "logging.StreamHandler", "formatter": "json", "stream": "ext://sys.stderr"}
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "formatters": {"json": {"()": JsonFormatter}},
        "handlers": {"stderr": handler},
        "root": {"handlers": ["stderr"], "level": level.upper()},
        "loggers": {
            name: {"handlers": [], "level": level.upper(), "propagate": True}
            for name in ("uvicorn", "uvicorn.error", "uvicorn.access")
        },
    }
