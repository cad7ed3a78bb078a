"""Server settings: from ``NARD_*`` environment variables, then ``nard serve`` flags.

>>> settings = Settings(database_url="sqlite:///:memory:")
>>> settings.port, settings.claim_after_s
(8000, 120.0)
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict

DEFAULT_DATA_DIR = Path("data")
"""Where the default SQLite database lives, relative to the working folder."""


def default_database_url(data_dir: Path = DEFAULT_DATA_DIR) -> str:
    """``sqlite:///data/nard.sqlite3`` (the folder is created at start)."""
    return f"sqlite:///{data_dir / 'nard.sqlite3'}"


class Settings(BaseSettings):
    """Everything the server can be told; ``NARD_DATABASE_URL`` etc. in the environment."""

    model_config = SettingsConfigDict(env_prefix="NARD_", extra="ignore")

    host: str = "127.0.0.1"
    port: int = 8000
    database_url: str = Field(default_factory=default_database_url)
    bot_workers: int = Field(default=1, ge=0)
    """Processes in the bot's pool; 0 thinks in a thread instead (tests only)."""
    claim_after_s: float = Field(default=120.0, ge=0)
    """How long a player may be away before the opponent may claim the game."""
    cookie_secure: bool = False
    """Mark the player cookie Secure (serve over HTTPS)."""
    public_origin: str | None = Field(default=None, pattern=r"^https?://[^/?#]+$")
    """The site's origin as browsers see it (``https://nard.example``): a write or a
    socket from any other scheme, host or port is refused. Unset: the request's Host
    and scheme (a trusted proxy's X-Forwarded-Proto)."""
    max_message_bytes: int = Field(default=4096, ge=256)
    """The largest WebSocket message accepted."""
    rate_per_s: float = Field(default=20.0, gt=0)
    """WebSocket messages per second allowed per connection, on average."""
    rate_burst: int = Field(default=40, ge=1)
    """...and in a burst."""
    redis_url: str | None = None
    """Share game events, presence and rate limits between server processes through Redis
    (optional)."""
    redis_prefix: str = Field(default="nard:", pattern=r"^[A-Za-z0-9_.:-]+$")
    """The start of every Redis channel and key name: deployments sharing a Redis need
    their own."""
    presence_ttl_s: float = Field(default=15.0, gt=0)
    """With Redis: how long a seat held by an instance that stopped renewing it
    (killed) still counts as connected; renewed every third of it."""
    jobs_queue: str | None = None
    """Run bot turns and hints on ``nard worker`` processes through this RQ queue
    (needs ``redis_url``); unset, each server thinks in its own pool."""
    job_retry_s: float = Field(default=60.0, gt=0)
    """A bot turn, hint or cube hint not answered in this long is asked for again (its
    worker died, or Redis lost the queue); bot turns left by a dead instance are looked
    for as often, and an analysis silent for twice as long is started again."""
    bot_delay_s: float = Field(default=0.0, ge=0)
    """A pause before each bot action, so people can follow it."""
    clock_scale: float = Field(default=1.0, gt=0)
    """Multiply every clock preset's times in new games (tests make them short)."""
    tune_gc: bool = True
    """Pace the garbage collector for a server (nard.server.process.runtime.tuned_gc)."""
    drain_s: float = Field(default=10.0, gt=0)
    """On SIGTERM: how long open connections get to finish before they are cut."""
    drain_notice_s: float = Field(default=0.0, ge=0)
    """On SIGTERM, before the drain: how long ``/readyz`` answers 503 while everything
    else is still served, so the balancer's checks take the instance out first."""
    ready_grace_s: float = Field(default=30.0, ge=0)
    """How long the database or Redis may stop answering before ``/readyz`` says 503:
    a shared dependency's blip must not take every instance out of the balancer."""
    log_format: Literal["text", "json"] = "text"
    """``json``: one JSON object a line with the game id (nard.server.process.logs)."""
    analysis_plies: int = Field(default=0, ge=0, le=2)
    """How deep the analysis of a finished game searches: 0 (fast), 1 or 2 plies."""
    max_body_bytes: int = Field(default=64 * 1024, ge=1024)
    """The largest HTTP request body, counted as it arrives (413 beyond)."""
    body_timeout_s: float = Field(default=10.0, gt=0)
    """Time to receive a whole request body (408 beyond)."""
    header_timeout_s: float = Field(default=10.0, gt=0)
    """Time to receive a request's headers, from the connection or the last response."""
    max_header_bytes: int = Field(default=16 * 1024, ge=1024)
    """The largest request line and headers together (431 beyond)."""
    max_headers: int = Field(default=100, ge=10)
    """The most header lines in one request (431 beyond)."""
    login_per_address: int = Field(default=20, ge=1)
    """Logins and registrations one address may try in ``login_window_s``."""
    login_per_account: int = Field(default=5, ge=1)
    """Wrong passwords in a row from one address or device before the account is locked
    there for a while; four times as many from anywhere hold back the places it never
    logged in from (nard.server.players.service)."""
    login_window_s: float = Field(default=300.0, gt=0)
    """The window of the address limit, and the first lockout (it doubles up to an hour)."""
    guests_per_address: int = Field(default=120, ge=1)
    """New guests one address may make a minute (bench/server_load.py needs more)."""
    games_per_player: int = Field(default=30, ge=1)
    """New games one player may make a minute."""
    hints_per_player: int = Field(default=30, ge=1)
    """Hints over HTTP one player may ask for a minute (each is an engine search)."""
    chat_per_player: int = Field(default=5, ge=1)
    """Chat lines one player may say in one game in any 10 seconds, over all its sockets."""
    waiting_expire_s: float = Field(default=7 * 24 * 3600.0, gt=0)
    """A friend game whose invitation nobody opened is deleted this long after it was
    made (swept every quarter of it, at most every minute)."""
    waiting_per_player: int = Field(default=20, ge=1)
    """Friend games one player may have waiting for an opponent (too_many_waiting beyond)."""
    chat_lines_per_game: int = Field(default=500, ge=1)
    """Chat lines a game's room (the players', the spectators') may hold; beyond, a line
    is refused (chat_full)."""
    sockets_per_address: int = Field(default=64, ge=1)
    """WebSockets one address may hold open at once (4429 beyond)."""
    spectators_per_game: int = Field(default=200, ge=0)
    """Spectator sockets one game may have at once (4429 beyond)."""
    password_workers: int = Field(default=2, ge=1)
    """Password hashes computed at once (argon2id takes 64 MiB each); others wait."""
