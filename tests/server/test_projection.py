"""The projection reads the turn's guide once; what it shows must still be what
the rules say, in every phase of random matches (standard and Iranian, money
play with beavers)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from nard.core.board import Side
from nard.core.rules import IRANIAN, STANDARD
from nard.match import GameOptions, Match, SeededDice
from nard.match.game import Phase
from nard.server.games.projection import state_view
from nard.server.protocol.events import side_name
from tests.match.players import RandomPlayer

NAMES = {
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


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    rules=st.sampled_from([STANDARD, IRANIAN]),
    money=st.booleans(),
)
def test_the_projected_state_is_what_the_rules_say(seed: int, rules: object, money: bool) -> None:
    player = RandomPlayer(random.Random(seed), resign=0.02, double=0.2)
    dice = SeededDice(seed)
    options = GameOptions(beavers=True) if money else None
    match = Match.new(None if money else 3, rules, options)  # type: ignore[arg-type]
    phases = set()
    for _ in range(250):
        game = match.game
        if game is None:
            break
        view = state_view(match)
        phases.add(game.phase)
        for side in Side:
            expected = sorted({NAMES[kind.__name__] for kind in game.available_actions(side)})
            assert getattr(view.game.actions, side_name(side)) == expected
        if game.phase is Phase.PLAYING:
            assert view.guide is not None
            assert view.guide.can_confirm == game.can_confirm
            assert view.guide.can_undo == bool(game.steps)
            destinations = game.guide.destinations(game.steps)
            assert view.guide.destinations == {
                str(point): list(targets) for point, targets in destinations.items()
            }
        else:
            assert view.guide is None
        assert view.game.position_id == game.position.id()
        match = match.apply(player.choose(game, dice)).match
    assert Phase.PLAYING in phases
