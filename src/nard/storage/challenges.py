"""Open challenges of the lobby, and the games they became."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import func, select, update
from sqlalchemy.orm import Session

from nard.storage.models import (
    Challenge,
    Game,
    Player,
)


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
