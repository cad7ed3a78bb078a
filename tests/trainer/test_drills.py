"""The drills' answers are the engine's: seeded loops and hypothesis over every
kind, level and rule set (issue 15's property tests).

Plays drills are checked against tests/core/reference.py, the simple enumerator
written from docs/rules.md, as well as LegalPlays; "why refused" drills against
explain_play, read back from their notation as `nard explain` reads them.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nard.core.board import BAR
from nard.core.digits import fa_digits
from nard.core.explain import explain_play
from nard.core.notation import format_play
from nard.core.plays import LegalPlays
from nard.core.rules import STANDARD, Rule
from nard.trainer import (
    RULE_SETS,
    Drill,
    Kind,
    Level,
    Question,
    check_decision,
    check_plays,
    check_rule,
    judge_play,
    make_drill,
)
from tests.core.reference import board_of, reference_plays

KINDS_BY_RULES = [
    (kind, rules)
    for rules in RULE_SETS
    for kind in Kind
    if kind is not Kind.CUSTOMS or RULE_SETS[rules].has_move_customs
]


def assert_answers_are_the_engines(drill: Drill) -> None:
    """The accepted answers of a drill are exactly the engine's (issue 15)."""
    position, roll, rules = drill.position, drill.roll, drill.rules
    legal = LegalPlays(position, roll, rules)
    if drill.kind.asks_plays:
        accepted = {board_of(after) for _, after in drill.legal_plays.items()}
        assert accepted == {board_of(after) for _, after in legal.items()}
        assert accepted == set(reference_plays(position, roll, rules)) or not legal
        # Every legal play, written in notation, is found; then nothing is missing.
        report = check_plays(drill, [format_play(play) for play in legal] or ["Cannot move"])
        assert report.complete and not report.repeated
        assert len(report.found) == max(1, len(legal))
    if drill.kind is Kind.REFUSED:
        assert drill.refused is not None and drill.refused not in legal
        why = explain_play(position, roll, drill.refused, rules)
        assert why is not None and why.rule is drill.refusal().rule
        read_back = judge_play(position, roll, format_play(drill.refused), rules)
        assert read_back.explanation is not None and read_back.explanation.rule is why.rule
        assert check_rule(drill, why.rule.value, why.mistake).correct
        # The Persian task writes the ids in Persian digits (R۵): they are read so.
        assert check_rule(drill, fa_digits(why.rule.value.lower())).correct
        assert not check_rule(drill, "R3").correct
        if why.legal_play is not None:
            assert why.legal_play in legal
    if drill.kind is Kind.DECISION:
        assert_decision_matches_plays(drill, legal)
    if drill.kind is Kind.CUSTOMS:
        standard = LegalPlays(position, roll, STANDARD)
        refusals = drill.customs_refusals()
        assert refusals
        for play, why in refusals:
            assert play in standard and play not in legal
            assert why.rule in (Rule.V1, Rule.V2)
    if drill.kind is Kind.ENTER:
        assert position.player[BAR] == (1 if drill.level is Level.EASY else 2)
    if drill.kind is Kind.BEAR_OFF:
        assert position.can_bear_off()


def assert_decision_matches_plays(drill: Drill, legal: LegalPlays) -> None:
    """The tree's conclusion says what the legal plays do."""
    steps = drill.decision()
    assert steps[0].question is Question.BAR
    assert steps[0].yes == (drill.position.player[BAR] > 0)
    assert all(not step.yes for step in steps[1:-1]) and steps[-1].yes
    conclusion = steps[-1].question
    units = len(drill.roll.units)
    used = {len(play.steps) for play in legal}
    if conclusion is Question.BOTH:
        assert legal.dice_used == units and used == {units}
    elif conclusion is Question.NOTHING:
        assert not legal and legal.dice_used == 0
    elif drill.roll.is_double:
        assert conclusion is Question.ONE and 0 < legal.dice_used < units
    else:
        assert legal.dice_used == 1
        if conclusion is Question.LARGER:
            assert {play.steps[0].die for play in legal} == {drill.roll.high}
    for index, step in enumerate(steps):
        assert check_decision(drill, index, step.yes) == (True, step)
        assert check_decision(drill, index, not step.yes)[0] is False


@pytest.mark.parametrize(("kind", "rules"), KINDS_BY_RULES)
@pytest.mark.parametrize("level", list(Level))
def test_seeded_drills_answer_as_the_engine(kind: Kind, rules: str, level: Level) -> None:
    # Refused and customs drills cost explanations: fewer seeds, the same checks.
    seeds = 8 if kind in (Kind.REFUSED, Kind.CUSTOMS) else 40
    for seed in range(seeds):
        drill = make_drill(seed, kind, rules, level)
        assert (drill.seed, drill.kind, drill.rules_name, drill.level) == (seed, kind, rules, level)
        assert_answers_are_the_engines(drill)


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 2**31),
    pair=st.sampled_from(KINDS_BY_RULES),
    level=st.sampled_from(list(Level)),
)
def test_any_seed_makes_a_drill_the_engine_answers(
    seed: int, pair: tuple[Kind, str], level: Level
) -> None:
    kind, rules = pair
    drill = make_drill(seed, kind, rules, level)
    assert drill == make_drill(seed, kind, rules, level)
    assert_answers_are_the_engines(drill)


def test_levels_pick_the_refusals_they_name() -> None:
    easy = {
        make_drill(seed, Kind.REFUSED, "standard", Level.EASY).refusal().rule for seed in range(12)
    }
    assert easy <= {Rule.R5, Rule.R12, Rule.R13}
    hard = [make_drill(seed, Kind.REFUSED, "iranian", Level.HARD).refusal() for seed in range(12)]
    assert all(
        why.code == "larger-die" or why.mistake in (2, 5) or why.rule in (Rule.V1, Rule.V2)
        for why in hard
    )


def test_decision_levels_reach_their_conclusions() -> None:
    medium = {
        make_drill(s, Kind.DECISION, "standard", Level.MEDIUM).decision()[-1].question
        for s in range(10)
    }
    assert medium == {Question.ONE}
    hard = [make_drill(s, Kind.DECISION, "standard", Level.HARD) for s in range(20)]
    assert any(d.decision()[-1].question is Question.LARGER for d in hard)


def test_seeds_give_different_positions() -> None:
    positions = {
        make_drill(seed, Kind.PLAYS, "standard", Level.MEDIUM).position for seed in range(20)
    }
    assert len(positions) >= 15


def test_bad_names_get_clear_errors() -> None:
    with pytest.raises(ValueError, match="customs drills need"):
        make_drill(1, Kind.CUSTOMS, "standard", Level.EASY)
    with pytest.raises(ValueError, match="unknown rule set"):
        make_drill(1, Kind.PLAYS, "backgammon", Level.EASY)
    with pytest.raises(ValueError, match="unknown drill kind"):
        Kind.parse("7")
    assert Kind.parse("4") is Kind.REFUSED and Kind.parse("bear-off") is Kind.BEAR_OFF
