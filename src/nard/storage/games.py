"""Games and their action logs: the games' rows, their seats and the group commit.

:class:`GameRepository` works in its caller's transaction (the package's rule);
:func:`append_actions` opens a session of its own for each group commit, and
so commits it: an action counts only once it is durable (the server
acknowledges it only after this returns).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, bindparam, insert, or_, select, text, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from nard.storage.models import (
    Game,
    GameAction,
    utcnow,
)


class ConflictError(Exception):
    """Another writer got there first: the action's sequence number is taken."""


@dataclass(frozen=True)
class LoggedAction:
    """Action number ``seq`` of a game, and the game row's fields after it."""

    game_id: int
    seq: int
    action: dict[str, Any]
    events: list[Any]
    player_id: int | None
    snapshot: dict[str, Any]
    status: str
    result: dict[str, Any] | None = None
    clock: dict[str, Any] | None = None
    """Both clocks after the action (clocked games), also the game's new checkpoint."""


# Bind names differ from the column names, which SQLAlchemy reserves for SET.
_MOVE_VALUES: dict[str, Any] = {
    "seq": bindparam("to_seq"),
    "snapshot": bindparam("to_snapshot"),
    "status": bindparam("to_status"),
    "clock": bindparam("to_clock"),
    "updated_at": bindparam("at"),
}
_MOVE = (
    update(Game)
    # A finished game (claimed, perhaps by another process) takes no more
    # actions, whatever the writer's copy of it says.
    .where(
        Game.id == bindparam("game"),
        Game.seq == bindparam("before"),
        Game.status != "finished",
    )
    .values(_MOVE_VALUES)
)
_MOVE_FINISHED = _MOVE.values(result=bindparam("to_result"), finished_at=bindparam("at"))

WRITER_LOCKS = 0x4E415244
"""The first key of every game's advisory lock ("NARD"), apart from other users'."""


def lock_games(connection: Connection, game_ids: Sequence[int]) -> None:
    """One writer per game at a time, on PostgreSQL: take each game's advisory
    transaction lock, in game order, before anything is written.

    Why a lock in the commit's transaction rather than a Redis lease with a
    fencing token: the database already is the fence (an action is written only
    if the game row is still at the action before it, so the loser of a race is
    refused, ``conflict``, and catches up); the lock is one more statement in a
    transaction that is open anyway, and it is let go with the transaction
    however that ends, even when the instance dies. A lease would add a second
    system that must agree with the first, and its expiry to tune. What the
    lock adds to the fence is the order: two group commits holding the same
    games in opposite orders would otherwise wait on each other's rows until
    PostgreSQL aborted one batch as a deadlock, failing every action in it.
    SQLite takes one writer at a time anyway (and one process uses it).
    """
    if connection.dialect.name != "postgresql" or not game_ids:
        return
    connection.execute(_LOCK_GAMES, {"space": WRITER_LOCKS, "games": sorted(set(game_ids))})


# One statement for the whole batch; the ordered subquery feeds the locks in game order.
_LOCK_GAMES = text(
    "SELECT count(pg_advisory_xact_lock(CAST(:space AS integer), game)) FROM "
    "(SELECT game FROM unnest(CAST(:games AS integer[])) AS game ORDER BY game) AS ordered"
)


