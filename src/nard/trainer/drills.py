"""Drills made by the engine from seeded positions (seed 004's exercises).

A drill is fixed by ``(seed, kind, rules, level)``: the same four values make
the same position, roll and question anywhere, so a drill can be shared as a
link. Nothing here is a hand-written answer: the position comes from
:mod:`nard.trainer.positions`, and what makes it fit a kind and a level, and
every answer, is asked of nard.core (``LegalPlays``, ``explain_play``,
``TurnGuide``).

The kinds, as issue 15 numbers them:

1. ``plays``: find every legal play (and seed 004's two-dice / one-die routes);
2. ``enter``: the same with one checker on the bar, then two (R12);
3. ``bear-off``: the same while bearing off (R13, R14);
4. ``refused``: why is this play refused? (the rule, and which of the seven
   common mistakes it is, where one applies);
5. ``decision``: the decision tree of docs/rules.md#r11, one question at a time;
6. ``customs``: the Iranian customs V1 and V2, under a rule set that has them.

>>> drill = make_drill(7, Kind.REFUSED, "standard", Level.EASY)
>>> drill == make_drill(7, Kind.REFUSED, "standard", Level.EASY)
True
>>> drill.refusal().rule.value in ("R5", "R12", "R13")
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from enum import StrEnum
from functools import cached_property
from typing import Final

from nard.core.board import BAR, OFF, Position
from nard.core.dice import Roll
from nard.core.explain import Explanation, explain_play
from nard.core.notation import format_play
from nard.core.plays import LegalPlays, Play, Step
from nard.core.rules import STANDARD, Rule, RuleSet
from nard.trainer.decision import Question, TreeStep, decision_walk
from nard.trainer.judge import judge_play
from nard.trainer.positions import Shape, sample
from nard.trainer.routes import Route, die_routes
from nard.trainer.rule_sets import rule_set


class Kind(StrEnum):
    """The six kinds of drill, in issue 15's order."""

    PLAYS = "plays"
    ENTER = "enter"
    BEAR_OFF = "bear-off"
    REFUSED = "refused"
    DECISION = "decision"
    CUSTOMS = "customs"

    @property
    def number(self) -> int:
        return list(Kind).index(self) + 1

    @classmethod
    def parse(cls, text: str) -> Kind:
        """A kind by its number (1-6) or its name."""
        text = text.strip().lower()
        if text.isdigit() and 1 <= int(text) <= len(cls):
            return list(cls)[int(text) - 1]
        try:
            return cls(text)
        except ValueError:
            names = ", ".join(f"{kind.number} {kind.value}" for kind in cls)
            raise ValueError(f"unknown drill kind {text!r}; choose one of {names}") from None

    @property
    def asks_plays(self) -> bool:
        """Whether the answer is the list of legal plays."""
        return self in (Kind.PLAYS, Kind.ENTER, Kind.BEAR_OFF, Kind.CUSTOMS)


class Level(StrEnum):
    EASY = "easy"
    MEDIUM = "medium"
    HARD = "hard"

    @classmethod
    def parse(cls, text: str) -> Level:
        try:
            return cls(text.strip().lower())
        except ValueError:
            raise ValueError(f"unknown level {text!r}; choose easy, medium or hard") from None


# Refusals of a typing slip rather than a rule (a point with no checker of yours,
# a distance no die gives, a move written over several dice) make no drill.
_TEACHING_CODES: Final = frozenset(
    {
        "closed-point",
        "bar-first",
        "intermediate-closed",
        "must-use-both",
        "must-use-more-units",
        "must-play-one",
        "larger-die",
        "bear-off-not-home",
        "bear-off-higher-point",
        "escape-after-hit",
        "hit-and-cover",
    }
)
_ATTEMPTS: Final = 400
_REFUSALS_LOOKED_AT: Final = 12


