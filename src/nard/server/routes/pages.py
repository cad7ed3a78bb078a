"""The web app's pages: one HTML shell for every page, and the static files.

The front end is plain files (ES modules, CSS, JSON texts, a font) under
``nard/server/static``; no build step. Every page path answers the same shell,
and ``static/js/app.js`` picks the page from the path, so links such as an
invitation (``/invite/{token}``) or a game (``/game/{id}``) open directly.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi import APIRouter, FastAPI
from fastapi.responses import FileResponse
from fastapi.staticfiles import StaticFiles
from starlette.responses import Response

STATIC = Path(__file__).resolve().parent.parent / "static"
"""The folder of the front end's files."""

# The shell changes with each release; browsers must not keep a stale one.
_NO_CACHE = {"Cache-Control": "no-cache"}

router = APIRouter(include_in_schema=False)


def _shell() -> FileResponse:
    return FileResponse(STATIC / "index.html", media_type="text/html", headers=_NO_CACHE)


@router.get("/")
async def home() -> FileResponse:
    return _shell()


@router.get("/game/{public_id}")
async def game(public_id: str) -> FileResponse:
    return _shell()


@router.get("/invite/{token}")
async def invite(token: str) -> FileResponse:
    return _shell()


@router.get("/watch/{public_id}")
async def watch(public_id: str) -> FileResponse:
    return _shell()


@router.get("/history")
async def history() -> FileResponse:
    return _shell()


@router.get("/replay/{public_id}")
async def replay(public_id: str) -> FileResponse:
    return _shell()


@router.get("/account")
async def account() -> FileResponse:
    return _shell()


class _RevalidatedFiles(StaticFiles):
    """Static files that browsers revalidate (ETag) instead of trusting a stale copy."""

    def file_response(self, *args: Any, **kwargs: Any) -> Response:
        response = super().file_response(*args, **kwargs)
        response.headers["Cache-Control"] = "no-cache"
        return response


def install(app: FastAPI) -> None:
    """Serve the pages and ``/static`` from ``app``."""
    app.include_router(router)
    app.mount("/static", _RevalidatedFiles(directory=STATIC), name="static")
