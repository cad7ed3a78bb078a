"""The one place where a game and its updates become what clients see.

The state after an action is projected once (:func:`state_view`): the turn's
guide is asked once for where the checkers may go and whether the play is
complete, and the actions each side may send are read from those answers
rather than by asking the rules again. :meth:`Projection.update` then turns
the action's events and that state into the ``update`` message, serialised
once for every subscriber.

>>> from nard.match import Match
>>> state = state_view(Match.new(3))
>>> state.game.phase, state.match.length, state.guide
('opening', 3, None)
>>> state.game.board.white[24], state.game.board.black[6]
(2, 5)
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from nard.core.board import Point, Side
from nard.match.clock import MatchClock
from nard.match.events import Event
from nard.match.frames import moment_frames
from nard.match.game import Game, Phase
from nard.match.mat_conversion import COMMENT
from nard.match.match import Match
from nard.match.record import FairDiceRecord, MatchRecord
from nard.match.timeline import Moment
from nard.server.games.clocks import Timekeeper
from nard.server.games.founding import rules_name
from nard.server.games.live import LiveGame, MatchHeader
from nard.server.ports import Presence
from nard.server.protocol.events import EventView, event_view, side_name, step_view
from nard.server.protocol.frames import (
    FramesPublic,
    FrameView,
    frame_view,
    match_frames,
    result_view,
)
from nard.server.protocol.http import GamePublic, GameSummary
from nard.server.protocol.server import PresenceMessage, StateMessage, UpdateMessage
from nard.server.protocol.views import (
    ActionsView,
    BoardView,
    ClockView,
    CubeView,
    FairDiceView,
    GameChanges,
    GameSnapshot,
    GameStateView,
    GuideView,
    MatchInfoView,
    ResignationView,
    SeatView,
    SettingsView,
    StateView,
    StoredView,
)
from nard.storage.models import Game as GameRow

_ACTION_NAMES = {
    "OpeningRoll": "roll",
    "RollDice": "roll",
    "MakePlay": "play",
    "MakeStep": "step",
    "UndoStep": "undo",
    "ConfirmPlay": "confirm",
    "Double": "double",
    "Take": "take",
    "Drop": "drop",
    "Beaver": "beaver",
    "Resign": "resign",
    "AcceptResignation": "accept_resignation",
    "RefuseResignation": "refuse_resignation",
}


def _playing_actions(
    game: Game, side: Side, destinations: dict[Point, tuple[Point, ...]], complete: bool
) -> list[str]:
    """What the side playing its dice may send, from the guide's answers
    (``Game.available_actions`` would ask the guide twice more)."""
    names = ["play"]
    if destinations:
        names.append("step")
    if game.steps:
        names.append("undo")
    if complete:
        names.append("confirm")
    if game.can_resign(side):
        names.append("resign")
    return sorted(names)


def _game_view(game: Game) -> tuple[GameStateView, GuideView | None]:
    destinations: dict[Point, tuple[Point, ...]] = {}
    complete = False
    guide = None
    if game.phase is Phase.PLAYING:
        turn_guide = game.guide
        destinations = turn_guide.destinations(game.steps)
        complete = turn_guide.is_complete(game.steps)
        guide = GuideView(
            destinations={str(point): list(targets) for point, targets in destinations.items()},
            can_confirm=complete,
            can_undo=bool(game.steps),
            dice_used=turn_guide.dice_used,
        )
    to_act = game.to_act
    actions = [
        _playing_actions(game, side, destinations, complete)
        if game.phase is Phase.PLAYING and side is to_act
        else sorted({_ACTION_NAMES[kind.__name__] for kind in game.available_actions(side)})
        for side in Side
    ]
    white = game.view(Side.WHITE)
    result = game.result
    resignation = game.resignation
    view = GameStateView(
        phase=game.phase.value,
        turn=side_name(game.turn),
        to_act=side_name(to_act),
        board=BoardView(white=list(white.player), black=list(white.opponent)),
        position_id=game.position.id(),
        turn_start_id=None if game.turn_start is None else game.turn_start.id(),
        dice=None if game.roll is None else (game.roll.high, game.roll.low),
        steps=[step_view(step) for step in game.steps],
        pips=white.pip_counts(),
        cube=CubeView(value=game.cube.value, owner=side_name(game.cube.owner)),
        crawford=game.crawford,
        resignation=None
        if resignation is None
        else ResignationView(side=side_name(resignation.side), kind=resignation.kind.value),
        result=None if result is None else result_view(result),
        actions=ActionsView(white=actions[0], black=actions[1]),
    )
    return view, guide


def state_view(match: Match) -> StateView:
    """The whole state a client needs: the match, the game being played, the guide."""
    game = match.game if match.game is not None else match.games[-1]
    game_view, guide = _game_view(game)
    info = MatchInfoView(
        length=match.length,
        score=match.score,
        game_number=len(match.games) + (match.game is not None),
        crawford=match.is_crawford,
        over=match.is_over,
        winner=side_name(match.winner),
    )
    return StateView(match=info, game=game_view, guide=guide)


def settings_view(header: MatchHeader, bot_level: str | None) -> SettingsView:
    """The rules (RuleSet fields), match length, options, bot level and clock of a game."""
    return SettingsView(
        rules=header.rules,
        length=header.length,
        crawford=header.crawford_rule,
        options=header.options,
        bot_level=bot_level,
        clock=header.clock,
    )


def clock_view(clock: MatchClock) -> ClockView:
    """Both clocks as they stand now (``clock`` charged up to now by the caller)."""
    return ClockView(
        preset=clock.preset.name,
        delay_ms=clock.preset.delay_ms,
        reserve_ms=clock.reserve_ms,
        running=side_name(clock.running),
        delay_left_ms=clock.delay_left_ms,
        flagged=side_name(clock.flagged),
        server_time=round(time.time() * 1000),
    )


def summary(row: GameRow, names: dict[int, str], player_id: int) -> GameSummary:
    """A game in a player's list, from its stored row and snapshot (no replay)."""
    seats = {"white": row.white_player_id, "black": row.black_player_id}
    # The row's strings are checked on the way (mode, status, result as the models say).
    return GameSummary.model_validate(
        {
            "id": row.public_id,
            "mode": row.mode,
            "status": row.status,
            "seq": row.seq,
            "seats": [
                SeatView(
                    side=side,
                    name=f"Bot ({row.bot_level})"
                    if row.bot_side == side
                    else names.get(seats[side] or 0),
                    is_bot=row.bot_side == side,
                    connected=False,
                )
                for side in ("white", "black")
            ],
            "you": [side for side in ("white", "black") if seats[side] == player_id],
            "score": row.snapshot.get("score", (0, 0)),
            "length": row.settings.get("length"),
            "rules": rules_name(row.settings.get("rules")),
            "bot_level": row.bot_level,
            "rated": row.rated,
            "result": row.result,
            "created_at": row.created_at,
            "updated_at": row.updated_at,
        }
    )


