"""Nard: Takhte Nard (تخته نرد, backgammon) — rules engine, games, bot, server.

``import nard`` gives the rules engine's public API (like ``import chess``);
the other layers are imported by name: ``nard.match``, ``nard.ai``,
``nard.server``.
"""

from nard.core import *  # noqa: F403
from nard.core import __all__ as __all__

__version__ = "0.1.0"
"""The one place the version is written: pyproject.toml reads it (``dynamic``)."""
