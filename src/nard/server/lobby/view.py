"""What every lobby sees, read from the database: one :class:`LobbyMessage`.

Also the challenge's terms as the game they would start (:func:`game_request`),
which the hall uses to check and to start it.
"""

from __future__ import annotations

from sqlalchemy.orm import Session

from nard.server.games.founding import rule_set
from nard.server.protocol import http as schemas
from nard.server.protocol.lobby import ChallengeView, LobbyGameView, LobbyMessage, LobbyPlayerView
from nard.storage.challenges import ChallengeRepository
from nard.storage.models import Player
from nard.storage.players import PlayerRepository


def game_request(terms: schemas.ChallengeCreate) -> schemas.GameCreate:
    rules = terms.rules
    if terms.cube is not None:
        rules = rules.model_copy(update={"cube": terms.cube})
    return schemas.GameCreate(mode="friend", length=terms.length, rules=rules, clock=terms.clock)


def player_view(player: Player) -> LobbyPlayerView:
    return LobbyPlayerView(
        id=player.id,
        display_name=player.display_name,
        rating=round(player.rating, 2),
        is_guest=player.username is None,
    )


def lobby_view(session: Session, online: list[int], seeking: int) -> LobbyMessage:
    """What every lobby sees: the open challenges, who is online (``online``, ids), how
    many seek a match, and the lobby's games in play with their spectator links."""
    challenges = ChallengeRepository(session)
    open_ = challenges.open()
    games = challenges.games_in_play()
    seated = {p for g in games for p in (g.white_player_id, g.black_player_id) if p}
    ids = {c.creator_id for c in open_} | set(online) | seated
    players = PlayerRepository(session).many(list(ids))
    views = []
    for challenge in open_:
        creator = players.get(challenge.creator_id)
        if creator is None:
            continue
        terms = schemas.ChallengeCreate.model_validate(
            {k: v for k, v in challenge.terms.items() if k != "rated"}, strict=False
        )
        request = game_request(terms)
        views.append(
            ChallengeView(
                id=challenge.public_id,
                creator=player_view(creator),
                length=terms.length,
                rules=rule_set(request.rules).preset_name or "custom",
                cube=rule_set(request.rules).cube,
                clock=terms.clock,
                rated=bool(challenge.terms.get("rated")),
                min_rating=terms.min_rating,
                max_rating=terms.max_rating,
                created_at=challenge.created_at,
            )
        )
    here = [player_view(players[p]) for p in online if p in players]

    def name(player_id: int | None) -> str | None:
        player = players.get(player_id or 0)
        return None if player is None else player.display_name

    return LobbyMessage(
        challenges=views,
        online_count=len(here),
        online=here,
        seeking=seeking,
        games=[
            LobbyGameView(
                id=game.public_id,
                white=name(game.white_player_id),
                black=name(game.black_player_id),
                length=game.settings.get("length"),
                score=tuple(game.snapshot.get("score", (0, 0))),
                rated=game.rated,
                watch_url=f"/watch/{game.public_id}?token={game.watch_token}",
            )
            for game in games
        ],
    )
