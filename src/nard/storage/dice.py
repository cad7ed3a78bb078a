"""The dice tallies: every finished game's rolls counted once, per scope."""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import select, update
from sqlalchemy.dialects.postgresql import insert as postgresql_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.orm import Session

from nard.storage.models import (
    DiceTally,
    Game,
)


class DiceRepository:
    """The dice tallies: each finished game counted once, into "all" and its players'."""

    def __init__(self, session: Session) -> None:
        self.session = session

    def count_game(
        self, game_id: int, scopes: Sequence[str], rolls: int, faces: Sequence[int], doubles: int
    ) -> bool:
        """Add one game's dice to each scope's tally; False if it was counted already.

        The ``dice_counted`` guard and the additions go in the caller's one
        transaction, so a game is counted once even if two processes (or a
        restart) see it finish.
        """
        marked = self.session.execute(
            update(Game)
            .where(Game.id == game_id, Game.dice_counted.is_(False))
            .values(dice_counted=True)
        )
        if not marked.rowcount:  # type: ignore[attr-defined]
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
