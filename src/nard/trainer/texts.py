"""The trainer's words in English and Persian (docs/glossary.md's vocabulary).

Each text is a :class:`~nard.core.messages.Text` pair, written whole for each
language; numbers in Persian text are Persian digits. Rule titles are the
headings of docs/rules.md and docs/rules.fa.md (tests/trainer checks them).

>>> KIND_TITLES["enter"].fa
'ورود از بار'
>>> rule_title("R9").fa
'قانون R۹: تاس بزرگ‌تر'
"""

from __future__ import annotations

from typing import Final

from nard.core.digits import fa_digits
from nard.core.messages import Text

KIND_TITLES: Final[dict[str, Text]] = {
    "plays": Text("Find every legal play", "همهٔ حرکت‌های قانونی را پیدا کنید"),
    "enter": Text("Entering from the bar", "ورود از بار"),
    "bear-off": Text("Bearing off", "بیرون بردن مهره‌ها"),
    "refused": Text("Why is this play refused?", "چرا این حرکت پذیرفته نمی‌شود؟"),
    "decision": Text("The decision tree", "درخت تصمیم"),
    "customs": Text("The Iranian customs", "رسم‌های ایرانی"),
}

KIND_TASKS: Final[dict[str, Text]] = {
    "plays": Text(
        "Write every legal play of this roll, one per line; an empty line ends the list.",
        "همهٔ حرکت‌های قانونی این تاس را بنویسید، هر کدام در یک خط؛ خط خالی فهرست را تمام می‌کند.",
    ),
    "refused": Text(
        "Which rule refuses this play? Answer with its id (R5, R8, V1 ...).",
        "کدام قانون این حرکت را رد می‌کند؟ شناسهٔ آن را بنویسید (R۵، R۸، V۱ و …).",
    ),
    "decision": Text(
        "Answer each question of the decision tree with yes or no.",
        "به هر پرسش درخت تصمیم با «بله» یا «نه» پاسخ دهید.",
    ),
}

LEVELS: Final[dict[str, Text]] = {
    "easy": Text("easy", "آسان"),
    "medium": Text("medium", "متوسط"),
    "hard": Text("hard", "دشوار"),
}

QUESTIONS: Final[dict[str, Text]] = {
    "bar": Text("Is one of your checkers on the bar?", "آیا مهره‌ای از شما روی بار است؟"),
    "both": Text(
        "Can both dice be played, in some order or split between checkers?",
        "آیا هر دو تاس، با یک ترتیب یا با تقسیم میان مهره‌ها، قابل بازی‌اند؟",
    ),
    "both-double": Text(
        "Can all four units of the doubles be played?",
        "آیا هر چهار واحد جفت قابل بازی است؟",
    ),
    "one": Text(
        "Can only one of the dice be played at all?",
        "آیا فقط یکی از تاس‌ها قابل بازی است؟",
    ),
    "one-double": Text(
        "Can some of the four units be played?",
        "آیا بخشی از چهار واحد قابل بازی است؟",
    ),
    "larger": Text(
        "Can each die be played alone, but not both together?",
        "آیا هر تاس به‌تنهایی قابل بازی است، اما هر دو با هم نه؟",
    ),
    "nothing": Text("Can no die be played at all?", "آیا هیچ تاسی قابل بازی نیست؟"),
}

CONCLUSIONS: Final[dict[str, Text]] = {
    "bar": Text(
        "Then only entering steps count until every checker is in.",
        "پس تا همهٔ مهره‌ها وارد نشده‌اند فقط حرکت‌های ورود از بار بررسی می‌شوند.",
    ),
    "both": Text("Then a play must use both dice.", "پس حرکت باید هر دو تاس را بازی کند."),
    "both-double": Text(
        "Then a play must use all four units.", "پس حرکت باید هر چهار واحد را بازی کند."
    ),
    "one": Text("Then that die is played.", "پس همان تاس بازی می‌شود."),
    "one-double": Text(
        "Then as many units as can be played are played.",
        "پس بیشترین تعداد واحد قابل بازی، بازی می‌شود.",
    ),
    "larger": Text("Then the larger die is played.", "پس تاس بزرگ‌تر بازی می‌شود."),
    "nothing": Text("Then the turn passes.", "پس نوبت می‌گذرد."),
}

YES: Final = Text("yes", "بله")
NO: Final = Text("no", "نه")

RULE_TITLES: Final[dict[str, Text]] = {
    "R5": Text("R5 Open points, hitting", "قانون R۵: خانهٔ باز و زدن مهره"),
    "R6": Text("R6 Each die is a separate move", "قانون R۶: هر تاس یک حرکت جداست"),
    "R7": Text("R7 Doubles", "قانون R۷: جفت"),
    "R8": Text("R8 Use as many dice as possible", "قانون R۸: بیشترین تعداد تاس"),
    "R9": Text("R9 The larger die", "قانون R۹: تاس بزرگ‌تر"),
    "R10": Text("R10 No move", "قانون R۱۰: بدون حرکت"),
    "R11": Text("R11 The order of the checks", "قانون R۱۱: ترتیب بررسی"),
    "R12": Text("R12 Entering from the bar", "قانون R۱۲: ورود از بار"),
    "R13": Text("R13 When to bear off", "قانون R۱۳: کی می‌توان مهره بیرون برد"),
    "R14": Text("R14 How to bear off", "قانون R۱۴: چگونه مهره بیرون می‌رود"),
    "V1": Text("V1 No escape after hitting (فرار ممنوع)", "رسم V۱: فرار ممنوع"),
    "V2": Text(
        "V2 No hit-and-cover in the home board (زدن و بستن ممنوع)", "رسم V۲: زدن و بستن ممنوع"
    ),
}

