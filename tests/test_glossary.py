"""The Persian strings of the web app, the explanations, the terminal, the HTML
analysis report and docs/rules.fa.md against docs/glossary.md: no word in a sense
the game gives another meaning, one ezafe spelling, and Persian digits in Persian
text; and the same names for the same things on every surface."""

from __future__ import annotations

import functools
import inspect
import itertools
import json
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import get_type_hints

import pytest

from nard.ai import report
from nard.ai.analysis import RATINGS
from nard.cli import i18n
from nard.core import messages as msg
from nard.core.board import BAR, OFF
from nard.core.digits import fa_digits
from nard.core.explain import explain_play
from nard.core.notation import parse_play
from nard.core.rule_examples import EXAMPLES
from nard.core.rules import Rule, RuleSet
from nard.server import refusals
from nard.trainer import texts as trainer_texts_module

ROOT = Path(__file__).resolve().parents[1]
GLOSSARY = ROOT / "docs" / "glossary.md"
FA_JSON = ROOT / "src" / "nard" / "server" / "static" / "i18n" / "fa.json"

LATIN_DIGITS_ALLOWED = re.compile(r"SHA-256")
"""Names that keep their Latin digits in Persian text (an algorithm's name)."""

_PERSIAN_LETTER = r"[\w\u200c]"


def table(heading: str) -> list[list[str]]:
    """The rows of the table under ``## heading``, cells stripped, ``\\|`` unescaped."""
    lines = GLOSSARY.read_text(encoding="utf-8").splitlines()
    start = lines.index(f"## {heading}")
    rows: list[list[str]] = []
    for line in lines[start + 1 :]:
        if line.startswith("## "):
            break
        if not line.startswith("|"):
            continue
        cells = re.split(r"(?<!\\)\|", line.strip()[1:-1])
        rows.append([cell.strip().replace("\\|", "|") for cell in cells])
    return rows[2:]  # the header and the --- line


def forbidden() -> list[tuple[str, re.Pattern[str], str, str]]:
    """(an example of the wrong use, its pattern, the sense, the right word)."""
    return [
        (wrong, re.compile(pattern.strip("`")), sense, instead)
        for wrong, pattern, sense, instead in table("Forbidden uses")
    ]


def terms() -> list[tuple[str, str]]:
    """(English, Persian) for every Persian form a Terms row gives."""
    return [
        (english, persian.strip())
        for english, fa, _ in table("Terms")
        for persian in fa.split("،")
        if persian.strip()
    ]


def unmarked_ezafe() -> list[tuple[str, re.Pattern[str]]]:
    """For each term written with «هٔ», its spelling without the mark (as an ezafe,
    not a sentence such as «خانه بسته است»)."""
    patterns: dict[str, re.Pattern[str]] = {}
    for _, persian in terms():
        words = persian.split(" ")
        for word, following in itertools.pairwise(words):
            if not word.endswith("هٔ"):
                continue
            bare = word[:-1]
            if following == "N" or following.isdigit():
                pattern = rf"{bare} [0-9۰-۹{{]"
            else:
                pattern = (
                    rf"{bare} {following}(?!{_PERSIAN_LETTER})(?!\s*(?:است|نیست|باشد|نباشد|بود|شد))"
                )
            patterns[f"{word} {following}"] = re.compile(pattern)
    return list(patterns.items())


def violations(strings: dict[str, str]) -> Iterator[str]:
    rules = [
        (f"«{wrong}» for {sense}: use «{instead}»", pattern)
        for wrong, pattern, sense, instead in forbidden()
    ]
    rules += [(f"ezafe unmarked: write «{term}»", pattern) for term, pattern in unmarked_ezafe()]
    for key, text in strings.items():
        for why, pattern in rules:
            if pattern.search(text):
                yield f"{key}: {why}: {text!r}"
        if re.search("[0-9]", LATIN_DIGITS_ALLOWED.sub("", text)):
            yield f"{key}: Latin digits in Persian text: {text!r}"
        if re.search(r"[۰-۹]\.[۰-۹]", text):
            yield f"{key}: a Latin decimal point: write «٫»: {text!r}"
        if re.search(r"[۰-۹]%", text):
            yield f"{key}: a Latin percent sign: write «٪»: {text!r}"


# -- the glossary itself -------------------------------------------------------------------------


