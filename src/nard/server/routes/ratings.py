"""Ratings and profiles: the leaderboard and a player's public profile."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Query, Request

from nard.server import schemas
from nard.server.services.profile_service import ProfileService

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
    return await profiles.profile(player_id)
