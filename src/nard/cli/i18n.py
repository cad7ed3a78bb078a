"""The terminal's texts in English and Persian (``nard play --lang fa|en``).

Every text has a key and a pair of format strings. Persian texts use the
words of docs/glossary.md (مهره، خانه، بار، جفت، دست، مارس، کوکس، داو) and
Persian digits, plays included (:func:`notation`); they are kept to short,
simple lines because terminals lay out right-to-left text poorly. The rules
engine's own explanations come in both languages from :mod:`nard.core.explain`.

>>> tr("en", "score", white=2, black=1)
'Score: White 2, Black 1'
>>> tr("fa", "score", white=2, black=1)
'امتیاز: سفید ۲، سیاه ۱'
>>> tr("en", "no-such-key")
Traceback (most recent call last):
...
KeyError: 'no-such-key'
"""

from __future__ import annotations

from typing import Final, Literal, TypeAlias

from nard.core.board import Side
from nard.core.digits import fa_digits
from nard.core.messages import play_text
from nard.core.notation import NO_PLAY_TEXT
from nard.core.rules import RuleSet
from nard.match.options import GameOptions, OpeningRule
from nard.match.scoring import ResultKind

Lang: TypeAlias = Literal["en", "fa"]
LANGS: Final[tuple[Lang, ...]] = ("en", "fa")

_HOW_TO_WRITE_A_PLAY: Final = "آن را مانند ۲۴/۱۸ ۱۳/۱۱، بار/۲۲، ۶/بیرون یا ۸/۵(۲) بنویسید."

