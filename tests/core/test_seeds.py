"""The worked examples of the Persian seed pages (/work/shared/seeds/000 ... 004).

Each test's docstring names the seed file and item it realises and quotes it.
The pages give no diagrams we can read, so each example is realised by a small
position that has exactly the property the text describes; every expected
play set is exact and is checked against the engine and the reference alike.
"""

from __future__ import annotations

from nard.core.board import BAR, Position
from nard.core.dice import Roll
from nard.core.plays import LegalPlays, Step, TurnGuide
from nard.core.rules import IRANIAN, STANDARD
from tests.core.conftest import Steps, assert_plays, at, play
from tests.core.reference import board_of, reference_plays


def assert_same_as_reference(position: Position, roll: Roll) -> LegalPlays:
    legal = LegalPlays(position, roll)
    assert {board_of(after) for _, after in legal.items()} == reference_plays(position, roll)
    return legal


# -- 001 -----------------------------------------------------------------------------


def test_seed_001_item_6_alef_6_4_must_run_24_18_14() -> None:
    """001 item 6 (الف): «نمی توانید تاس ۶ را توسط مهره های خانه ۱۳ یا ۷ بازی کنید و
    بگویید ۴ ندارم. راه درست این است که شما مهره ی خانه ۲۴ را ۶ خانه به جلو بیاورید و
    سپس همان را ۴ بازی کنید و در خانه ی ۱۴ قرار بدهید.»"""
    position = at({24: 1, 13: 2, 7: 2}, {20: 2, 9: 2, 3: 2})
    legal = assert_plays(position, Roll(6, 4), [[(24, 18), (18, 14)]])
    assert play((13, 7)) not in legal
    assert play((7, 1)) not in legal


def test_seed_001_item_6_be_bear_off_6_4_plays_6_2_then_5_off() -> None:
    """001 item 6 (ب): «این طور نیست که از خانه ی ۶ یک مهره بردارید و بگویید ۴ ندارم
    ... راه درست این است که تاس ۴ را توسط مهره ی خانه ۶ بازی کنید و تاس ۶ را از خانه
    ۵ بردارید.»"""
    position = at({6: 1, 5: 2, 3: 1, 2: 1}, {1: 2})
    legal = assert_plays(position, Roll(6, 4), [[(6, 2), (5, 0)]])
    assert play((6, 0)) not in legal


def test_seed_001_item_6_pe_only_the_24_point_checker_moves_play_the_6() -> None:
    """001 item 6 (پ): «شما فقط میتوانید یکی از دو تاس را توسط مهره ای که در خانه ۲۴
    قرار دارد بازی کنید که در این حالت باید تاس بزرگ تر را فقط بازی کنید و مهره را در
    خانه ی ۱۸ قرار دهید.»"""
    position = at({24: 1, 8: 14}, {14: 2, 4: 2, 2: 2})
    legal = assert_plays(position, Roll(6, 4), [[(24, 18)]])
    assert play((24, 20)) not in legal


def test_seed_001_item_7_alef_either_order_is_legal_per_rules_r9() -> None:
    """001 item 7 (الف) says «همیشه ابتدا باید تاس بزرگ را حرکت داد» and, with 4-1,
    «نمیتوانید اول مهره را به خانه ۳ آورده و سپس آن را بردارید». docs/rules.md R9 rejects
    this: the larger-die rule is not an order rule (002/003/004 agree), so 4/3 3/off is
    as legal as 4/off 2/1*."""
    position = at({4: 1, 2: 1}, {1: 1})
    legal = assert_plays(position, Roll(4, 1), [[(4, 0), (2, 1)], [(4, 3), (3, 0)]])
    assert play((4, 3), (3, 0)) in legal


def test_seed_001_item_7_be_smaller_die_first_keeps_the_2_point() -> None:
    """001 item 7 (ب): with 5-4 «ابتدا تاس کوچک را بازی کرده ... اول مهره ی شماره ۶ را
    چهار خانه به جلو می برید و در ۲ قرار می دهید و تاس ۵ را از خانه ۳ بر می دارید.»"""
    position = at({6: 1, 3: 1, 2: 1}, {})
    legal = assert_plays(position, Roll(5, 4), [[(6, 2), (3, 0)], [(6, 1), (3, 0)]])
    assert play((6, 2), (3, 0)) in legal


