"""The trainer's rule titles and mistakes are docs/rules.md's and docs/rules.fa.md's."""

from __future__ import annotations

import re
from pathlib import Path

from nard.core.digits import fa_digits
from nard.trainer.texts import MISTAKES, RULE_TITLES, found_count, mistake_line

DOCS = Path(__file__).resolve().parents[2] / "docs"


def headings(name: str) -> set[str]:
    text = (DOCS / name).read_text(encoding="utf-8")
    return {line[3:].strip() for line in text.splitlines() if line.startswith("## ")}


def test_rule_titles_are_the_headings_of_the_rules() -> None:
    english, persian = headings("rules.md"), headings("rules.fa.md")
    for rule, title in RULE_TITLES.items():
        assert title.en in english, rule
        assert title.fa in persian, rule


def test_mistakes_are_the_seven_of_the_rules() -> None:
    text = (DOCS / "rules.md").read_text(encoding="utf-8")
    section = text[text.index('<a id="mistakes">') :]
    listed = re.findall(r"^(\d)\. (.+?)(?:\n   (.+?))?$", section, flags=re.MULTILINE)
    for number, first, second in listed:
        words = f"{first} {second}".split(" (")[0].strip()
        assert MISTAKES[int(number)].en == words.rstrip(";.")
    assert len(listed) == 7


def test_persian_texts_use_persian_digits() -> None:
    assert found_count(2, 15).fa == "۲ از ۱۵ حرکت قانونی را پیدا کردید."
    assert found_count(1, 1).en == "Found 1 of the 1 legal play."
    line = mistake_line(6).fa
    assert fa_digits("6") in line and "6" not in line