_TEXTS: Final[dict[str, tuple[str, str]]] = {
    # sides, results
    "white": ("White", "سفید"),
    "black": ("Black", "سیاه"),
    "single": ("a single game", "ساده"),
    "gammon": ("a gammon", "مارس"),
    "backgammon": ("a backgammon", "کوکس (مارس اکبر)"),
    # board
    "player": ("Player", "بازیکن"),
    "player-n": ("Player {n}", "بازیکن {n}"),
    "pips": ("pips", "پیپ"),
    "off": ("off", "بیرون"),
    "bar": ("bar", "بار"),
    "cube": ("cube", "داو"),
    "cube-centred": ("cube {value}, centred", "داو {value}، وسط"),
    "cube-owned": ("cube {value}, {owner}'s", "داو {value}، مال {owner}"),
    "no-cube": ("no cube", "بدون داو"),
    "crawford-game": ("Crawford game: no doubling", "دست کرافورد: داو ممنوع"),
    "match-to": ("{length}-point match", "مسابقهٔ {length} امتیازی"),
    "money": ("money session", "بازی پولی"),
    "score": ("Score: White {white}, Black {black}", "امتیاز: سفید {white}، سیاه {black}"),
    "checkers-of": ("{mark} {side}: {name}", "{mark} {side}: {name}"),
    "on-roll": ("{name} ({side}) to roll", "نوبت تاس {name} ({side})"),
    "to-play": ("{name} ({side}) to play {roll}", "{name} ({side}) باید {roll} را بازی کند"),
    "to-answer-cube": (
        "{name} ({side}): take or drop the cube at {value}?",
        "{name} ({side}): داو {value} را می‌پذیری (take) یا نه (drop)؟",
    ),
    "to-answer-resign": (
        "{name} ({side}): {other} offers to resign {kind}. accept or refuse?",
        "{name} ({side}): {other} پیشنهاد واگذاری می‌دهد ({kind}). accept یا refuse؟",
    ),
    "numbered-from": ("points numbered from {side}'s side", "شماره خانه‌ها از سمت {side}"),
    "steps-so-far": ("so far: {steps}", "تا اینجا: {steps}"),
    "rules-line": ("rules: {rules}", "قوانین: {rules}"),
    # the rules and options a game differs by (rules_words); the customs by their names
    "custom-V1": ("V1 ({scope})", "V۱ فرار ممنوع ({scope})"),
    "custom-V2": ("V2", "V۲ زدن و بستن ممنوع"),
    "custom-V3": ("V3", "V۳ مارس کل مسابقه را می‌برد"),
    "custom-V4": ("V4", "V۴ بدون کوکس"),
    "scope-home": ("home", "خانهٔ داخلی"),
    "scope-board": ("board", "همهٔ صفحه"),
    "option-no-cube": ("no cube", "بدون داو"),
    "option-reroll": ("starter rolls afresh (R4)", "شروع‌کننده دوباره تاس می‌ریزد (قانون R۴)"),
    "option-lower-starts": ("lower number starts (R4)", "عدد کوچک‌تر شروع می‌کند (قانون R۴)"),
    "option-jacoby": ("Jacoby rule", "قانون جاکوبی"),
    "option-beavers": ("beavers", "با بیور"),
    "option-automatic-doubles": (
        "automatic doubles (up to {count})",
        "داو خودکار (تا {count} بار)",
    ),
    # events
    "opening": (
        "Opening roll: White {white}, Black {black}. {side} starts.",
        "تاس آغاز: سفید {white}، سیاه {black}. {side} شروع می‌کند.",
    ),
    "opening-tie": (
        "Opening roll: both {die}. Roll again.",
        "تاس آغاز: هر دو {die}. دوباره.",
    ),
    "rolled": ("{name} rolls {roll}.", "{name} تاس ریخت: {roll}."),
    "played": ("{name} plays {play}.", "{name} بازی کرد: {play}"),
    "stepped": ("{name}: {step}", "{name}: {step}"),
    "undone": ("{name} takes back {step}.", "{name} حرکت {step} را پس گرفت."),
    "passed": ("{name} cannot move with {roll}.", "{name} با {roll} حرکتی ندارد."),
    "doubles": ("{name} doubles to {value}.", "{name} داو را به {value} رساند."),
    "takes": ("{name} takes.", "{name} داو را پذیرفت."),
    "drops": ("{name} drops.", "{name} داو را نپذیرفت."),
    "beavers": ("{name} beavers: cube at {value}.", "{name} بیور کرد: داو {value}."),
    "auto-double": ("Automatic double: cube at {value}.", "داو خودکار: {value}."),
    "resigns": ("{name} offers to resign {kind}.", "{name} پیشنهاد واگذاری می‌دهد: {kind}."),
    "resign-accepted": ("{name} accepts.", "{name} پذیرفت."),
    "resign-refused": ("{name} refuses; play on.", "{name} نپذیرفت؛ بازی ادامه دارد."),
    "game-over": (
        "{name} ({side}) wins {kind}: {points} point(s).",
        "{name} ({side}) برد: {kind}، {points} امتیاز.",
    ),
    "game-started": ("Game {number}.", "دست {number}."),
    "game-started-crawford": ("Game {number} (Crawford).", "دست {number} (دست کرافورد)."),
    "game-summary": (
        "Game {number}: {name} ({side}) wins {kind}, {points} point(s). Score {white}-{black}.",
        "دست {number}: {name} ({side}) برد: {kind}، {points} امتیاز. امتیاز {white}-{black}.",
    ),
    "match-over": (
        "{name} ({side}) wins the match {white}-{black}.",
        "{name} ({side}) مسابقه را برد: {white}-{black}.",
    ),
    "final-score": (
        "Final score: White {white}, Black {black}.",
        "امتیاز نهایی: سفید {white}، سیاه {black}.",
    ),
    "session-over": (
        "Session over after {games} game(s).",
        "پایان، پس از {games} دست.",
    ),
    # prompts and answers
    "prompt": ("{name}> ", "{name}> "),
    "refused": ("Refused: {message}", "رد شد: {message}"),
    "legal-example": ("A legal play: {play}", "یک حرکت قانونی: {play}"),
    "not-understood": (
        "Not understood: {text!r}. Type help.",
        "متوجه نشدم: {text!r}. بنویس help.",
    ),
    "bad-notation": ("Cannot read the play: {error}", "حرکت خوانده نشد: {error}"),
    "bad-notation-text": (
        "Cannot read the play {text!r}: write it as 24/18 13/11, bar/22, 6/off or 8/5(2).",
        "حرکت «{text}» خوانده نشد: " + _HOW_TO_WRITE_A_PLAY,
    ),
    "ambiguous": ("Ambiguous: {error}", "چند معنا دارد: {error}"),
    "cannot-now": ("Not now: {error}", "الان نه: {error}"),
    "complete": (
        "The play is complete: confirm (or press Enter), or undo.",
        "حرکت کامل است: confirm (یا Enter) یا undo.",
    ),
    "nothing-to-undo": ("Nothing to undo.", "حرکتی برای پس گرفتن نیست."),
    "forced": ("Only one legal play: {play}.", "تنها حرکت قانونی: {play}."),
    "saved": ("Saved to {path}.", "در {path} ذخیره شد."),
    "loaded": ("Loaded {path}.", "{path} بارگذاری شد."),
    "save-failed": ("Cannot save {path}: {error}", "ذخیره {path} ممکن نشد: {error}"),
    "load-failed": ("Cannot load {path}: {error}", "بارگذاری {path} ممکن نشد: {error}"),
    "no-hint": ("Hints need nard.ai (the bot).", "برای راهنما nard.ai (ربات) لازم است."),
    "hint-play": ("{rank}. {play}  equity {equity}", "{rank}. {play}  ارزش {equity}"),
    "hint-cube": (
        "No double {nd}, double/take {dt}, double/pass {dp}: {action}",
        "داو ندادن {nd}، داو دادن و پذیرفتن {dt}، داو دادن و نپذیرفتن {dp}: {action}",
    ),
    "bye": ("Bye.", "خدانگهدار."),
    # nard explain; in English the reader's own words, which name the exact fault
    "cli-error": ("nard: error: {message}", "nard: خطا: {message}"),
    "legal-play": ("legal: {play}", "حرکت قانونی: {play}"),
    "see-rule": ("See docs/rules.md#{anchor}", "ببینید: docs/rules.fa.md#{anchor}"),
    "bad-position-id": (
        "{error}",
        "شناسهٔ وضعیت «{text}» خوانده نشد: یک Position ID از gnubg بنویسید.",
    ),
    "bad-dice": ("{error}", "تاس «{text}» خوانده نشد: دو تاس ۱ تا ۶ بنویسید، مانند ۳۱ یا ۶-۶."),
    "bad-rules": (
        "{error}",
        "مجموعهٔ قوانین «{text}» شناخته نیست: standard (استاندارد) یا iranian (ایرانی).",
    ),
    "bad-play": (
        "{error}",
        "حرکت «{text}» خوانده نشد: " + _HOW_TO_WRITE_A_PLAY,
    ),
    "ambiguous-play": (
        "{error}",
        "حرکت «{text}» با بیش از یک حرکت قانونی جور است: حرکت هر تاس را جدا بنویسید.",
    ),
    # nard hint
    "hint-ranked": (
        "{rank}. {play}  equity {equity} ({loss})  win {win}  gammon {gammon}"
        "  backgammon {backgammon}  lose gammon {lose_gammon}  lose backgammon {lose_backgammon}",
        "{rank}. {play}  ارزش {equity} ({loss})  برد {win}  مارس {gammon}"
        "  کوکس {backgammon}  باخت با مارس {lose_gammon}  باخت با کوکس {lose_backgammon}",
    ),
    "hint-no-play": (
        "No legal play: the turn passes (R10).",
        "حرکت قانونی نیست: نوبت می‌گذرد (قانون R۱۰).",
    ),
    "hint-no-double": ("no double     {equity}", "داو ندادن           {equity}"),
    "hint-double-take": ("double, take  {equity}", "داو دادن، پذیرفتن   {equity}"),
    "hint-double-pass": ("double, pass  {equity}", "داو دادن، نپذیرفتن  {equity}"),
    "hint-action": ("proper action: {action}", "کار درست: {action}"),
    "hint-may-not-double": (
        "(the side on roll may not double now)",
        "(نوبت‌دار اکنون نمی‌تواند داو بدهد)",
    ),
    "no double": ("no double", "داو ندادن"),
    "too good, play on": ("too good, play on", "بیش از حد خوب؛ بازی ادامه یابد"),
    "double, take": ("double, take", "داو دادن، پذیرفتن"),
    "double, beaver": ("double, beaver", "داو دادن، بیور"),
    "double, pass": ("double, pass", "داو دادن، نپذیرفتن"),
    "fair-commitment": (
        "Provably fair dice. Commitment (SHA-256 of the secret server seed): {commitment}",
        "تاس منصفانه. تعهد (SHA-256 بذر سرور): {commitment}",
    ),
    "fair-client": ("Client seeds: {seeds}", "بذرهای بازیکن: {seeds}"),
    "fair-reveal": (
        "Server seed revealed: {seed}. Check with: nard verify RECORD.json",
        "بذر سرور: {seed}. بررسی با: nard verify RECORD.json",
    ),
    "help": (
        "Commands:\n"
        "  roll                      roll the dice\n"
        "  24/18 13/11, bar/22, 6/off, 8/5(2)\n"
        "                            a whole play, or one move at a time\n"
        "  undo                      take back the last move of this turn\n"
        "  confirm (or Enter)        end the turn after single moves\n"
        "  double, take, drop, beaver\n"
        "  resign [single|gammon|backgammon]; accept, refuse\n"
        "  hint                      the bot's best plays or cube advice\n"
        "  board                     draw the board again\n"
        "  save FILE.mat|FILE.json   save the match; load FILE to continue one\n"
        "  help, quit",
        "فرمان‌ها:\n"
        "  roll                      ریختن تاس\n"
        "  ۲۴/۱۸ ۱۳/۱۱، بار/۲۲، ۶/بیرون، ۸/۵(۲)\n"
        "                            حرکت کامل، یا هر بار یک مهره\n"
        "  undo                      پس گرفتن آخرین حرکت این نوبت\n"
        "  confirm (یا Enter)        پایان نوبت پس از حرکت‌های یک‌به‌یک\n"
        "  double, take, drop, beaver   داو: دادن، پذیرفتن، نپذیرفتن، بیور\n"
        "  resign [single|gammon|backgammon]; accept, refuse   واگذاری\n"
        "  hint                      راهنمای ربات\n"
        "  board                     نمایش دوباره تخته\n"
        "  save FILE.mat|FILE.json   ذخیره؛ load FILE برای ادامه\n"
        "  help, quit",
    ),
}


