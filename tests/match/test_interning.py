"""A game given an interner keeps one shared instance per history value, and loses no field."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from nard.core.board import Side
from nard.core.dice import Roll
from nard.core.plays import Play, Step
from nard.match import (
    Game,
    GameOptions,
    GameStarted,
    MakeStep,
    OpeningRoll,
    PlayMade,
    SeededDice,
    StepMade,
)
from nard.match.interning import Interner
from tests.match.players import RandomPlayer

steps = st.integers(1, 25).flatmap(
    lambda origin: st.builds(
        Step,
        st.just(origin),
        st.integers(max(0, origin - 6), origin - 1),
        hit=st.booleans(),
        die=st.integers(0, 6),
    )
)


def every_field(value: Any) -> Any:
    """The value with every field, including those ``==`` ignores (a step's die and hit)."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        fields = dataclasses.fields(value)
        return (type(value), *(every_field(getattr(value, f.name)) for f in fields))
    if isinstance(value, tuple):
        return tuple(every_field(item) for item in value)
    return value


@given(steps, st.sampled_from(Side))
def test_an_interned_value_keeps_every_field_and_is_shared(step: Step, side: Side) -> None:
    interned = Interner()
    for value in (step, MakeStep(side, step), StepMade(side, step)):
        kept = interned(value)
        assert every_field(kept) == every_field(value)
        assert interned(dataclasses.replace(value)) is kept


@given(steps, st.integers(0, 6))
def test_steps_that_differ_only_in_die_or_hit_are_kept_apart(step: Step, die: int) -> None:
    interned = Interner()
    other = Step(step.from_point, step.to_point, hit=not step.hit, die=die)
    assert other == step  # equal as moves...
    assert interned(other) is not interned(step)  # ...but not the same record
    assert every_field(interned(other)) == every_field(other)


@given(st.lists(steps, max_size=4), st.sampled_from(Side))
def test_a_play_is_rebuilt_from_kept_steps(play_steps: list[Step], side: Side) -> None:
    interned = Interner()
    event = PlayMade(side, Roll(6, 5), Play(tuple(play_steps)))
    kept = interned(event)
    assert every_field(kept) == every_field(event)
    assert all(a is interned(b) for a, b in zip(kept.play.steps, play_steps, strict=True))
    assert kept.roll is interned(Roll(5, 6))


def test_whole_games_keep_interned_history_equal_to_the_events_made() -> None:
    interned = Interner()
    for seed in range(20):
        player = RandomPlayer(random.Random(seed), resign=0.002)
        dice = SeededDice(seed)
        game = Game.new(options=GameOptions())
        for _ in range(2_000):
            if game.result is not None:
                break
            action = player.choose(game, dice)
            progress = game.apply(action, interner=interned)
            game = progress.game
            made = game.history[len(game.history) - len(progress.events) :]
            assert every_field(made) == every_field(progress.events)
            assert every_field(game.actions[-1]) == every_field(action)
        step_events = [event for event in game.history if isinstance(event, StepMade)]
        assert all(event is interned(event) for event in step_events)
        replayed = Game.new(options=GameOptions()).apply_all(game.actions, interner=interned)
        assert every_field(tuple(replayed.game.history)) == every_field(tuple(game.history))
        assert all(
            a is b
            for a, b in zip(replayed.game.history, game.history, strict=True)
            if isinstance(a, StepMade)
        )


def test_values_holding_a_tuple_are_rebuilt_but_not_kept() -> None:
    interned = Interner()
    # A match score or a play comes from too many values to keep them all.
    started = GameStarted(number=7, score=(3, 4), crawford=False)
    assert interned(started) is not interned(GameStarted(number=7, score=(3, 4), crawford=False))
    assert interned(started) == started
    play = Play((Step(8, 5, die=3), Step(6, 5, die=1)))
    assert interned(play) is not interned(Play(play.steps))


def test_without_an_interner_the_history_keeps_the_values_as_made() -> None:
    game = Game.new().apply(OpeningRoll(white=3, black=1)).game
    step = Step(8, 5, die=3)
    action = MakeStep(Side.WHITE, step)
    after = game.apply(action).game
    assert after.actions[-1] is action
    assert after.history[-1] == StepMade(Side.WHITE, step)
    assert after.history[-1].step is not Interner()(step)


def test_each_interner_keeps_its_own_values() -> None:
    first, second = Interner(), Interner()
    step = Step(8, 5, die=3)
    assert first(step) is step
    assert second(Step(8, 5, die=3)) is not step
    assert len(first) == len(second) == 1
