"""The game state machine: turns, phases, steps, plays and the errors that refuse actions."""

from __future__ import annotations

import gc
import pickle

import pytest

from nard.core.board import OFF, Position, Side
from nard.core.dice import Roll
from nard.core.errors import IllegalPlayError
from nard.core.plays import Play, Step, TurnGuide
from nard.core.rules import IRANIAN, Rule
from nard.match import (
    AcceptResignation,
    AlreadyRolledError,
    AutomaticDouble,
    Beaver,
    ConfirmPlay,
    Cube,
    CubeActionError,
    CubeOffered,
    DiceRolled,
    Double,
    Drop,
    Game,
    GameOptions,
    GameOverError,
    GamePlayError,
    InvalidActionError,
    MakePlay,
    MakeStep,
    OpeningRoll,
    OpeningRolled,
    OpeningRule,
    OutOfTurnError,
    Phase,
    PhaseError,
    PlayMade,
    Resign,
    ResignationError,
    RollDice,
    SeededDice,
    StepMade,
    StepUndone,
    Take,
    TurnPassed,
    UndoStep,
)

W, B = Side.WHITE, Side.BLACK


def opened(white: int = 3, black: int = 1, **options: object) -> Game:
    return Game.new(options=GameOptions(**options)).apply(OpeningRoll(white, black)).game  # type: ignore[arg-type]


# -- R4: the opening roll --------------------------------------------------------------


def test_r4_higher_die_starts_and_plays_the_opening_dice() -> None:
    game, events = Game.new().apply(OpeningRoll(white=2, black=5))
    assert events == (OpeningRolled(2, 5, B),)
    assert (game.phase, game.turn, game.roll) == (Phase.PLAYING, B, Roll(5, 2))
    assert game.position.turn is B and game.turn_start == Position.initial(turn=B)


def test_r4_equal_opening_dice_are_rolled_again() -> None:
    game, events = Game.new().apply(OpeningRoll(4, 4))
    assert events == (OpeningRolled(4, 4, None),)
    assert game.phase is Phase.OPENING and game.cube == Cube()
    game, _ = game.apply(OpeningRoll(1, 6))
    assert game.turn is B and game.dice_rolls() == ((4, 4), (1, 6))


def test_r4_starter_rolls_afresh_option() -> None:
    game, _ = Game.new(options=GameOptions(opening=OpeningRule.REROLL)).apply(OpeningRoll(6, 1))
    assert (game.phase, game.turn, game.roll) == (Phase.ROLLING, W, None)
    game, events = game.apply(RollDice(W, Roll(2, 2)))
    assert events == (DiceRolled(W, Roll(2, 2)),) and game.roll == Roll(2, 2)
    assert game.dice_rolls() == ((6, 1), Roll(2, 2))


def test_r4_lower_number_starts_option() -> None:
    game, events = Game.new(options=GameOptions(lower_starts=True)).apply(OpeningRoll(6, 1))
    assert events == (OpeningRolled(6, 1, B),) and game.turn is B and game.roll == Roll(6, 1)


@pytest.mark.parametrize("dice", [(0, 3), (7, 1), (3, 3.0)])
def test_opening_dice_must_be_faces(dice: tuple[int, int]) -> None:
    with pytest.raises(InvalidActionError):
        Game.new().apply(OpeningRoll(*dice))


def test_r19_automatic_doubles_on_tied_opening_dice() -> None:
    game = Game.new(options=GameOptions(automatic_doubles=2))
    game, events = game.apply(OpeningRoll(3, 3))
    assert events == (OpeningRolled(3, 3, None), AutomaticDouble(2))
    game, _ = game.apply(OpeningRoll(5, 5))
    game, events = game.apply(OpeningRoll(2, 2))
    assert events == (OpeningRolled(2, 2, None),)  # the limit is two automatic doubles
    assert game.cube == Cube(4, None)


def test_money_options_are_refused_in_a_match() -> None:
    with pytest.raises(ValueError, match="money play"):
        Game.new(options=GameOptions(jacoby=True), match_length=5)
    with pytest.raises(ValueError, match="Crawford"):
        Game.new(crawford=True)


# -- turns, rolls and plays ------------------------------------------------------------


def test_whole_play_passes_the_turn() -> None:
    game, events = opened().apply(MakePlay(W, Play((Step(8, 5), Step(6, 5)))))
    (made,) = events
    assert isinstance(made, PlayMade) and made.roll == Roll(3, 1)
    assert [step.die for step in made.play] == [3, 1]
    assert (game.phase, game.turn) == (Phase.ROLLING, B)
    assert game.view(W).player[5] == 2 and game.position.turn is B


def test_play_steps_in_any_order_are_accepted() -> None:
    game, _ = opened().apply(MakePlay(W, Play((Step(6, 5), Step(8, 5)))))
    assert game.view(W).player[5] == 2


def test_acting_out_of_turn_is_refused() -> None:
    game = opened()
    with pytest.raises(OutOfTurnError, match="White's turn"):
        game.apply(MakePlay(B, Play((Step(8, 5), Step(6, 5)))))
    game, _ = game.apply(MakePlay(W, Play((Step(8, 5), Step(6, 5)))))
    with pytest.raises(OutOfTurnError) as info:
        game.apply(RollDice(W, Roll(2, 1)))
    assert info.value.rule is Rule.R4