def test_glossary_tables_parse() -> None:
    assert len(terms()) >= 50
    assert len(forbidden()) >= 10
    english = [row[0] for row in table("Terms")]
    for word in (
        "point",
        "checker",
        "bar",
        "bear off",
        "hit",
        "blot",
        "home board",
        "die, dice",
        "doubles",
        "step (one die's move)",
        "play (the whole turn's moves)",
        "legal play",
        "doubling cube",
        "double (verb)",
        "take",
        "drop, pass",
        "gammon",
        "backgammon",
        "match",
        "Crawford rule, Crawford game",
        "pip count",
        "prime",
        "anchor",
        "opening roll",
        "resign",
        "away (a player not at the table)",
    ):
        assert word in english


@pytest.mark.parametrize(
    ("wrong", "pattern", "sense", "instead"), forbidden(), ids=lambda v: str(v)[:20]
)
def test_each_forbidden_pattern_catches_its_example_and_spares_the_right_word(
    wrong: str, pattern: re.Pattern[str], sense: str, instead: str
) -> None:
    assert pattern.search(wrong), (wrong, pattern.pattern)
    assert list(violations({"instead": instead})) == []


def test_unmarked_ezafe_is_caught_but_a_sentence_is_not() -> None:
    found = list(
        violations({"a": "خانه داخلی حریف", "b": "خانه ۶", "c": "مسابقه {length} امتیازی"})
    )
    assert len(found) == 3
    assert list(violations({"d": "اگر خانه بسته باشد", "e": "خانهٔ ۴ بسته است"})) == []


def test_persian_numbers_take_the_persian_decimal_separator_and_percent_sign() -> None:
    assert len(list(violations({"a": "ارزش ۰.۱۲۵", "b": "۵۰% برد"}))) == 2
    assert list(violations({"c": "ارزش ۰٫۱۲۵، ۵۰٪ برد. ۲."})) == []


# -- the strings ---------------------------------------------------------------------------------


def app_texts(lang: str) -> dict[str, str]:
    strings: dict[str, str] = json.loads(
        (FA_JSON.parent / f"{lang}.json").read_text(encoding="utf-8")
    )
    return strings


def web_app() -> dict[str, str]:
    return app_texts("fa")


def terminal() -> dict[str, str]:
    return {key: fa for key, (_, fa) in i18n._TEXTS.items()}


def analysis_report() -> dict[str, str]:
    return {key: fa for key, (_, fa) in report._TEXTS.items()}


def trainer_texts() -> dict[str, str]:
    """The rules trainer's fixed texts (rule titles, mistakes, questions, routes)."""
    strings: dict[str, str] = {}
    for name, value in vars(trainer_texts_module).items():
        if isinstance(value, msg.Text):
            strings[name] = value.fa
        elif isinstance(value, dict):
            strings |= {f"{name}[{k}]": v.fa for k, v in value.items() if isinstance(v, msg.Text)}
    return strings


def server_refusals() -> dict[str, str]:
    """What the server answers a refused request or message with (logins included)."""
    return {str(code): fa for code, (_, fa) in refusals.TEXT.items()}


def rules_page() -> dict[str, str]:
    """The paragraphs of docs/rules.fa.md, without its comments, anchors and link targets."""
    text = (ROOT / "docs" / "rules.fa.md").read_text(encoding="utf-8")
    text = re.sub(r"<!--.*?-->", "", text, flags=re.DOTALL)
    text = re.sub(r'<a id="[a-z0-9]+"></a>', "", text)
    text = re.sub(r"\]\((?:#|rules/|rules\.md|glossary\.md)[^)]*\)", "]", text)
    return {f"rules.fa.md #{i}": " ".join(p.split()) for i, p in enumerate(text.split("\n\n"))}