def test_seed_001_item_8_v1_no_escape_after_hitting_with_5_2() -> None:
    """001 item 8: «طبق قوانین مرسوم در ایران شما اجازه ندارید بعد از زدن مهره ی حریف،
    مهره تان را بر روی دیگر مهره هایتان قرار بدهید ... سفید تاس ۵ – ۲ آورده که نمیتواند
    مهره حریف را بزند و بالا رود.» (V1; international rules allow it.)"""
    position = at({8: 1, 1: 2}, {3: 1})
    hit_and_escape = [(8, 3), (3, 1)]
    assert_plays(position, Roll(5, 2), [hit_and_escape, [(8, 6), (6, 1)]], STANDARD)
    legal = assert_plays(position, Roll(5, 2), [[(8, 6), (6, 1)]], IRANIAN)
    assert play(*hit_and_escape) not in legal


# -- 004 -----------------------------------------------------------------------------


def test_seed_004_6_2_both_dice_before_the_6_alone() -> None:
    """004 «اولویت نخست»: «فرض کنید ۶ و ۲ آمده است. اگر بتوانید ... هر دو عدد را روی
    مقصدهای باز اجرا کنید، حق ندارید فقط ۶ را انتخاب کنید.»"""
    position = at({13: 1, 8: 1}, {11: 2, 5: 2})
    legal = assert_plays(position, Roll(6, 2), [[(13, 7), (8, 6)]])
    assert play((8, 2)) not in legal


def test_seed_004_5_3_eight_pips_need_an_open_intermediate_point() -> None:
    """004 «اعداد دو تاس دو حرکت جدا هستند»: «اگر یک مهره مجموع هشت خانه میرود، باید
    نقطه میانی متناظر با ۵ یا ۳ در یکی از دو ترتیب باز باشد. مقصد نهایی باز بهتنهایی
    کافی نیست.»"""
    assert_plays(at({20: 1}, {15: 2, 17: 2}), Roll(5, 3), [])
    assert_plays(at({20: 1}, {15: 2}), Roll(5, 3), [[(20, 17), (17, 12)]])


def test_seed_004_5_2_larger_die_when_the_dice_cannot_both_be_used() -> None:
    """004 «چه زمانی عدد بزرگتر اجباری میشود؟»: «۵ و ۲ آمده ... هر انتخاب مسیر عدد دیگر
    را غیرممکن میکند و از ابتدا نیز هیچ مسیر دوتایی وجود ندارد. در این حالت ۵ باید بازی
    شود.»"""
    legal = assert_plays(at({20: 1}, {13: 2}), Roll(5, 2), [[(20, 15)]])
    assert play((20, 18)) not in legal


def test_seed_004_6_3_only_the_smaller_number_is_playable() -> None:
    """004 «اگر فقط عدد کوچکتر قابل بازی باشد»: «اگر تاس ۶ و ۳ است و هیچ مهرهای مقصد
    قانونی ششخانهای ندارد، اما حرکت سهخانهای وجود دارد، باید ۳ را بازی کنید.»"""
    assert_plays(at({20: 1}, {14: 2, 11: 2}), Roll(6, 3), [[(20, 17)]])


def test_seed_004_4_2_order_2_then_4_when_4_ahead_is_closed() -> None:
    """004 «مثال مقایسه ترتیب ۴ و ۲»: «نقطه دو خانه جلوتر باز، نقطه چهار خانه جلوتر بسته
    و نقطه شش خانه جلوتر باز است. حرکت ۲ سپس ۴ ممکن است ... حرکت ۴ سپس ۲ از همان مهره
    ممکن نیست.»"""
    legal = assert_plays(at({20: 1}, {16: 2}), Roll(4, 2), [[(20, 18), (18, 14)]])
    assert play((20, 16), (16, 14)) not in legal


def test_seed_004_5_1_the_only_full_play_leaves_a_blot() -> None:
    """004 «مثال مسیر کامل نامطلوب»: «با ۵-۱، حرکت ۵ یک مهره را به نقطه امن میرساند،
    اما پس از آن هیچ ۱ قانونی باقی نمیماند ... چون مسیر دوم هر دو عدد را مصرف میکند،
    همان مجموعه حرکتهای کامل مجاز است.»"""
    position = at({12: 1, 7: 1}, {6: 2})
    legal = assert_plays(position, Roll(5, 1), [[(12, 11), (7, 2)], [(7, 2), (2, 1)]])
    assert play((12, 7)) not in legal


