"""The player-facing texts of :mod:`nard.core.explain`, in English and Persian.

Each function returns a :class:`Text` pair. The Persian texts use the words of
docs/glossary.md (مهره، تاس، جفت، خانه، خانهٔ بسته، خانهٔ داخلی، بار، ورود از
بار، بیرون بردن), the ezafe written «هٔ», and Persian digits, rule ids included.

>>> fa_digits("24/18 6/off")
'۲۴/۱۸ ۶/off'
>>> closed_point(18, 3, entering=False, die=6).en.split(":")[0]
'Point 18 is closed'
>>> roll_text(3, 3).fa
'جفت ۳'
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from nard.core.board import BAR, OFF
from nard.core.digits import fa_digits


@dataclass(frozen=True, slots=True)
class Text:
    """One sentence (or more) in English and in Persian."""

    en: str
    fa: str

    def __add__(self, other: Text) -> Text:
        return Text(_join(self.en, other.en), _join(self.fa, other.fa))


def _join(first: str, second: str) -> str:
    if not first:
        return second
    if not second:
        return first
    return f"{first} {second}"


def _n(number: int) -> str:
    return fa_digits(str(number))


# -- terms ---------------------------------------------------------------------------------


def point_text(point: int) -> Text:
    """A point by its number, or the bar, or off the board."""
    if point == BAR:
        return Text("the bar", "بار")
    if point == OFF:
        return Text("off", "بیرون")
    return Text(f"point {point}", f"خانهٔ {_n(point)}")


def points_text(points: Iterable[int]) -> Text:
    """Several points: ``points 13 and 8`` / ``خانه‌های ۱۳ و ۸``."""
    numbers = list(points)
    if len(numbers) == 1:
        return point_text(numbers[0])
    en = ", ".join(str(p) for p in numbers[:-1]) + f" and {numbers[-1]}"
    fa = "، ".join(_n(p) for p in numbers[:-1]) + f" و {_n(numbers[-1])}"
    return Text(f"points {en}", f"خانه‌های {fa}")


def roll_text(high: int, low: int) -> Text:
    """A roll: ``6-4`` / ``۶ و ۴``, doubles ``3-3`` / ``جفت ۳``."""
    if high == low:
        return Text(f"{high}-{low}", f"جفت {_n(high)}")
    return Text(f"{high}-{low}", f"{_n(high)} و {_n(low)}")


def dice_text(dice: Iterable[int]) -> Text:
    """Dice still to play: ``a 6 and a 4`` / ``۶ و ۴``, ``three 5s`` / ``سه ۵``."""
    values = sorted(dice, reverse=True)
    if not values:
        return Text("no dice", "هیچ تاسی")
    if len(set(values)) == 1 and len(values) > 1:
        words = {2: ("two", "دو"), 3: ("three", "سه"), 4: ("four", "چهار")}[len(values)]
        return Text(f"{words[0]} {values[0]}s", f"{words[1]} تاس {_n(values[0])}")
    return Text(
        " and ".join(f"a {value}" for value in values),
        " و ".join(_n(value) for value in values),
    )


def play_text(notation: str) -> Text:
    """A play in the project's notation, with Persian digits and words in Persian."""
    if not notation:
        return Text("no move", "بدون حرکت")
    fa = fa_digits(notation).replace("bar", "بار").replace("off", "بیرون")
    return Text(notation, fa)


def rule_ref(rule: str) -> Text:
    """The rule citation that ends every explanation: a rule (R…) is a قانون, an
    Iranian custom (V…) a رسم (docs/glossary.md)."""
    word = "رسم" if rule.startswith("V") else "قانون"
    return Text(f"(rule {rule})", f"({word} {fa_digits(rule)})")


def legal_play_hint(play: Text) -> Text:
    """The closing hint that names a complete legal play."""
    if play.en == "no move":
        return Text(
            "No die can be played: the turn passes.", "هیچ تاسی قابل بازی نیست: نوبت می‌گذرد."
        )
    return Text(f"A legal play: {play.en}.", f"یک حرکت قانونی: {play.fa}.")


# -- refusals --------------------------------------------------------------------------------