def tr(lang: Lang, key: str, **values: object) -> str:
    """The text ``key`` in ``lang`` with ``values`` filled in.

    In Persian, numbers given as ``int`` are written in Persian digits; strings
    (plays, seeds, file names) are left as they are, so they can be copied.
    """
    en, fa = _TEXTS[key]
    if lang == "fa":
        shown = {
            name: number(lang, value)
            if isinstance(value, int) and not isinstance(value, bool)
            else value
            for name, value in values.items()
        }
        return fa.format(**shown)
    return en.format(**values)


def notation(lang: Lang, text: str) -> str:
    """A play or step in gnubg notation as ``lang`` writes it: in Persian with Persian
    digits and the words بار and بیرون, which the play parser reads back.

    >>> notation("fa", "bar/22 6/off"), notation("fa", NO_PLAY_TEXT), notation("en", "8/5")
    ('بار/۲۲ ۶/بیرون', 'بدون حرکت', '8/5')
    """
    if lang == "en":
        return text
    return play_text("" if text == NO_PLAY_TEXT else text).fa


def rules_words(lang: Lang, rules: RuleSet, options: GameOptions | None = None) -> list[str]:
    """The rules and options a game differs from the standard ones by, in ``lang``
    (in Persian the customs by their names in docs/glossary.md).

    >>> from nard.core.rules import IRANIAN
    >>> rules_words("en", IRANIAN)
    ['V1 (home)', 'V2', 'no cube']
    >>> rules_words("fa", IRANIAN)
    ['V۱ فرار ممنوع (خانهٔ داخلی)', 'V۲ زدن و بستن ممنوع', 'بدون داو']
    """
    words = []
    if rules.escape_after_hit:
        scope = tr(lang, f"scope-{rules.escape_scope.value}")
        words.append(tr(lang, "custom-V1", scope=scope))
    for on, key in (
        (rules.no_home_cover_after_hit, "custom-V2"),
        (rules.gammon_wins_match, "custom-V3"),
        (rules.no_backgammon, "custom-V4"),
        (not rules.cube, "option-no-cube"),
    ):
        if on:
            words.append(tr(lang, key))
    if options is None:
        return words
    for on, key in (
        (options.opening is not OpeningRule.STANDARD, "option-reroll"),
        (options.lower_starts, "option-lower-starts"),
        (options.jacoby, "option-jacoby"),
        (options.beavers, "option-beavers"),
    ):
        if on:
            words.append(tr(lang, key))
    if options.automatic_doubles:
        words.append(tr(lang, "option-automatic-doubles", count=options.automatic_doubles))
    return words


def listing(lang: Lang, words: list[str]) -> str:
    """``words`` separated by the comma of ``lang`` («،» in Persian)."""
    return ("، " if lang == "fa" else ", ").join(words)


def side_name(lang: Lang, side: Side) -> str:
    """White or Black in ``lang``."""
    return tr(lang, side.name.lower())


def kind_name(lang: Lang, kind: ResultKind) -> str:
    """A single game, a gammon (مارس) or a backgammon (کوکس) in ``lang``."""
    return tr(lang, kind.value)


def number(lang: Lang, value: int | str) -> str:
    """A number as ``lang`` writes it."""
    return fa_digits(str(value)) if lang == "fa" else str(value)
