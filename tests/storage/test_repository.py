"""The repository on a migrated database (SQLite and PostgreSQL): the guarantees
the server relies on, checked directly."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import inspect
from sqlalchemy.orm import Session, sessionmaker

from nard.storage.analyses import AnalysisRepository
from nard.storage.games import GameRepository, LoggedAction, append_actions
from nard.storage.models import Analysis
from nard.storage.players import PlayerRepository
from nard.storage.session import make_engine, make_sessions, migrate
from tests.dbs import database_url


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def sessions(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[sessionmaker[Session]]:
    folder: Path = tmp_path_factory.mktemp("db")
    with database_url(request.param, folder) as url:
        engine = make_engine(url)
        migrate(engine)
        migrate(engine)  # a second start finds the schema current
        yield make_sessions(engine)
        engine.dispose()


def _logged(game_id: int, seq: int, **fields: Any) -> LoggedAction:
    values: dict[str, Any] = {
        "action": {"action": "roll"},
        "events": [],
        "player_id": None,
        "snapshot": {"seq": seq},
        "status": "finished" if fields.get("result") else "active",
    }
    return LoggedAction(game_id, seq, **(values | fields))


def _game(session: Session, **extra: object) -> int:
    import secrets

    fields = {
        "public_id": secrets.token_urlsafe(12),
        "mode": "friend",
        "status": "waiting",
        "settings": {},
        "watch_token": secrets.token_urlsafe(32),
        "invite_token": secrets.token_urlsafe(32),
        "client_seeds": [],
        "seq": 0,
        "snapshot": {},
    }
    fields.update(extra)
    game = GameRepository(session).create(**fields)
    session.commit()
    return game.id


def test_migrations_create_the_tables(sessions: sessionmaker[Session]) -> None:
    with sessions() as session:
        names = set(inspect(session.get_bind()).get_table_names())
    assert {"player", "player_token", "game", "game_action", "analysis", "alembic_version"} <= names


def test_the_same_action_number_twice_applies_once(
    sessions: sessionmaker[Session],
) -> None:
    with sessions() as session:
        game_id = _game(session)
    outcomes: list[str] = []
    barrier = threading.Barrier(2)

    def write() -> None:
        barrier.wait()
        entry = _logged(game_id, 1, action={"action": "double", "side": "white"})
        (saved,) = append_actions(sessions, [entry])
        outcomes.append("ok" if saved else "conflict")

    threads = [threading.Thread(target=write) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(outcomes) == ["conflict", "ok"]
    with sessions() as session:
        games = GameRepository(session)
        assert [row.seq for row in games.actions(game_id)] == [1]
        game = games.get(game_id)
        assert game is not None and game.seq == 1


def test_an_action_out_of_order_is_refused(sessions: sessionmaker[Session]) -> None:
    with sessions() as session:
        game_id = _game(session)
        assert append_actions(sessions, [_logged(game_id, 2)]) == [False]
        assert GameRepository(session).actions(game_id) == []


def test_a_batch_is_saved_in_one_go_and_moves_every_game(
    sessions: sessionmaker[Session],
) -> None:
    with sessions() as session:
        games = [_game(session) for _ in range(3)]
        result = {"winner": "white", "reason": "match_over", "score": [1, 0]}
        batch = [_logged(games[0], 1), _logged(games[1], 1), _logged(games[2], 1, result=result)]
        assert append_actions(sessions, batch) == [True, True, True]
    with sessions() as session:
        repository = GameRepository(session)
        rows = [repository.get(game_id) for game_id in games]
        assert [row.seq if row else None for row in rows] == [1, 1, 1]
        assert [row.snapshot if row else None for row in rows] == [{"seq": 1}] * 3
        last = rows[2]
        assert last is not None and last.status == "finished" and last.result == result
        assert last.finished_at is not None
        assert rows[0] is not None and rows[0].result is None and rows[0].finished_at is None
        assert [len(repository.actions(game_id)) for game_id in games] == [1, 1, 1]


def test_a_conflict_in_a_batch_refuses_that_entry_only(sessions: sessionmaker[Session]) -> None:
    with sessions() as session:
        first, second, third = (_game(session) for _ in range(3))
        repository = GameRepository(session)
        assert append_actions(sessions, [_logged(second, 1)]) == [True]
        batch = [
            _logged(first, 1),
            _logged(second, 1, action={"action": "take"}),  # seq 1 is taken
            _logged(third, 2),  # the game is at 0, not 1
            _logged(third, 1),
        ]
        assert append_actions(sessions, batch) == [True, False, False, True]
    with sessions() as session:
        repository = GameRepository(session)
        assert [row.action for row in repository.actions(second)] == [{"action": "roll"}]
        assert [row.seq for row in repository.actions(third)] == [1]
        assert [row.seq for row in repository.actions(first)] == [1]


def test_an_invitation_seats_one_player_only(sessions: sessionmaker[Session]) -> None:
    with sessions() as session:
        players = PlayerRepository(session)
        host, first, second = (players.create(name).id for name in ("host", "a", "b"))
        session.commit()
        game_id = _game(session, white_player_id=host)
        game = GameRepository(session).get(game_id)
        assert game is not None and game.invite_token is not None
        token = game.invite_token
    with sessions() as session:
        games = GameRepository(session)
        assert games.take_seat(game_id, "black", first, token)
        assert not games.take_seat(game_id, "black", second, token)
        session.commit()
        assert games.by_invite(token) is None


def test_revoked_tokens_find_no_player(sessions: sessionmaker[Session]) -> None:
    with sessions() as session:
        players = PlayerRepository(session)
        player = players.create("someone")
        players.add_token(player.id, "a" * 64)
        session.commit()
        found = players.by_token("a" * 64)
        assert found is not None and found[0].id == player.id
        players.revoke_token("a" * 64)
        session.commit()
        assert players.by_token("a" * 64) is None


def test_analyses_keep_their_progress_and_the_finished_ones_stay(
    sessions: sessionmaker[Session],
) -> None:
    with sessions() as session:
        game = _game(session)
        analyses = AnalysisRepository(session)
        assert analyses.latest(game) is None
        first = analyses.begin(game, 4).id
        session.commit()
        assert analyses.claim(first, 1)
        analyses.progress(first, 1, 3, 10)
        session.commit()
    with sessions() as session:  # another session (another process) reads the progress
        row = AnalysisRepository(session).latest(game)
        assert row is not None and (row.seq, row.status, row.done, row.total) == (
            4,
            "running",
            3,
            10,
        )
        AnalysisRepository(session).finish(first, 1, result={"games": [1]})
        session.commit()
    with sessions() as session:
        analyses = AnalysisRepository(session)
        done = analyses.latest(game)
        assert done is not None and (done.status, done.done, done.result) == (
            "done",
            10,
            {"games": [1]},
        )
        analyses.progress(first, 1, 5, 10)  # a late progress report changes a finished one not
        later = analyses.begin(game, 9).id
        session.commit()
        assert later != first
        latest = analyses.latest(game)
        assert latest is not None and (latest.seq, latest.status) == (9, "running")
        analyses.finish(later, 1, result=None, error="the engine failed")
        session.commit()
        kept = session.get(type(latest), first)
        assert kept is not None and (kept.status, kept.done, kept.result) == (
            "done",
            10,
            {"games": [1]},
        )
        again = analyses.begin(game, 9)  # a failed analysis starts over in its own row
        assert (again.id, again.status, again.error) == (later, "running", None)
        assert (again.attempt, again.started_at) == (2, None)


def test_a_newer_analysis_replaces_the_running_one_and_a_replaced_one_finishes_not(
    sessions: sessionmaker[Session],
) -> None:
    with sessions() as session:
        game = _game(session)
        analyses = AnalysisRepository(session)
        older, done = analyses.begin(game, 3).id, analyses.begin(game, 2).id
        assert analyses.finish(done, 1, result={"games": []})
        analyses.replace_running(game, 5)
        newer = analyses.begin(game, 5).id
        session.commit()
        assert not analyses.progress(older, 1, 1, 9)  # its worker stops here
        assert not analyses.finish(older, 1, result={"games": [1]})
        assert analyses.progress(newer, 1, 1, 9)
        session.commit()
        rows = {i: session.get(Analysis, i) or Analysis() for i in (older, done, newer)}
        assert (rows[older].status, rows[older].error) == ("failed", "replaced by a newer analysis")
        assert rows[done].status == "done" and rows[newer].status == "running"


def test_an_analysis_started_again_takes_writes_only_from_its_new_attempt(
    sessions: sessionmaker[Session],
) -> None:
    with sessions() as session:
        game = _game(session)
        analyses = AnalysisRepository(session)
        old = analyses.begin(game, 4)
        analysis, first = old.id, old.attempt
        session.commit()
        again = analyses.begin(game, 4)  # asked again: the same row, a new attempt
        assert (again.id, again.attempt) == (analysis, first + 1)
        session.commit()
        # The replaced attempt's job neither starts, nor reports, nor finishes it.
        assert not analyses.claim(analysis, first)
        assert not analyses.progress(analysis, first, 1, 9)
        assert not analyses.finish(analysis, first, result=None, error="replaced")
        assert analyses.claim(analysis, again.attempt)
        assert not analyses.claim(analysis, again.attempt)  # the same job taken twice
        assert analyses.progress(analysis, again.attempt, 2, 9)
        assert analyses.finish(analysis, again.attempt, result={"games": [1]})
        session.commit()
        row = session.get(Analysis, analysis)
        assert row is not None and (row.status, row.result, row.done) == ("done", {"games": [1]}, 9)
        assert row.started_at is not None


def test_two_workers_claim_one_attempt_once(sessions: sessionmaker[Session]) -> None:
    with sessions() as session:
        game = _game(session)
        begun = AnalysisRepository(session).begin(game, 4)
        analysis, attempt = begun.id, begun.attempt
        session.commit()
    ready = threading.Barrier(2)
    claims: list[bool] = []

    def claim() -> None:
        with sessions() as session:
            ready.wait()
            claims.append(AnalysisRepository(session).claim(analysis, attempt))
            session.commit()

    workers = [threading.Thread(target=claim) for _ in range(2)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    assert sorted(claims) == [False, True]


def test_client_seeds_are_set_only_before_the_first_action(
    sessions: sessionmaker[Session],
) -> None:
    # Fair dice: once a roll may have been drawn, the seeds behind it stay as they were.
    with sessions() as session:
        game_id = _game(session)
        games = GameRepository(session)
        assert games.set_client_seeds(game_id, ["early"])
        session.commit()
        assert append_actions(sessions, [_logged(game_id, 1)]) == [True]
        assert not games.set_client_seeds(game_id, ["late"])
        session.commit()
    with sessions() as session:
        game = GameRepository(session).get(game_id)
        assert game is not None and game.client_seeds == ["early"]


def _race(sessions: sessionmaker[Session], batches: list[list[LoggedAction]]) -> list[Any]:
    """Each batch appended by its own writer, all at once: what each got, or its error."""
    outcomes: list[Any] = [None] * len(batches)
    barrier = threading.Barrier(len(batches))

    def write(index: int) -> None:
        barrier.wait()
        try:
            outcomes[index] = append_actions(sessions, batches[index])
        except Exception as error:  # the failure the callers test for
            outcomes[index] = f"{type(error).__name__}: {str(error)[:80]}"

    threads = [threading.Thread(target=write, args=(index,)) for index in range(len(batches))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return outcomes


def test_two_writers_crossing_the_same_games_in_a_batch_apply_each_action_once(
    sessions: sessionmaker[Session],
) -> None:
    """Two instances' group commits holding the same two games in opposite orders:
    each game gets one action and the other writer hears ``conflict``, never a
    database error (no deadlock between the batches)."""
    for _ in range(15):
        with sessions() as session:
            first, second = _game(session), _game(session)
        outcomes = _race(
            sessions,
            [[_logged(first, 1), _logged(second, 1)], [_logged(second, 1), _logged(first, 1)]],
        )
        assert all(isinstance(outcome, list) for outcome in outcomes), outcomes
        by_game = [
            sorted(outcomes[0][0:1] + outcomes[1][1:2]),
            sorted(outcomes[0][1:] + outcomes[1][:1]),
        ]
        assert by_game == [[False, True], [False, True]], outcomes
        with sessions() as session:
            repository = GameRepository(session)
            assert [len(repository.actions(game_id)) for game_id in (first, second)] == [1, 1]