def not_your_checker(point: int, opponent_checkers: int) -> Text:
    """No checker of the mover on the starting point (R1)."""
    if point == BAR:
        return Text(
            "You have no checker on the bar.",
            "شما مهره‌ای روی بار ندارید.",
        )
    if opponent_checkers:
        return Text(
            f"You have no checker on point {point}: the checkers there are your opponent's,"
            " and you move only your own.",
            f"شما در خانهٔ {_n(point)} مهره‌ای ندارید: مهره‌های آن خانه مال حریف است"
            " و هر بازیکن فقط مهره‌های خودش را حرکت می‌دهد.",
        )
    return Text(
        f"You have no checker on point {point}.",
        f"شما در خانهٔ {_n(point)} مهره‌ای ندارید.",
    )


def wrong_direction(from_point: int, to_point: int) -> Text:
    """A move backwards (R1)."""
    source, target = point_text(from_point), point_text(to_point)
    return Text(
        "Checkers move forward only, from higher to lower point numbers toward your"
        f" home board: {source.en} to {target.en} does not go forward.",
        "مهره‌ها فقط رو به جلو حرکت می‌کنند، از خانه‌های با شمارهٔ بالاتر به خانه‌های با"
        f" شمارهٔ پایین‌تر، به سوی خانهٔ داخلی: حرکت از {source.fa} به {target.fa} رو به جلو"
        " نیست.",
    )


def no_dice_left(roll: Text) -> Text:
    """More steps than dice (R6, R7)."""
    return Text(
        f"All your dice ({roll.en}) are already played: each die moves one checker once.",
        f"همهٔ تاس‌های شما ({roll.fa}) بازی شده است: هر تاس فقط یک حرکت است.",
    )


def die_not_rolled(
    from_point: int, to_point: int, distance: int, roll: Text, dice_left: Text | None
) -> Text:
    """A distance that matches no die still to play (R6, R7); ``dice_left`` is None
    while no die of the roll has been played yet."""
    if dice_left is None:
        have = Text(f"your roll is {roll.en}", f"تاس شما {roll.fa} است")
    else:
        have = Text(
            f"of your {roll.en} you have only {dice_left.en} left to play",
            f"از تاس {roll.fa} فقط {dice_left.fa} برای بازی مانده است",
        )
    if from_point == BAR:
        return Text(
            f"Entering on point {to_point} needs a {distance}, but {have.en}.",
            f"ورود از بار به خانهٔ {_n(to_point)} تاس {_n(distance)} می‌خواهد، اما {have.fa}.",
        )
    if to_point == OFF:
        return Text(
            f"Bearing off from point {from_point} needs a {distance} (or a larger die when no"
            f" checker stands higher), but {have.en}.",
            f"بیرون بردن مهره از خانهٔ {_n(from_point)} تاس {_n(distance)} می‌خواهد (یا تاس"
            f" بزرگ‌تر وقتی مهره‌ای بالاتر نیست)، اما {have.fa}.",
        )
    source, target = point_text(from_point), point_text(to_point)
    return Text(
        f"Moving from {source.en} to {target.en} takes {distance} pips, which matches no die"
        f" you can play: {have.en}.",
        f"حرکت از {source.fa} به {target.fa} {_n(distance)} خانه است و با هیچ تاس قابل بازی"
        f" جور نیست: {have.fa}.",
    )


def closed_point(to_point: int, blockers: int, *, entering: bool, die: int) -> Text:
    """A landing on a point held by two or more opposing checkers (R5, R12)."""
    if entering:
        return Text(
            f"You cannot enter with the {die}: point {to_point} is closed, your opponent has"
            f" {blockers} checkers there.",
            f"با تاس {_n(die)} نمی‌توانید از بار وارد شوید: خانهٔ {_n(to_point)} خانهٔ بسته است"
            f" و حریف {_n(blockers)} مهره آنجا دارد.",
        )
    return Text(
        f"Point {to_point} is closed: your opponent has {blockers} checkers there, and a"
        " checker may not land on a point held by two or more opposing checkers.",
        f"خانهٔ {_n(to_point)} خانهٔ بسته است: حریف {_n(blockers)} مهره آنجا دارد و مهره"
        " نمی‌تواند در خانه‌ای بنشیند که دو مهره یا بیشتر از حریف دارد.",
    )