def _explanation_calls() -> dict[str, list[Callable[[], msg.Text]]]:
    """Every public text function of nard.core.messages, called the ways the
    explanations call it."""
    play, none = msg.play_text("24/18 13/11*"), msg.play_text("")
    roll, double = msg.roll_text(6, 4), msg.roll_text(3, 3)
    return {
        "point_text": [
            lambda: msg.point_text(24),
            lambda: msg.point_text(BAR),
            lambda: msg.point_text(OFF),
        ],
        "points_text": [lambda: msg.points_text([5]), lambda: msg.points_text([13, 8, 6])],
        "roll_text": [lambda: roll, lambda: double],
        "dice_text": [
            lambda: msg.dice_text([6, 4]),
            lambda: msg.dice_text([5, 5, 5]),
            lambda: msg.dice_text([]),
        ],
        "play_text": [lambda: play, lambda: none, lambda: msg.play_text("bar/22 6/off(2)")],
        "rule_ref": [
            lambda: msg.rule_ref("R5"),
            lambda: msg.rule_ref("R14"),
            lambda: msg.rule_ref("V1"),
        ],
        "legal_play_hint": [lambda: msg.legal_play_hint(play), lambda: msg.legal_play_hint(none)],
        "not_your_checker": [
            lambda: msg.not_your_checker(BAR, 0),
            lambda: msg.not_your_checker(19, 2),
            lambda: msg.not_your_checker(11, 0),
        ],
        "wrong_direction": [
            lambda: msg.wrong_direction(8, 14),
            lambda: msg.wrong_direction(OFF, 3),
        ],
        "no_dice_left": [lambda: msg.no_dice_left(roll)],
        "die_not_rolled": [
            lambda: msg.die_not_rolled(13, 8, 5, roll, None),
            lambda: msg.die_not_rolled(BAR, 20, 5, roll, msg.dice_text([4])),
            lambda: msg.die_not_rolled(3, OFF, 3, double, msg.dice_text([3, 3])),
        ],
        "closed_point": [
            lambda: msg.closed_point(18, 3, entering=False, die=6),
            lambda: msg.closed_point(20, 2, entering=True, die=5),
        ],
        "bar_first": [lambda: msg.bar_first(1), lambda: msg.bar_first(2)],
        "intermediate_closed": [
            lambda: msg.intermediate_closed(24, 15, msg.dice_text([6, 3]), [18]),
            lambda: msg.intermediate_closed(24, 15, msg.dice_text([6, 3]), [21, 18]),
        ],
        "combined_step": [lambda: msg.combined_step(24, 14, msg.play_text("24/18 18/14"))],
        "must_use_both": [lambda: msg.must_use_both(roll, play)],
        "must_use_more_units": [lambda: msg.must_use_more_units(3, 3, play)],
        "must_play_one": [lambda: msg.must_play_one(3, play)],
        "larger_die": [lambda: msg.larger_die(5, 2, play)],
        "bear_off_not_home": [
            lambda: msg.bear_off_not_home([7]),
            lambda: msg.bear_off_not_home([BAR, 9]),
        ],
        "bear_off_higher_point": [lambda: msg.bear_off_higher_point(3, 6, [5])],
        "escape_after_hit": [lambda: msg.escape_after_hit(3, 1)],
        "escape_dead_end": [lambda: msg.escape_dead_end(msg.play_text("8/3*"))],
        "hit_and_cover": [lambda: msg.hit_and_cover([2])],
        "not_legal": [lambda: msg.not_legal(roll)],
        "mistake_note": [
            functools.partial(msg.mistake_note, number, played=6, missing=4)
            for number in range(1, 8)
        ],
    }


def explanations() -> dict[str, str]:
    """The Persian of every text function, and of every refusal in docs/rules.md."""
    strings = {
        f"{name}#{index}": call().fa
        for name, calls in _explanation_calls().items()
        for index, call in enumerate(calls)
    }
    for example in EXAMPLES.values():
        for claim in example.claims:
            if claim.refused_by is None or example.roll is None:
                continue
            why = explain_play(
                example.position, example.roll, parse_play(claim.play), example.rules
            )
            assert why is not None
            strings[f"{example.slug} {claim.play}"] = why.message_fa
    return strings


def test_every_text_function_of_the_explanations_is_sampled() -> None:
    public = {
        name
        for name, function in inspect.getmembers(msg, inspect.isfunction)
        if function.__module__ == msg.__name__
        and not name.startswith("_")
        and get_type_hints(function).get("return") in (msg.Text, str)
    }
    assert public == set(_explanation_calls())


@pytest.mark.parametrize(
    "source",
    [web_app, explanations, terminal, analysis_report, server_refusals, trainer_texts, rules_page],
    ids=lambda f: f.__name__,
)
def test_persian_strings_follow_the_glossary(source: Callable[[], dict[str, str]]) -> None:
    assert list(violations(source())) == []


# -- one name for one thing ----------------------------------------------------------------------


