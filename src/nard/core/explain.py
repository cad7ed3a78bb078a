"""Why the rules refuse a play or a step, for players (docs/rules.md, seed 004).

An :class:`Explanation` names the rule that refused, which of docs/rules.md's seven
common mistakes the refusal is (when it is one), a message in English and in
Persian, and a complete legal play the player could make instead.

The diagnosis is worked out on the same step-by-step search that decides
legality (:class:`~nard.core.plays.TurnGuide`): the steps are replayed in the
order given and in every other order, and the first step that no order can
make is classified; a play whose steps can all be made but which is still not
legal is compared with the most dice a legal play uses (R8), the larger-die
rule (R9) and the Iranian customs (V1, V2).

The codes, with the rule each cites and the common mistake it is:

=========================  ========  =======  ===========================================
code                       rule      mistake  refused because
=========================  ========  =======  ===========================================
``not-your-checker``       R1                 no checker of the mover on that point (or bar)
``wrong-direction``        R1                 a move backwards (:func:`explain_move` only)
``die-not-rolled``         R6 / R7            the distance is no die still to play
``no-dice-left``           R6 / R7            more steps than dice
``closed-point``           R5                 landing (or entering) on a closed point
``bar-first``              R12       3        a board checker moved while one is on the bar
``intermediate-closed``    R6        4        a jump with the sum over closed landing points
``combined-step``          R6                 one step written over several dice
``must-use-both``          R8        1 2 5 7  fewer dice than possible (7: none at all)
``must-use-more-units``    R8        5 7      fewer units of a double than possible
``must-play-one``          R9        7        the turn given up while one die can be played
``larger-die``             R9        1        the smaller die where only one die is used
``bear-off-not-home``      R13                bearing off with checkers outside or on the bar
``bear-off-higher-point``  R14       6        a larger die from a lower point, higher held
``escape-after-hit``       V1                 the checker that hit lands on own checkers
``hit-and-cover``          V2                 a home point hit this turn ends covered
``not-legal``              R11                none of the above (should not happen)
=========================  ========  =======  ===========================================

Mistake 2 (the order of the dice taken as binding) is named when the die left
unplayed could be played only after the other, or when playing the smaller die
first lost the larger one; mistake 5 (a legal play refused as strategically
bad) when every legal play leaves more blots or fewer points than the play
tried.

>>> from nard.core.board import Position
>>> from nard.core.dice import Roll
>>> from nard.core.plays import Play, Step
>>> position = Position.from_points({24: 1, 1: 14}, {})
>>> why = explain_play(position, Roll(6, 4), Play((Step(24, 18),)))
>>> why.rule, why.code, why.mistake
(<Rule.R8: 'R8'>, 'must-use-both', 1)
>>> print(why.message_en.split(". ")[0])
You must use both dice when you can: 6-4 can be played as 24/14
>>> why.legal_play == Play((Step(24, 18), Step(18, 14)))
True
>>> explain_play(position, Roll(6, 4), why.legal_play) is None
True
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass

from nard.core import messages as msg
from nard.core.board import BAR, HOME_BOARD, OFF, POINTS, Point, Position
from nard.core.dice import Roll
from nard.core.errors import InvalidPlayError
from nard.core.moves import Move
from nard.core.plays import LegalPlays, NodeKey, Play, Step, TurnGuide, is_legal, step_orders
from nard.core.rules import STANDARD, Rule, RuleSet

__all__ = ["Explanation", "explain_move", "explain_play", "explain_step"]

_MAX_SPLITS = 64


@dataclass(frozen=True, slots=True)
class Explanation:
    """Why a play or a step is refused.

    ``rule`` is the docs/rules.md rule that refused it, ``mistake`` the number (1-7) of
    the common mistake it is, if any, ``code`` a stable machine key such as
    ``"closed-point"``, ``legal_play`` a complete legal play the player could make
    instead and ``step`` the offending step, when one step is to blame.
    """

    rule: Rule
    mistake: int | None
    code: str
    message_en: str
    message_fa: str
    legal_play: Play | None = None
    step: Step | None = None

    def message(self, lang: str = "en") -> str:
        """The message in ``"en"`` (English) or ``"fa"`` (Persian)."""
        if lang == "en":
            return self.message_en
        if lang == "fa":
            return self.message_fa
        raise ValueError(f"messages exist in 'en' and 'fa', not {lang!r}")

    def __str__(self) -> str:
        return self.message_en


def explain_play(
    position: Position, roll: Roll, play: Play, rules: RuleSet = STANDARD
) -> Explanation | None:
    """Why ``play`` is not a legal play of ``roll``; None when it is legal.

    >>> from nard.core.board import Position
    >>> from nard.core.dice import Roll
    >>> from nard.core.plays import Play, Step
    >>> why = explain_play(Position.initial(), Roll(6, 4), Play((Step(13, 9), Step(9, 4))))
    >>> why.rule, why.code, why.step
    (<Rule.R6: 'R6'>, 'die-not-rolled', Step(9, 4))
    """
    if is_legal(position, roll, play, rules):
        return None
    explainer = _RollExplainer(position, roll, rules)
    if not play.steps:
        return explainer.explain_pass()
    return explainer.explain_steps(play.steps)


def explain_step(
    position: Position,
    roll: Roll,
    steps_made: Sequence[Step],
    step: Step,
    rules: RuleSet = STANDARD,
) -> Explanation | None:
    """Why ``step`` may not follow ``steps_made`` this turn; None when it keeps a
    complete legal play reachable (the steps a :class:`TurnGuide` offers).

    Raises ``ValueError`` when ``steps_made`` themselves lead to no legal play.

    >>> from nard.core.board import Position
    >>> from nard.core.dice import Roll
    >>> from nard.core.plays import Step
    >>> position = Position.from_points({13: 2, 6: 5, BAR: 1}, {})
    >>> explain_step(position, Roll(3, 1), [], Step(13, 10)).code
    'bar-first'
    >>> explain_step(position, Roll(3, 1), [Step(BAR, 22)], Step(13, 12)) is None
    True
    """
    explainer = _RollExplainer(position, roll, rules)
    keys = explainer.start(steps_made)
    return explainer.explain_next(keys, steps_made, step)


def explain_move(
    position: Position,
    roll: Roll,
    steps_made: Sequence[Step],
    from_point: Point,
    to_point: Point,
    rules: RuleSet = STANDARD,
) -> Explanation | None:
    """Like :func:`explain_step` for a move as a UI or CLI sends it: two point numbers
    (25 the bar, 0 off), in any direction, one die or one checker's moves over
    several dice. None when the move, as one step or as that checker's
    consecutive steps, keeps a complete legal play reachable.

    >>> from nard.core.board import Position
    >>> from nard.core.dice import Roll
    >>> explain_move(Position.initial(), Roll(6, 4), [], 13, 18).code
    'wrong-direction'
    >>> explain_move(Position.initial(), Roll(6, 4), [], 24, 14) is None
    True
    """
    for point in (from_point, to_point):
        if type(point) is not int or not OFF <= point <= BAR:
            raise InvalidPlayError(f"a point is 0 (off) .. 25 (bar), not {point!r}")
    explainer = _RollExplainer(position, roll, rules)
    keys = explainer.start(steps_made)
    if from_point == OFF or to_point == BAR or to_point >= from_point:
        return explainer.build(
            _Reason(Rule.R1, "wrong-direction", msg.wrong_direction(from_point, to_point)),
            legal=explainer.extension(keys, steps_made),
        )
    step = Step(from_point, to_point)
    refusal = explainer.explain_next(keys, steps_made, step)
    if refusal is None or refusal.code != "combined-step":
        return refusal
    # A move over several dice: accepted if some split keeps a legal play reachable.
    best: tuple[int, list[NodeKey], tuple[Step, ...]] | None = None
    for route in explainer.splits(keys[0], step):
        made, reached = explainer.walk(route, good_only=True, start=keys)
        if made == len(route):
            return None
        if best is None or made > best[0]:
            best = (made, reached, route)
    if best is None:  # pragma: no cover - combined-step implies a split exists
        return refusal
    made, reached, route = best
    return explainer.explain_next(reached, [*steps_made, *route[:made]], route[made])


# -- the diagnosis ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Reason:
    rule: Rule
    code: str
    text: msg.Text
    mistake: int | None = None
    note: msg.Text | None = None
    hint: bool = True


class _RollExplainer:
    """The step-by-step search of one roll, read for explanations."""

    def __init__(self, position: Position, roll: Roll, rules: RuleSet) -> None:
        self.position = position
        self.roll = roll
        self.rules = rules
        self.guide = TurnGuide(position, roll, rules)
        # The guide's search graph: every node with all its edges, where legal
        # plays end, and (guide.is_good) the nodes that keep a legal play reachable.
        self.nodes = self.guide.nodes
        self.ends = self.guide.legal_ends
        self.root = self.guide.root
        self.most = self.guide.dice_used

    # -- walking the search ---------------------------------------------------------------

    def advance(
        self, keys: Sequence[NodeKey], step: Step, *, good_only: bool
    ) -> list[tuple[Step, NodeKey]]:
        """The (edge, node) pairs ``step`` leads to from any of ``keys``."""
        return self.guide.advance(keys, step, good_only=good_only)

    def walk(
        self, steps: Sequence[Step], *, good_only: bool, start: Sequence[NodeKey] | None = None
    ) -> tuple[int, list[NodeKey]]:
        """How many of ``steps`` can be made in this order, and the nodes reached.

        Every node a step can lead to is followed, because under V1 the same
        steps can leave different checkers marked as having hit.
        """
        keys = list(start) if start is not None else [self.root]
        for index, step in enumerate(steps):
            nxt = [child for _, child in self.advance(keys, step, good_only=good_only)]
            if not nxt:
                return index, keys
            keys = nxt
        return len(steps), keys

    def start(self, steps_made: Sequence[Step]) -> list[NodeKey]:
        made, keys = self.walk(steps_made, good_only=True)
        if made < len(steps_made):
            raise ValueError("the steps made so far do not lead to a legal play")
        return keys

    def reach(self, keys: Sequence[NodeKey]) -> set[NodeKey]:
        """The nodes reachable from ``keys``, themselves included."""
        seen = set(keys)
        todo = list(keys)
        while todo:
            for _, child in self.nodes[todo.pop()].children:
                if child not in seen:
                    seen.add(child)
                    todo.append(child)
        return seen

    def completion(self, key: NodeKey) -> tuple[Step, ...]:
        """Steps from a good node to the end of a legal play."""
        steps: list[Step] = []
        while key not in self.ends:
            edge, key = next((e, c) for e, c in self.nodes[key].children if self.guide.is_good(c))
            steps.append(edge)
        return tuple(steps)

    def extension(self, keys: Sequence[NodeKey], steps_made: Sequence[Step]) -> Play:
        """A complete legal play that starts with ``steps_made``."""
        resolved = self.guide.resolve(steps_made) or list(steps_made)
        return Play((*resolved, *self.completion(keys[0])))

    def used(self, key: NodeKey) -> int:
        return len(self.nodes[key].used)

    @staticmethod
    def covers_hit(key: NodeKey) -> list[Point]:
        """Home points hit this turn that hold two or more of the mover's checkers (V2)."""
        return sorted((p for p in key.home_hits if key.player[p] >= 2), reverse=True)

    # -- choosing a legal play to show ----------------------------------------------------

    def best_legal(self, steps: Sequence[Step]) -> Play:
        """The legal play nearest to what the player tried: the same resulting
        checkers if possible, else the most steps and starting points in common."""
        intended = list(self.position.player)
        for step in steps:
            if intended[step.from_point]:
                intended[step.from_point] -= 1
                intended[step.to_point] += 1
        tried = [(s.from_point, s.to_point) for s in steps]

        def score(item: tuple[Play, Position]) -> tuple[bool, int, int]:
            play, after = item
            moves = [(s.from_point, s.to_point) for s in play.steps]
            common = sum(min(moves.count(m), tried.count(m)) for m in set(moves))
            origins = [m[0] for m in moves]
            starts = sum(
                min(origins.count(p), [t[0] for t in tried].count(p)) for p in set(origins)
            )
            return (list(after.player) == intended, common, starts)

        items = list(LegalPlays(self.position, self.roll, self.rules).items())
        if not items:
            return Play()
        return max(items, key=score)[0]

    # -- building explanations -------------------------------------------------------------

    def build(
        self, reason: _Reason, *, legal: Play | None, step: Step | None = None
    ) -> Explanation:
        text = reason.text
        if reason.note is not None:
            text = text + reason.note
        if reason.hint and legal is not None:
            text = text + msg.legal_play_hint(msg.play_text(_notation(legal)))
        text = text + msg.rule_ref(reason.rule.value)
        return Explanation(reason.rule, reason.mistake, reason.code, text.en, text.fa, legal, step)

    def roll_text(self) -> msg.Text:
        return msg.roll_text(self.roll.high, self.roll.low)

    # -- whole plays ---------------------------------------------------------------------------

    def explain_pass(self) -> Explanation:
        """The empty play while some die can be played (mistake 7)."""
        legal = self.guide.example_play()
        shown = msg.play_text(_notation(legal))
        if self.roll.is_double:
            text = msg.must_use_more_units(self.roll.high, self.most, shown)
            reason = _Reason(Rule.R8, "must-use-more-units", text, 7, msg.mistake_note(7), False)
        elif self.most == 2:
            text = msg.must_use_both(self.roll_text(), shown)
            reason = _Reason(Rule.R8, "must-use-both", text, 7, msg.mistake_note(7), False)
        else:
            die = self.nodes[next(iter(self.ends))].used[0]
            text = msg.must_play_one(die, shown)
            reason = _Reason(Rule.R9, "must-play-one", text, 7, msg.mistake_note(7), False)
        return self.build(reason, legal=legal)

    def explain_steps(self, steps: Sequence[Step]) -> Explanation:
        expansions = self.expansions(steps)
        if expansions:
            return self.explain_combined(steps, expansions)
        best: tuple[int, tuple[Step, ...], list[NodeKey]] | None = None
        ends: list[tuple[tuple[Step, ...], NodeKey]] = []
        for order in step_orders(steps):
            made, keys = self.walk(order, good_only=False)
            if made == len(order):
                ends.extend((order, key) for key in keys)
            elif best is None or made > best[0]:
                best = (made, order, keys)
        if ends:
            return self.explain_complete_steps(steps, ends)
        assert best is not None
        made, order, keys = best
        given, start = self.walk(steps, good_only=False)
        if steps[given] == order[made]:
            # The same step fails in the order given: explain it on the board the player saw.
            made, order, keys = given, tuple(steps), start
        return self.explain_refused(order, made, keys[0], steps)

    def expansions(self, steps: Sequence[Step]) -> list[tuple[tuple[Step, ...], ...]]:
        """The ways to split the steps that span several dice into single-die steps, each
        as one part per step; empty when every step can be a single die."""
        units = self.roll.units
        options: list[list[tuple[Step, ...]]] = []
        combined = False
        for step in steps:
            splits = Move.of(step).splits(units)
            # Fewest dice first: a step one die can make is not split.
            if splits and len(splits[0]) > 1:
                combined = True
                options.append(splits)
            else:
                options.append([(step,)])
        if not combined:
            return []
        return list(itertools.islice(itertools.product(*options), _MAX_SPLITS))

    def explain_combined(
        self, steps: Sequence[Step], expansions: list[tuple[tuple[Step, ...], ...]]
    ) -> Explanation:
        """Steps spanning several dice: legal once split (R6), or why the split is not."""
        plays = [tuple(s for part in parts for s in part) for parts in expansions]
        for parts, expansion in zip(expansions, plays, strict=True):
            if is_legal(self.position, self.roll, Play(expansion), self.rules):
                legal = self.guide.complete_play(expansion) or Play(expansion)
                index = next(i for i, part in enumerate(parts) if len(part) > 1)
                step = steps[index]
                text = msg.combined_step(step.from_point, step.to_point, _steps_text(parts[index]))
                return self.build(_Reason(Rule.R6, "combined-step", text), legal=legal, step=step)
        # Judge the split that gets furthest.
        scored = []
        for expansion in plays:
            made = max(self.walk(order, good_only=False)[0] for order in step_orders(expansion))
            scored.append((made, expansion))
        expansion = max(scored, key=lambda item: item[0])[1]
        return self.explain_steps(expansion)

    def explain_complete_steps(
        self, steps: Sequence[Step], ends: list[tuple[tuple[Step, ...], NodeKey]]
    ) -> Explanation:
        """Every step can be made, yet the play is not legal: too few dice (R8), the
        smaller die (R9) or a hit home point covered (V2)."""
        count = len(steps)
        keys = [key for _, key in ends]
        legal = self.best_legal(steps)
        if count == self.most and any(self.smaller_die_only(key) for key in keys):
            return self.larger_die_refusal(legal, steps[0])
        covered = self.covers_hit(keys[0])
        if count >= self.most and all(self.covers_hit(key) for key in keys):
            reason = _Reason(Rule.V2, "hit-and-cover", msg.hit_and_cover(covered))
            return self.build(reason, legal=legal)
        if count < self.most:
            return self.too_few_dice(steps, ends, legal)
        return self.build(
            _Reason(Rule.R11, "not-legal", msg.not_legal(self.roll_text())), legal=legal
        )

    def smaller_die_only(self, key: NodeKey) -> bool:
        """Whether this node ends a way to play that R9 alone refuses: the only die
        played is the smaller one, where a legal play uses one die (the larger)."""
        used = self.nodes[key].used
        return (
            not self.roll.is_double
            and self.most == 1
            and used == (self.roll.low,)
            and not self.covers_hit(key)
        )

    def larger_die_refusal(self, legal: Play, step: Step | None) -> Explanation:
        text = msg.larger_die(self.roll.high, self.roll.low, msg.play_text(_notation(legal)))
        return self.build(
            _Reason(Rule.R9, "larger-die", text, 1, hint=False), legal=legal, step=step
        )

    def too_few_dice(
        self,
        steps: Sequence[Step],
        ends: list[tuple[tuple[Step, ...], NodeKey]],
        legal: Play,
    ) -> Explanation:
        """R8: a play that stops while more dice can be used."""
        extended: Play | None = None
        for order in step_orders(steps):
            made, keys = self.walk(order, good_only=True)
            if made == len(order):
                extended = self.extension(keys, order)
                break
        shown = extended or legal
        end = ends[0][1]
        strategic = self.all_legal_look_worse(end)
        mistake: int | None = None
        note: msg.Text | None = None
        if self.roll.is_double:
            text = msg.must_use_more_units(
                self.roll.high, self.most, msg.play_text(_notation(shown))
            )
            mistake = 5 if strategic else None
            note = msg.mistake_note(5) if strategic else None
            reason = _Reason(Rule.R8, "must-use-more-units", text, mistake, note, False)
            return self.build(reason, legal=shown)
        played = self.nodes[end].used[0]
        missing = self.roll.low if played == self.roll.high else self.roll.high
        # Mistake 2: the missing die could be played, only not first (the 4-2 example
        # of seed 004), or playing the smaller die first lost the larger one.
        missing_first = any(edge.die == missing for edge in self.guide.next_steps(()))
        if (extended is not None and not missing_first) or (
            extended is None and played == self.roll.low
        ):
            mistake, note = 2, msg.mistake_note(2, played=played, missing=missing)
        elif strategic:
            mistake, note = 5, msg.mistake_note(5)
        elif played == self.roll.high:
            mistake, note = 1, msg.mistake_note(1)
        text = msg.must_use_both(self.roll_text(), msg.play_text(_notation(shown)))
        reason = _Reason(Rule.R8, "must-use-both", text, mistake, note, False)
        return self.build(reason, legal=shown)

    def all_legal_look_worse(self, end: NodeKey) -> bool:
        """Whether every legal play leaves more blots or fewer points than the play tried
        (the sign of mistake 5: refusing a legal play because it is strategically bad)."""
        tried = _shape(end.player)
        shapes = [
            _shape(after.player)
            for _, after in LegalPlays(self.position, self.roll, self.rules).items()
        ]
        return bool(shapes) and all(
            blots > tried[0] or points < tried[1] for blots, points in shapes
        )

    def explain_refused(
        self, order: tuple[Step, ...], made: int, key: NodeKey, steps: Sequence[Step]
    ) -> Explanation:
        """The first step that no order of the play can make."""
        step = order[made]
        legal = self.best_legal(steps)
        reason = self.classify(key, step)
        if reason is not None and reason.code == "closed-point" and step.from_point != BAR:
            reason = self.jump_over_closed(key, order[made:]) or reason
        if reason is None:
            reason = _Reason(Rule.R11, "not-legal", msg.not_legal(self.roll_text()))
        return self.build(reason, legal=legal, step=step)

    def jump_over_closed(self, key: NodeKey, rest: Sequence[Step]) -> _Reason | None:
        """Mistake 4: the checker stops on a closed point only on its way further with the
        next dice, and every order of those dice has a closed landing (R6)."""
        first = rest[0]
        distances = [first.distance]
        here = first.to_point
        for step in rest[1:]:
            if step.from_point == here and step.to_point != OFF:
                distances.append(step.distance)
                here = step.to_point
        if len(distances) < 2:
            return None
        closed_stops: set[Point] = set()
        move = Move(first.from_point, here)
        for route in set(itertools.permutations(distances)):
            closed = [p for p in move.stops(route) if _closed(key, p)]
            if not closed:
                return None
            closed_stops.update(closed)
        dice = msg.dice_text(distances)
        text = msg.intermediate_closed(
            first.from_point, here, dice, sorted(closed_stops, reverse=True)
        )
        return _Reason(Rule.R6, "intermediate-closed", text, 4)

    # -- single steps ------------------------------------------------------------------------

    def explain_next(
        self, keys: Sequence[NodeKey], steps_made: Sequence[Step], step: Step
    ) -> Explanation | None:
        if self.advance(keys, step, good_only=True):
            return None
        legal = self.extension(keys, steps_made)
        raw = self.advance(keys, step, good_only=False)
        if raw:
            return self.dead_end(steps_made, step, raw, legal)
        reason = self.classify(keys[0], step)
        if reason is None:
            reason = _Reason(Rule.R11, "not-legal", msg.not_legal(self.roll_text()))
        return self.build(reason, legal=legal, step=step)

    def dead_end(
        self,
        steps_made: Sequence[Step],
        step: Step,
        raw: list[tuple[Step, NodeKey]],
        legal: Play,
    ) -> Explanation:
        """A step the board allows after which no legal play can be completed."""
        reach = self.reach([child for _, child in raw])
        full = [key for key in reach if self.used(key) >= self.most]
        die = raw[0][0].die
        if any(self.smaller_die_only(key) for key in full):
            return self.larger_die_refusal(legal, step)
        if full and all(self.covers_hit(key) for key in full):
            # Every way to play all the dice after this step covers a hit blot.
            covered = self.covers_hit(full[0])
            reason = _Reason(Rule.V2, "hit-and-cover", msg.hit_and_cover(covered))
            return self.build(reason, legal=legal, step=step)
        if full:
            reason = _Reason(Rule.R11, "not-legal", msg.not_legal(self.roll_text()))
            return self.build(reason, legal=legal, step=step)
        if self.rules.escape_after_hit:
            lenient = _RollExplainer(
                self.position, self.roll, self.rules.with_(escape_after_hit=False)
            )
            made, _ = lenient.walk([*steps_made, step], good_only=True)
            if made == len(steps_made) + 1:
                text = msg.escape_dead_end(_steps_text([raw[0][0]]))
                return self.build(
                    _Reason(Rule.V1, "escape-after-hit", text), legal=legal, step=step
                )
        shown = msg.play_text(_notation(legal))
        if self.roll.is_double:
            text = msg.must_use_more_units(self.roll.high, self.most, shown)
            reason = _Reason(Rule.R8, "must-use-more-units", text, hint=False)
        else:
            mistake = 1 if die == self.roll.high else 2
            missing = self.roll.low if mistake == 1 else self.roll.high
            note = msg.mistake_note(mistake, played=die, missing=missing)
            text = msg.must_use_both(self.roll_text(), shown)
            reason = _Reason(Rule.R8, "must-use-both", text, mistake, note, False)
        return self.build(reason, legal=legal, step=step)

    def classify(self, key: NodeKey, step: Step) -> _Reason | None:
        """Why the board refuses ``step`` at this node, in the order of R11 (docs/rules.md#r11)."""
        player, opponent, dice = key.player, key.opponent, key.dice
        origin, target, distance = step.from_point, step.to_point, step.distance
        dice_rule = Rule.R7 if self.roll.is_double else Rule.R6
        if not dice:
            return _Reason(dice_rule, "no-dice-left", msg.no_dice_left(self.roll_text()))
        if not player[origin]:
            blockers = 0 if origin == BAR else opponent[25 - origin]
            return _Reason(Rule.R1, "not-your-checker", msg.not_your_checker(origin, blockers))
        if player[BAR] and origin != BAR:
            return _Reason(Rule.R12, "bar-first", msg.bar_first(player[BAR]), 3)
        if target == OFF and any(player[HOME_BOARD.stop :]):
            outside = [p for p in range(BAR, HOME_BOARD.stop - 1, -1) if player[p]]
            return _Reason(Rule.R13, "bear-off-not-home", msg.bear_off_not_home(outside))
        if distance in dice:
            die = distance
        elif target == OFF and max(dice) > distance:
            higher = [p for p in range(HOME_BOARD.stop - 1, origin, -1) if player[p]]
            die = max(d for d in dice if d > distance)
            if higher:
                text = msg.bear_off_higher_point(origin, die, higher)
                return _Reason(Rule.R14, "bear-off-higher-point", text, 6)
        else:
            return self.combined(key, step) or _Reason(
                dice_rule,
                "die-not-rolled",
                msg.die_not_rolled(
                    origin,
                    target,
                    distance,
                    self.roll_text(),
                    # Name the dice left only when the distance is a die already played.
                    msg.dice_text(dice) if distance in self.roll.units else None,
                ),
            )
        if target != OFF and _closed(key, target):
            text = msg.closed_point(target, opponent[25 - target], entering=origin == BAR, die=die)
            return _Reason(Rule.R5, "closed-point", text)
        taint = key.taint
        if (
            self.rules.escape_after_hit
            and target != OFF
            and player[target]
            and taint
            and taint[origin] >= player[origin]
        ):
            return _Reason(Rule.V1, "escape-after-hit", msg.escape_after_hit(origin, target))
        return None

    def combined(self, key: NodeKey, step: Step) -> _Reason | None:
        """A step spanning several of the dice left: refused for its closed landing
        points (R6, mistake 4), or to be played as separate steps (R6)."""
        move = Move.of(step)
        routes = move.routes(key.dice)
        if not routes:
            return None
        closed_stops: set[Point] = set()
        for route in routes:
            closed = [p for p in move.stops(route) if _closed(key, p)]
            if not closed:
                split = move.steps(route)
                text = msg.combined_step(step.from_point, step.to_point, _steps_text(split))
                return _Reason(Rule.R6, "combined-step", text)
            closed_stops.update(closed)
        dice = msg.dice_text(routes[0])
        stops = sorted(closed_stops, reverse=True)
        text = msg.intermediate_closed(step.from_point, step.to_point, dice, stops)
        return _Reason(Rule.R6, "intermediate-closed", text, 4)

    def splits(self, key: NodeKey, step: Step) -> list[tuple[Step, ...]]:
        """The ways to play a move over several dice as one checker's single steps."""
        return Move.of(step).splits(key.dice)


# -- helpers -------------------------------------------------------------------------------------


def _notation(play: Play) -> str:
    return str(play) if play.steps else ""


def _steps_text(steps: Sequence[Step]) -> msg.Text:
    """Single steps one by one (``24/18 18/14``), where play notation would join them."""
    return msg.play_text(" ".join(str(step) for step in steps))


def _closed(key: NodeKey, point: Point) -> bool:
    return 1 <= point <= POINTS and key.opponent[25 - point] >= 2


def _shape(player: Sequence[int]) -> tuple[int, int]:
    """(blots, made points) of one side on the board."""
    blots = sum(1 for p in range(1, POINTS + 1) if player[p] == 1)
    points = sum(1 for p in range(1, POINTS + 1) if player[p] >= 2)
    return blots, points
