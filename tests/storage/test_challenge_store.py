"""A lobby challenge is taken once, in the database (SQLite and PostgreSQL)."""

from __future__ import annotations

import threading

from sqlalchemy.orm import Session, sessionmaker

from nard.storage.challenges import ChallengeRepository
from nard.storage.players import PlayerRepository


def test_racing_takers_one_wins_and_the_creator_never(migrated: sessionmaker[Session]) -> None:
    with migrated() as session:
        players = [PlayerRepository(session).create(f"p{i}").id for i in range(5)]
        challenge = ChallengeRepository(session).create("race1", players[0], {"length": 1})
        session.commit()
        challenge_id = challenge.id
    barrier = threading.Barrier(5)
    won: list[int] = []

    def take(player_id: int) -> None:
        with migrated() as session:
            barrier.wait()
            if ChallengeRepository(session).take(challenge_id, player_id):
                won.append(player_id)
            session.commit()

    threads = [threading.Thread(target=take, args=(p,)) for p in players]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(won) == 1 and won[0] != players[0]
    with migrated() as session:
        row = ChallengeRepository(session).by_public_id("race1")
        assert row is not None and row.status == "taken" and row.taken_by == won[0]
        assert ChallengeRepository(session).open() == []


def test_only_the_creator_cancels_and_only_while_open(migrated: sessionmaker[Session]) -> None:
    with migrated() as session:
        a, b = (PlayerRepository(session).create(n).id for n in ("a", "b"))
        ChallengeRepository(session).create("c1", a, {})
        session.commit()
        assert not ChallengeRepository(session).cancel("c1", b)
        assert ChallengeRepository(session).cancel("c1", a)
        assert not ChallengeRepository(session).cancel("c1", a)
        session.commit()
