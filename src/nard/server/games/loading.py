"""A live game made from its database row: its log replayed, or a copy caught up.

Loading a game walks its action log through the match's timeline
(:mod:`nard.match.timeline`), so a restarted
server resumes every game exactly where its last committed action left it;
:func:`caught_up` applies only the actions another process logged since a copy.
"""

from __future__ import annotations

import logging

from sqlalchemy.orm import Session

from nard.match.clock import MatchClock
from nard.match.interning import Interner
from nard.match.match import Match
from nard.match.record import MatchRecord, action_from_dict
from nard.match.timeline import replay
from nard.server.games.live import (
    SIDES,
    GameMode,
    GameStatus,
    LiveGame,
    MatchHeader,
    Seating,
    Setup,
    Standing,
)
from nard.server.protocol.views import OutcomeView
from nard.storage.games import GameRepository
from nard.storage.models import Game as GameRow
from nard.storage.players import PlayerRepository

log = logging.getLogger(__name__)


def _from_row(session: Session, row: GameRow, match: Match, seq: int) -> LiveGame:
    players = (row.white_player_id, row.black_player_id)
    known = PlayerRepository(session).names([p for p in players if p is not None])
    bot_side = SIDES.get(row.bot_side or "")
    names = [None if player is None else known.get(player) for player in players]
    if bot_side is not None:
        names[bot_side] = f"Bot ({row.bot_level})"
    setup = Setup(
        id=row.id,
        public_id=row.public_id,
        mode=GameMode(row.mode),
        header=MatchHeader.model_validate(row.settings),
        bot_side=bot_side,
        bot_level=row.bot_level,
        server_seed=row.server_seed,
        commitment=row.commitment,
        watch_token=row.watch_token,
        created_at=row.created_at,
        rated=row.rated,
    )
    result = None if row.result is None else OutcomeView.model_validate(row.result)
    return LiveGame(
        setup=setup,
        standing=Standing(match, seq, GameStatus(row.status), result, row.updated_at),
        seating=Seating(players, (names[0], names[1]), row.invite_token),
        client_seeds=tuple(row.client_seeds),
        clock=None if row.clock is None else MatchClock.from_dict(row.clock),
    )


def read_game(
    session: Session,
    *,
    public_id: str | None = None,
    game_id: int | None = None,
    interner: Interner | None = None,
) -> LiveGame | None:
    """The game as its log leaves it: its settings, then every logged action replayed
    (its history interned with ``interner``, when given)."""
    games = GameRepository(session)
    row = games.by_public_id(public_id) if public_id is not None else games.get(game_id or 0)
    if row is None:
        return None
    logged = games.actions(row.id)
    record = MatchRecord.from_dict({**row.settings, "actions": [item.action for item in logged]})
    seq = logged[-1].seq if logged else 0
    if seq != row.seq or (row.snapshot and row.snapshot.get("seq") != seq):
        # The log and the snapshot are written in one transaction; the log wins.
        log.error("game %s: snapshot at %s, log at %s", row.public_id, row.seq, seq)
    return _from_row(
        session, row, replay(record.new_match(), record.actions, interner=interner), seq
    )


def caught_up(session: Session, live: LiveGame, interner: Interner | None = None) -> LiveGame:
    """``live`` moved on to what the database holds: the actions logged after its
    ``seq`` applied to its match, its status, result and seating read again."""
    games = GameRepository(session)
    row = games.get(live.setup.id)
    assert row is not None
    logged = games.actions(row.id, after=live.seq)
    actions = [action_from_dict(item.action) for item in logged]
    match = replay(live.match, actions, interner=interner)
    return _from_row(session, row, match, logged[-1].seq if logged else live.seq)
