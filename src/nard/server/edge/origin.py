"""Writes come from this site's own pages: a cross-site form or fetch is refused.

The player's cookie is SameSite=Lax, which still lets a top-level cross-site
form POST carry it. So every request that may change something (not GET, HEAD
or OPTIONS) whose ``Origin`` names another host, or that a browser marks
``Sec-Fetch-Site: cross-site``, is answered 403 before the application runs,
as the WebSocket handshake already checks its ``Origin``. Clients that send
neither header (scripts, the test client) are not browsers carrying someone
else's cookie, and pass.

An origin is a scheme, a host and a port, and all three must match: a page
served over plain HTTP (which anyone on the way can rewrite) must not write
to the HTTPS site. The site's own origin is ``NARD_PUBLIC_ORIGIN`` when set;
else the request's ``Host`` with the scheme it arrived by, which uvicorn takes
from a trusted proxy's ``X-Forwarded-Proto`` (the TLS front end, docs/deploy.md).
"""

from __future__ import annotations

from urllib.parse import urlsplit

from starlette.types import ASGIApp, Receive, Scope, Send

from nard.server.edge.problems import send_problem
from nard.server.refusals import RefusalCode

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})


_DEFAULT_PORTS = {"http": 80, "https": 443}
_WEB_SCHEMES = {"ws": "http", "wss": "https"}


def _origin_of(scheme: str, netloc: str) -> tuple[str, str, int | None] | None:
    """(scheme, host, port) with the scheme's default port filled in; None if malformed."""
    scheme = _WEB_SCHEMES.get(scheme, scheme).lower()
    try:
        parts = urlsplit(f"{scheme}://{netloc}")
        port = parts.port
    except ValueError:
        return None
    if parts.hostname is None:
        return None
    return scheme, parts.hostname, port if port is not None else _DEFAULT_PORTS.get(scheme)


def site_origin(scheme: str, host: str | None, public: str | None = None) -> str | None:
    """This site's origin: the configured public one, else the request's scheme and Host.

    >>> site_origin("wss", "nard.example"), site_origin("http", "x", "https://nard.example")
    ('https://nard.example', 'https://nard.example')
    """
    if public is not None:
        return public
    if host is None:
        return None
    return f"{_WEB_SCHEMES.get(scheme, scheme)}://{host}"


def same_origin(origin: str | None, site: str | None, fetch_site: str | None = None) -> bool:
    """Whether a request with these headers comes from ``site`` (or from no browser page):
    scheme, host and port all alike.

    >>> same_origin("http://nard.example", "http://nard.example", "same-origin")
    True
    >>> same_origin("https://evil.example", "http://nard.example", None)
    False
    >>> same_origin("http://nard.example", "https://nard.example", None)  # not the scheme
    False
    >>> same_origin("https://nard.example:443", "https://nard.example", None)
    True
    >>> same_origin("https://nard.example:8443", "https://nard.example", None)
    False
    >>> same_origin("null", "http://nard.example", None), same_origin(None, "x", "cross-site")
    (False, False)
    >>> same_origin(None, "http://nard.example", None)
    True
    """
    if origin is not None:
        if site is None:
            return False
        theirs, ours = urlsplit(origin), urlsplit(site)
        found = _origin_of(theirs.scheme, theirs.netloc)
        return found is not None and found == _origin_of(ours.scheme, ours.netloc)
    return fetch_site != "cross-site"


class SameOriginWrites:
    def __init__(self, app: ASGIApp, public_origin: str | None = None) -> None:
        self.app = app
        self.public_origin = public_origin

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["method"] not in SAFE_METHODS:
            headers = {
                name: value.decode("latin-1")
                for name, value in scope["headers"]
                if name in (b"origin", b"host", b"sec-fetch-site")
            }
            site = site_origin(scope["scheme"], headers.get(b"host"), self.public_origin)
            if not same_origin(headers.get(b"origin"), site, headers.get(b"sec-fetch-site")):
                message = "this request comes from another site's page"
                await send_problem(send, RefusalCode.FOREIGN_ORIGIN, message)
                return
        await self.app(scope, receive, send)