class GameRepository:
    """Games, their seats and their action logs."""

    def __init__(self, session: Session) -> None:
        self.session = session

    def create(self, **fields: Any) -> Game:
        game = Game(**fields)
        self.session.add(game)
        self.session.flush()
        return game

    def get(self, game_id: int) -> Game | None:
        return self.session.get(Game, game_id)

    def by_public_id(self, public_id: str) -> Game | None:
        return self.session.scalar(select(Game).where(Game.public_id == public_id))

    def by_invite(self, token: str) -> Game | None:
        return self.session.scalar(select(Game).where(Game.invite_token == token))

    def take_seat(self, game_id: int, side: str, player_id: int, token: str) -> bool:
        """Seat ``player_id`` if the invitation is still open; True for the one who gets it.

        A single conditional UPDATE, so two people opening the link at once
        cannot both take the seat.
        """
        column = Game.white_player_id if side == "white" else Game.black_player_id
        result = self.session.execute(
            update(Game)
            .where(Game.id == game_id, Game.invite_token == token, column.is_(None))
            .values({column: player_id, "invite_token": None, "status": "active"})
        )
        return bool(result.rowcount)  # type: ignore[attr-defined]

    def unrate(self, game_id: int) -> None:
        """Make a game unrated (a guest took its seat) while no rating has moved."""
        self.session.execute(
            update(Game).where(Game.id == game_id, Game.rated_at.is_(None)).values(rated=False)
        )

    def set_client_seeds(self, game_id: int, seeds: list[str]) -> bool:
        """Record the client seeds, only while no action (so no roll) is logged."""
        result = self.session.execute(
            update(Game).where(Game.id == game_id, Game.seq == 0).values(client_seeds=seeds)
        )
        return bool(result.rowcount)  # type: ignore[attr-defined]

    def log_actions(self, entries: Sequence[LoggedAction]) -> None:
        """Write a batch of actions and move their games (see :func:`append_actions`);
        :class:`ConflictError` if any is refused (the caller rolls back)."""
        now = utcnow()
        # Core statements executed once for the whole batch (executemany): this
        # runs for every action, and the unit of work would only add overhead.
        connection = self.session.connection()
        try:
            lock_games(connection, [entry.game_id for entry in entries])
            connection.execute(
                insert(GameAction),
                [
                    {
                        "game_id": entry.game_id,
                        "seq": entry.seq,
                        "action": entry.action,
                        "events": entry.events,
                        "player_id": entry.player_id,
                        "clock": entry.clock,
                        "created_at": now,
                    }
                    for entry in entries
                ],
            )
            for finishing in (False, True):
                rows = [
                    {
                        "game": entry.game_id,
                        "before": entry.seq - 1,
                        "to_seq": entry.seq,
                        "to_snapshot": entry.snapshot,
                        "to_status": entry.status,
                        "to_clock": entry.clock,
                        "at": now,
                    }
                    | ({"to_result": entry.result} if finishing else {})
                    for entry in entries
                    if (entry.result is not None) is finishing
                ]
                if not rows:
                    continue
                moved = connection.execute(_MOVE_FINISHED if finishing else _MOVE, rows)
                if moved.rowcount != len(rows):
                    raise ConflictError("a game is not at the action before the one logged")
        except IntegrityError as error:
            raise ConflictError("an action number is taken") from error

    def finish(
        self,
        game_id: int,
        *,
        status: str,
        result: dict[str, Any],
        seq: int | None = None,
        clock: dict[str, Any] | None = None,
    ) -> bool:
        """End a game outside its action log (a claim, a time-out); True if it was still
        open (and, given ``seq``, still at that action)."""
        now = utcnow()
        values: dict[str, Any] = {
            "status": status,
            "result": result,
            "finished_at": now,
            "updated_at": now,
        }
        if clock is not None:
            values["clock"] = clock
        lock_games(self.session.connection(), [game_id])
        query = update(Game).where(Game.id == game_id, Game.status.in_(("waiting", "active")))
        if seq is not None:
            query = query.where(Game.seq == seq)
        outcome = self.session.execute(query.values(values))
        return bool(outcome.rowcount)  # type: ignore[attr-defined]

    def checkpoint_clocks(self, checkpoints: Sequence[tuple[int, int, dict[str, Any]]]) -> None:
        """Save ``(game_id, seq, clock)`` checkpoints of games still at action ``seq``."""
        if not checkpoints:
            return
        # In game order like the commits, whose games' rows these are too.
        lock_games(self.session.connection(), [game_id for game_id, _, _ in checkpoints])
        self.session.connection().execute(
            update(Game)
            .where(
                Game.id == bindparam("game"),
                Game.seq == bindparam("at_seq"),
                Game.status == "active",
            )
            .values(clock=bindparam("to_clock")),
            [
                {"game": game_id, "at_seq": seq, "to_clock": clock}
                for game_id, seq, clock in checkpoints
            ],
        )

    def active_clocked_games(self) -> Sequence[Game]:
        """The active games with a clock (to watch again after a start)."""
        return self.session.scalars(
            select(Game).where(Game.status == "active", Game.clock.is_not(None))
        ).all()

    def actions(self, game_id: int, *, after: int = 0) -> Sequence[GameAction]:
        """The logged actions with ``seq > after``, in order."""
        return self.session.scalars(
            select(GameAction)
            .where(GameAction.game_id == game_id, GameAction.seq > after)
            .order_by(GameAction.seq)
        ).all()

    def of_player(
        self, player_id: int, *, finished: bool | None = None, limit: int = 100
    ) -> Sequence[Game]:
        """A player's games, newest first; only finished or unfinished ones if asked."""
        query = select(Game).where(
            or_(Game.white_player_id == player_id, Game.black_player_id == player_id)
        )
        if finished is True:
            query = query.where(Game.status == "finished")
        elif finished is False:
            query = query.where(Game.status != "finished")
        return self.session.scalars(
            query.order_by(Game.updated_at.desc(), Game.id.desc()).limit(limit)
        ).all()

    def active_bot_games(self) -> Sequence[Game]:
        """Unfinished games against the bot, to resume after a restart."""
        return self.session.scalars(
            select(Game).where(Game.status == "active", Game.bot_side.is_not(None))
        ).all()


def append_actions(
    open_session: Callable[[], Session], entries: Sequence[LoggedAction]
) -> list[bool]:
    """Log a batch of actions in one transaction (a group commit), in a session of its
    own, whose transactions it therefore owns and commits.

    Returns, for each entry, whether it was saved. An entry is refused
    when its ``seq`` is taken or its game is not at ``seq - 1``: the unique
    ``(game_id, seq)`` and the ``seq = seq - 1`` guard make racing writers,
    even in two server processes, apply one action only. If any entry of
    the batch is refused the transaction is rolled back and the entries
    are written one transaction each, so one conflict costs the others
    nothing.
    """
    if not entries:
        return []
    with open_session() as session:
        games = GameRepository(session)

        def saved(batch: Sequence[LoggedAction]) -> bool:
            try:
                games.log_actions(batch)
                session.commit()
            except (ConflictError, IntegrityError):
                session.rollback()
                return False
            return True

        if len(entries) > 1 and saved(entries):
            return [True] * len(entries)
        return [saved([entry]) for entry in entries]
