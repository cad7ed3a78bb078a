"""The front end's files, served from memory: compressed, and cached for good under a
versioned path.

At start-up every file under ``nard/server/static`` is read once, text files are
gzipped, and the whole tree gets one content hash. The shell (``index.html``)
names its script and stylesheet under ``/static/v/{hash}/``, and the modules,
texts and fonts are reached from there by relative URLs, so everything a page
loads comes from that versioned path, which browsers may keep for a year
without asking again (``immutable``): a release changes the hash, hence every
URL. The unversioned ``/static/...`` paths keep working, revalidated by ETag.
"""

from __future__ import annotations

import gzip
import hashlib
import mimetypes
from dataclasses import dataclass
from pathlib import Path

from starlette.requests import Request
from starlette.responses import Response
from starlette.types import Receive, Scope, Send

IMMUTABLE = "public, max-age=31536000, immutable"
REVALIDATE = "no-cache"
_TEXT_TYPES = ("text/", "application/javascript", "application/json", "image/svg+xml")
_TYPES = {
    ".js": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".html": "text/html; charset=utf-8",
    ".txt": "text/plain; charset=utf-8",
    ".woff2": "font/woff2",
}


@dataclass(frozen=True, slots=True)
class StaticFile:
    body: bytes
    gzipped: bytes | None
    media_type: str
    etag: str


def _load(path: Path) -> StaticFile:
    body = path.read_bytes()
    media_type = (
        _TYPES.get(path.suffix) or mimetypes.guess_type(path.name)[0] or "application/octet-stream"
    )
    packed = None
    if media_type.startswith(_TEXT_TYPES):
        # mtime=0: the same bytes on every start, so the ETag of a file never moves.
        squeezed = gzip.compress(body, compresslevel=9, mtime=0)
        packed = squeezed if len(squeezed) < len(body) else None
    return StaticFile(body, packed, media_type, f'"{hashlib.sha256(body).hexdigest()[:20]}"')


class StaticTree:
    """An ASGI app for ``/static``: the files of ``folder``, versioned by :attr:`version`."""

    def __init__(self, folder: Path) -> None:
        self.files = {
            path.relative_to(folder).as_posix(): _load(path)
            for path in sorted(folder.rglob("*"))
            if path.is_file() and not path.name.startswith(".")
        }
        tree = hashlib.sha256()
        for name, file in self.files.items():
            tree.update(name.encode() + b"\0" + file.etag.encode())
        self.version = tree.hexdigest()[:12]
        self.prefix = f"/static/v/{self.version}/"
        html = self.files["index.html"].body.decode("utf-8").replace('"/static/', f'"{self.prefix}')
        self.shell = _load_bytes(html.encode("utf-8"), "text/html; charset=utf-8")
        """``index.html`` with its script, stylesheet and font under the versioned path."""

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        request = Request(scope)
        path = scope["path"].removeprefix(scope.get("root_path", "")).lstrip("/")
        cache = REVALIDATE
        if path.startswith("v/"):
            version, _, rest = path[2:].partition("/")
            if version == self.version:
                cache = IMMUTABLE
            path = rest
        file = self.files.get(path)
        if request.method not in ("GET", "HEAD"):
            response: Response = Response(status_code=405, headers={"Allow": "GET, HEAD"})
        elif file is None:
            response = Response("not found", status_code=404, media_type="text/plain")
        else:
            response = respond(request, file, cache)
        await response(scope, receive, send)


def _load_bytes(body: bytes, media_type: str) -> StaticFile:
    squeezed = gzip.compress(body, compresslevel=9, mtime=0)
    return StaticFile(body, squeezed, media_type, f'"{hashlib.sha256(body).hexdigest()[:20]}"')


def respond(request: Request, file: StaticFile, cache: str, status_code: int = 200) -> Response:
    """``file`` for ``request``: gzipped when the client accepts it, 304 when it has it."""
    headers = {"Cache-Control": cache, "ETag": file.etag, "Vary": "Accept-Encoding"}
    if status_code == 200 and file.etag in request.headers.get("if-none-match", ""):
        return Response(status_code=304, headers=headers)
    body = file.body
    if file.gzipped is not None and "gzip" in request.headers.get("accept-encoding", ""):
        body = file.gzipped
        headers["Content-Encoding"] = "gzip"
    if request.method == "HEAD":
        headers["Content-Length"] = str(len(body))
        return Response(status_code=status_code, headers=headers, media_type=file.media_type)
    return Response(body, status_code=status_code, headers=headers, media_type=file.media_type)