def test_seed_004_6_1_split_over_two_checkers() -> None:
    """004 «حرکت اجباری با چند مهره»: «اگر یک مهره فقط ۶ و مهره دیگر فقط ۱ را میتواند
    بازی کند، تاس ۶-۱ کامل قابل استفاده است.»"""
    position = at({20: 1, 10: 1}, {19: 2, 13: 2, 4: 2, 3: 2})
    assert_plays(position, Roll(6, 1), [[(20, 14), (10, 9)]])


def test_seed_004_a_closed_point_blocks_one_checker_not_the_die() -> None:
    """004 «خانه بسته چه اثری دارد؟»: «تاس مربوط به آن فاصله ممکن است برای یک مهره
    غیرقابل بازی، اما برای مهره دیگر قانونی باشد. وجود یک مانع بهتنهایی تاس را
    نمیسوزاند.»"""
    assert_plays(at({20: 1, 12: 1}, {15: 2}), Roll(5, 5), [[(12, 7), (7, 2)]])


def test_seed_004_bar_one_entry_point_open() -> None:
    """004 «اولویت مطلق مهره روی بار»: «اگر فقط یک خانه ورود باز باشد، همان عدد بازی
    میشود.»"""
    position = at({25: 1, 8: 14}, {19: 2, 16: 2, 2: 2})
    assert_plays(position, Roll(6, 3), [[(25, 22)]])


def test_seed_004_bar_enter_with_the_number_that_lets_the_other_die_play() -> None:
    """004: «اگر هر دو باز باشند و یک مهره روی بار دارید، باید بررسی کنید کدام ترتیب امکان
    استفاده از عدد دوم را نیز فراهم میکند. ورود با عدد دلخواه که تاس دیگر را از بین
    میبرد مجاز نیست اگر مسیر کامل دیگری وجود دارد.»"""
    position = at({25: 1, 8: 14}, {16: 2, 5: 2})
    legal = assert_plays(position, Roll(6, 3), [[(25, 22), (8, 2)]])
    assert play((25, 19)) not in legal


def test_seed_004_two_on_bar_one_open_point() -> None:
    """004 «دو مهره یا بیشتر روی بار»: «با یک خانه باز، فقط یک مهره وارد میشود و چون
    هنوز مهرهای روی بار باقی است، عدد دیگر نمیتواند برای مهرههای صفحه استفاده شود.»"""
    position = at({25: 2, 8: 13}, {19: 2})
    assert_plays(position, Roll(6, 3), [[(25, 22)]])
    assert_plays(at({25: 2, 8: 13}, {}), Roll(6, 3), [[(25, 19), (25, 22)]])


def test_seed_004_doubles_the_most_units() -> None:
    """004 «تاس جفت و بیشترین تعداد حرکت»: «اگر چهار واحد ممکن است، هر چهار؛ اگر فقط
    سه واحد ممکن است، سه واحد؛ و همینطور تا صفر.»"""
    for blocked, units in ((23, 4), (8, 3), (11, 2), (14, 1), (17, 0)):
        expected = [[(20 - 3 * k, 17 - 3 * k) for k in range(units)]] if units else []
        legal = assert_plays(at({20: 1}, {blocked: 2}), Roll(3, 3), expected)
        assert legal.dice_used == units


def test_seed_004_bear_off_is_not_always_compulsory() -> None:
    """004 «حرکت اجباری هنگام خروج»: «خروج همیشه اجباری نیست؛ اگر با همان عدد حرکت
    قانونی داخل خانه انجام دهید ... ممکن است میان حرکت داخلی و خروج انتخاب داشته باشید.»"""
    position = at({6: 1, 5: 1}, {})
    assert_plays(position, Roll(5, 1), [[(6, 1), (5, 4)], [(5, 0), (6, 5)]])


def test_seed_004_bear_off_6_4_from_the_6_and_4_points() -> None:
    """004 «مثال خروج با ۶ و ۴»: «اگر مهرهای روی ۶ و مهرهای روی ۴ دارید، میتوانید هر دو
    را خارج کنید.»"""
    assert_plays(at({6: 1, 4: 1}, {}), Roll(6, 4), [[(6, 0), (4, 0)], [(6, 2), (4, 0)]])


