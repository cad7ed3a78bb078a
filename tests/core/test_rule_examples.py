"""docs/rules.md and docs/rules.fa.md against the engine: a section for every rule id
in both, diagrams that match the generator, and every example's verdict checked
with nard.core (plays) and nard.match (cube and scoring)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from nard.core.board import Position, Side
from nard.core.digits import fa_digits
from nard.core.errors import IllegalPlayError
from nard.core.explain import explain_play
from nard.core.messages import play_text
from nard.core.notation import parse_play
from nard.core.rule_examples import EXAMPLES, Claim, RuleExample, diagrams, render
from nard.core.rules import STANDARD, Rule
from nard.match.actions import (
    AcceptResignation,
    Double,
    Drop,
    MakePlay,
    OpeningRoll,
    Resign,
    RollDice,
    Take,
)
from nard.match.cube import Cube
from nard.match.errors import GameError
from nard.match.game import Game
from nard.match.scoring import ResultKind

DOCS = Path(__file__).resolve().parents[2] / "docs"
PAGES = {"en": DOCS / "rules.md", "fa": DOCS / "rules.fa.md"}
_SECTION = re.compile(r'<a id="([a-z0-9]+)"></a>\n## ')
_ANCHOR = re.compile(r'<a id="([a-z0-9]+)"></a>')
_LINK = re.compile(r"\]\(#([^)]*)\)")


def sections(lang: str) -> dict[str, str]:
    """Each anchored section's text, whitespace folded to single spaces, by anchor id."""
    text = PAGES[lang].read_text(encoding="utf-8")
    starts = list(_SECTION.finditer(text))
    return {
        match.group(1): " ".join(text[match.end() : end].split())
        for match, end in zip(starts, [m.start() for m in starts[1:]] + [len(text)], strict=True)
    }


def claims() -> list[tuple[RuleExample, Claim]]:
    return [(example, claim) for example in EXAMPLES.values() for claim in example.claims]


def claim_id(item: tuple[RuleExample, Claim]) -> str:
    return f"{item[0].rule.value}:{item[1].play}"


def fa_rule(rule: Rule) -> str:
    return fa_digits(rule.value)


def fa_play(claim: Claim) -> str:
    return play_text(claim.play if parse_play(claim.play).steps else "").fa


# -- the pages ----------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_every_rule_id_has_its_section_in_order(lang: str) -> None:
    ids = [rule.value.lower() for rule in Rule]
    found = [key for key in sections(lang) if key in ids]
    assert found == ids


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_every_section_embeds_its_rules_diagram(lang: str) -> None:
    by_id = sections(lang)
    for example in EXAMPLES.values():
        assert f"(rules/{example.slug}.svg)" in by_id[example.slug], (lang, example.slug)


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_links_within_the_page_reach_an_anchor(lang: str) -> None:
    text = PAGES[lang].read_text(encoding="utf-8")
    anchors = set(_ANCHOR.findall(text))
    assert set(_LINK.findall(text)) <= anchors


def test_both_pages_have_the_same_anchors() -> None:
    en, fa = (set(_ANCHOR.findall(path.read_text(encoding="utf-8"))) for path in PAGES.values())
    assert en == fa


def test_persian_page_has_no_latin_digits_outside_ids_and_paths() -> None:
    text = PAGES["fa"].read_text(encoding="utf-8")
    text = re.sub(r"<!--.*?-->", "", text, flags=re.S)
    text = _ANCHOR.sub("", text)
    text = re.sub(r"\]\((?:#|rules/)[^)]*\)", "]", text)
    assert re.findall(r".{0,20}[0-9].{0,20}", text) == []


@pytest.mark.parametrize(("example", "claim"), claims(), ids=map(claim_id, claims()))
def test_both_pages_state_the_verdict_of_each_example_play(
    example: RuleExample, claim: Claim
) -> None:
    en = sections("en")[example.slug]
    fa = sections("fa")[example.slug]
    assert f"`{claim.play}`" in en
    assert f"`{fa_play(claim)}`" in fa
    if claim.refused_by is not None:
        assert re.search(rf"refused by {claim.refused_by.value}\b", en, re.IGNORECASE)
        said = rf"(?:قانون|رسم) {fa_rule(claim.refused_by)} (?:(?:آن|این حرکت) را )?نمی‌پذیرد"
        assert re.search(said, fa)


# -- the diagrams --------------------------------------------------------------------------------


def test_diagrams_are_what_the_generator_makes() -> None:
    made = diagrams()
    committed = sorted(p.name for p in (DOCS / "rules").glob("*.svg"))
    assert committed == sorted(made)
    for name, svg in made.items():
        assert (DOCS / "rules" / name).read_text(encoding="utf-8") == svg, (
            f"docs/rules/{name} is stale: nard diagrams docs/rules"
        )


def test_every_rule_has_one_example() -> None:
    assert list(EXAMPLES) == list(Rule)


def test_drawn_play_has_an_arrow_per_step_coloured_by_its_verdict() -> None:
    for example in EXAMPLES.values():
        picture = render(example)
        drawn = example.drawn
        steps = 0 if drawn is None else len(example.play(drawn).steps)
        assert picture.count('class="arrow"') == steps, example.slug
        refused = drawn is not None and drawn.refused_by is not None
        assert ("#c62828" in picture) is refused, example.slug


# -- the verdicts: plays -------------------------------------------------------------------------


