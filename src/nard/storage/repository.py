"""Every query of the application: the only module that builds SQL.

The repositories take a :class:`~sqlalchemy.orm.Session` and never commit
except where a method says so: :meth:`GameRepository.append_actions` commits,
because an action counts only once it is durable (the server acknowledges it
only after this returns).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, bindparam, func, insert, or_, select, text, update
from sqlalchemy.dialects.postgresql import insert as postgresql_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from nard.storage.models import (
    Analysis,
    Challenge,
    ChatMessage,
    DiceTally,
    Game,
    GameAction,
    Player,
    PlayerToken,
    RatingChange,
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


class PlayerRepository:
    """Players and their login tokens (stored as SHA-256 hashes only)."""

    def __init__(self, session: Session) -> None:
        self.session = session

    def create(self, display_name: str) -> Player:
        player = Player(display_name=display_name)
        self.session.add(player)
        self.session.flush()
        return player

    def many(self, player_ids: Sequence[int]) -> dict[int, Player]:
        if not player_ids:
            return {}
        found = self.session.scalars(select(Player).where(Player.id.in_(player_ids)))
        return {player.id: player for player in found}

    def get(self, player_id: int) -> Player | None:
        return self.session.get(Player, player_id)

    def names(self, player_ids: Sequence[int]) -> dict[int, str]:
        rows = self.session.execute(
            select(Player.id, Player.display_name).where(Player.id.in_(player_ids))
        )
        return {row.id: row.display_name for row in rows}

    def by_username(self, username: str) -> Player | None:
        """The account with this username, whatever its case (``Ann`` finds ``ann``)."""
        return self.session.scalar(
            select(Player).where(func.lower(Player.username) == username.lower())
        )

    def add_token(self, player_id: int, token_hash: str) -> None:
        self.session.add(PlayerToken(player_id=player_id, token_hash=token_hash))
        self.session.flush()

    def by_token(
        self, token_hash: str, *, used_since: datetime | None = None
    ) -> tuple[Player, datetime] | None:
        """The player of a live token and when the token was last used (or made).

        A token not used since ``used_since`` has expired and finds no one.
        """
        last_used = func.coalesce(PlayerToken.last_used_at, PlayerToken.created_at)
        query = (
            select(Player, last_used)
            .join(PlayerToken, PlayerToken.player_id == Player.id)
            .where(PlayerToken.token_hash == token_hash, PlayerToken.revoked_at.is_(None))
        )
        if used_since is not None:
            query = query.where(last_used >= used_since)
        row = self.session.execute(query).first()
        return None if row is None else (row[0], row[1])

    def touch_token(self, token_hash: str) -> None:
        """Note that a token was used now (it expires that much later)."""
        self.session.execute(
            update(PlayerToken)
            .where(PlayerToken.token_hash == token_hash)
            .values(last_used_at=utcnow())
        )

    def revoke_token(self, token_hash: str) -> None:
        self.session.execute(
            update(PlayerToken)
            .where(PlayerToken.token_hash == token_hash, PlayerToken.revoked_at.is_(None))
            .values(revoked_at=utcnow())
        )

    def revoke_other_tokens(self, player_id: int, keep_hash: str) -> None:
        self.session.execute(
            update(PlayerToken)
            .where(
                PlayerToken.player_id == player_id,
                PlayerToken.token_hash != keep_hash,
                PlayerToken.revoked_at.is_(None),
            )
            .values(revoked_at=utcnow())
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

    def append_actions(self, entries: Sequence[LoggedAction]) -> list[bool]:
        """Log a batch of actions in one transaction and commit it (a group commit).

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
        if len(entries) > 1:
            try:
                self._write(entries)
                return [True] * len(entries)
            except ConflictError:
                pass
        saved = []
        for entry in entries:
            try:
                self._write([entry])
                saved.append(True)
            except ConflictError:
                saved.append(False)
        return saved

    def _write(self, entries: Sequence[LoggedAction]) -> None:
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
            self.session.commit()
        except IntegrityError as error:
            self.session.rollback()
            raise ConflictError("an action number is taken") from error
        except ConflictError:
            self.session.rollback()
            raise

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
        self.session.commit()

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


