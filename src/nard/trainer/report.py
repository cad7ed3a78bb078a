"""A rules problem report: what a player sends when they think a refusal is wrong.

Seed 004 asks a player who suspects the software to send the origin, the
destination and the order of the dice. The report holds that and the rest
needed to see the refusal again: the Position ID, the dice, the steps tried in
the order given, nard.core's explanation with its rule, the rule set and the
program's version, as plain text to paste, with a link (``/report?...``) that
opens the position and the refusal in the web app.

>>> from nard.core.board import Position
>>> from nard.core.dice import Roll
>>> report = rules_report(Position.initial(), Roll(6, 4), "13/7", "standard")
>>> report.rule, report.link
('R8', '/report?position=4HPwATDgc%2FABMA&dice=64&play=13%2F7&rules=standard')
>>> print(report.text("en").splitlines()[0])
Nard rules problem report
"""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urlencode

from nard import __version__
from nard.core.board import Position
from nard.core.dice import Roll
from nard.core.digits import fa_digits
from nard.core.explain import Explanation
from nard.core.messages import Text, play_text, roll_text
from nard.core.notation import format_play, parse_play
from nard.trainer.judge import judge_play
from nard.trainer.rule_sets import rule_set


def program_version() -> str:
    """This nard's version (:data:`nard.__version__`), installed or run from the source tree."""
    return __version__


@dataclass(frozen=True)
class RulesReport:
    """One refusal (or acceptance) written down so anyone can check it again."""

    position_id: str
    dice: tuple[int, int]
    play: str
    steps: tuple[str, ...]
    rules: str
    version: str
    explanation: Explanation | None
    legal: str | None = None

    @property
    def rule(self) -> str | None:
        return None if self.explanation is None else self.explanation.rule.value

    @property
    def link(self) -> str:
        """The web app's address of this report, relative to the server."""
        query = {
            "position": self.position_id,
            "dice": f"{self.dice[0]}{self.dice[1]}",
            "play": self.play,
            "rules": self.rules,
        }
        return "/report?" + urlencode(query)

    def text(self, lang: str = "en") -> str:
        """The report as a player pastes it, in ``"en"`` or ``"fa"``."""
        lines = [_pick(_LABELS["title"], lang)]
        roll = roll_text(*self.dice)
        tried = play_text(self.play)
        steps = play_text(" ".join(self.steps))
        rows = [
            ("position", Text(self.position_id, self.position_id)),
            ("dice", Text(f"{self.dice[0]}-{self.dice[1]}", roll.fa)),
            ("play", tried),
            ("steps", steps),
            ("rules", _rule_set_words(self.rules)),
        ]
        if self.explanation is None:
            rows.append(("verdict", _LABELS["legal"]))
        else:
            rows.append(("verdict", Text(self.explanation.message_en, self.explanation.message_fa)))
            rule = self.explanation.rule.value
            anchor = rule.lower()
            rows.append(
                (
                    "rule",
                    Text(
                        f"{rule} (docs/rules.md#{anchor})",
                        f"{fa_digits(rule)} (docs/rules.fa.md#{anchor})",
                    ),
                )
            )
        if self.legal is not None:
            rows.append(("legal-play", play_text(self.legal)))
        rows.append(("version", Text(f"nard {self.version}", f"nard {self.version}")))
        rows.append(("link", Text(self.link, self.link)))
        for key, value in rows:
            lines.append(f"{_pick(_LABELS[key], lang)}: {_pick(value, lang)}")
        return "\n".join(lines)


_LABELS = {
    "title": Text("Nard rules problem report", "گزارش مشکل قوانین نرد"),
    "position": Text("Position ID", "شناسهٔ وضعیت (Position ID)"),
    "dice": Text("Dice", "تاس"),
    "play": Text("Play tried", "حرکت امتحان‌شده"),
    "steps": Text("Steps in the order tried", "حرکت‌های تاس به ترتیب امتحان"),
    "rules": Text("Rule set", "مجموعهٔ قوانین"),
    "verdict": Text("Explanation", "توضیح"),
    "legal": Text("The play is legal.", "این حرکت قانونی است."),
    "rule": Text("Rule", "قانون"),
    "legal-play": Text("A legal play", "یک حرکت قانونی"),
    "version": Text("Program", "برنامه"),
    "link": Text("Link", "پیوند"),
}


_RULE_SETS = {
    "standard": "قوانین استاندارد",
    "iranian": "رسم‌های ایرانی",
    "v1-board": "فرار ممنوع، در همهٔ صفحه",
}
"""The trainer's rule sets as the app names them (``trainer.rules.*`` in fa.json)."""


def _rule_set_words(name: str) -> Text:
    """A rule set's name; in Persian its words, then the name to type (to check again)."""
    return Text(name, f"{_RULE_SETS[name]} ({name})" if name in _RULE_SETS else name)


def _pick(text: Text, lang: str) -> str:
    return text.fa if lang == "fa" else text.en


def rules_report(position: Position, roll: Roll, play: str, rules: str) -> RulesReport:
    """The report of ``play`` (notation) with ``roll`` in ``position`` under ``rules``.

    Raises ValueError (InvalidPlayError) when ``play`` is no play at all.
    """
    written = parse_play(play)  # the steps in the order the player wrote them
    verdict = judge_play(position, roll, play, rule_set(rules))
    if verdict.error is not None:
        raise ValueError(verdict.error)
    explanation = verdict.explanation
    legal = None
    if explanation is not None and explanation.legal_play is not None:
        legal = format_play(explanation.legal_play)
    return RulesReport(
        position_id=position.id(),
        dice=(roll.high, roll.low),
        play=play.strip(),
        steps=tuple(str(step) for step in written.steps),
        rules=rules,
        version=program_version(),
        explanation=explanation,
        legal=legal,
    )
