"""Every query of the application: the only module that builds SQL.

The repositories take a :class:`~sqlalchemy.orm.Session` and never commit
except where a method says so: :meth:`GameRepository.append_action` commits,
because an action counts only once it is durable (the server acknowledges it
only after this returns).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import insert, or_, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from nard.storage.models import Game, GameAction, Player, PlayerToken, utcnow


class ConflictError(Exception):
    """Another writer got there first: the action's sequence number is taken."""


class PlayerRepository:
    """Players and their login tokens (stored as SHA-256 hashes only)."""

    def __init__(self, session: Session) -> None:
        self.session = session

    def create(self, display_name: str) -> Player:
        player = Player(display_name=display_name)
        self.session.add(player)
        self.session.flush()
        return player

    def get(self, player_id: int) -> Player | None:
        return self.session.get(Player, player_id)

    def names(self, player_ids: Sequence[int]) -> dict[int, str]:
        rows = self.session.execute(
            select(Player.id, Player.display_name).where(Player.id.in_(player_ids))
        )
        return {row.id: row.display_name for row in rows}

    def by_username(self, username: str) -> Player | None:
        return self.session.scalar(select(Player).where(Player.username == username))

    def add_token(self, player_id: int, token_hash: str) -> None:
        self.session.add(PlayerToken(player_id=player_id, token_hash=token_hash))
        self.session.flush()

    def by_token(self, token_hash: str) -> Player | None:
        return self.session.scalar(
            select(Player)
            .join(PlayerToken, PlayerToken.player_id == Player.id)
            .where(PlayerToken.token_hash == token_hash, PlayerToken.revoked_at.is_(None))
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

    def set_client_seeds(self, game_id: int, seeds: list[str]) -> bool:
        """Record the client seeds, only while no action (so no roll) is logged."""
        result = self.session.execute(
            update(Game).where(Game.id == game_id, Game.seq == 0).values(client_seeds=seeds)
        )
        return bool(result.rowcount)  # type: ignore[attr-defined]

    def append_action(
        self,
        game_id: int,
        seq: int,
        *,
        action: dict[str, Any],
        events: list[Any],
        player_id: int | None,
        snapshot: dict[str, Any],
        status: str,
        result: dict[str, Any] | None = None,
    ) -> None:
        """Log action number ``seq`` and move the game to it, then commit.

        Raises :class:`ConflictError` (and rolls back) when ``seq`` is already
        taken: the unique ``(game_id, seq)`` and the ``seq = seq - 1`` guard
        make racing writers apply one action only.
        """
        now = utcnow()
        try:
            # Core statements: this runs for every action, and the unit of work
            # would only add overhead to one INSERT and one UPDATE.
            self.session.execute(
                insert(GameAction).values(
                    game_id=game_id,
                    seq=seq,
                    action=action,
                    events=events,
                    player_id=player_id,
                    created_at=now,
                )
            )
            values: dict[str, Any] = {
                "seq": seq,
                "snapshot": snapshot,
                "status": status,
                "updated_at": now,
            }
            if result is not None:
                values |= {"result": result, "finished_at": now}
            moved = self.session.execute(
                update(Game).where(Game.id == game_id, Game.seq == seq - 1).values(values)
            )
            if not moved.rowcount:  # type: ignore[attr-defined]
                raise ConflictError(f"game {game_id} is past action {seq - 1}")
            self.session.commit()
        except IntegrityError as error:
            self.session.rollback()
            raise ConflictError(f"action {seq} of game {game_id} is taken") from error
        except ConflictError:
            self.session.rollback()
            raise

    def finish(self, game_id: int, *, status: str, result: dict[str, Any]) -> bool:
        """End a game outside its action log (a claim); True if it was still open."""
        outcome = self.session.execute(
            update(Game)
            .where(Game.id == game_id, Game.status.in_(("waiting", "active")))
            .values(status=status, result=result, finished_at=utcnow(), updated_at=utcnow())
        )
        return bool(outcome.rowcount)  # type: ignore[attr-defined]

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