def test_rolling_twice_is_refused() -> None:
    game, _ = opened().apply(MakePlay(W, Play((Step(8, 5), Step(6, 5)))))
    game, _ = game.apply(RollDice(B, Roll(6, 5)))
    with pytest.raises(AlreadyRolledError):
        game.apply(RollDice(B, Roll(6, 5)))
    with pytest.raises(PhaseError):
        opened().apply(OpeningRoll(3, 1))


def test_illegal_play_is_refused_with_the_rule() -> None:
    game = opened()
    with pytest.raises(GamePlayError) as info:
        game.apply(MakePlay(W, Play((Step(8, 5),))))  # R8: both dice can be played
    error = info.value
    assert isinstance(error, IllegalPlayError) and isinstance(error, ValueError)
    assert error.explanation is not None and error.explanation.legal_play is not None
    assert error.rule is Rule.R8 and error.explanation.rule is Rule.R8
    assert error.explanation.legal_play in game.legal_plays
    assert game.phase is Phase.PLAYING  # a refused action changes nothing


def test_play_with_impossible_step_is_refused() -> None:
    with pytest.raises(GamePlayError):
        opened().apply(MakePlay(W, Play((Step(13, 10), Step(24, 20)))))


def test_steps_undo_and_confirm() -> None:
    game = opened()
    game, events = game.apply(MakeStep(W, Step(8, 5)))
    assert events == (StepMade(W, Step(8, 5, die=3)),)
    assert game.position.player[5] == 1 and game.turn_start == Position.initial()
    assert not game.can_confirm
    with pytest.raises(GamePlayError):
        game.apply(ConfirmPlay(W))  # R8: the 1 must be played too
    game, events = game.apply(UndoStep(W))
    assert isinstance(events[0], StepUndone) and game.position == Position.initial()
    with pytest.raises(PhaseError):
        game.apply(UndoStep(W))
    game = game.apply_all([MakeStep(W, Step(6, 5)), MakeStep(W, Step(8, 5))]).game
    assert game.can_confirm and game.next_steps() == []
    game, events = game.apply(ConfirmPlay(W))
    assert events == (PlayMade(W, Roll(3, 1), Play((Step(6, 5), Step(8, 5)))),)
    assert game.turn is B


def test_step_that_leads_nowhere_is_refused() -> None:
    with pytest.raises(GamePlayError, match="allowed next") as info:
        opened(3, 1).apply(MakeStep(W, Step(13, 12)))  # Black's 13-point is White's 12
    assert info.value.rule is Rule.R5 and info.value.explanation is not None
    game = opened(6, 4)
    with pytest.raises(GamePlayError) as info:
        game.apply(MakeStep(W, Step(13, 11)))  # no die shows 2
    assert info.value.explanation is not None
    game, _ = game.apply(MakeStep(W, Step(24, 18)))
    with pytest.raises(GamePlayError):
        game.apply(MakeStep(W, Step(18, 12)))  # the 6 is used; only the 4 is left


def test_make_play_replaces_partial_steps() -> None:
    game, _ = opened().apply(MakeStep(W, Step(24, 21)))
    game, _ = game.apply(MakePlay(W, Play((Step(8, 5), Step(6, 5)))))
    assert game.view(W).player[24] == 2 and game.view(W).player[5] == 2


def test_r10_turn_passes_when_no_die_can_be_played() -> None:
    # Black closes its home board, where White must enter; White is on the bar.
    closed = {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 13: 3}
    position = Position.from_points({25: 1, 8: 14}, closed, turn=W)
    game, events = Game.from_position(position).apply(RollDice(W, Roll(6, 5)))
    assert events == (DiceRolled(W, Roll(6, 5)), TurnPassed(W, Roll(6, 5)))
    assert (game.phase, game.turn) == (Phase.ROLLING, B)


def test_game_over_refuses_more_actions() -> None:
    game = opened().apply(Resign(W)).game.apply(AcceptResignation(B)).game
    assert game.is_over and game.winner is B
    with pytest.raises(GameOverError):
        game.apply(RollDice(B, Roll(1, 2)))


def test_unknown_action_is_refused() -> None:
    with pytest.raises(InvalidActionError):
        Game.new().apply(object())  # type: ignore[arg-type]


# -- R17: who may double, and when -----------------------------------------------------


def rolling(**fields: object) -> Game:
    game, _ = opened().apply(MakePlay(W, Play((Step(8, 5), Step(6, 5)))))
    return game if not fields else Game.from_position(game.position, **fields)  # type: ignore[arg-type]


def test_r17_double_only_before_rolling() -> None:
    game = rolling()
    assert game.can_double(B) and not game.can_double(W)
    game, _ = game.apply(RollDice(B, Roll(6, 5)))
    assert not game.can_double(B)
    with pytest.raises(CubeActionError) as info:
        game.apply(Double(B))
    assert info.value.rule is Rule.R17