def test_seed_004_bear_off_6_4_from_the_5_and_4_points() -> None:
    """004: «اگر روی ۶ مهره ندارید ولی روی ۵ و ۴ دارید، تاس ۶ میتواند از بالاترین نقطه
    اشغالشده خروج کند و ۴ نیز مهره نقطه ۴ را خارج کند؛ ترتیب ممکن است بر بالاترین نقطه
    باقیمانده اثر بگذارد.»"""
    assert_plays(at({5: 1, 4: 1}, {}), Roll(6, 4), [[(5, 0), (4, 0)], [(5, 1), (4, 0)]])


def test_seed_004_a_checker_on_6_forbids_bearing_off_the_4_with_a_5() -> None:
    """004: «اگر مهرهای روی ۶ دارید، نمیتوانید تاس ۵ را برای خروج مهره ۴ ... مصرف کنید،
    چون نقطه بالاتر هنوز اشغال است. باید حرکت قانونی دیگری برای ۵ پیدا کنید.»"""
    position = at({6: 1, 4: 1}, {})
    assert_plays(position, Roll(5, 3), [[(6, 1), (4, 1)], [(6, 3), (4, 0)]])
    assert Step(4, 0, die=5) not in TurnGuide(position, Roll(5, 3)).next_steps(())
    assert all(step.from_point == 6 for step in TurnGuide(position, Roll(5, 5)).next_steps(()))


def test_seed_004_turn_is_lost_only_when_nothing_plays() -> None:
    """004 «چه زمانی نوبت کامل از دست میرود؟»: «فقط زمانی که هیچ عدد یا واحدی حرکت
    قانونی نسازد ... اگر یکی از دو خانه باز باشد، ورود همان یک مهره اجباری است و کل
    نوبت سوخته نیست.»"""
    assert_plays(at({25: 1, 6: 14}, {19: 2, 22: 2}), Roll(6, 3), [])
    assert_plays(at({25: 1, 6: 14}, {19: 2}), Roll(6, 3), [[(25, 22), (22, 16)]])


# -- 000 -----------------------------------------------------------------------------


def test_seed_000_item_4_5_3_one_checker_eight_points() -> None:
    """000 item 4: «میتواند یک مهره را هشت خانه به جلو ببرد و در یک خانه باز قرار دهد
    (تنها در صورتی که نقطه میانی سه و پنج همزمان بسته نباشند).»"""
    assert_plays(at({20: 1}, {17: 2}), Roll(5, 3), [[(20, 15), (15, 12)]])
    assert_plays(at({20: 1}, {17: 2, 15: 2}), Roll(5, 3), [])


def test_seed_000_item_5_6_6_any_combination_of_four_sixes() -> None:
    """000 item 5: «اگر تاس ۶ و ۶ بیاورد، بازیکن دارای چهار «شش» برای استفاده است، و
    میتواند هر ترکیبی دلخواهی از ۴ شش را در نظر گرفته و مهره هایش را حرکت دهد.»
    From the starting position: 24/18 (at most twice: 18/12 is closed), 13/7, 8/2."""
    expected: list[Steps] = []
    for back in range(3):
        for mid in range(4 - back + 1):
            low = 4 - back - mid
            if low <= 3:
                expected.append([(24, 18)] * back + [(13, 7)] * mid + [(8, 2)] * low)
    legal = assert_plays(Position.initial(), Roll(6, 6), expected)
    assert legal.dice_used == 4


def test_seed_000_three_of_3_3_when_only_three_play() -> None:
    """000 «قانون»: «اگر جفت ۳ آورده و فقط سه تای آنها را میتواند بازی کند، باید آن سه
    را بازی کند.»"""
    assert_plays(at({20: 1}, {8: 2}), Roll(3, 3), [[(20, 17), (17, 14), (14, 11)]])


def test_seed_000_4_5_the_checker_whose_4_lets_the_5_play() -> None:
    """000 «قانون»: «اگر مهرهای خاص را ۴ خانه حرکت دهد دیگر امکانی برای بازی کردن تاس ۵
    نداشته باشد اما اگر مهرهای دیگر را ۴ خانه حرکت دهد امکان بازی کردن تاس ۵ نیز برایش
    مهیا شود اجباراً باید حالتی را که امکان بازی کردن هر دو تاس را به او میدهد بازی کند.»"""
    position = at({20: 1, 10: 1}, {15: 2, 11: 2, 5: 2})
    legal = assert_plays(position, Roll(5, 4), [[(10, 6), (6, 1)]])
    assert play((20, 16)) not in legal


