"""A self-contained HTML report of a match analysis, in English or Persian.

The page carries everything inline: the CSS in a ``<style>`` element and
every picture as inline SVG (no scripts, fonts, images or links to fetch).
It holds the per-player summary, each game's equity graph (White's chance
to win after every turn, a line chart) and, for each player, board
diagrams (:func:`nard.core.svg.board`) of the costliest mistakes with the
better play drawn as arrows. The Persian page is right-to-left, with
Persian digits and the game's Persian words; plays stay left-to-right.

>>> from nard.ai.analysis import analyse_record
>>> from nard.ai.evaluator import PipCountEvaluator
>>> from nard.match.record import MatchRecord
>>> from nard.match.actions import OpeningRoll, MakePlay
>>> from nard.core.board import Side
>>> from nard.core.plays import Play, Step
>>> record = MatchRecord(actions=(OpeningRoll(white=3, black=1),
...     MakePlay(Side.WHITE, Play((Step(24, 21), Step(24, 23)))),))
>>> page = html_report(analyse_record(record, evaluator=PipCountEvaluator()), lang="fa")
>>> page.startswith("<!DOCTYPE html>"), 'dir="rtl"' in page, "<svg" in page
(True, True, True)
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from html import escape
from typing import Final, Literal, TypeAlias

from nard.ai.analysis import (
    BAD,
    DOUBTFUL,
    MARKED,
    VERY_BAD,
    Decision,
    DecisionKind,
    GameAnalysis,
    MatchAnalysis,
    PlayerStats,
)
from nard.ai.luck import LuckKind
from nard.core.board import Side
from nard.core.digits import fa_digits
from nard.core.messages import play_text
from nard.core.notation import NO_PLAY_TEXT
from nard.core.svg import board

Lang: TypeAlias = Literal["en", "fa"]

_TEXTS: Final[dict[str, tuple[str, str]]] = {
    "title": ("Analysis: {white} – {black}", "تحلیل بازی: {white} – {black}"),
    "match-to": ("{length}-point match", "مسابقهٔ {length} امتیازی"),
    "money": ("money session", "بازی پولی"),
    "engine": ("Analysed by {engine}.", "تحلیل با {engine}."),
    "summary": ("Summary", "خلاصه"),
    "player": ("Player", "بازیکن"),
    "white": ("White", "سفید"),
    "black": ("Black", "سیاه"),
    "decisions": ("Decisions (unforced)", "تصمیم‌ها (غیر اجباری)"),
    "error-rate": ("Error rate (mEMG per decision)", "نرخ خطا (هزارم ارزش در هر تصمیم)"),
    "pr": ("PR (XG)", "PR (رتبهٔ عملکرد XG)"),
    "rating": ("Rating (gnubg)", "رده (gnubg)"),
    "play-loss": ("Checker play: equity lost", "حرکت مهره‌ها: ارزش از دست رفته"),
    "cube-loss": ("Cube: equity lost", "داو: ارزش از دست رفته"),
    "luck": ("Luck (total equity)", "شانس (جمع ارزش)"),
    "luck-per-roll": ("Luck per roll", "شانس هر تاس"),
    "graph": ("White's chance to win after each turn", "احتمال برد سفید پس از هر نوبت"),
    "game": ("Game {number}", "دست {number}"),
    "score": (
        "Score before the game: {white} – {black}",
        "امتیاز پیش از این دست: {white} – {black}",
    ),
    "crawford": ("Crawford game", "دست کرافورد"),
    "winner": ("{name} wins {points} point(s).", "{name} برد: {points} امتیاز."),
    "unfinished": ("Not finished.", "ناتمام."),
    "worst": ("Worst mistakes", "بدترین اشتباه‌ها"),
    "worst-of": ("{name} ({side})", "{name} ({side})"),
    "none-marked": ("No marked mistakes.", "اشتباه علامت‌داری نیست."),
    "mistakes": ("All marked decisions", "همهٔ تصمیم‌های علامت‌دار"),
    "move": ("Move", "نوبت"),
    "dice": ("Dice", "تاس"),
    "played": ("Played", "بازی‌شده"),
    "best": ("Best", "بهترین"),
    "loss": ("Equity lost", "ارزش از دست رفته"),
    "mark": ("Mark", "علامت"),
    "position-id": ("Position ID", "شناسهٔ وضعیت"),
    "caption": (
        "Game {game}, move {move}: {name} played {played}; better {best} (−{loss}).",
        "دست {game}، نوبت {move}: {name} انتخاب کرد: {played}؛ بهتر: {best} (−{loss}).",
    ),
    "thresholds": (
        "Marks (gnubg): doubtful above {doubtful}, bad above {bad}, very bad above {very_bad}"
        " equity lost. Arrows on the boards show the better play.",
        "علامت‌ها (gnubg): مشکوک بیش از {doubtful}، بد بیش از {bad}، خیلی بد بیش از {very_bad}"
        " ارزش از دست رفته. پیکان‌ها روی صفحه حرکت بهتر را نشان می‌دهند.",
    ),
    "note-plays": (
        "Checker plays: equity at the score with the cube, as gnubg computes it: in a match"
        " the chance to win the match (Kazaross XG2 table) shown as EMG, gammons worth"
        " nothing where a single win takes the match; in money play points per unit cube.",
        "حرکت مهره‌ها: ارزش با داو و با امتیاز مسابقه، به روش gnubg: در مسابقه شانس بردن"
        " مسابقه (جدول Kazaross برای XG، نسخهٔ ۲) به صورت EMG (ارزش هم‌ارز بازی پولی)،"
        " و مارس بی‌ارزش آنجا که یک برد ساده مسابقه را می‌برد؛ در بازی پولی امتیاز برای"
        " هر واحد داو.",
    ),
    "note-cube": (
        "Cube decisions: no double, double/take and double/pass valued the same way.",
        "تصمیم‌های داو: داو ندادن، داو دادن و پذیرفتن، داو دادن و نپذیرفتن، به همین روش"
        " ارزیابی شده‌اند.",
    ),
    "note-no-cube": (
        "Cube decisions: not analysed (no engine).",
        "تصمیم‌های داو: تحلیل نشد (بدون موتور).",
    ),
    "note-luck": (
        "Luck: the best play of the roll against the average over all 36 rolls (0-ply),"
        " at the score.",
        "شانس: بهترین حرکت با تاس آمده در برابر میانگین همهٔ ۳۶ تاس ممکن (بدون جستجو)،"
        " با امتیاز مسابقه.",
    ),
    "note-no-luck": ("Luck: not analysed.", "شانس: تحلیل نشد."),
    # marks and luck
    "doubtful": ("Doubtful", "مشکوک"),
    "bad": ("Bad", "بد"),
    "very bad": ("Very bad", "خیلی بد"),
    "very lucky": ("Very lucky rolls", "تاس‌های خیلی خوش‌شانس"),
    "lucky": ("Lucky rolls", "تاس‌های خوش‌شانس"),
    "unlucky": ("Unlucky rolls", "تاس‌های بدشانس"),
    "very unlucky": ("Very unlucky rolls", "تاس‌های خیلی بدشانس"),
    # cube actions
    "no double": ("no double", "داو ندادن"),
    "double": ("double", "داو دادن"),
    "take": ("take", "پذیرفتن"),
    "drop": ("drop", "نپذیرفتن"),
    "beaver": ("beaver", "بیور"),
    # gnubg's ratings
    "Supernatural": ("Supernatural", "فراطبیعی"),
    "World class": ("World class", "استاد جهانی"),
    "Expert": ("Expert", "استاد"),
    "Advanced": ("Advanced", "پیشرفته"),
    "Intermediate": ("Intermediate", "متوسط"),
    "Casual player": ("Casual player", "آماتور"),
    "Beginner": ("Beginner", "تازه‌کار"),
    "Awful!": ("Awful!", "افتضاح!"),
    "n/a": ("n/a", "—"),
}

_CSS: Final = """
body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 980px;
  color: #222; background: #fcfaf5; line-height: 1.45; padding: 0 1em; }