class AnalysisRepository:
    """Analyses of games: one row per game and analysed ``seq``, the latest one current."""

    def __init__(self, session: Session) -> None:
        self.session = session

    def latest(self, game_id: int) -> Analysis | None:
        """The game's most recent analysis (of the most actions), if any."""
        return self.session.scalar(
            select(Analysis)
            .where(Analysis.game_id == game_id)
            .order_by(Analysis.seq.desc(), Analysis.id.desc())
            .limit(1)
        )

    def done_of_player(
        self, player_id: int, *, limit: int = 100
    ) -> Sequence[tuple[Game, Analysis]]:
        """The finished analyses of a player's games, oldest game first."""
        rows = self.session.execute(
            select(Game, Analysis)
            .join(Analysis, Analysis.game_id == Game.id)
            .where(
                or_(Game.white_player_id == player_id, Game.black_player_id == player_id),
                Analysis.status == "done",
            )
            .order_by(Game.created_at.desc(), Analysis.seq.desc())
            .limit(limit)
        ).all()
        latest: dict[int, tuple[Game, Analysis]] = {}
        for game, analysis in rows:
            latest.setdefault(game.id, (game, analysis))
        return list(reversed(latest.values()))

    def begin(self, game_id: int, seq: int) -> Analysis:
        """A new attempt at analysing the game at ``seq``, waiting for its job to claim it
        (a failed or abandoned analysis starts over in its row, as the next attempt).

        The row is locked while its attempt moves on, so two processes starting it
        at once make two attempts, of which only the later one can write.
        """
        row = self.session.scalar(
            select(Analysis)
            .where(Analysis.game_id == game_id, Analysis.seq == seq)
            .with_for_update()
        )
        if row is None:
            row = Analysis(game_id=game_id, seq=seq, status="running", done=0, total=0, attempt=1)
            self.session.add(row)
        else:
            row.status, row.done, row.total = "running", 0, 0
            row.result = row.error = row.started_at = None
            row.attempt += 1
            row.updated_at = utcnow()
        self.session.flush()
        return row

    def claim(self, analysis_id: int, attempt: int) -> bool:
        """Start the ``attempt`` of a running analysis: True for its one job, False when
        it was started already (the same job taken twice) or is no longer the current one.
        """
        now = utcnow()
        claimed = self.session.execute(
            update(Analysis)
            .where(
                Analysis.id == analysis_id,
                Analysis.attempt == attempt,
                Analysis.status == "running",
                Analysis.started_at.is_(None),
            )
            .values(started_at=now, updated_at=now)
        )
        return bool(claimed.rowcount)  # type: ignore[attr-defined]

    def progress(self, analysis_id: int, attempt: int, done: int, total: int) -> bool:
        """Note how far a running attempt is; False when it is no longer the running one."""
        result = self.session.execute(
            update(Analysis)
            .where(
                Analysis.id == analysis_id,
                Analysis.attempt == attempt,
                Analysis.status == "running",
            )
            .values(done=done, total=total, updated_at=utcnow())
        )
        return bool(result.rowcount)  # type: ignore[attr-defined]

    def replace_running(self, game_id: int, seq: int) -> None:
        """Fail the game's running analyses of other ``seq`` (a newer one replaces them)."""
        self.session.execute(
            update(Analysis)
            .where(Analysis.game_id == game_id, Analysis.seq != seq, Analysis.status == "running")
            .values(status="failed", error="replaced by a newer analysis", updated_at=utcnow())
        )

    def finish(
        self,
        analysis_id: int,
        attempt: int,
        *,
        result: dict[str, Any] | None,
        error: str | None = None,
    ) -> bool:
        """Record the result (status ``done``) or the error (``failed``) of a running
        attempt; False when it is no longer the running one (replaced, started again,
        or finished by another)."""
        values: dict[str, Any] = {"result": result, "error": error, "updated_at": utcnow()}
        values["status"] = "failed" if error is not None else "done"
        if error is None:
            values["done"] = Analysis.total
        finished = self.session.execute(
            update(Analysis)
            .where(
                Analysis.id == analysis_id,
                Analysis.attempt == attempt,
                Analysis.status == "running",
            )
            .values(values)
        )
        return bool(finished.rowcount)  # type: ignore[attr-defined]