def test_seed_000_item_6_bear_off_5_2_with_5_and_2_points_empty() -> None:
    """000 item 6: «اگر در خانههای ۵ و ۲ هیچ مهرهای نبود باید با دیگر مهرهها این تاسهای
    ۵ و ۲ را بازی کنید مثلاً برای تاس ۵ یک مهره از خانه ۶ به خانه یک ببرید و برای تاس
    دو یک مهره از خانههای دیگر حرکت دهید.»"""
    position = at({6: 2, 4: 1, 3: 1}, {})
    expected = [[(6, 1), (6, 4)], [(6, 1), (4, 2)], [(6, 1), (3, 1)]]
    assert_plays(position, Roll(5, 2), expected)


def test_seed_000_bear_off_from_the_nearest_lower_point() -> None:
    """000 «قانون»: «تمام مهرههای شما در خانههای ۱٬۲٬۳ جمع است ... اگر تاس شما مثلاً ۴ و
    ۶ باشد شما میتوانید دو مهره از خانه ۳ خارج کنید اما اگر در خانه ۵ شما مهره باشد شما
    نمیتوانید با تاس ۴ مهره از بازی خارج کنید و باید این تاس را بازی کنید.»"""
    assert_plays(at({3: 2, 2: 1, 1: 1}, {}), Roll(6, 4), [[(3, 0), (3, 0)]])
    position = at({5: 1, 3: 2}, {})
    legal = assert_plays(position, Roll(6, 4), [[(5, 0), (3, 0)], [(5, 1), (3, 0)]])
    assert Step(3, 0, die=4) not in TurnGuide(position, Roll(6, 4)).next_steps(())
    assert play((5, 1), (3, 0)) in legal


def test_seed_000_3_3_bears_off_four_from_the_3_point_then_from_the_2_point() -> None:
    """000 «قانون»: «اگر جفت ۳ بیارید در صورتی که چهار مهره در خانه ۳باشد میتوانید هر
    چهار مهره را خارج کنید. اگر کمتر از چهار مهره در خانه ۳ باشد، میتوانید تعداد تاس ۳
    باقیمانده را از خانه ۲ بردارید.»"""
    assert_plays(at({3: 4, 2: 2}, {}), Roll(3, 3), [[(3, 0)] * 4])
    assert_plays(at({3: 2, 2: 3}, {}), Roll(3, 3), [[(3, 0), (3, 0), (2, 0), (2, 0)]])


def test_seed_000_2_5_may_be_moved_instead_of_borne_off() -> None:
    """000 «قانون»: «اگر در ۶ خانه مهره باشد و ... ۲ و ۵ میآورید، به جای اینکه از خانه ۲ و
    ۵ مهرهای خارج کنید میتوانید ۲ یا ۵ را بازی کنید.»"""
    position = at({6: 3, 5: 3, 4: 3, 3: 2, 2: 2, 1: 2}, {})
    legal = assert_same_as_reference(position, Roll(5, 2))
    assert play((5, 0), (2, 0)) in legal
    assert play((6, 1), (4, 2)) in legal
    assert play((5, 0), (6, 4)) in legal
    assert play((6, 4), (4, 0)) not in legal  # the 4 is no 5: R14 needs the 5-point first


def test_seed_000_bar_4_6_enters_on_either_open_point() -> None:
    """000 «قانون»: «اگر یک بازیکن یک مهره در بار دارد، و تاسش ۴ و ۶ دارد، میتواند مهره
    اش را بر روی هر دو خانه چهار یا شش ناحیه خودی حریف قرار دهد به شرطی که آن خانه ها
    باز باشند. اگر هیچ خانهای باز نباشد، بازیکن نوبت خود را از دست میدهد.»"""
    position = at({25: 1, 13: 14}, {})
    legal = assert_same_as_reference(position, Roll(6, 4))
    assert play((25, 21), (13, 7)) in legal
    assert play((25, 19), (13, 9)) in legal
    assert play((25, 21), (21, 15)) in legal
    assert_plays(at({25: 1, 13: 14}, {21: 2, 19: 2}), Roll(6, 4), [])