h1 { font-size: 1.6em; } h2 { border-bottom: 2px solid #c9b38b; padding-bottom: .2em; }
table { border-collapse: collapse; margin: 1em 0; }
th, td { border: 1px solid #d8ccb4; padding: .3em .7em; text-align: start; }
th { background: #efe5d0; }
td.num { text-align: end; font-variant-numeric: tabular-nums; }
.mark-doubtful { color: #8a6d00; } .mark-bad { color: #c45500; }
.mark-very-bad { color: #b00020; font-weight: bold; }
figure { display: inline-block; margin: .5em; vertical-align: top; max-width: 440px; }
figcaption { font-size: .9em; }
.notes, .meta { color: #555; font-size: .9em; }
.play { unicode-bidi: isolate; direction: ltr; font-family: monospace; }
svg.graph { background: #fff; border: 1px solid #d8ccb4; }
"""


def _t(lang: Lang, key: str, **values: object) -> str:
    """The text ``key`` in ``lang``; in Persian its numbers in Persian digits, while
    strings (players' names, plays) are filled in as they are."""
    english, persian = _TEXTS[key]
    if lang == "en":
        return english.format(**values) if values else english
    shown = {
        name: _num(lang, value, 0) if isinstance(value, int) else value
        for name, value in values.items()
    }
    return persian.format(**shown) if values else persian


def _num(lang: Lang, value: float, digits: int = 3) -> str:
    """A number as ``lang`` writes it: Persian digits and the Persian decimal
    separator «٫» in Persian."""
    text = f"{value:.{digits}f}"
    return fa_digits(text).replace(".", "٫") if lang == "fa" else text


def _play(lang: Lang, text: str) -> str:
    """A cube action in words, or a play isolated left-to-right inside any text
    direction (in Persian with the terminal's and the explanations' writing)."""
    if text in _TEXTS:
        return f"<bdi>{escape(_t(lang, text))}</bdi>"
    if lang == "fa":
        text = play_text("" if text == NO_PLAY_TEXT else text).fa
    return f'<bdi class="play" dir="ltr">{escape(text)}</bdi>'


def _side(lang: Lang, side: Side) -> str:
    return _t(lang, "white" if side is Side.WHITE else "black")


def html_report(analysis: MatchAnalysis, *, lang: Lang = "en", worst: int = 3) -> str:
    """The whole report as one HTML document (UTF-8 text)."""
    white, black = (escape(name) for name in analysis.players)
    title = _t(lang, "title", white=white, black=black)
    direction = "rtl" if lang == "fa" else "ltr"
    parts = [
        "<!DOCTYPE html>",
        f'<html lang="{lang}" dir="{direction}">',
        "<head>",
        '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{title}</title>",
        f"<style>{_CSS}</style>",
        "</head>",
        "<body>",
        f"<h1>{title}</h1>",
        *_meta(analysis, lang),
        *_summary(analysis, lang),
        *_worst(analysis, lang, worst),
        *_games(analysis, lang),
        *_mistakes(analysis, lang),
        "</body>",
        "</html>",
    ]
    return "\n".join(parts) + "\n"


def _meta(analysis: MatchAnalysis, lang: Lang) -> Iterator[str]:
    kind = (
        _t(lang, "money")
        if analysis.length is None
        else _t(lang, "match-to", length=analysis.length)
    )
    engine = _t(lang, "engine", engine=escape(analysis.evaluator))
    yield f'<p class="meta">{kind}. {engine}</p>'
    thresholds = _t(
        lang,
        "thresholds",
        doubtful=_num(lang, DOUBTFUL, 2),
        bad=_num(lang, BAD, 2),
        very_bad=_num(lang, VERY_BAD, 2),
    )
    keys = [
        "note-plays",
        "note-cube" if analysis.cube_analysed else "note-no-cube",
        "note-luck" if analysis.luck_analysed else "note-no-luck",
    ]
    notes = "".join(f"<li>{_t(lang, key)}</li>" for key in keys)
    yield f'<div class="notes"><p>{thresholds}</p><ul>{notes}</ul></div>'


def _summary(analysis: MatchAnalysis, lang: Lang) -> Iterator[str]:
    yield f"<h2>{_t(lang, 'summary')}</h2>"
    yield '<table class="summary">'
    header = "".join(
        f"<th>{escape(stats.name)} ({_side(lang, stats.side)})</th>" for stats in analysis.stats
    )
    yield f"<tr><th>{_t(lang, 'player')}</th>{header}</tr>"

    def row(key: str, cells: list[str]) -> str:
        tds = "".join(f'<td class="num">{cell}</td>' for cell in cells)
        return f"<tr><th>{_t(lang, key)}</th>{tds}</tr>"

    stats = analysis.stats

    def each(value: Callable[[PlayerStats], str]) -> list[str]:
        return [value(s) for s in stats]

    yield row("decisions", each(lambda s: _num(lang, s.decisions, 0)))
    yield row("error-rate", each(lambda s: _num(lang, s.error_rate, 1)))
    yield row("pr", each(lambda s: _num(lang, s.pr, 2)))
    yield row("rating", each(lambda s: _t(lang, s.rating or "n/a")))
    yield row("play-loss", each(lambda s: _num(lang, s.play_loss)))
    yield row("cube-loss", each(lambda s: _num(lang, s.cube_loss)))
    for kind in MARKED:
        yield row(kind.value, [_num(lang, s.marks[kind], 0) for s in stats])
    yield row("luck", each(lambda s: _num(lang, s.luck)))
    yield row("luck-per-roll", each(lambda s: _num(lang, s.luck_per_roll)))
    for luck in (LuckKind.VERY_LUCKY, LuckKind.LUCKY, LuckKind.UNLUCKY, LuckKind.VERY_UNLUCKY):
        yield row(luck.value, [_num(lang, s.lucks[luck], 0) for s in stats])
    yield "</table>"


def _games(analysis: MatchAnalysis, lang: Lang) -> Iterator[str]:
    for game in analysis.games:
        yield f"<h2>{_t(lang, 'game', number=game.number)}</h2>"
        line = _t(lang, "score", white=game.score[0], black=game.score[1])
        if game.crawford:
            line += f" · {_t(lang, 'crawford')}"
        if game.winner is not None and game.points is not None:
            name = escape(analysis.players[game.winner])
            line += " · " + _t(lang, "winner", name=name, points=game.points)
        else:
            line += " · " + _t(lang, "unfinished")
        yield f'<p class="meta">{line}</p>'
        yield f'<figure class="graph">{equity_graph(game, lang=lang)}'
        yield f"<figcaption>{_t(lang, 'graph')}</figcaption></figure>"


def equity_graph(game: GameAnalysis, *, lang: Lang = "en", width: int = 640) -> str:
    """An inline SVG line chart of White's chance to win after each turn of ``game``.

    Marked decisions are dots on the line, coloured by their mark.
    """
    height, left, right, top, bottom = 220, 44, 12, 14, 28
    points = game.graph
    last = max((p.move for p in points), default=1) or 1
    plot_w, plot_h = width - left - right, height - top - bottom

    def x(move: float) -> float:
        return left + plot_w * move / last

    def y(win: float) -> float:
        return top + plot_h * (1.0 - win)

    title = escape(_t(lang, "graph"))
    parts = [
        f'<svg class="graph" xmlns="http://www.w3.org/2000/svg" width="{width}" '
        f'height="{height}" viewBox="0 0 {width} {height}" role="img">',
        f"<title>{title}</title>",
    ]
    for level in (0.0, 0.25, 0.5, 0.75, 1.0):
        dash = "" if level in (0.0, 1.0) else ' stroke-dasharray="4 4"'
        parts.append(
            f'<line x1="{left}" y1="{y(level):.1f}" x2="{width - right}" y2="{y(level):.1f}" '
            f'stroke="#bbb"{dash}/>'
        )
        label = _num(lang, level * 100, 0) + ("٪" if lang == "fa" else "%")
        parts.append(
            f'<text x="{left - 6}" y="{y(level) + 4:.1f}" font-size="11" '
            f'text-anchor="end" direction="ltr">{label}</text>'
        )
    step = max(1, round(last / 10))
    for move in range(0, last + 1, step):
        parts.append(
            f'<text x="{x(move):.1f}" y="{height - 8}" font-size="11" '
            f'text-anchor="middle">{_num(lang, move, 0)}</text>'
        )
    line = " ".join(f"{x(p.move):.1f},{y(p.win):.1f}" for p in points)
    parts.append(
        f'<polyline class="equity" fill="none" stroke="#1565c0" stroke-width="2" points="{line}"/>'
    )
    wins = {p.move: p.win for p in points}
    colours = {"doubtful": "#c9a400", "bad": "#e06000", "very bad": "#b00020"}
    for decision in game.decisions:
        if decision.mark.value in colours and decision.move in wins:
            parts.append(
                f'<circle class="mark" cx="{x(decision.move):.1f}" '
                f'cy="{y(wins[decision.move]):.1f}" r="4" '
                f'fill="{colours[decision.mark.value]}"/>'
            )
    parts.append("</svg>")
    return "\n".join(parts)


def _worst(analysis: MatchAnalysis, lang: Lang, count: int) -> Iterator[str]:
    yield f"<h2>{_t(lang, 'worst')}</h2>"
    serial = 0
    for stats in analysis.stats:
        heading = _t(lang, "worst-of", name=escape(stats.name), side=_side(lang, stats.side))
        yield f"<h3>{heading}</h3>"
        mistakes = analysis.worst(stats.side, count)
        if not mistakes:
            yield f"<p>{_t(lang, 'none-marked')}</p>"
            continue
        for decision in mistakes:
            serial += 1
            yield _figure(decision, stats, lang, serial)


def _figure(decision: Decision, stats: PlayerStats, lang: Lang, serial: int) -> str:
    svg: str = board(
        decision.position,
        roll=decision.roll,
        play=decision.best_play if decision.kind is DecisionKind.PLAY else None,
        cube_value=decision.cube.value,
        cube_owner=decision.cube.owner,
        size=420,
    )
    # Several boards share one page: give each its own arrowhead marker id.
    marker = f"arrowhead-{serial}"
    svg = svg.replace('id="arrowhead"', f'id="{marker}"').replace(
        "url(#arrowhead)", f"url(#{marker})"
    )
    caption = _t(
        lang,
        "caption",
        game=decision.game,
        move=decision.move,
        name=escape(stats.name),
        played="{played}",
        best="{best}",
        loss=_num(lang, decision.loss),
    )
    caption = caption.replace("{played}", _play(lang, decision.chosen)).replace(
        "{best}", _play(lang, decision.best)
    )
    mark = decision.mark.value
    return (
        f'<figure class="mistake">{svg}<figcaption><span class="mark-{mark.replace(" ", "-")}">'
        f"{_t(lang, mark)}</span>: {caption}</figcaption></figure>"
    )


def _mistakes(analysis: MatchAnalysis, lang: Lang) -> Iterator[str]:
    yield f"<h2>{_t(lang, 'mistakes')}</h2>"
    mistakes = analysis.mistakes()
    if not mistakes:
        yield f"<p>{_t(lang, 'none-marked')}</p>"
        return
    heads = ("game", "move", "player", "dice", "played", "best", "loss", "mark", "position-id")
    header = "".join(
        f"<th>{_t(lang, key, number='').strip() if key == 'game' else _t(lang, key)}</th>"
        for key in heads
    )
    yield f'<table class="mistakes"><tr>{header}</tr>'
    for d in mistakes:
        dice = "" if d.roll is None else _num(lang, d.roll.high, 0) + _num(lang, d.roll.low, 0)
        mark = d.mark.value
        cells = [
            f'<td class="num">{_num(lang, d.game, 0)}</td>',
            f'<td class="num">{_num(lang, d.move, 0)}</td>',
            f"<td>{escape(analysis.players[d.side])}</td>",
            f'<td class="num">{dice}</td>',
            f"<td>{_play(lang, d.chosen)}</td>",
            f"<td>{_play(lang, d.best)}</td>",
            f'<td class="num">{_num(lang, d.loss)}</td>',
            f'<td class="mark-{mark.replace(" ", "-")}">{_t(lang, mark)}</td>',
            f'<td><bdi class="play" dir="ltr">{escape(d.position_id)}</bdi></td>',
        ]
        yield f"<tr>{''.join(cells)}</tr>"
    yield "</table>"
