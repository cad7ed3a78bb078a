"""Slow and oversized requests against a real uvicorn with ``nard serve``'s protocol
(issue 12): partial headers and bodies are answered and closed, huge headers
refused, and the server keeps serving everyone else."""

from __future__ import annotations

import json
import socket
import time
from collections.abc import Iterator

import httpx
import pytest

from tests.server.live import live_server

DEADLINE_S = 0.5


@pytest.fixture
def address(db_url: str) -> Iterator[tuple[str, int]]:
    with live_server(db_url, header_timeout_s=DEADLINE_S, body_timeout_s=DEADLINE_S) as where:
        yield where


def _answer(sock: socket.socket, within_s: float = 10 * DEADLINE_S + 5) -> bytes:
    """Everything the server sends until it closes the connection."""
    sock.settimeout(within_s)
    received = b""
    while True:
        chunk = sock.recv(65536)
        if not chunk:
            return received
        received += chunk


def _others_are_served(address: tuple[str, int]) -> None:
    host, port = address
    response = httpx.get(f"http://{host}:{port}/api/health", timeout=5)
    assert response.status_code == 200


def test_partial_headers_get_408_and_are_closed(address: tuple[str, int]) -> None:
    sockets = []
    for _ in range(20):
        sock = socket.create_connection(address)
        sock.sendall(b"GET /api/health HTTP/1.1\r\nHost: x\r\nX-Slow: ")
        sockets.append(sock)
    _others_are_served(address)
    for sock in sockets:
        with sock:
            answer = _answer(sock)
            assert answer.startswith(b"HTTP/1.1 408")
            assert json.loads(answer.partition(b"\r\n\r\n")[2])["code"] == "too_slow"
    _others_are_served(address)


def test_a_connection_that_never_asks_is_closed(address: tuple[str, int]) -> None:
    with socket.create_connection(address) as sock:
        assert _answer(sock) == b""


def test_headers_dribbled_a_byte_at_a_time_still_meet_the_deadline(
    address: tuple[str, int],
) -> None:
    with socket.create_connection(address) as sock:
        start = time.monotonic()
        with pytest.raises(OSError):
            for byte in b"GET /api/health HTTP/1.1\r\nHost: x\r\n" + b"X: y\r\n" * 1000:
                sock.send(bytes([byte]))
                time.sleep(0.01)
                assert time.monotonic() - start < 20 * DEADLINE_S
    _others_are_served(address)


def test_a_huge_header_is_refused_with_431(address: tuple[str, int]) -> None:
    with socket.create_connection(address) as sock:
        sock.sendall(b"GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ")
        with pytest.raises(OSError):
            for _ in range(8 * 16):  # 8 MB
                sock.sendall(b"a" * 65536)
        answer = _answer(sock)
        assert answer.startswith(b"HTTP/1.1 431")
    _others_are_served(address)


def test_too_many_headers_are_refused_with_431(address: tuple[str, int]) -> None:
    with socket.create_connection(address) as sock:
        lines = b"".join(b"X-%d: y\r\n" % n for n in range(200))
        sock.sendall(b"GET /api/health HTTP/1.1\r\nHost: x\r\n" + lines + b"\r\n")
        assert _answer(sock).startswith(b"HTTP/1.1 431")


def test_a_partial_body_gets_408_and_is_closed(address: tuple[str, int]) -> None:
    sockets = []
    for _ in range(10):
        sock = socket.create_connection(address)
        sock.sendall(
            b"POST /api/players/guest HTTP/1.1\r\nHost: x\r\n"
            b"Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"
        )
        sockets.append(sock)
    _others_are_served(address)
    for sock in sockets:
        with sock:
            answer = _answer(sock)
            assert answer.startswith(b"HTTP/1.1 408") and b"too_slow" in answer


def test_keep_alive_requests_each_get_their_own_deadline(address: tuple[str, int]) -> None:
    with socket.create_connection(address) as sock:
        for _ in range(3):
            sock.sendall(b"GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n")
            sock.settimeout(5)
            response = b""
            while not response.endswith(b'{"status":"ok"}'):  # the head and body may come apart
                response += sock.recv(65536)
            assert response.startswith(b"HTTP/1.1 200")
            time.sleep(DEADLINE_S * 1.5)  # idle between requests: keep-alive's 5 s apply
        sock.sendall(b"GET /api/health HTTP/1.1\r\n")  # then stalls mid-headers
        assert _answer(sock).startswith(b"HTTP/1.1 408")