def bar_first(count: int) -> Text:
    """A board checker moved while one is on the bar (R12)."""
    if count == 1:
        return Text(
            "You have a checker on the bar: enter it before you move any other checker.",
            "یک مهره روی بار دارید: پیش از حرکت هر مهرهٔ دیگر باید آن را وارد کنید (ورود از بار).",
        )
    return Text(
        f"You have {count} checkers on the bar: enter them all before you move any other checker.",
        f"{_n(count)} مهره روی بار دارید: پیش از حرکت هر مهرهٔ دیگر باید همه را وارد کنید"
        " (ورود از بار).",
    )


def intermediate_closed(from_point: int, to_point: int, dice: Text, stops: Iterable[int]) -> Text:
    """A jump with the sum of the dice over closed landing points (R6)."""
    where = list(stops)
    source, target, landing = point_text(from_point), point_text(to_point), points_text(where)
    verb, fa_verb = ("are", "بسته‌اند") if len(where) > 1 else ("is", "بسته است")
    return Text(
        "A checker cannot jump with the sum of the dice: each die is a separate move that"
        f" must land on an open point. Moving from {source.en} to {target.en} with"
        f" {dice.en} would have to stop on {landing.en}, which {verb} closed.",
        "مهره نمی‌تواند با مجموع تاس‌ها بپرد: هر تاس یک حرکت جداست و باید در خانهٔ باز"
        f" فرود بیاید. رفتن از {source.fa} به {target.fa} با {dice.fa} باید در"
        f" {landing.fa} توقف کند که {fa_verb}.",
    )


def combined_step(from_point: int, to_point: int, split: Text) -> Text:
    """One step spanning several dice, written where single-die steps are expected (R6)."""
    source, target = point_text(from_point), point_text(to_point)
    return Text(
        f"Each die is a separate step: the move from {source.en} to {target.en} is played"
        f" as {split.en}.",
        f"هر تاس یک حرکت جداست: حرکت از {source.fa} به {target.fa} به صورت {split.fa} بازی می‌شود.",
    )


def must_use_both(roll: Text, play: Text) -> Text:
    """Fewer dice used than possible (R8)."""
    return Text(
        f"You must use both dice when you can: {roll.en} can be played as {play.en}.",
        f"اگر بتوانید باید هر دو تاس را بازی کنید: {roll.fa} را می‌توان به صورت {play.fa} بازی کرد.",
    )


def must_use_more_units(die: int, units: int, play: Text) -> Text:
    """Fewer units of a double played than possible (R7, R8)."""
    return Text(
        f"With doubles you play the {die} four times, and you must play as many of the four"
        f" as you can: {units} of them can be played, as in {play.en}.",
        f"با جفت، تاس {_n(die)} چهار بار بازی می‌شود و باید بیشترین تعداد ممکن از این چهار"
        f" حرکت را بازی کنید: {_n(units)} حرکت ممکن است، مانند {play.fa}.",
    )


def must_play_one(die: int, play: Text) -> Text:
    """The turn given up while one die can be played (R9, R10)."""
    return Text(
        f"The turn passes only when no die can be played, and the {die} can be played: {play.en}.",
        f"نوبت فقط وقتی بدون حرکت می‌گذرد که هیچ تاسی قابل بازی نباشد، و تاس {_n(die)}"
        f" قابل بازی است: {play.fa}.",
    )


def larger_die(high: int, low: int, play: Text) -> Text:
    """The smaller die played when only one die can be used (R9)."""
    return Text(
        f"Only one of your dice can be used this turn, and then it must be the larger one:"
        f" play the {high}, not the {low}, as in {play.en}.",
        f"در این نوبت فقط یکی از تاس‌ها قابل استفاده است و در این حالت باید تاس بزرگ‌تر"
        f" بازی شود: تاس {_n(high)} را بازی کنید، نه {_n(low)}؛ مانند {play.fa}.",
    )


def bear_off_not_home(outside: Iterable[int]) -> Text:
    """Bearing off with checkers outside the home board or on the bar (R13)."""
    where = [p for p in outside if p != BAR]
    place = points_text(where) if where else Text("", "")
    if BAR in outside:
        bar = Text("the bar", "بار")
        place = Text(f"{place.en} and {bar.en}", f"{place.fa} و {bar.fa}") if where else bar
    return Text(
        "You may bear off only when all your checkers are in your home board (points 1 to"
        f" 6); you still have checkers on {place.en}.",
        "بیرون بردن مهره فقط وقتی مجاز است که همهٔ مهره‌های شما در خانهٔ داخلی"
        f" (خانه‌های ۱ تا ۶) باشند؛ هنوز در {place.fa} مهره دارید.",
    )


