"""Ratings and profiles: the leaderboard and a player's public profile."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Query, Request

from nard.server.players.profiles import ProfileService
from nard.server.protocol import http as schemas
from nard.server.refusals import Refusal, RefusalCode

MAX_ID = 2**31 - 1
"""The largest id an INTEGER column holds on PostgreSQL (SQLite's hold 2**63 - 1)."""

router = APIRouter(prefix="/api", tags=["ratings"])


def get_profiles(request: Request) -> ProfileService:
    profiles: ProfileService = request.app.state.profiles
    return profiles


ProfilesDep = Annotated[ProfileService, Depends(get_profiles)]


@router.get("/leaderboard")
async def leaderboard(
    profiles: ProfilesDep, limit: Annotated[int, Query(ge=1, le=500)] = 100
) -> schemas.LeaderboardPublic:
    """The active accounts (a rated match in the last 90 days), best rating first."""
    return await profiles.leaderboard(limit)


@router.get("/players/{player_id}/profile")
async def profile(player_id: int, profiles: ProfilesDep) -> schemas.ProfilePublic:
    """A player's public profile: rating and its history, record, recent matches, PR."""
    if not 1 <= player_id <= MAX_ID:
        # No such row can exist, and the database would refuse the number itself.
        raise Refusal(RefusalCode.NO_SUCH_PLAYER)
    return await profiles.profile(player_id)
