"""The match equity table: gnubg's Kazaross XG2 file, read whole, and bgsage agrees with it."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from nard.ai.met import equity_after, match_equity, table

AWAY = st.integers(min_value=1, max_value=40)


def test_the_table_is_kazaross_xg2_to_25_points() -> None:
    met = table()
    assert met.name == "Kazaross XG2 25 point MET"
    assert met.size == 25 and len(met.post) == 25
    # Values gnubg 1.07 prints with `show matchequitytable`.
    assert met.pre[0][1] == 0.67736 and met.pre[4][4] == 0.5 and met.pre[2][4] == 0.64795
    assert met.post[1] == 0.48803 and met.post[4] == 0.19012


@given(AWAY, AWAY)
def test_the_two_sides_chances_add_up_to_one(away: int, opponent_away: int) -> None:
    for post in (False, True):
        mine = match_equity(away, opponent_away, post_crawford=post)
        theirs = match_equity(opponent_away, away, post_crawford=post)
        assert mine + theirs == pytest.approx(1.0, abs=2e-5)
        assert 0.0 <= mine <= 1.0


@given(AWAY, AWAY)
def test_needing_fewer_points_is_never_worse(away: int, opponent_away: int) -> None:
    if away > 1:
        assert match_equity(away - 1, opponent_away) >= match_equity(away, opponent_away)


def test_bgsage_uses_the_same_table() -> None:
    bgbot_cpp = pytest.importorskip("bgbot_cpp")
    for away in range(1, 26):
        for opponent_away in range(1, 26):
            ours = match_equity(away, opponent_away)
            assert bgbot_cpp.get_met(away, opponent_away, False) == pytest.approx(ours, abs=1e-6)
        post = match_equity(1, away, post_crawford=True)
        assert bgbot_cpp.get_met(1, away, True) == pytest.approx(post, abs=1e-6)


def test_the_game_after_the_crawford_game_is_post_crawford() -> None:
    # Reaching 1-away in a normal game: the Crawford game comes next (pre-Crawford table).
    assert equity_after(3, 4, 2, crawford=False) == match_equity(1, 4)
    # Losing the Crawford game by one point: the next game is post-Crawford.
    assert equity_after(1, 4, -1, crawford=True) == match_equity(1, 3, post_crawford=True)
    assert equity_after(1, 4, -1, crawford=True) != match_equity(1, 3)
    assert equity_after(2, 2, 4, crawford=False) == 1.0
    assert equity_after(2, 2, -2, crawford=False) == 0.0