@dataclass(frozen=True)
class Drill:
    """One drill: where it came from, the position and roll, and (for a "why
    refused" drill) the refused play. Answers are computed by nard.core on demand."""

    seed: int
    kind: Kind
    rules_name: str
    level: Level
    position: Position
    roll: Roll
    refused: Play | None = None

    @property
    def rules(self) -> RuleSet:
        return rule_set(self.rules_name)

    @cached_property
    def legal_plays(self) -> LegalPlays:
        return LegalPlays(self.position, self.roll, self.rules)

    def refusal(self) -> Explanation:
        """Why the refused play of a "why refused" drill is refused."""
        if self.refused is None:
            raise ValueError(f"a {self.kind} drill has no refused play")
        why = explain_play(self.position, self.roll, self.refused, self.rules)
        if why is None:  # pragma: no cover - make_drill only keeps refused plays
            raise AssertionError("the drill's refused play is legal")
        return why

    def routes(self) -> dict[int, list[Route]]:
        """Seed 004's routes: each die's steps and whether the other die can follow."""
        return die_routes(self.position, self.roll, self.rules)

    def decision(self) -> list[TreeStep]:
        """The decision tree's questions on this drill, with the engine's answers."""
        return decision_walk(self.position, self.roll, self.rules)

    def customs_refused_plays(self) -> list[Play]:
        """The plays the standard rules allow whose resulting position no legal play
        of this drill's rules reaches: what the customs take away."""
        allowed = {after for _, after in self.legal_plays.items()}
        standard = LegalPlays(self.position, self.roll, STANDARD)
        return [play for play, after in standard.items() if after not in allowed]

    def customs_refusals(self) -> list[tuple[Play, Explanation]]:
        """:meth:`customs_refused_plays`, each with nard.core's explanation (V1 or V2)."""
        refusals = []
        for play in self.customs_refused_plays():
            why = explain_play(self.position, self.roll, play, self.rules)
            if why is not None:
                refusals.append((play, why))
        return refusals

    @property
    def query(self) -> str:
        """The link's query that makes this drill again."""
        kind, level = self.kind.value, self.level.value
        return f"seed={self.seed}&kind={kind}&rules={self.rules_name}&level={level}"


def make_drill(seed: int, kind: Kind, rules_name: str, level: Level) -> Drill:
    """The drill of ``(seed, kind, rules, level)``.

    Positions are drawn from a generator seeded by all four values; each is scored
    by how well it fits the kind and level (the engine answers), and the first
    that fits best is kept, or the best of a bounded number of draws.
    """
    rules = rule_set(rules_name)
    if kind is Kind.CUSTOMS and not rules.has_move_customs:
        raise ValueError("customs drills need a rule set with V1 or V2: iranian or v1-board")
    rng = random.Random(f"nard-trainer/{seed}/{kind.value}/{rules_name}/{level.value}")
    fit = _FITS[kind]
    best: tuple[int, Drill] | None = None
    for _ in range(_ATTEMPTS):
        position, roll = _propose(rng, kind, level)
        score, drill = fit(Drill(seed, kind, rules_name, level, position, roll), rng)
        if score == _IDEAL:
            return drill
        if score > _NO_FIT and (best is None or score > best[0]):
            best = (score, drill)
    if best is None:
        raise ValueError(f"no {kind} drill found for seed {seed} under {rules_name}")
    return best[1]