def test_r17_only_the_cube_owner_may_double() -> None:
    game = rolling(cube=Cube(2, W))
    assert game.turn is B and not game.can_double(B)
    with pytest.raises(CubeActionError, match="belongs to White"):
        game.apply(Double(B))
    assert rolling(cube=Cube(2, B)).can_double(B)


def test_r17_cube_stops_at_64() -> None:
    game = rolling(cube=Cube(64, B))
    with pytest.raises(CubeActionError, match="64"):
        game.apply(Double(B))
    game, _ = rolling(cube=Cube(32, B)).apply(Double(B))
    game, _ = game.apply(Take(W))
    assert game.cube == Cube(64, W)


def test_r17_no_doubling_when_the_cube_is_off() -> None:
    game = rolling(rules=IRANIAN)
    with pytest.raises(CubeActionError, match="not in play") as info:
        game.apply(Double(B))
    assert info.value.rule is Rule.R17


def test_r19_no_doubling_in_the_crawford_game() -> None:
    game = rolling(match_length=5, score=(4, 2), crawford=True)
    with pytest.raises(CubeActionError, match="Crawford") as info:
        game.apply(Double(B))
    assert info.value.rule is Rule.R19


def test_r18_only_the_doubled_side_answers() -> None:
    game, events = rolling().apply(Double(B))
    assert events == (CubeOffered(B, 2),)
    assert game.phase is Phase.CUBE_OFFERED and game.to_act is W
    with pytest.raises(OutOfTurnError):
        game.apply(Take(B))
    with pytest.raises(PhaseError):
        rolling().apply(Take(B))  # nothing was offered
    with pytest.raises(CubeActionError, match="beavers are not allowed"):
        game.apply(Beaver(W))
    game, _ = game.apply(Take(W))
    assert game.cube == Cube(2, W) and (game.phase, game.turn) == (Phase.ROLLING, B)


def test_resigning_only_while_rolling_or_playing() -> None:
    game, _ = rolling().apply(Double(B))
    with pytest.raises(ResignationError):
        game.apply(Resign(W))
    with pytest.raises(ResignationError):
        Game.new().apply(Resign(W))


def test_roll_action_comes_from_the_dice_source() -> None:
    dice = SeededDice(3)
    game = Game.new()
    action = game.roll_action(dice)
    assert isinstance(action, OpeningRoll)
    game = rolling()
    action = game.roll_action(SeededDice(3))
    assert isinstance(action, RollDice) and action.side is B
    with pytest.raises(PhaseError):
        opened().roll_action(dice)
    with pytest.raises(PhaseError):
        rolling().apply(Drop(B))


def test_history_records_every_action_and_event() -> None:
    game = Game.new()
    actions = [
        OpeningRoll(1, 1),
        OpeningRoll(3, 1),
        MakeStep(W, Step(8, 5)),
        UndoStep(W),
        MakePlay(W, Play((Step(8, 5), Step(6, 5)))),
        Double(B),
        Take(W),
        RollDice(B, Roll(6, 6)),
    ]
    game, events = game.apply_all(actions)
    assert game.actions == tuple(actions)
    assert game.history == events
    assert game.dice_rolls() == ((1, 1), (3, 1), Roll(6, 6))
    assert game.position.player[OFF] == 0


def test_available_actions_follow_the_phase() -> None:
    game = opened()
    assert set(game.available_actions(W)) == {MakePlay, MakeStep, Resign}
    game, _ = game.apply(MakeStep(W, Step(8, 5)))
    game, _ = game.apply(MakeStep(W, Step(6, 5)))
    assert set(game.available_actions(W)) == {MakePlay, UndoStep, ConfirmPlay, Resign}
    game, _ = game.apply_all([ConfirmPlay(W), Double(B)])
    assert set(game.available_actions(W)) == {Take, Drop}
    assert game.available_actions(B) == ()
    game, _ = game.apply(Drop(W))
    assert game.available_actions(W) == game.available_actions(B) == ()


def test_a_turn_asks_one_guide_and_the_game_keeps_none_after_it() -> None:
    def guides_held(game: Game) -> list[object]:
        return [value for value in gc.get_referents(game) if isinstance(value, TurnGuide)]

    game = Game.new().apply(OpeningRoll(white=3, black=1)).game
    guide = game.guide
    game = game.apply(MakeStep(Side.WHITE, Step(8, 5))).game
    assert game.guide is guide
    game = game.apply(MakeStep(Side.WHITE, Step(6, 5))).game
    assert game.guide is guide and game.can_confirm
    assert guides_held(game) == [guide]
    # A game sent to another process (the bot's) takes the guide's inputs, not its memo.
    copy = pickle.loads(pickle.dumps(game))
    assert copy.guide.is_complete(copy.steps) and copy.guide is not guide
    game = game.apply(ConfirmPlay(Side.WHITE)).game
    assert game.phase is Phase.ROLLING
    assert guides_held(game) == []
    game = game.apply(Resign(Side.BLACK)).game.apply(AcceptResignation(Side.WHITE)).game
    assert game.is_over and guides_held(game) == []
