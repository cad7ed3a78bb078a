"""The group commit (:class:`ActionLog`) on SQLite and PostgreSQL: every caller hears
of its own action only once it is committed, batches share commits, a conflict
refuses its own entry only, and on SQLite a writer holding the lock never
stalls the event loop."""

from __future__ import annotations

import asyncio
import secrets
import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from sqlalchemy import Engine

from nard.server.games.action_log import ActionLog
from nard.storage.games import ConflictError, GameRepository, LoggedAction
from nard.storage.session import (
    log_writers,
    loop_writer,
    make_engine,
    make_sessions,
    migrate,
)
from tests.dbs import database_url


@pytest.fixture(params=["sqlite", "postgresql"])
def engine(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Engine]:
    with database_url(request.param, tmp_path) as url:
        engine = make_engine(url)
        migrate(engine)
        yield engine
        engine.dispose()


def _games(engine: Engine, count: int) -> list[int]:
    with make_sessions(engine)() as session:
        games = GameRepository(session)
        ids = [
            games.create(
                public_id=secrets.token_urlsafe(12),
                mode="hotseat",
                status="active",
                settings={},
                watch_token=secrets.token_urlsafe(32),
                client_seeds=[],
                seq=0,
                snapshot={},
            ).id
            for _ in range(count)
        ]
        session.commit()
    return ids


def _entry(game_id: int, seq: int) -> LoggedAction:
    return LoggedAction(
        game_id, seq, {"action": "roll"}, [], None, {"seq": seq}, "active", result=None
    )


def _log(engine: Engine, executor: ThreadPoolExecutor) -> ActionLog:
    url = engine.url.render_as_string(hide_password=False)
    return ActionLog(
        make_sessions(engine),
        executor,
        writers=log_writers(url),
        inline=loop_writer(engine),
    )


def test_many_games_append_at_once_and_each_caller_hears_of_its_own(engine: Engine) -> None:
    games = _games(engine, 40)

    async def main() -> list[BaseException | None]:
        with ThreadPoolExecutor(4) as executor:
            log = _log(engine, executor)
            appends = [log.append(_entry(game, 1)) for game in games]
            appends += [log.append(_entry(games[0], 1))]  # a second action number 1
            appends += [log.append(_entry(games[1], 3))]  # a gap: the game is not at 2
            outcomes = await asyncio.gather(*appends, return_exceptions=True)
            await log.close()
            return outcomes

    outcomes = asyncio.run(main())
    assert outcomes[:40] == [None] * 40
    assert len(outcomes) == 42 and all(isinstance(o, ConflictError) for o in outcomes[40:])
    with make_sessions(engine)() as session:
        repository = GameRepository(session)
        assert all([row.seq for row in repository.actions(game)] == [1] for game in games)
        assert {game.seq for game in map(repository.get, games) if game} == {1}


def test_a_held_sqlite_lock_sends_the_batch_to_the_thread_and_the_loop_runs_on(
    tmp_path: Path,
) -> None:
    engine = make_engine(f"sqlite:///{tmp_path / 'locked.sqlite3'}")
    migrate(engine)
    (game,) = _games(engine, 1)
    locked, release = threading.Event(), threading.Event()

    def hold_the_lock() -> None:
        with engine.connect() as connection:
            connection.exec_driver_sql("BEGIN IMMEDIATE")
            locked.set()
            release.wait(10)
            connection.rollback()

    holder = threading.Thread(target=hold_the_lock)
    holder.start()
    locked.wait(10)

    async def main() -> bool:
        with ThreadPoolExecutor(1) as executor:
            log = _log(engine, executor)
            append = asyncio.create_task(log.append(_entry(game, 1)))
            # Had the loop waited for the lock itself, the append would be over (saved
            # or failed) by the time these sleeps end; in the thread, it still waits.
            for _ in range(20):
                await asyncio.sleep(0.01)
            waiting = not append.done()
            release.set()
            await append
            await log.close()
            return waiting

    waiting = asyncio.run(main())
    holder.join()
    assert waiting
    with make_sessions(engine)() as session:
        assert [row.seq for row in GameRepository(session).actions(game)] == [1]
    engine.dispose()


def test_closing_lets_the_queued_actions_commit(engine: Engine) -> None:
    """A server asked to stop still saves what it accepted (the SIGTERM drain)."""
    games = _games(engine, 30)

    async def main() -> list[BaseException | None]:
        with ThreadPoolExecutor(4) as executor:
            log = _log(engine, executor)
            appends = [asyncio.ensure_future(log.append(_entry(game, 1))) for game in games]
            await asyncio.sleep(0)  # queued, the writers started, nothing committed yet
            await log.close()
            return await asyncio.gather(*appends, return_exceptions=True)

    assert asyncio.run(main()) == [None] * 30
    with make_sessions(engine)() as session:
        assert {row.seq for row in map(GameRepository(session).get, games) if row} == {1}
