"""When a puzzle comes back: Leitner boxes (Sebastian Leitner's card box).

Every puzzle starts in box 1, due at once. Solved, it moves up one box and
comes back after that box's interval (a day, three days, a week, three weeks);
missed, it drops back to box 1 and comes back after :data:`RETRY` (later the
same day: across games, not at once). Solved before it is due (practised
early), it stays where it is: only a due puzzle solved moves up, so a puzzle
cannot be mastered in one sitting. A puzzle in the last box is
**mastered**: solved :data:`MASTERED_AFTER` times in a row. Missed once, it is
no longer mastered. Time is passed in, so the rule is tested without a clock.

>>> from datetime import datetime, timezone
>>> now = datetime(2026, 12, 1, tzinfo=timezone.utc)
>>> card = Card(box=1, due=now)
>>> card = review(card, right=True, now=now)
>>> card.box, card.due - now
(2, datetime.timedelta(days=1))
>>> review(card, right=False, now=now).box
1
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Final

INTERVALS: Final[dict[int, timedelta]] = {
    2: timedelta(days=1),
    3: timedelta(days=3),
    4: timedelta(days=7),
    5: timedelta(days=21),
}
"""How long a puzzle just moved up to a box waits before it is due again."""
LAST_BOX: Final = max(INTERVALS)
RETRY: Final = timedelta(minutes=10)
"""How long a missed puzzle waits before it is due again."""
MASTERED_AFTER: Final = LAST_BOX - 1
"""Right answers in a row that take a puzzle from box 1 to the last box."""


@dataclass(frozen=True, slots=True)
class Card:
    """A puzzle's place in the boxes: its box and when it is due."""

    box: int
    due: datetime

    @property
    def mastered(self) -> bool:
        return self.box >= LAST_BOX

    def is_due(self, now: datetime) -> bool:
        return self.due <= now


def new_card(now: datetime) -> Card:
    """A new puzzle: box 1, due at once."""
    return Card(box=1, due=now)


def review(card: Card, *, right: bool, now: datetime) -> Card:
    """Where ``card`` goes after an answer at ``now``: up a box when right and due,
    back to box 1 when missed (due or not)."""
    if not right:
        return Card(box=1, due=now + RETRY)
    if not card.is_due(now):
        return card
    box = min(card.box + 1, LAST_BOX)
    return Card(box=box, due=now + INTERVALS[box])
