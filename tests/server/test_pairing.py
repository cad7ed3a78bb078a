"""Quick-match pairing (pure): the window widens with the time waited (injected)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from nard.server.lobby.pairing import (
    ANYONE_AFTER_S,
    BASE_WINDOW,
    WIDEN_PER_S,
    Seeker,
    pair,
    window,
)

FIVE = (5, "standard")


def test_the_window_widens_while_waiting_then_takes_anyone() -> None:
    seeker = Seeker(1, 1500.0, FIVE, since=100.0)
    assert window(seeker, 100.0) == BASE_WINDOW
    assert window(seeker, 110.0) == BASE_WINDOW + 10 * WIDEN_PER_S
    assert window(seeker, 100.0 + ANYONE_AFTER_S) == float("inf")


def test_far_apart_players_meet_once_both_windows_reach_the_gap() -> None:
    low = Seeker(1, 1400.0, FIVE, since=0.0)
    high = Seeker(2, 1700.0, FIVE, since=10.0)  # 300 apart; high started 10 s later
    # Both windows must reach 300: high's reaches it at 10 + (300 - 50)/10 = 35 s.
    assert pair([low, high], now=34.9) == []
    assert pair([low, high], now=35.0) == [(low, high)]


def test_only_the_same_length_and_rules_meet() -> None:
    a = Seeker(1, 1500.0, FIVE, since=0.0)
    b = Seeker(2, 1500.0, (3, "standard"), since=0.0)
    c = Seeker(3, 1500.0, (5, "iranian"), since=0.0)
    assert pair([a, b, c], now=1000.0) == []


def test_the_longest_waiting_gets_the_closest_rating() -> None:
    first = Seeker(1, 1500.0, FIVE, since=0.0)
    near = Seeker(2, 1510.0, FIVE, since=5.0)
    far = Seeker(3, 1540.0, FIVE, since=1.0)
    other = Seeker(4, 1545.0, FIVE, since=6.0)
    assert pair([far, other, near, first], now=6.0) == [(first, near), (far, other)]


def test_nobody_plays_themselves() -> None:
    assert pair([Seeker(1, 1500.0, FIVE, 0.0), Seeker(1, 1500.0, FIVE, 1.0)], now=99.0) == []


seekers = st.lists(
    st.builds(
        Seeker,
        st.integers(1, 30),
        st.floats(1000, 2000),
        st.sampled_from([FIVE, (1, "standard")]),
        st.floats(0, 100),
    ),
    max_size=20,
)


@given(seekers, st.floats(0, 200))
def test_each_seeker_is_in_one_pair_at_most_and_within_both_windows(
    waiting: list[Seeker], now: float
) -> None:
    pairs = pair(waiting, now)
    players = [seeker.player_id for two in pairs for seeker in two]
    assert len(players) == len(set(players))
    for a, b in pairs:
        assert a.terms == b.terms and a.player_id != b.player_id
        assert abs(a.rating - b.rating) <= min(window(a, now), window(b, now))
