"""Writes come from this site's own pages: a cross-site form or fetch is refused.

The player's cookie is SameSite=Lax, which still lets a top-level cross-site
form POST carry it. So every request that may change something (not GET, HEAD
or OPTIONS) whose ``Origin`` names another host, or that a browser marks
``Sec-Fetch-Site: cross-site``, is answered 403 before the application runs,
as the WebSocket handshake already checks its ``Origin``. Clients that send
neither header (scripts, the test client) are not browsers carrying someone
else's cookie, and pass.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from starlette.types import ASGIApp, Receive, Scope, Send

from nard.server.edge.problems import send_problem
from nard.server.refusals import RefusalCode

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})


def same_origin(origin: str | None, host: str | None, fetch_site: str | None) -> bool:
    """Whether a request with these headers comes from this site (or from no browser page).

    >>> same_origin("http://nard.example", "nard.example", "same-origin")
    True
    >>> same_origin("https://evil.example", "nard.example", None)
    False
    >>> same_origin("null", "nard.example", None), same_origin(None, "x", "cross-site")
    (False, False)
    >>> same_origin(None, "nard.example", None)
    True
    """
    if origin is not None:
        return host is not None and urlsplit(origin).netloc == host
    return fetch_site != "cross-site"


class SameOriginWrites:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["method"] not in SAFE_METHODS:
            headers = {
                name: value.decode("latin-1")
                for name, value in scope["headers"]
                if name in (b"origin", b"host", b"sec-fetch-site")
            }
            if not same_origin(
                headers.get(b"origin"), headers.get(b"host"), headers.get(b"sec-fetch-site")
            ):
                message = "this request comes from another site's page"
                await send_problem(send, RefusalCode.FOREIGN_ORIGIN, message)
                return
        await self.app(scope, receive, send)