def replayed(
    logged: Sequence[tuple[int, Sequence[StoredView]]], frames: Sequence[FrameView] = ()
) -> list[str]:
    """The ``update`` messages of logged actions (events and ``frames``, no game),
    for a catch-up."""
    made: dict[int, list[FrameView]] = {}
    for frame in frames:
        made.setdefault(frame.seq, []).append(frame)
    return [
        UpdateMessage.model_validate(
            {"seq": seq, "events": events, "frames": made.get(seq, [])}
        ).model_dump_json()
        for seq, events in logged
    ]


class Projection:
    """A live game as its viewers see it; seats show who is connected (``presence``)."""

    def __init__(self, presence: Presence, timekeeper: Timekeeper) -> None:
        self.presence = presence
        self.timekeeper = timekeeper

    def clock(self, live: LiveGame) -> ClockView | None:
        """The game's clocks charged up to this moment (None: no clock)."""
        clock = self.timekeeper.charged(live)
        return None if clock is None else clock_view(clock)

    def fair_dice(self, live: LiveGame) -> FairDiceView | None:
        setup = live.setup
        if setup.commitment is None:
            return None
        return FairDiceView(
            commitment=setup.commitment,
            client_seeds=list(live.client_seeds),
            server_seed=setup.server_seed if live.is_over else None,
        )

    def seats(self, live: LiveGame) -> list[SeatView]:
        bot = live.setup.bot_side
        return [
            SeatView(
                side=side_name(side),
                name=live.seating.names[side],
                is_bot=side is bot,
                connected=side is bot or self.presence.is_connected(live, side),
                claim_in=self.presence.claimable_in(live, side.other),
            )
            for side in Side
        ]

    def changes(self, live: LiveGame, state: StateView) -> GameChanges:
        """What an action changes: the ``game`` of an ``update`` message.

        Settings and seats do not change with an action (seats come in
        ``presence`` and ``state`` messages), so the client merges this into the
        game it has; fair dice come along once the match is over and the seed
        is revealed.
        """
        standing = live.standing
        return GameChanges(
            id=live.public_id,
            status=standing.status.value,
            seq=standing.seq,
            result=standing.result,
            state=state,
            fair_dice=self.fair_dice(live) if live.is_over else None,
            clock=self.clock(live),
        )

    def snapshot(self, live: LiveGame) -> GameSnapshot:
        """What every viewer sees: the ``game`` of ``state`` messages."""
        standing = live.standing
        return GameSnapshot(
            id=live.public_id,
            status=standing.status.value,
            seq=standing.seq,
            result=standing.result,
            state=state_view(standing.match),
            mode=live.setup.mode.value,
            settings=settings_view(live.setup.header, live.setup.bot_level),
            seats=self.seats(live),
            fair_dice=self.fair_dice(live),
            clock=self.clock(live),
        )

    def public(self, live: LiveGame, viewer: int | None) -> GamePublic:
        """The game as ``viewer`` sees it over HTTP, with the links a player may share."""
        you = live.sides_of(viewer)
        invite = live.seating.invite_token
        return GamePublic(
            **dict(self.snapshot(live)),
            you=[side_name(side) for side in you],
            rated=live.setup.rated,
            created_at=live.setup.created_at,
            updated_at=live.standing.updated_at,
            watch_url=f"/watch/{live.public_id}?token={live.setup.watch_token}" if you else None,
            invite_url=f"/invite/{invite}" if you and invite else None,
        )

    def record(self, live: LiveGame) -> MatchRecord:
        """The match record so far, with the fair dice (the seed only once it is over)."""
        fair = self.fair_dice(live)
        names = live.seating.names
        result = live.standing.result
        metadata = [("Site", "nard"), ("Game", live.public_id)]
        if result is not None and result.reason == "claimed":
            metadata.append(("Termination", f"claimed by {result.winner}"))
        if result is not None and result.reason == "time":
            loser = "black" if result.winner == "white" else "white"
            metadata.append(("Termination", f"{loser} lost on time"))
            metadata.append((COMMENT, f"The match was lost on time by {loser}."))
        return MatchRecord.from_match(
            live.match,
            players=(names[0] or "white", names[1] or "black"),
            metadata=metadata,
            fair_dice=None
            if fair is None
            else FairDiceRecord(fair.commitment, tuple(fair.client_seeds), fair.server_seed),
        )

    # -- messages, as JSON text -----------------------------------------------------------

    def state_message(self, live: LiveGame) -> str:
        return StateMessage(game=self.snapshot(live)).model_dump_json()

    def presence_message(self, live: LiveGame) -> str:
        return PresenceMessage(seats=self.seats(live)).model_dump_json()

    @staticmethod
    def events(events: Sequence[Event]) -> list[EventView]:
        return [event_view(event) for event in events]

    def frames(self, live: LiveGame) -> FramesPublic:
        """Every frame of the match so far."""
        return FramesPublic(seq=live.seq, frames=match_frames(live.match))

    def catch_up(
        self, live: LiveGame, logged: Sequence[tuple[int, Sequence[StoredView]]]
    ) -> list[str]:
        """The ``update`` messages of the logged actions, with the frames each made."""
        if not logged:
            return []
        return replayed(logged, match_frames(live.match, after=logged[0][0] - 1))

    def update_message(
        self, live: LiveGame, events: list[EventView], state: StateView, moment: Moment
    ) -> str:
        frames = [frame_view(frame) for frame in moment_frames(moment)]
        message = UpdateMessage(
            seq=live.seq, events=events, game=self.changes(live, state), frames=frames
        )
        return message.model_dump_json()