@pytest.mark.parametrize(("lang", "column"), [("en", 0), ("fa", 1)])
def test_the_report_names_gnubgs_ratings_as_the_app_does(lang: str, column: int) -> None:
    app = app_texts(lang)
    for name, _ in RATINGS:
        assert report._TEXTS[name][column] == app[f"rating.{name}"], name


def term(english: str) -> str:
    """The Persian of the Terms row whose English column starts with ``english``."""
    [persian] = [fa for en, fa, _ in table("Terms") if en.startswith(english)]
    return persian


def test_world_class_is_one_name_for_the_bot_and_the_rating() -> None:
    fa = web_app()
    assert fa["rating.World class"] == fa["level.world_class"] == term("world class")


def test_the_reports_cube_actions_are_the_glossarys_verbs() -> None:
    texts = analysis_report()
    assert texts["double"] == term("double (verb)")
    assert texts["take"] == term("take")
    assert texts["drop"] == term("drop, pass")
    assert texts["no double"] == "داو ندادن"


_FA_TO_LATIN = str.maketrans("۰۱۲۳۴۵۶۷۸۹", "0123456789")
_EN_HEADING = re.compile(r"## ([RV]\d+) (.+?)(?: \([^)]*\))?$")
_FA_HEADING = re.compile(r"## (?:قانون|رسم) ([RV][۰-۹]+): (.+)$")


def rule_headings(lang: str) -> dict[str, str]:
    """Each rule's name as the heading of its section in docs/rules.md or
    docs/rules.fa.md writes it (without the Persian name the English repeats)."""
    name, pattern = ("rules.md", _EN_HEADING) if lang == "en" else ("rules.fa.md", _FA_HEADING)
    text = (ROOT / "docs" / name).read_text(encoding="utf-8")
    found = (pattern.match(line) for line in text.splitlines())
    return {m[1].translate(_FA_TO_LATIN): m[2] for m in found if m}


def custom_names() -> dict[str, str]:
    """V1 … V4 and their Persian names, from the glossary's Terms rows «… (V1)»."""
    names = {}
    for english, persian, _ in table("Terms"):
        custom = re.search(r"\((V\d)\)$", english)
        if custom:
            names[custom[1]] = persian
    return names


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_the_apps_rule_names_are_the_headings_of_the_rules_page(lang: str) -> None:
    app, headings = app_texts(lang), rule_headings(lang)
    assert set(headings) == {rule.value for rule in Rule}
    assert {rule: app[f"rule.{rule}"] for rule in headings} == headings


_CUSTOM_KEYS = {"V1": "escape", "V2": "noHomeCover", "V3": "gammonWins", "V4": "noBackgammon"}


def test_the_customs_have_the_glossarys_names_everywhere() -> None:
    names = custom_names()
    assert sorted(names) == ["V1", "V2", "V3", "V4"]
    assert {v: rule_headings("fa")[v] for v in names} == names
    for lang in ("en", "fa"):
        app = app_texts(lang)
        for custom, key in _CUSTOM_KEYS.items():
            title = f"{custom if lang == 'en' else fa_digits(custom)} {app[f'rule.{custom}']}"
            for where in ("custom", "lobby"):
                assert app[f"{where}.{key}"].startswith(title), (lang, where, key)
    assert web_app()["rule.V1"] == names["V1"]
    # The explanations open with the custom's name.
    english = rule_headings("en")
    for text, custom in (
        (msg.escape_after_hit(3, 1), "V1"),
        (msg.escape_dead_end(msg.play_text("8/3*")), "V1"),
        (msg.hit_and_cover([2]), "V2"),
    ):
        assert text.fa.startswith(f"{names[custom]}:")
        assert text.en.startswith(f"{english[custom]}:")


def test_the_terminal_names_the_customs_as_the_glossary_does() -> None:
    names = custom_names()
    every = RuleSet(
        escape_after_hit=True,
        no_home_cover_after_hit=True,
        gammon_wins_match=True,
        no_backgammon=True,
    )
    words = i18n.rules_words("fa", every)
    assert len(words) == 4
    for custom, word in zip(sorted(names), words, strict=True):
        assert word.startswith(f"{fa_digits(custom)} {names[custom]}"), word
    assert i18n.rules_words("en", every) == ["V1 (home)", "V2", "V3", "V4"]
