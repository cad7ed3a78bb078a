"""Ratings: claiming a finished game for the ratings, moving them, their history."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from sqlalchemy import func, select, update
from sqlalchemy.orm import Session

from nard.storage.models import (
    Game,
    Player,
    RatingChange,
    utcnow,
)


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
