"""The HTML analysis report: well formed, self-contained, SVG graphs and boards, en and fa."""

from __future__ import annotations

import dataclasses
import re
from html.parser import HTMLParser

import pytest

from nard.ai.analysis import MatchAnalysis, analyse_record
from nard.ai.evaluator import PipCountEvaluator
from nard.ai.report import equity_graph, html_report
from nard.core.board import Side
from tests.ai.test_analysis import worst_vs_best_record

VOID = {"meta", "br", "hr", "img", "input", "link", "col", "area", "base", "source", "wbr"}


class Checker(HTMLParser):
    """Checks that every element closes in order and collects what the page refers to."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[str] = []
        self.errors: list[str] = []
        self.references: list[str] = []
        self.counts: dict[str, int] = {}
        self.ids: list[str] = []
        self.root: dict[str, str | None] = {}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.counts[tag] = self.counts.get(tag, 0) + 1
        if tag == "html":
            self.root = dict(attrs)
        for name, value in attrs:
            if name in ("src", "href", "xlink:href", "action") and value is not None:
                self.references.append(value)
            if name == "id" and value is not None:
                self.ids.append(value)
        if tag not in VOID:
            self.stack.append(tag)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.counts[tag] = self.counts.get(tag, 0) + 1
        for name, value in attrs:
            if name in ("src", "href", "xlink:href") and value is not None:
                self.references.append(value)

    def handle_endtag(self, tag: str) -> None:
        if not self.stack or self.stack[-1] != tag:
            self.errors.append(f"</{tag}> closes {self.stack[-1:] or 'nothing'}")
            return
        self.stack.pop()


def check(page: str) -> Checker:
    checker = Checker()
    checker.feed(page)
    checker.close()
    assert checker.errors == []
    assert checker.stack == []
    return checker


@pytest.fixture(scope="module")
def analysis() -> MatchAnalysis:
    record = worst_vs_best_record(PipCountEvaluator(), seed=3, max_turns=30)
    return analyse_record(record, evaluator=PipCountEvaluator(), luck=False)


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_report_is_well_formed_and_self_contained(analysis: MatchAnalysis, lang: str) -> None:
    page = html_report(analysis, lang=lang)  # type: ignore[arg-type]
    assert page.startswith("<!DOCTYPE html>")
    checker = check(page)
    assert all(not ref.startswith(("http:", "https:", "//")) for ref in checker.references)
    assert not re.search(r"""(src|href)\s*=\s*["']?(https?:)?//""", page)
    assert "<script" not in page and "<link" not in page and "@import" not in page
    assert checker.counts.get("style") == 1
    # One equity graph per game plus a board for each worst mistake.
    worst = len(analysis.worst(Side.WHITE)) + len(analysis.worst(Side.BLACK))
    assert worst >= 3
    assert checker.counts["svg"] == len(analysis.games) + worst
    assert page.count('<svg class="graph"') == len(analysis.games)
    assert checker.counts["figure"] == worst + len(analysis.games)
    # Every board has its own arrowhead marker, and the arrows of the better play.
    assert len(checker.ids) == len(set(checker.ids))
    assert page.count('class="arrow"') >= worst


def test_english_report_names_players_marks_and_rating(analysis: MatchAnalysis) -> None:
    page = html_report(analysis, lang="en")
    assert check(page).root == {"lang": "en", "dir": "ltr"}
    for text in ("Worst", "Best", "Error rate", "PR", "Awful!", "Supernatural", "Very bad"):
        assert text in page
    for decision in analysis.mistakes():
        assert decision.position_id in page


def test_persian_report_is_right_to_left_with_persian_digits(analysis: MatchAnalysis) -> None:
    page = html_report(analysis, lang="fa")
    assert check(page).root == {"lang": "fa", "dir": "rtl"}
    for word in ("تحلیل", "سفید", "سیاه", "دست ۱", "افتضاح!", "داو", "مهره"):
        assert word in page
    summary = page.split('<table class="summary">')[1].split("</table>")[0]
    cells = re.findall(r'<td class="num">([^<]*)</td>', summary)
    assert cells and not any(re.search(r"[0-9]", cell) for cell in cells)
    assert any(re.search(r"[۰-۹]", cell) for cell in cells)
    # Persian numbers take the Persian decimal separator and percent sign.
    assert any(re.fullmatch(r"-?[۰-۹]+٫[۰-۹]{3}", cell) for cell in cells)
    text = re.sub(r"<[^>]+>", " ", page)
    assert not re.search(r"[۰-۹]\.[۰-۹]|[۰-۹]%", text), "a Latin . or % in a Persian number"
    assert "۵۰٪" in page and "50%" not in page
    assert "مشکوک بیش از ۰٫۰۳" in page
    # Plays read left to right inside the right-to-left page.
    assert '<bdi class="play" dir="ltr">' in page


def test_equity_graph_is_a_line_through_every_point(analysis: MatchAnalysis) -> None:
    game = analysis.games[0]
    svg = equity_graph(game)
    check(svg)
    [points] = re.findall(r'<polyline class="equity"[^>]* points="([^"]+)"', svg)
    pairs = [tuple(map(float, pair.split(","))) for pair in points.split()]
    assert len(pairs) == len(game.graph)
    xs = [x for x, _ in pairs]
    assert xs == sorted(xs)
    marked = sum(1 for d in game.decisions if d.mark.value != "none")
    assert svg.count('class="mark"') == marked


def test_persian_report_leaves_the_digits_of_a_players_name_as_written(
    analysis: MatchAnalysis,
) -> None:
    named = dataclasses.replace(analysis, players=("ali99", "Bot 2"))
    page = html_report(named, lang="fa")
    assert "<title>تحلیل بازی: ali99 – Bot 2</title>" in page
    assert "ali۹۹" not in page