@pytest.mark.parametrize(("example", "claim"), claims(), ids=map(claim_id, claims()))
def test_example_play_gets_the_verdict_the_text_gives(example: RuleExample, claim: Claim) -> None:
    assert example.roll is not None
    position, roll, rules = example.position, example.roll, example.rules
    written = parse_play(claim.play)
    if claim.refused_by is None:
        play = parse_play(claim.play, position, roll, rules=rules)
        legal = position.legal_plays(roll, rules)
        assert play in legal or (not legal and not play.steps)
        assert explain_play(position, roll, play, rules) is None
        if claim.only:
            assert list(legal) in ([play], [])
        return
    with pytest.raises(IllegalPlayError) as refused:
        parse_play(claim.play, position, roll, rules=rules)
    assert refused.value.rule == claim.refused_by
    why = explain_play(position, roll, written, rules)
    assert why is not None
    assert why.rule is claim.refused_by


@pytest.mark.parametrize("rule", [Rule.V1, Rule.V2])
def test_custom_refusals_are_legal_under_the_standard_rules(rule: Rule) -> None:
    example = EXAMPLES[rule]
    assert example.roll is not None
    refused = [claim for claim in example.claims if claim.refused_by is rule]
    assert refused
    for claim in refused:
        play = parse_play(claim.play, example.position, example.roll, rules=STANDARD)
        assert play in example.position.legal_plays(example.roll, STANDARD)


# -- the verdicts: games, cube and score ---------------------------------------------------------


def game_of(example: RuleExample, **fields: object) -> Game:
    cube = Cube(example.cube_value or 1, example.cube_owner)
    return Game.from_position(example.position, example.rules, cube=cube, **fields)  # type: ignore[arg-type]


def finish(example: RuleExample, game: Game) -> Game:
    """Roll the example's dice and make its (first) play."""
    assert example.roll is not None
    play = example.play(example.claims[0])
    game = game.apply(RollDice(Side.WHITE, example.roll)).game
    return game.apply(MakePlay(Side.WHITE, play)).game


def test_r2_the_example_is_the_starting_position() -> None:
    assert EXAMPLES[Rule.R2].position == Position.initial()


def test_r3_bearing_off_the_last_checker_wins() -> None:
    example = EXAMPLES[Rule.R3]
    game = finish(example, game_of(example))
    assert game.is_over
    assert game.winner is Side.WHITE


def test_r4_the_higher_opening_die_starts_with_both_numbers() -> None:
    example = EXAMPLES[Rule.R4]
    assert example.roll is not None
    game = Game.new().apply(OpeningRoll(white=example.roll.high, black=example.roll.low)).game
    assert game.to_act is Side.WHITE
    assert game.roll == example.roll
    game = game.apply(MakePlay(Side.WHITE, example.play(example.claims[0]))).game
    assert game.to_act is Side.BLACK


def test_r15_a_gammon_times_the_cube() -> None:
    example = EXAMPLES[Rule.R15]
    result = finish(example, game_of(example)).result
    assert result is not None
    assert (result.kind, result.points) == (ResultKind.GAMMON, 4)


def test_r16_an_accepted_gammon_resignation_scores_two_points() -> None:
    example = EXAMPLES[Rule.R16]
    game = game_of(example)
    game = game.apply(Resign(Side.BLACK, ResultKind.GAMMON)).game
    result = game.apply(AcceptResignation(Side.WHITE)).game.result
    assert result is not None
    assert (result.winner, result.points) == (Side.WHITE, 2)


def test_r17_only_the_cube_owner_may_double() -> None:
    example = EXAMPLES[Rule.R17]
    assert example.cube_owner is Side.BLACK
    with pytest.raises(GameError) as refused:
        game_of(example).apply(Double(Side.WHITE))
    assert refused.value.rule is Rule.R17
    centred = Game.from_position(example.position, cube=Cube(example.cube_value or 1))
    assert centred.can_double(Side.WHITE)


def test_r18_take_turns_the_cube_drop_loses_at_the_old_value() -> None:
    example = EXAMPLES[Rule.R18]
    offered = game_of(example).apply(Double(Side.WHITE)).game
    assert offered.apply(Take(Side.BLACK)).game.cube == Cube(2, Side.BLACK)
    result = offered.apply(Drop(Side.BLACK)).game.result
    assert result is not None
    assert (result.winner, result.points) == (Side.WHITE, 1)


def test_r19_no_double_in_the_crawford_game() -> None:
    example = EXAMPLES[Rule.R19]
    crawford = game_of(example, match_length=5, score=(4, 2), crawford=True)
    with pytest.raises(GameError) as refused:
        crawford.apply(Double(Side.WHITE))
    assert refused.value.rule is Rule.R19
    assert game_of(example, match_length=5, score=(4, 2)).can_double(Side.WHITE)


def test_v3_a_gammon_wins_the_match() -> None:
    example = EXAMPLES[Rule.V3]
    result = finish(example, game_of(example, match_length=7)).result
    assert result is not None
    assert result.kind is ResultKind.GAMMON
    assert result.wins_match


def test_v4_a_backgammon_counts_as_a_gammon() -> None:
    example = EXAMPLES[Rule.V4]
    result = finish(example, game_of(example)).result
    assert result is not None
    assert (result.kind, result.points) == (ResultKind.BACKGAMMON, 2)
    standard = Game.from_position(example.position)
    result = finish(example, standard).result
    assert result is not None
    assert result.points == 3
