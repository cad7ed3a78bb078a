"""The tables: singular snake_case names, ``*_at`` timestamps, named constraints.

A game is stored as its settings, its seats and an append-only action log
(:class:`GameAction`, one row per accepted action, numbered by ``seq``). The
unique constraint on ``(game_id, seq)`` is what makes two racing actions apply
at most once, even across server processes: the loser's insert fails. The
``snapshot`` on :class:`Game` is the state after action ``seq``, kept for
listings and checked against the replayed log on load.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    UniqueConstraint,
    func,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

NAMING_CONVENTION = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


def utcnow() -> datetime:
    """Now, in UTC (stored as a timezone-aware timestamp)."""
    return datetime.now(UTC)


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING_CONVENTION)


class Player(Base):
    """A guest (display name only) or an account (username and argon2id hash).

    Usernames keep the case they were written in but are unique whatever the
    case (an index on ``lower(username)``), and looked up that way.
    """

    __tablename__ = "player"

    id: Mapped[int] = mapped_column(primary_key=True)
    display_name: Mapped[str] = mapped_column(String(40))
    username: Mapped[str | None] = mapped_column(String(40), unique=True)
    password_hash: Mapped[str | None] = mapped_column(String(200))
    rating: Mapped[float] = mapped_column(Float, default=1500.0)
    experience: Mapped[int] = mapped_column(Integer, default=0)
    """The points of the rated matches finished (FIBS experience)."""
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


Index("uq_player_username_lower", func.lower(Player.username), unique=True)


class PlayerToken(Base):
    """A login token (a cookie): only its SHA-256 is stored; logout revokes it.

    A token unused for the cookie's lifetime expires; ``last_used_at`` moves (and
    the cookie is renewed) at most once a day, not on every request.
    """

    __tablename__ = "player_token"

    id: Mapped[int] = mapped_column(primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("player.id", ondelete="CASCADE"), index=True)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    revoked_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    last_used_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class Game(Base):
    """A match (or money game) between two seats; the state lives in the action log."""

    __tablename__ = "game"

    id: Mapped[int] = mapped_column(primary_key=True)
    public_id: Mapped[str] = mapped_column(String(32), unique=True)
    mode: Mapped[str] = mapped_column(String(16))
    status: Mapped[str] = mapped_column(String(16), index=True)
    settings: Mapped[dict[str, Any]] = mapped_column(JSON)
    white_player_id: Mapped[int | None] = mapped_column(ForeignKey("player.id"), index=True)
    black_player_id: Mapped[int | None] = mapped_column(ForeignKey("player.id"), index=True)
    bot_side: Mapped[str | None] = mapped_column(String(8))
    bot_level: Mapped[str | None] = mapped_column(String(20))
    invite_token: Mapped[str | None] = mapped_column(String(64), unique=True)
    watch_token: Mapped[str] = mapped_column(String(64), unique=True)
    server_seed: Mapped[str | None] = mapped_column(String(64))
    commitment: Mapped[str | None] = mapped_column(String(64))
    client_seeds: Mapped[list[Any]] = mapped_column(JSON, default=list)
    seq: Mapped[int] = mapped_column(Integer, default=0)
    snapshot: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    rated: Mapped[bool] = mapped_column(Boolean, default=False)
    rated_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    """When the ratings were moved: set once, by the one transaction that moves them."""

    dice_counted: Mapped[bool] = mapped_column(Boolean, default=False)
    """Whether this finished game's dice are in the dice tallies (counted once)."""
    clock: Mapped[dict[str, Any] | None] = mapped_column(JSON(none_as_null=True))
    """The clock checkpoint: as of action ``seq``, charged up to the last heartbeat."""
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class GameAction(Base):
    """One accepted action of a game, with the events it caused (JSON)."""

    __tablename__ = "game_action"
    __table_args__ = (UniqueConstraint("game_id", "seq", name="uq_game_action_game_id_seq"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"))
    seq: Mapped[int] = mapped_column(Integer)
    action: Mapped[dict[str, Any]] = mapped_column(JSON)
    events: Mapped[list[Any]] = mapped_column(JSON)
    player_id: Mapped[int | None] = mapped_column(ForeignKey("player.id"))
    clock: Mapped[dict[str, Any] | None] = mapped_column(JSON(none_as_null=True))
    """Both clocks just after this action (a clocked game's), as ``MatchClock.to_dict``."""
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class Analysis(Base):
    """An analysis of a game as played up to action ``seq``: its progress, then its result.

    One row per game and ``seq``: a finished analysis stays with its game when
    the game goes on and is analysed again. Each start of the row (a failed or
    abandoned one starts over) is a new ``attempt``: only the job of the current
    attempt may write into the row, so a replaced job never overwrites its successor.
    """

    __tablename__ = "analysis"
    __table_args__ = (UniqueConstraint("game_id", "seq", name="uq_analysis_game_id_seq"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"))
    seq: Mapped[int] = mapped_column(Integer)
    status: Mapped[str] = mapped_column(String(16))
    done: Mapped[int] = mapped_column(Integer, default=0)
    total: Mapped[int] = mapped_column(Integer, default=0)
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    error: Mapped[str | None] = mapped_column(String(500))
    attempt: Mapped[int] = mapped_column(Integer, default=1)
    started_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    """When the current attempt's job claimed the row; None while it waits for a worker."""
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class TrainerProgress(Base):
    """A player's progress in one kind of rules drill under one rule set: answers, the
    streak of right answers and the level reached (guests too)."""

    __tablename__ = "trainer_progress"
    __table_args__ = (
        UniqueConstraint(
            "player_id", "kind", "rules", name="uq_trainer_progress_player_kind_rules"
        ),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("player.id", ondelete="CASCADE"), index=True)
    kind: Mapped[str] = mapped_column(String(16))
    rules: Mapped[str] = mapped_column(String(16))
    level: Mapped[str] = mapped_column(String(8))
    answered: Mapped[int] = mapped_column(Integer, default=0)
    right: Mapped[int] = mapped_column(Integer, default=0)
    streak: Mapped[int] = mapped_column(Integer, default=0)
    best_streak: Mapped[int] = mapped_column(Integer, default=0)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class MistakePuzzle(Base):
    """One marked checker play of an analysed game, kept as a puzzle for the player
    who made it: the position, the dice, the rules (``RuleSet`` fields), the play
    made and the best with their equities, the analysis's ranking of every legal
    play, and where the puzzle stands in the Leitner boxes (``box``, ``due_at``)."""

    __tablename__ = "mistake_puzzle"
    __table_args__ = (
        UniqueConstraint(
            "player_id",
            "game_id",
            "game_number",
            "move",
            name="uq_mistake_puzzle_player_game_move",
        ),
        Index("ix_mistake_puzzle_player_id_due_at", "player_id", "due_at"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("player.id", ondelete="CASCADE"))
    game_id: Mapped[int] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"), index=True)
    game_number: Mapped[int] = mapped_column(Integer)
    move: Mapped[int] = mapped_column(Integer)
    side: Mapped[str] = mapped_column(String(8))
    position_id: Mapped[str] = mapped_column(String(20))
    dice: Mapped[str] = mapped_column(String(2))
    rules: Mapped[dict[str, Any]] = mapped_column(JSON)
    played: Mapped[str] = mapped_column(String(80))
    played_equity: Mapped[float] = mapped_column(Float)
    best: Mapped[str] = mapped_column(String(80))
    best_equity: Mapped[float] = mapped_column(Float)
    mark: Mapped[str] = mapped_column(String(16))
    tolerance: Mapped[float] = mapped_column(Float)
    ranking: Mapped[list[Any]] = mapped_column(JSON)
    box: Mapped[int] = mapped_column(Integer, default=1)
    due_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    answered: Mapped[int] = mapped_column(Integer, default=0)
    right: Mapped[int] = mapped_column(Integer, default=0)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    answered_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class RatingChange(Base):
    """One player's rating before and after one rated match (the rating history)."""

    __tablename__ = "rating_change"
    __table_args__ = (
        UniqueConstraint("game_id", "player_id", name="uq_rating_change_game_id_player_id"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("player.id", ondelete="CASCADE"), index=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"))
    opponent_id: Mapped[int] = mapped_column(ForeignKey("player.id", ondelete="CASCADE"))
    won: Mapped[bool] = mapped_column(Boolean)
    length: Mapped[int] = mapped_column(Integer)
    rating_before: Mapped[float] = mapped_column(Float)
    rating_after: Mapped[float] = mapped_column(Float)
    experience_after: Mapped[int] = mapped_column(Integer)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class Challenge(Base):
    """An open challenge in the lobby; ``taken_by`` is set once, by one conditional UPDATE."""

    __tablename__ = "challenge"

    id: Mapped[int] = mapped_column(primary_key=True)
    public_id: Mapped[str] = mapped_column(String(32), unique=True)
    creator_id: Mapped[int] = mapped_column(ForeignKey("player.id", ondelete="CASCADE"))
    status: Mapped[str] = mapped_column(String(16), index=True)
    terms: Mapped[dict[str, Any]] = mapped_column(JSON)
    """The challenge as created (length, rules, cube, clock, rated, rating range)."""
    taken_by: Mapped[int | None] = mapped_column(ForeignKey("player.id", ondelete="SET NULL"))
    game_public_id: Mapped[str | None] = mapped_column(String(32))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class ChatMessage(Base):
    """One chat line of a game: ``room`` players or spectators; free ``text`` or a ``phrase``."""

    __tablename__ = "chat_message"

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"), index=True)
    room: Mapped[str] = mapped_column(String(16))
    player_id: Mapped[int] = mapped_column(ForeignKey("player.id"))
    name: Mapped[str] = mapped_column(String(40))
    side: Mapped[str | None] = mapped_column(String(8))
    text: Mapped[str | None] = mapped_column(String(300))
    phrase: Mapped[str | None] = mapped_column(String(32))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class DiceTally(Base):
    """Running dice counts of finished games: ``scope`` "all", or "player:<id>"."""

    __tablename__ = "dice_tally"

    id: Mapped[int] = mapped_column(primary_key=True)
    scope: Mapped[str] = mapped_column(String(32), unique=True)
    rolls: Mapped[int] = mapped_column(Integer, default=0)
    faces: Mapped[list[int]] = mapped_column(JSON)
    doubles: Mapped[int] = mapped_column(Integer, default=0)