def test_seed_000_v1_v2_last_six_points() -> None:
    """000 «قانون»: «در ۶ خانه آخر نمی توان مهرهٔ حریف را زد و سپس آن را روی مهره های
    دیگر خودی قرار داد. ولی همواره می توان مهره حریف را زد و سپس آن را در دیگر خانه های
    خالی حرکت داده یا حتی مهره دیگری از حریف را زد و یا میتوان آن را خارج کرد.» and
    «نمیتوان مهره حریف را در ۶ خانه آخر خود زد و روی آن را بست.» (V1 and V2, preset
    iranian.)"""
    # Hit on 6 then onto the mover's checkers on 1: refused; passing over 6 is fine.
    position = at({9: 1, 1: 14}, {6: 1})
    assert_plays(position, Roll(5, 3), [[(9, 4), (4, 1)]], IRANIAN)
    # Hit, hit again, bear off: allowed.
    legal = assert_plays(at({9: 1}, {6: 1, 3: 1}), Roll(3, 3), [[(9, 6), (6, 3), (3, 0)]], IRANIAN)
    assert next(iter(legal.items()))[1].opponent[BAR] == 2
    # Pointing on the hit blot in the home board: refused, the hit alone stays.
    position = at({8: 2, 20: 13}, {2: 1, 14: 2})
    assert_plays(position, Roll(6, 6), [[(8, 2)]], IRANIAN)


# -- 002 -----------------------------------------------------------------------------


def test_seed_002_rule_4_6_3_nine_points_needs_an_open_landing() -> None:
    """002 rule 4: «با ۶ و ۳، یا خانهای که ۶ خانه جلوتر است یا خانهای که ۳ خانه جلوتر
    است باید باز باشد.»"""
    assert_plays(at({20: 1}, {14: 2}), Roll(6, 3), [[(20, 17), (17, 11)]])
    assert_plays(at({20: 1}, {14: 2, 17: 2}), Roll(6, 3), [])


def test_seed_002_rule_5_passing_over_a_closed_point() -> None:
    """002 rule 5: «میتوانی از روی آن عبور کنی، به شرطی که خانه مقصد باز باشد.»"""
    assert_plays(at({20: 1}, {17: 2, 16: 2}), Roll(6, 3), [[(20, 14), (14, 11)]])


def test_seed_002_rule_6_5_5_split_over_checkers() -> None:
    """002 rule 6: «آن عدد را چهار بار بازی میکنی. میتوانی هر چهار حرکت را با یک مهره
    انجام دهی یا بین چند مهره تقسیم کنی.»"""
    position = at({24: 1, 23: 1}, {})
    expected = [
        [(24 - 5 * k, 19 - 5 * k) for k in range(first)]
        + [(23 - 5 * k, 18 - 5 * k) for k in range(4 - first)]
        for first in range(5)
    ]
    assert_plays(position, Roll(5, 5), expected)


def test_seed_002_rule_7_compulsory_use_of_the_dice() -> None:
    """002 rule 7: «۱. اگر بتوانی از هر دو عدد تاس استفاده کنی، باید هر دو را بازی کنی.
    ۲. اگر فقط یکی از دو عدد قابل بازی باشد، باید همان را بازی کنی. ۳. اگر هر کدام از دو
    عدد بهتنهایی قابل بازی باشد ولی نتوانی هر دو را با هم بازی کنی، باید عدد بزرگتر را
    بازی کنی. ۴. در جفت، هر تعداد از چهار حرکت که ممکن است ... ۵. اگر هیچ حرکت قانونی
    وجود نداشته باشد، نوبت از دست میرود.»"""
    assert_plays(at({13: 1, 8: 1}, {11: 2, 5: 2}), Roll(6, 2), [[(13, 7), (8, 6)]])  # 7.1
    assert_plays(at({20: 1}, {14: 2, 11: 2}), Roll(6, 3), [[(20, 17)]])  # 7.2
    assert_plays(at({20: 1}, {13: 2}), Roll(5, 2), [[(20, 15)]])  # 7.3
    assert_plays(at({20: 1}, {11: 2}), Roll(3, 3), [[(20, 17), (17, 14)]])  # 7.4
    assert_plays(at({25: 1, 6: 14}, {19: 2, 22: 2}), Roll(6, 3), [])  # 7.5