def drills(seed: int, kinds: list[Kind], rules_name: str, levels: list[Level]) -> Iterator[Drill]:
    """Drills for seeds ``seed, seed + 1, ...``, cycling through the kinds and levels."""
    index = 0
    while True:
        kind = kinds[index % len(kinds)]
        level = levels[(index // len(kinds)) % len(levels)]
        yield make_drill(seed + index, kind, rules_name, level)
        index += 1


# -- proposing positions ------------------------------------------------------------------


def _roll(rng: random.Random, doubles: bool = True) -> Roll:
    while True:
        roll = Roll(rng.randint(1, 6), rng.randint(1, 6))
        if doubles or not roll.is_double:
            return roll


def _propose(rng: random.Random, kind: Kind, level: Level) -> tuple[Position, Roll]:
    hard = level is Level.HARD
    if kind is Kind.ENTER:
        bar = 1 if level is Level.EASY else 2
        closed = {Level.EASY: 1, Level.MEDIUM: 2, Level.HARD: 4}[level]
        return sample(rng, Shape.BAR, bar=bar, closed=closed), _roll(rng, hard)
    if kind is Kind.BEAR_OFF:
        return sample(rng, Shape.BEAR_OFF, closed=1 if hard else 0), _roll(rng, hard)
    if kind is Kind.CUSTOMS:
        return sample(rng, Shape.HITS, closed=rng.randint(0, 3)), _roll(rng)
    if kind is Kind.REFUSED:
        shape = rng.choice([s for s in Shape if s is not Shape.BLOCKED or hard])
        closed = rng.randint(1, 8 if hard else 4)
        return sample(rng, shape, bar=rng.randint(1, 2), closed=closed), _roll(rng)
    if kind is Kind.DECISION:
        if level is Level.EASY:
            return sample(rng, rng.choice([Shape.CONTACT, Shape.BAR]), closed=1), _roll(rng)
        return sample(rng, Shape.BLOCKED, closed=rng.randint(3, 8)), _roll(rng, hard)
    shape = rng.choice([Shape.CONTACT, Shape.BLOCKED]) if hard else Shape.CONTACT
    return sample(rng, shape, closed=rng.randint(1, 5)), _roll(rng, hard)


# -- fitting a proposal to its kind and level -----------------------------------------------
#
# A fit scores a proposal: _NO_FIT (not a drill of this kind), _FAIR (a drill of the
# kind, not of its level) or _IDEAL; it may also complete the drill (a refused play).

_NO_FIT: Final = 0
_FAIR: Final = 1
_IDEAL: Final = 2
_Scored = tuple[int, Drill]


def _grade(drill: Drill, ideal: bool) -> _Scored:
    return (_IDEAL if ideal else _FAIR), drill


def _fit_plays(drill: Drill, rng: random.Random) -> _Scored:
    plays = drill.legal_plays
    count, units = len(plays), len(drill.roll.units)
    if drill.level is Level.EASY:
        return _grade(drill, 2 <= count <= 6 and plays.dice_used == units)
    if drill.level is Level.MEDIUM:
        return _grade(drill, 5 <= count <= 16 and plays.dice_used == units)
    # Hard: a play that uses fewer dice than rolled (R8, R9), or a double's many plays.
    return _grade(drill, 0 < plays.dice_used < units or (units == 4 and count >= 8))


def _fit_enter(drill: Drill, rng: random.Random) -> _Scored:
    plays = drill.legal_plays
    if drill.level is Level.HARD:
        return _grade(drill, plays.dice_used < len(drill.roll.units))
    return _grade(drill, bool(plays))


def _bear_off_kinds(drill: Drill) -> set[str]:
    """How each die bears off (R14): ``exact`` from its point, ``higher`` from the
    highest point below it, or ``inside`` (a checker stands higher: move inside)."""
    player = drill.position.player
    highest = max((p for p in range(1, 7) if player[p]), default=0)
    kinds = set()
    for die in set(drill.roll.units):
        if player[die]:
            kinds.add("exact")
        elif die > highest:
            kinds.add("higher")
        else:
            kinds.add("inside")
    return kinds


def _fit_bear_off(drill: Drill, rng: random.Random) -> _Scored:
    if not drill.legal_plays or not drill.position.can_bear_off():
        return _NO_FIT, drill
    kinds = _bear_off_kinds(drill)
    wanted = {Level.EASY: kinds == {"exact"}, Level.MEDIUM: "higher" in kinds}
    return _grade(drill, wanted.get(drill.level, "inside" in kinds))


def _candidate_refusals(drill: Drill) -> list[Play]:
    """Plays a player might try: giving up the turn, legal plays cut short, single
    steps of each die from each checker, and a checker jumping with both dice."""
    position, roll = drill.position, drill.roll
    candidates: list[Play] = [Play()]
    for play in drill.legal_plays:
        for cut in range(1, len(play.steps)):
            candidates.append(Play(play.steps[:cut]))
    origins = [p for p in range(1, BAR + 1) if position.player[p]]
    for die in sorted(set(roll.units), reverse=True):
        for origin in origins:
            candidates.append(Play((Step(origin, max(OFF, origin - die)),)))
    if not roll.is_double:
        for origin in origins:
            if origin - roll.high - roll.low > OFF:
                candidates.append(Play((Step(origin, origin - roll.high - roll.low),)))
    return list(dict.fromkeys(candidates))


def _refusal_level(why: Explanation) -> Level:
    """How hard a refusal is to see: the board's own reasons, then the dice, then the
    larger die, the order of the dice, strategy and the customs."""
    if why.rule in (Rule.R5, Rule.R12, Rule.R13):
        return Level.EASY
    if why.code == "larger-die" or why.mistake in (2, 5) or why.rule in (Rule.V1, Rule.V2):
        return Level.HARD
    return Level.MEDIUM


def _fit_refused(drill: Drill, rng: random.Random) -> _Scored:
    candidates = _candidate_refusals(drill)
    rng.shuffle(candidates)
    found: dict[Level, Play] = {}
    # A bounded look: explanations cost a search each, and another draw is cheap.
    for play in candidates[:_REFUSALS_LOOKED_AT]:
        why = explain_play(drill.position, drill.roll, play, drill.rules)
        if why is None or why.code not in _TEACHING_CODES:
            continue
        level = _refusal_level(why)
        if level in found:
            continue
        # The play as written must be refused for the same reason when read back
        # (by `nard explain` or another program), not only as these steps.
        read_back = judge_play(drill.position, drill.roll, format_play(play), drill.rules)
        if read_back.explanation is None or read_back.explanation.rule is not why.rule:
            continue
        found[level] = play
        if level is drill.level:
            break
    if not found:
        return _NO_FIT, drill
    play = found.get(drill.level) or next(iter(found.values()))
    refused = Drill(
        drill.seed, drill.kind, drill.rules_name, drill.level, drill.position, drill.roll, play
    )
    return _grade(refused, drill.level in found)


def _fit_decision(drill: Drill, rng: random.Random) -> _Scored:
    conclusion = drill.decision()[-1].question
    if drill.level is Level.EASY:
        return _grade(drill, conclusion is Question.BOTH)
    if drill.level is Level.MEDIUM:
        return _grade(drill, conclusion is Question.ONE)
    # Hard: the larger die where the roll has two, else the most units of a double.
    wanted = Question.ONE if drill.roll.is_double else Question.LARGER
    return _grade(drill, conclusion is wanted)


def _fit_customs(drill: Drill, rng: random.Random) -> _Scored:
    refused = drill.customs_refused_plays()
    if not refused:
        return _NO_FIT, drill
    if drill.level is Level.EASY:
        return _grade(drill, len(drill.legal_plays) <= 16)
    has_v2 = drill.rules.no_home_cover_after_hit
    custom = Rule.V2 if drill.level is Level.MEDIUM and has_v2 else Rule.V1
    for play in refused[:3]:
        why = explain_play(drill.position, drill.roll, play, drill.rules)
        if why is not None and why.rule is custom:
            return _IDEAL, drill
    return _FAIR, drill


_FITS: Final[dict[Kind, Callable[[Drill, random.Random], _Scored]]] = {
    Kind.PLAYS: _fit_plays,
    Kind.ENTER: _fit_enter,
    Kind.BEAR_OFF: _fit_bear_off,
    Kind.REFUSED: _fit_refused,
    Kind.DECISION: _fit_decision,
    Kind.CUSTOMS: _fit_customs,
}
