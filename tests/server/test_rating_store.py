"""The ratings' transaction on a real database (SQLite and PostgreSQL): applied exactly
once, history kept, the experience boost ending at 400, the leaderboard."""

from __future__ import annotations

import secrets
import threading
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from sqlalchemy.orm import Session, sessionmaker

from nard.match.ratings import RatingChange
from nard.server.games.ratings import move_ratings
from nard.storage.games import GameRepository
from nard.storage.models import Player
from nard.storage.players import PlayerRepository
from nard.storage.ratings import RatingRepository
from nard.storage.session import make_engine, make_sessions, migrate
from tests.dbs import database_url


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def sessions(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[sessionmaker[Session]]:
    folder: Path = tmp_path_factory.mktemp("ratingdb")
    with database_url(request.param, folder) as url:
        engine = make_engine(url)
        migrate(engine)
        yield make_sessions(engine)
        engine.dispose()


def _account(session: Session, experience: int = 0, rating: float = 1500.0) -> int:
    player = PlayerRepository(session).create("p")
    player.username = f"u{secrets.token_hex(6)}"
    player.experience, player.rating = experience, rating
    session.commit()
    return player.id


def _rated_game(session: Session, white: int, black: int, length: int) -> int:
    game = GameRepository(session).create(
        public_id=secrets.token_urlsafe(12),
        mode="friend",
        status="finished",
        settings={"length": length},
        white_player_id=white,
        black_player_id=black,
        watch_token=secrets.token_urlsafe(32),
        client_seeds=[],
        seq=0,
        snapshot={},
        rated=True,
    )
    session.commit()
    return game.id


def _apply(
    sessions: sessionmaker[Session], game: int, winner: int, loser: int, length: int
) -> RatingChange | None:
    with sessions() as session:
        change = move_ratings(session, game, winner, loser, length)
        session.commit()
        return change


def _player(sessions: sessionmaker[Session], player_id: int) -> Player:
    with sessions() as session:
        player = session.get(Player, player_id)
        assert player is not None
        return player


def test_the_boost_ends_when_experience_reaches_400(sessions: sessionmaker[Session]) -> None:
    with sessions() as session:
        a, b = _account(session, experience=398), _account(session, experience=398)
        first = _rated_game(session, a, b, 2)
    # Both 1500 with experience 398, a 2-point match: P_upset = 0.5, the change
    # 4·√2·0.5 = 2.828427, boosted by 5 - 398/100 = 1.02: ±2.884996.
    change = _apply(sessions, first, a, b, 2)
    assert change is not None and change.winner_boost == pytest.approx(1.02)
    assert _player(sessions, a).rating == pytest.approx(1502.884996, abs=1e-6)
    assert _player(sessions, b).rating == pytest.approx(1497.115004, abs=1e-6)
    assert _player(sessions, a).experience == 400
    with sessions() as session:
        second = _rated_game(session, b, a, 1)
    # Now 400 each: no boost. D = 5.769991, P_upset = 1/(10^(5.769991/2000) + 1)
    # = 0.498339; b, the lower rated, wins, so the loser's chance was 1 - 0.498339
    # = 0.501661 and the change 4·√1·0.501661 = 2.006643.
    change = _apply(sessions, second, b, a, 1)
    assert change is not None and (change.winner_boost, change.loser_boost) == (1.0, 1.0)
    assert _player(sessions, b).rating == pytest.approx(1499.121647, abs=1e-6)
    assert _player(sessions, a).rating == pytest.approx(1500.878353, abs=1e-6)
    with sessions() as session:
        history = RatingRepository(session).history(a)
        assert [round(c.rating_after, 6) for c, *_ in history] == [1502.884996, 1500.878353]
        assert RatingRepository(session).record(a) == (1, 1)


def test_a_rating_is_applied_once_however_often_it_is_asked(
    sessions: sessionmaker[Session],
) -> None:
    with sessions() as session:
        a, b = _account(session), _account(session)
        game = _rated_game(session, a, b, 1)
    results: list[RatingChange | None] = []
    barrier = threading.Barrier(4)

    def racer() -> None:
        barrier.wait()
        results.append(_apply(sessions, game, a, b, 1))

    threads = [threading.Thread(target=racer) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sum(result is not None for result in results) == 1
    assert _apply(sessions, game, a, b, 1) is None  # the listener running again
    assert (_player(sessions, a).rating, _player(sessions, b).rating) == (1510.0, 1490.0)
    with sessions() as session:
        assert len(RatingRepository(session).history(a)) == 1


def test_only_two_different_accounts_are_rated(sessions: sessionmaker[Session]) -> None:
    with sessions() as session:
        account = _account(session)
        guest = PlayerRepository(session).create("guest").id
        session.commit()
        with_guest = _rated_game(session, account, guest, 1)
        alone = _rated_game(session, account, account, 1)
    assert _apply(sessions, with_guest, account, guest, 1) is None
    assert _apply(sessions, alone, account, account, 1) is None
    assert _player(sessions, account).rating == 1500.0


def test_the_leaderboard_lists_active_accounts_best_first(
    sessions: sessionmaker[Session],
) -> None:
    with sessions() as session:
        a, b, idle = _account(session), _account(session), _account(session, rating=3000.0)
        game = _rated_game(session, a, b, 1)
    _apply(sessions, game, b, a, 1)
    with sessions() as session:
        board = RatingRepository(session).leaderboard(datetime.now(UTC) - timedelta(days=1))
        ids = [player.id for player in board]
        assert idle not in ids  # never played rated: not active
        assert ids.index(b) < ids.index(a)