def test_seed_002_rule_9_enter_1_on_24_2_on_23() -> None:
    """002 rule 9: «عدد تاس تعیین میکند مهره در کدام خانه وارد شود (با ۱ در خانه ۲۴
    خودش، با ۲ در خانه ۲۳ و…). اگر خانه مربوط به هر دو تاس بسته باشد، نوبتش میسوزد.»"""
    assert_plays(at({25: 2, 6: 13}, {}), Roll(2, 1), [[(25, 24), (25, 23)]])
    assert_plays(at({25: 2, 6: 13}, {24: 2, 23: 2}), Roll(2, 1), [])


def test_seed_002_rule_10_bearing_off() -> None:
    """002 rule 10: «با هر عدد، مهره خانه همشماره را بیرون میبری ... اگر در خانه آن عدد
    مهرهای نداری، باید با آن عدد یک مهره از خانههای بالاتر را جابهجا کنی. اگر در خانههای
    بالاتر هم مهرهای نداری، مهره بالاترین خانه پایینتر را بیرون میبری. اگر وسط جمع کردن
    یکی از مهرههایت زده شود، تا آن مهره دوباره به خانه داخلی برنگردد، اجازه بیرون بردن
    نداری.»"""
    assert_plays(at({4: 2}, {}), Roll(4, 4), [[(4, 0), (4, 0)]])
    assert_plays(at({6: 1, 4: 1}, {}), Roll(5, 3), [[(6, 1), (4, 1)], [(6, 3), (4, 0)]])
    assert_plays(at({4: 1, 2: 1}, {}), Roll(5, 5), [[(4, 0), (2, 0)]])
    assert_plays(at({25: 1, 2: 14}, {}), Roll(6, 5), [[(25, 20), (20, 14)]])


# -- 003 -----------------------------------------------------------------------------


def test_seed_003_4_1_two_checkers_or_one_with_an_open_landing() -> None:
    """003: «اگر شما 4 و 1 را رول کنید، می توانید ... 4 فضا ... و ... 1 ... یا ... 5 ...
    اگر شما انتخاب کنید که از هر دو تاس برای یک تکرار استفاده کنید، نقطه میانجی ... باید
    باز باشد.»"""
    expected = [[(20, 16), (16, 15)], [(10, 6), (6, 5)], [(20, 16), (10, 9)], [(20, 19), (10, 6)]]
    assert_plays(at({20: 1, 10: 1}, {}), Roll(4, 1), expected)
    assert_plays(at({20: 1}, {16: 2, 19: 2}), Roll(4, 1), [])


def test_seed_003_bear_off_3_with_every_checker_on_4_or_higher_moves_3() -> None:
    """003: «اگر شما رول 3 و تمام چک های خود را در نقطه چهارم یا بالاتر، شما باید یکی از
    آنها را به جلو سه نقطه حرکت می کند.» and «اگر شما رول 5 و تمام چک های خود را در نقطه
    چهارم و یا پایین تر، شما باید یکی از آنها را از هیئت مدیره حذف کنید.»"""
    assert_plays(at({5: 1, 4: 1}, {}), Roll(3, 3), [[(5, 2), (4, 1), (2, 0), (1, 0)]])
    assert_plays(at({4: 1, 3: 1}, {}), Roll(5, 1), [[(4, 0), (3, 2)], [(4, 3), (3, 0)]])


def test_seed_003_enter_as_many_as_possible_then_any_checker() -> None:
    """003: «اگر شما می توانید یک یا چند چکرز خود را از نوار وارد کنید، اما نه همه آنها،
    شما باید این کار را انجام دهید. پس از آن هر حرکت باقیمانده را از دست می دهید.» and
    «شما می توانید هر چک کننده، از جمله یکی که فقط به هیئت مدیره بازگشت، حرکت می کند.»"""
    assert_plays(
        at({25: 3, 8: 12}, {22: 2}),
        Roll(4, 4),
        [[(25, 21), (25, 21), (25, 21), (21, 17)], [(25, 21), (25, 21), (25, 21), (8, 4)]],
    )
    assert_plays(at({25: 3, 8: 12}, {21: 2}), Roll(4, 3), [[(25, 22)]])