def bear_off_higher_point(from_point: int, die: int, higher: Iterable[int]) -> Text:
    """Bearing off from a lower point with a larger die while a higher point is held (R14)."""
    where = points_text(higher)
    return Text(
        f"You cannot bear off from point {from_point} with the {die}: a larger die bears off"
        " from a lower point only when no checker stands on a higher point, and you have"
        f" checkers on {where.en}. Play the {die} with one of those checkers.",
        f"با تاس {_n(die)} نمی‌توانید مهرهٔ خانهٔ {_n(from_point)} را بیرون ببرید: تاس بزرگ‌تر"
        " فقط وقتی از خانهٔ پایین‌تر مهره بیرون می‌برد که در خانه‌های بالاتر مهره‌ای نباشد،"
        f" و شما در {where.fa} مهره دارید. تاس {_n(die)} را با یکی از آن مهره‌ها بازی کنید.",
    )


def escape_after_hit(from_point: int, to_point: int) -> Text:
    """V1: a checker that hit landing on the mover's own checkers."""
    source, target = point_text(from_point), point_text(to_point)
    return Text(
        f"No escape after hitting: the checker on {source.en} hit this turn, so it may"
        f" not land on {target.en}, where you have checkers of your own.",
        f"فرار ممنوع: مهرهٔ {source.fa} در این نوبت مهرهٔ حریف را زده است و نمی‌تواند"
        f" در {target.fa} که مهره‌های خودتان آنجاست بنشیند.",
    )


def escape_dead_end(step: Text) -> Text:
    """V1: a step after which the checker that hit blocks the rest of the roll."""
    return Text(
        f"No escape after hitting: after {step.en}, a checker that hit may not land on"
        " your own checkers this turn, and you could no longer play all the dice you can"
        " play.",
        f"فرار ممنوع: پس از {step.fa}، مهره‌ای که زده است در این نوبت نمی‌تواند کنار"
        " مهره‌های خودتان بنشیند و دیگر نمی‌توانید همهٔ تاس‌های قابل بازی را بازی کنید.",
    )


def hit_and_cover(points: Iterable[int]) -> Text:
    """V2: a home-board point where a blot was hit, left holding two or more checkers."""
    where = points_text(points)
    return Text(
        f"No hit-and-cover in the home board: you hit a blot on {where.en} this turn,"
        " so you may not end the turn with two or more checkers there.",
        f"زدن و بستن ممنوع: در این نوبت تک حریف را در {where.fa} از خانهٔ داخلی‌تان"
        " زده‌اید و نمی‌توانید نوبت را با دو مهره یا بیشتر در آنجا تمام کنید، یعنی خانه را"
        " روی مهرهٔ زده‌شده ببندید.",
    )


def not_legal(roll: Text) -> Text:
    """The fallback when no more precise reason applies."""
    return Text(
        f"This play is not a legal play of {roll.en}.",
        f"این حرکت برای تاس {roll.fa} قانونی نیست.",
    )


# -- the common mistakes of docs/rules.md ------------------------------------------------------


def mistake_note(number: int, *, played: int = 0, missing: int = 0) -> Text:
    """A sentence naming one of docs/rules.md's seven common mistakes."""
    notes = {
        1: Text(
            "Check whether both numbers can be played before playing the larger one alone.",
            "پیش از بازی عدد بزرگ‌تر به‌تنهایی، بررسی کنید که آیا هر دو عدد قابل بازی‌اند.",
        ),
        2: Text(
            f"The order of the dice is free: the {missing} can be played together with the"
            f" {played} in another order or with another checker.",
            f"ترتیب تاس‌ها آزاد است: تاس {_n(missing)} را می‌توان با ترتیب دیگر یا با مهرهٔ"
            f" دیگر همراه تاس {_n(played)} بازی کرد.",
        ),
        3: Text("", ""),
        4: Text("", ""),
        5: Text(
            "A legal play must be made even when it is strategically worse.",
            "حرکت قانونی حتی اگر از نظر راهبردی بدتر باشد اجباری است.",
        ),
        6: Text("", ""),
        7: Text(
            "You may not give up the turn while a die can be played.",
            "تا وقتی تاسی قابل بازی است نمی‌توانید نوبت را بسوزانید.",
        ),
    }
    return notes[number]
