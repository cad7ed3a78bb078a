"""Public dice statistics: the tallies the dice listener keeps (nard.server.games.dice_stats)."""

from __future__ import annotations

from dataclasses import asdict

from fastapi import APIRouter

from nard.match.dice_tally import DiceTally
from nard.server.deps import OptionalPlayer, RoomsDep
from nard.server.games.dice_stats import ALL, player_scope
from nard.server.protocol import http as schemas

router = APIRouter(prefix="/api", tags=["statistics"])


def _public(tally: DiceTally) -> schemas.DiceTallyPublic:
    faces, doubles = tally.faces_fit(), tally.doubles_fit()
    return schemas.DiceTallyPublic(
        rolls=tally.rolls,
        faces=tally.faces,
        doubles=tally.doubles,
        expected_face_count=tally.expected_face_count,
        expected_doubles=tally.expected_doubles,
        faces_fit=None if faces is None else schemas.ChiSquarePublic(**asdict(faces)),
        doubles_fit=None if doubles is None else schemas.ChiSquarePublic(**asdict(doubles)),
    )


@router.get("/dice-stats")
async def dice_stats(rooms: RoomsDep, player: OptionalPlayer) -> schemas.DiceStatsPublic:
    """The dice of every finished game, and of the caller's own: counts, expected, chi-square."""
    everyone = await rooms.dice.tally(ALL)
    mine = None if player is None else await rooms.dice.tally(player_scope(player.id))
    return schemas.DiceStatsPublic(
        all=_public(everyone), mine=None if mine is None else _public(mine)
    )
