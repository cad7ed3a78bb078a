"""The web app's pages: one HTML shell for every page, and the static files.

The front end is plain files (ES modules, CSS, JSON texts, a font) under
``nard/server/static``; no build step. Every page path answers the same shell,
and ``static/js/app.js`` picks the page from the path, so links such as an
invitation (``/invite/{token}``) or a game (``/game/{id}``) open directly.
Static files are served by :class:`nard.server.web.static_files.StaticTree`
(compressed, cached under a versioned path). An unknown path answers the
shell with status 404 to a browser, which shows its "not found" page, and
JSON to everything else.
"""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter, FastAPI, Request
from fastapi.exception_handlers import http_exception_handler
from starlette.exceptions import HTTPException
from starlette.responses import Response

from nard.server.web.static_files import REVALIDATE, StaticTree, respond

STATIC = Path(__file__).resolve().parent.parent / "static"
"""The folder of the front end's files."""

_PAGES = [
    "/",
    "/game/{public_id}",
    "/invite/{token}",
    "/watch/{public_id}",
    "/history",
    "/replay/{public_id}",
    "/mistakes",
    "/account",
    "/lobby",
    "/leaderboard",
    "/player/{player_id}",
    "/dice",
]
_NOT_PAGES = ("/api/", "/ws/", "/static/", "/docs", "/redoc", "/openapi.json")


def _shell(request: Request, status_code: int = 200) -> Response:
    # The shell changes with each release (it names the versioned files): revalidated.
    tree: StaticTree = request.app.state.static
    return respond(request, tree.shell, REVALIDATE, status_code)


async def _page(request: Request) -> Response:
    return _shell(request)


async def _not_found(request: Request, error: Exception) -> Response:
    assert isinstance(error, HTTPException)
    wants_html = "text/html" in request.headers.get("accept", "")
    path = request.url.path
    if error.status_code == 404 and wants_html and not path.startswith(_NOT_PAGES):
        return _shell(request, 404)
    return await http_exception_handler(request, error)


def install(app: FastAPI) -> None:
    """Serve the pages and ``/static`` from ``app``."""
    tree = StaticTree(STATIC)
    app.state.static = tree
    router = APIRouter(include_in_schema=False)
    for path in _PAGES:
        router.add_api_route(path, _page, methods=["GET", "HEAD"])
    app.include_router(router)
    app.mount("/static", tree, name="static")
    app.add_exception_handler(HTTPException, _not_found)
