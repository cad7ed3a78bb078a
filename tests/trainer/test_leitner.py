"""The Leitner boxes of practice puzzles, with the time passed in."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from nard.trainer.leitner import (
    INTERVALS,
    LAST_BOX,
    MASTERED_AFTER,
    RETRY,
    Card,
    new_card,
    review,
)

NOW = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)


def test_a_new_puzzle_is_due_at_once_in_the_first_box() -> None:
    card = new_card(NOW)
    assert card.box == 1 and card.is_due(NOW) and not card.mastered


def test_a_solved_puzzle_comes_back_later_each_time() -> None:
    card, now, waits = new_card(NOW), NOW, []
    for _ in range(MASTERED_AFTER):
        card = review(card, right=True, now=now)
        waits.append(card.due - now)
        assert not card.is_due(now) and card.is_due(card.due)
        now = card.due
    assert waits == sorted(waits) and len(set(waits)) == len(waits)
    assert card.box == LAST_BOX and card.mastered


def test_a_missed_puzzle_comes_back_sooner_than_a_solved_one() -> None:
    card = review(new_card(NOW), right=True, now=NOW)
    missed = review(card, right=False, now=NOW)
    solved = review(card, right=True, now=NOW)
    assert missed.box == 1 and missed.due == NOW + RETRY
    assert missed.due < solved.due


def test_mastered_means_solved_in_a_row_when_due_and_a_miss_undoes_it() -> None:
    card = new_card(NOW)
    for answer in [True] * (MASTERED_AFTER - 1) + [False] + [True] * (MASTERED_AFTER - 1):
        card = review(card, right=answer, now=card.due)
        assert not card.mastered
    card = review(card, right=True, now=card.due)
    assert card.mastered
    again = review(card, right=True, now=card.due)
    assert again.box == LAST_BOX and again.due == card.due + INTERVALS[LAST_BOX]
    assert not review(card, right=False, now=card.due).mastered


def test_solving_a_puzzle_before_it_is_due_does_not_move_it_but_a_miss_does() -> None:
    card = review(new_card(NOW), right=True, now=NOW)
    early = NOW + timedelta(hours=1)
    assert review(card, right=True, now=early) == card
    missed = review(card, right=False, now=early)
    assert missed.box == 1 and missed.due == early + RETRY


def test_due_is_inclusive() -> None:
    card = Card(box=2, due=NOW + timedelta(days=1))
    assert not card.is_due(NOW) and card.is_due(NOW + timedelta(days=1))