MISTAKES: Final[dict[int, Text]] = {
    1: Text(
        "playing the larger number before checking whether both can be played",
        "بازی عدد بزرگ‌تر پیش از بررسی مسیر استفاده از هر دو عدد",
    ),
    2: Text(
        "taking the left-to-right order of the dice as binding",
        "فرض اینکه ترتیب چپ و راست تاس‌ها اجباری است",
    ),
    3: Text(
        "moving checkers on the board while one is on the bar",
        "حرکت مهره‌های صفحه در حالی که مهره‌ای روی بار مانده است",
    ),
    4: Text(
        "jumping with the sum of the dice over a closed landing point",
        "پرش با مجموع تاس‌ها از روی مقصد میانی بسته",
    ),
    5: Text(
        "refusing a legal play because it is strategically bad",
        "رد کردن حرکت قانونی چون از نظر راهبردی بد است",
    ),
    6: Text(
        "bearing off from a lower point while a higher point is occupied",
        "خروج از خانهٔ پایین با وجود مهره روی خانهٔ بالاتر",
    ),
    7: Text(
        "giving up the whole turn when the smaller number can be played",
        "سوزاندن کل نوبت وقتی عدد کوچک‌تر قابل بازی است",
    ),
}

ROUTES: Final[dict[str, Text]] = {
    "two-dice": Text("two-dice routes", "مسیرهای دوتاسی"),
    "one-die": Text("one-die routes", "مسیرهای یک‌تاسی"),
}


def rule_title(rule: str) -> Text:
    """A rule's heading, as docs/rules.md and docs/rules.fa.md write it."""
    return RULE_TITLES[rule]


def found_count(found: int, total: int) -> Text:
    """How many of the legal plays were found."""
    if total == 1:
        return Text(
            f"Found {found} of the 1 legal play.",
            f"{fa_digits(str(found))} از ۱ حرکت قانونی را پیدا کردید.",
        )
    return Text(
        f"Found {found} of the {total} legal plays.",
        f"{fa_digits(str(found))} از {fa_digits(str(total))} حرکت قانونی را پیدا کردید.",
    )


def mistake_line(number: int) -> Text:
    """Which of seed 004's seven common mistakes a refusal is."""
    text = MISTAKES[number]
    return Text(
        f"Common mistake {number}: {text.en}.",
        f"خطای پرتکرار {fa_digits(str(number))}: {text.fa}.",
    )


def rule_answer(correct: bool, rule: str) -> Text:
    """The verdict on a "why refused" answer, naming the rule that refuses."""
    title = rule_title(rule) if rule in RULE_TITLES else Text(rule, fa_digits(rule))
    if correct:
        return Text(f"Right: {title.en}.", f"درست است: {title.fa}.")
    return Text(f"Not that rule: it is {title.en}.", f"این قانون نیست؛ پاسخ: {title.fa}.")


# -- the terminal's lines (nard train) ---------------------------------------------------------

SIDES: Final = (Text("You", "شما"), Text("Opponent", "حریف"))
"""The names on the board: the side on roll (White) and the other."""

PROMPTS: Final[dict[str, Text]] = {
    "play": Text("play> ", "حرکت> "),
    "rule": Text("rule> ", "قانون> "),
    "mistake": Text(
        "Which common mistake is it (1-7, or empty if none)? ",
        "کدام خطای پرتکرار است (۱ تا ۷، یا خالی اگر هیچ‌کدام)؟ ",
    ),
    "yes-no": Text("yes/no> ", "بله/نه> "),
}

LINES: Final[dict[str, Text]] = {
    "refused-play": Text("The play refused:", "حرکت ردشده:"),
    "missing": Text("Missing:", "پیدا نشده:"),
    "not-legal": Text("Not a legal play:", "حرکت قانونی نیست:"),
    "unreadable": Text("Not a play:", "حرکت خوانده نشد:"),
    "all-found": Text("Every legal play found.", "همهٔ حرکت‌های قانونی را پیدا کردید."),
    "no-play": Text(
        "No die can be played: the answer is «Cannot move».",
        "هیچ تاسی قابل بازی نیست: پاسخ «بدون حرکت» است.",
    ),
    "customs-refuse": Text(
        "The standard rules would allow these, the customs refuse them:",
        "قوانین استاندارد این حرکت‌ها را می‌پذیرند و رسم‌ها رد می‌کنند:",
    ),
    "right": Text("Right.", "درست است."),
    "wrong": Text("Not so.", "درست نیست."),
    "legal-alternative": Text("A legal play instead:", "یک حرکت قانونی به‌جای آن:"),
    "quit-hint": Text("(type quit to stop)", "(برای پایان «خروج» بنویسید)"),
    "share": Text("This drill again:", "همین تمرین دوباره:"),
}


def drill_heading(number: int, kind: str, level: str) -> Text:
    """The line above each drill: its number, kind and level."""
    title, grade = KIND_TITLES[kind], LEVELS[level]
    return Text(
        f"Drill {number}: {title.en} ({grade.en})",
        f"تمرین {fa_digits(str(number))}: {title.fa} ({grade.fa})",
    )


def summary(right: int, total: int, best_streak: int) -> Text:
    """The end of a session: drills answered right, and the longest streak."""
    return Text(
        f"{right} of {total} drills right; longest streak {best_streak}.",
        f"{fa_digits(str(right))} از {fa_digits(str(total))} تمرین درست؛"
        f" طولانی‌ترین رشتهٔ پاسخ درست {fa_digits(str(best_streak))}.",
    )
