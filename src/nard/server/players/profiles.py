"""Profiles and the leaderboard: read from the players, their rating history and analyses."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from sqlalchemy.orm import Session

from nard.server.database import Database
from nard.server.games.founding import rules_name
from nard.server.protocol import http as schemas
from nard.server.protocol.views import OutcomeView
from nard.server.refusals import Refusal, RefusalCode
from nard.storage.analyses import AnalysisRepository
from nard.storage.games import GameRepository
from nard.storage.models import Game
from nard.storage.players import PlayerRepository
from nard.storage.ratings import RatingRepository

ACTIVE_DAYS = 90
"""The leaderboard lists the accounts that finished a rated match in this many days."""


def _won(game: Game, player_id: int) -> bool | None:
    winner = (game.result or {}).get("winner")
    mine = "white" if game.white_player_id == player_id else "black"
    return None if winner is None else winner == mine


def _recent(
    game: Game, player_id: int, names: dict[int, str], changes: dict[int, float]
) -> schemas.RecentMatch:
    white = game.white_player_id == player_id
    opponent = game.black_player_id if white else game.white_player_id
    if game.white_player_id == game.black_player_id:
        opponent = None
    score = tuple(game.snapshot.get("score", (0, 0)))
    outcome = OutcomeView.model_validate(
        game.result or {"winner": None, "reason": "match_over", "score": score}
    )
    return schemas.RecentMatch(
        id=game.public_id,
        opponent=None if opponent is None else names.get(opponent),
        opponent_id=opponent,
        bot_level=game.bot_level,
        date=game.finished_at or game.updated_at,
        length=game.settings.get("length"),
        rules=rules_name(game.settings.get("rules")),
        score=(score[0], score[1]) if white else (score[1], score[0]),
        won=_won(game, player_id),
        ending=outcome.ending,
        ending_kind=outcome.kind,
        rated=game.rated,
        rating_change=changes.get(game.id),
        replay_url=replay_url(game.public_id, game.watch_token),
    )


def replay_url(public_id: str, watch_token: str) -> str:
    """The replay of a finished match, for anyone: the link carries its spectator token
    (a lobby already shows the same token while the match is played)."""
    return f"/replay/{public_id}?watch={watch_token}"


class ProfileService:
    def __init__(self, database: Database) -> None:
        self.database = database

    async def profile(self, player_id: int) -> schemas.ProfilePublic:
        def read(session: Session) -> schemas.ProfilePublic:
            # The history first: a rating change it shows is then in the player's row
            # too (both are committed together; each statement reads what is committed).
            ratings = RatingRepository(session)
            history = ratings.history(player_id)
            wins, losses = ratings.record(player_id)
            player = PlayerRepository(session).get(player_id)
            if player is None:
                raise Refusal(RefusalCode.NO_SUCH_PLAYER)
            games = [
                game
                for game in GameRepository(session).of_player(player_id, finished=True, limit=20)
                if game.mode != "hotseat"
            ]
            seated = {p for g in games for p in (g.white_player_id, g.black_player_id) if p}
            names = PlayerRepository(session).names(list(seated))
            changes = {c.game_id: c.rating_after - c.rating_before for c, *_ in history}
            rates = []
            for game, analysis in AnalysisRepository(session).done_of_player(player_id):
                stats = (analysis.result or {}).get("stats") or []
                side = 0 if game.white_player_id == player_id else 1
                if len(stats) == 2 and "pr" in stats[side]:
                    rates.append(
                        schemas.ErrorRatePoint(
                            at=game.finished_at or analysis.updated_at,
                            game=game.public_id,
                            replay_url=replay_url(game.public_id, game.watch_token),
                            pr=float(stats[side]["pr"]),
                        )
                    )
            return schemas.ProfilePublic(
                id=player.id,
                display_name=player.display_name,
                username=player.username,
                is_guest=player.username is None,
                rating=round(player.rating, 2),
                experience=player.experience,
                wins=wins,
                losses=losses,
                history=[
                    schemas.RatingPoint(
                        at=change.created_at,
                        rating=round(change.rating_after, 2),
                        game=game,
                        replay_url=replay_url(game, token),
                    )
                    for change, game, token in history
                ],
                recent=[_recent(game, player_id, names, changes) for game in games],
                error_rates=rates,
            )

        return await self.database.run(read)

    async def leaderboard(self, limit: int = 100) -> schemas.LeaderboardPublic:
        since = datetime.now(UTC) - timedelta(days=ACTIVE_DAYS)

        def read(session: Session) -> schemas.LeaderboardPublic:
            players = RatingRepository(session).leaderboard(since, limit=limit)
            entries = [
                schemas.LeaderboardEntry(
                    rank=rank,
                    id=player.id,
                    display_name=player.display_name,
                    rating=round(player.rating, 2),
                    experience=player.experience,
                )
                for rank, player in enumerate(players, start=1)
            ]
            return schemas.LeaderboardPublic(
                data=entries, count=len(entries), active_days=ACTIVE_DAYS
            )

        return await self.database.run(read)