class RatingRepository:
    """Ratings: moved once per rated match, their history, the leaderboard."""

    def __init__(self, session: Session) -> None:
        self.session = session

    def claim(self, game_id: int) -> bool:
        """Take the right to move a finished rated game's ratings; True for the one taker.

        The conditional UPDATE of ``game.rated_at`` is the one gate: of two
        processes (or a listener run twice) only one transaction changes that
        row, and the other waits for it and then changes nothing.
        """
        gate = self.session.execute(
            update(Game)
            .where(Game.id == game_id, Game.rated.is_(True), Game.rated_at.is_(None))
            .values(rated_at=utcnow())
        )
        return bool(gate.rowcount)  # type: ignore[attr-defined]

    def accounts(self, winner_id: int, loser_id: int) -> tuple[Player, Player] | None:
        """Both players, locked (in id order, so two matches ending at once for the same
        player wait for each other), if they are two different accounts."""
        if winner_id == loser_id:
            return None
        players = {
            player.id: player
            for player in self.session.scalars(
                select(Player)
                .where(Player.id.in_((winner_id, loser_id)))
                .order_by(Player.id)
                .with_for_update()
            )
        }
        winner, loser = players.get(winner_id), players.get(loser_id)
        if winner is None or loser is None or winner.username is None or loser.username is None:
            return None
        return winner, loser

    def move(
        self,
        game_id: int,
        player: Player,
        opponent: Player,
        *,
        won: bool,
        length: int,
        rating: float,
        experience: int,
    ) -> None:
        """Set a player's new rating and experience, and keep the change in the history."""
        self.session.add(
            RatingChange(
                player_id=player.id,
                game_id=game_id,
                opponent_id=opponent.id,
                won=won,
                length=length,
                rating_before=player.rating,
                rating_after=rating,
                experience_after=experience,
            )
        )
        player.rating, player.experience = rating, experience
        self.session.flush()

    def unapplied(self) -> Sequence[Game]:
        """Finished rated games whose ratings have not moved yet (to finish after a start)."""
        return self.session.scalars(
            select(Game).where(
                Game.rated.is_(True), Game.rated_at.is_(None), Game.status == "finished"
            )
        ).all()

    def history(self, player_id: int, *, limit: int = 200) -> list[tuple[RatingChange, str, str]]:
        """A player's rating changes, oldest first (the last ``limit``), each with its
        match's public id and spectator token."""
        newest = self.session.execute(
            select(RatingChange, Game.public_id, Game.watch_token)
            .join(Game, Game.id == RatingChange.game_id)
            .where(RatingChange.player_id == player_id)
            .order_by(RatingChange.created_at.desc(), RatingChange.id.desc())
            .limit(limit)
        ).all()
        return [(change, game, token) for change, game, token in reversed(newest)]

    def leaderboard(self, since: datetime, *, limit: int = 100) -> Sequence[Player]:
        """Accounts that finished a rated match since ``since``, best rating first."""
        active = select(RatingChange.player_id).where(RatingChange.created_at >= since)
        return self.session.scalars(
            select(Player)
            .where(Player.id.in_(active), Player.username.is_not(None))
            .order_by(Player.rating.desc(), Player.id)
            .limit(limit)
        ).all()

    def record(self, player_id: int) -> tuple[int, int]:
        """The player's rated wins and losses."""
        rows = self.session.execute(
            select(RatingChange.won, func.count())
            .where(RatingChange.player_id == player_id)
            .group_by(RatingChange.won)
        ).all()
        counts = {bool(won): int(count) for won, count in rows}
        return counts.get(True, 0), counts.get(False, 0)


class ChallengeRepository:
    """The lobby's challenges; each is taken at most once."""

    def __init__(self, session: Session) -> None:
        self.session = session

    def create_within(
        self, public_id: str, creator_id: int, terms: dict[str, Any], *, most_open: int
    ) -> Challenge | None:
        """A new open challenge, unless its creator has ``most_open`` open already.

        The creator's row is locked first, so two at once count one after the other.
        """
        self.session.scalar(select(Player.id).where(Player.id == creator_id).with_for_update())
        already = self.session.scalar(
            select(func.count())
            .select_from(Challenge)
            .where(Challenge.creator_id == creator_id, Challenge.status == "open")
        )
        if (already or 0) >= most_open:
            return None
        return self.create(public_id, creator_id, terms)

    def create(self, public_id: str, creator_id: int, terms: dict[str, Any]) -> Challenge:
        challenge = Challenge(
            public_id=public_id, creator_id=creator_id, status="open", terms=terms
        )
        self.session.add(challenge)
        self.session.flush()
        return challenge

    def by_public_id(self, public_id: str) -> Challenge | None:
        return self.session.scalar(select(Challenge).where(Challenge.public_id == public_id))

    def open(self) -> Sequence[Challenge]:
        return self.session.scalars(
            select(Challenge).where(Challenge.status == "open").order_by(Challenge.id)
        ).all()

    def take(self, challenge_id: int, player_id: int) -> bool:
        """Take an open challenge: a single conditional UPDATE, so only one taker wins."""
        result = self.session.execute(
            update(Challenge)
            .where(
                Challenge.id == challenge_id,
                Challenge.status == "open",
                Challenge.taken_by.is_(None),
                Challenge.creator_id != player_id,
            )
            .values(status="taken", taken_by=player_id)
        )
        return bool(result.rowcount)  # type: ignore[attr-defined]

    def games_in_play(self, *, limit: int = 50) -> Sequence[Game]:
        """The unfinished games started in the lobby, newest first."""
        return self.session.scalars(
            select(Game)
            .join(Challenge, Challenge.game_public_id == Game.public_id)
            .where(Game.status == "active")
            .order_by(Game.id.desc())
            .limit(limit)
        ).all()

    def set_game(self, challenge_id: int, game_public_id: str) -> None:
        self.session.execute(
            update(Challenge)
            .where(Challenge.id == challenge_id)
            .values(game_public_id=game_public_id)
        )

    def cancel(self, public_id: str, creator_id: int) -> bool:
        """Withdraw one's own open challenge; False if it is gone or taken."""
        result = self.session.execute(
            update(Challenge)
            .where(
                Challenge.public_id == public_id,
                Challenge.creator_id == creator_id,
                Challenge.status == "open",
            )
            .values(status="cancelled")
        )
        return bool(result.rowcount)  # type: ignore[attr-defined]


class ChatRepository:
    """A game's chat lines, oldest first."""

    def __init__(self, session: Session) -> None:
        self.session = session

    def add(self, **fields: Any) -> ChatMessage:
        row = ChatMessage(**fields)
        self.session.add(row)
        self.session.flush()
        return row

    def of_game(
        self,
        game_id: int,
        rooms: Sequence[str],
        *,
        before: int | None = None,
        limit: int | None = None,
    ) -> Sequence[ChatMessage]:
        """The lines in ``rooms``, oldest first: with ``limit``, the newest so many of those
        before the line ``before`` (all lines without it)."""
        query = select(ChatMessage).where(
            ChatMessage.game_id == game_id, ChatMessage.room.in_(rooms)
        )
        if before is not None:
            query = query.where(ChatMessage.id < before)
        if limit is None:
            return self.session.scalars(query.order_by(ChatMessage.id)).all()
        newest = self.session.scalars(query.order_by(ChatMessage.id.desc()).limit(limit)).all()
        return newest[::-1]

    def count(self, game_id: int, room: str) -> int:
        """How many lines a game's room holds."""
        return (
            self.session.scalar(
                select(func.count())
                .select_from(ChatMessage)
                .where(ChatMessage.game_id == game_id, ChatMessage.room == room)
            )
            or 0
        )


class DiceRepository:
    """The dice tallies: each finished game counted once, into "all" and its players'."""

    def __init__(self, session: Session) -> None:
        self.session = session

    def count_game(
        self, game_id: int, scopes: Sequence[str], rolls: int, faces: Sequence[int], doubles: int
    ) -> bool:
        """Add one game's dice to each scope's tally; False if it was counted already.

        The ``dice_counted`` guard and the additions commit together, so a game
        is counted once even if two processes (or a restart) see it finish.
        """
        marked = self.session.execute(
            update(Game)
            .where(Game.id == game_id, Game.dice_counted.is_(False))
            .values(dice_counted=True)
        )
        if not marked.rowcount:  # type: ignore[attr-defined]
            self.session.rollback()
            return False
        # In one order, so that two games finishing at once never wait on each other.
        for scope in sorted(set(scopes)):
            self._open(scope)
            row = self.session.scalars(
                select(DiceTally).where(DiceTally.scope == scope).with_for_update()
            ).one()
            row.rolls += rolls
            row.faces = [a + b for a, b in zip(row.faces, faces, strict=True)]
            row.doubles += doubles
        self.session.commit()
        return True

    def _open(self, scope: str) -> None:
        """Make the scope's empty tally unless it is there: a plain INSERT of the first
        game of a scope, made by two processes at once, would break the unique key."""
        values = {"scope": scope, "rolls": 0, "faces": [0] * 6, "doubles": 0}
        dialect = self.session.get_bind().dialect.name
        upsert = sqlite_insert if dialect == "sqlite" else postgresql_insert
        self.session.execute(
            upsert(DiceTally).values(**values).on_conflict_do_nothing(index_elements=["scope"])
        )

    def tally(self, scope: str) -> DiceTally | None:
        return self.session.scalar(select(DiceTally).where(DiceTally.scope == scope))

    def uncounted(self) -> Sequence[int]:
        """The finished games whose dice are not in the tallies yet (a count that failed,
        or was cut off by a crash), oldest first."""
        return self.session.scalars(
            select(Game.id)
            .where(Game.status == "finished", Game.dice_counted.is_(False))
            .order_by(Game.id)
        ).all()
