"""``nard play``: whole games driven by typed commands, computer matches, save and load."""

from __future__ import annotations

import io
import re
from collections.abc import Sequence
from pathlib import Path

import pytest
from rich.console import Console

from nard.cli.__main__ import main
from nard.cli.players import HumanPlayer, RandomPlayer, bot_available, parse_player
from nard.cli.records import load_record, save_record
from nard.cli.terminal import TerminalMatch, default_names
from nard.core.board import Position, Side
from nard.core.dice import Roll
from nard.core.moves import Move, route_moves
from nard.core.notation import format_play, parse_play
from nard.core.plays import Play, Step, TurnGuide
from nard.core.rules import IRANIAN, STANDARD
from nard.match import Cube, Match, Phase, PlayMade, SeededDice
from nard.match.options import GameOptions
from nard.match.record import MatchRecord
from nard.match.scoring import ResultKind

needs_bot = pytest.mark.skipif(not bot_available(), reason="nard.ai's engine is not installed")


class ScriptedDice:
    """Dice that roll what the test says, in order."""

    def __init__(self, rolls: Sequence[tuple[int, int]]) -> None:
        self.rolls = list(rolls)

    def roll(self) -> tuple[int, int]:
        return self.rolls.pop(0)

    def opening_roll(self) -> tuple[int, int]:
        return self.roll()


def hot_seat(
    commands: str,
    rolls: Sequence[tuple[int, int]],
    *,
    lang: str = "en",
    length: int | None = 3,
    match: Match | None = None,
) -> tuple[TerminalMatch, str]:
    out = io.StringIO()
    terminal = TerminalMatch(
        match or Match.new(length),
        (HumanPlayer(), HumanPlayer()),
        ScriptedDice(rolls),
        console=Console(file=out, width=120, color_system=None),
        input=io.StringIO(commands),
        lang=lang,  # type: ignore[arg-type]
    )
    assert terminal.run() == 0
    return terminal, out.getvalue()


def plays_made(match: Match) -> list[Play]:
    return [e.play for game in match.all_games() for e in game.history if isinstance(e, PlayMade)]


# -- a hot-seat game typed move by move ---------------------------------------------------------


def test_r6_illegal_play_names_the_rule_and_a_legal_play() -> None:
    terminal, out = hot_seat("13/9 9/4\nquit\n", [(6, 4)])
    assert "Refused: Moving from point 9 to point 4 takes 5 pips" in out
    assert "(rule R6)" in out and "24/18 13/9" in out
    assert terminal.match.game is not None and terminal.match.game.phase is Phase.PLAYING


def test_r6_illegal_play_explained_in_persian() -> None:
    _, out = hot_seat("13/9 9/4\n24/18 13/9\nroll\nquit\n", [(6, 4), (3, 3)], lang="fa")
    assert "رد شد:" in out and "قانون R۶" in out
    assert "۲۴/۱۸ ۱۳/۹" in out  # the legal play, in Persian digits
    assert "بازیکن ۲ تاس ریخت: جفت ۳." in out  # doubles are جفت
    assert "خدانگهدار" in out


@pytest.mark.parametrize(
    ("lang", "refused", "rule"), [("en", "Refused:", "R1"), ("fa", "رد شد:", "R۱")]
)
def test_r1_a_backwards_move_gets_the_rules_explanation(lang: str, refused: str, rule: str) -> None:
    session, out = hot_seat("6/7\n۶/۷\nquit\n", [(3, 1)], lang=lang)
    assert out.count(refused) == 2 and out.count(rule) >= 2
    assert "Cannot read" not in out and "backwards;" not in out
    assert not plays_made(session.match)


def test_plays_are_written_in_persian_words_and_digits_in_persian() -> None:
    _, out = hot_seat("بار/۲۲\n24/23 13/10\nquit\n", [(3, 1)], lang="fa")
    assert "بازی کرد: ۲۴/۲۳ ۱۳/۱۰" in out
    _, out = hot_seat("13/x\nquit\n", [(3, 1)], lang="fa")
    assert "«13/x» خوانده نشد" in out and "Cannot" not in out


def test_r5_landing_on_a_closed_point_is_refused() -> None:
    # Black opens 6-1 with 13/7 8/7, closing White's 18 point; White rolls 6-6.
    commands = "13/7 8/7\nroll\n24/18\nquit\n"
    terminal, out = hot_seat(commands, [(1, 6), (6, 6)])
    assert "Refused: Point 18 is closed" in out and "R5" in out
    assert len(plays_made(terminal.match)) == 1


def test_r8_confirm_after_one_die_refused_then_undo_and_replay() -> None:
    commands = "24/18\nconfirm\nundo\nundo\n13/9\n24/18\n\nquit\n"
    terminal, out = hot_seat(commands, [(6, 4)])
    assert "R8" in out and "You must use both dice" in out
    assert "takes back 24/18" in out
    assert "Nothing to undo." in out
    assert "The play is complete" in out
    assert plays_made(terminal.match) == [Play((Step(13, 9), Step(24, 18)))]
    game = terminal.match.game
    assert game is not None and game.turn is Side.BLACK and game.phase is Phase.ROLLING


def test_a_move_over_two_dice_is_split_into_steps() -> None:
    terminal, out = hot_seat("24/18\n18/14\nc\nquit\n", [(6, 4)])
    assert "so far: 24/18" in out
    assert plays_made(terminal.match) == [parse_play("24/18 18/14")]


def test_r17_r18_double_take_then_resignation_accepted() -> None:
    commands = "24/18 13/9\ndouble\nroll\ntake\nroll\nresign gammon\naccept\n"
    terminal, out = hot_seat(commands + "quit\n", [(6, 4), (3, 1), (5, 2)], length=5)
    assert "Player 2 doubles to 2." in out
    assert "Not now: Player 1 (White): take or drop the cube at 2?" in out
    assert "Player 1 takes." in out
    assert terminal.match.games[0].cube == Cube(2, Side.WHITE)
    result = terminal.match.games[0].result
    assert result is not None and result.kind is ResultKind.GAMMON and result.points == 4
    assert terminal.match.score == (4, 0)
    assert "Player 1 (White) wins a gammon: 4 point(s)." in out
    assert "Final score: White 4, Black 0." in out


def test_resignation_refused_play_goes_on_and_drop_ends_the_game() -> None:
    commands = "resign\nrefuse\n24/18 13/9\ndouble\ndrop\nquit\n"
    terminal, out = hot_seat(commands, [(6, 4), (5, 2)], length=3)
    assert "Player 2 refuses; play on." in out
    assert "Player 1 drops." in out
    assert terminal.match.score == (0, 1)
    assert "Player 2 (Black) wins a single game: 1 point(s)." in out
    assert "Game 2." in out


def test_hot_seat_numbers_the_points_from_the_side_to_act() -> None:
    _, out = hot_seat("24/18 13/9\nquit\n", [(6, 4)])
    assert "points numbered from White's side" in out
    assert "points numbered from Black's side" in out


def test_r12_checker_on_the_bar_enters_first() -> None:
    # White leaves blots; Black hits on White's 18 point; White must enter first.
    commands = "24/18 13/9\nroll\n13/7* 8/7\nroll\n13/10 24/23\nbar/22 24/23\nquit\n"
    terminal, out = hot_seat(commands, [(6, 4), (6, 1), (3, 1)])
    assert "bar 1" in out
    assert "R12" in out and "Refused:" in out
    assert plays_made(terminal.match)[2] == parse_play("bar/22 24/23")


def test_unknown_words_and_help() -> None:
    _, out = hot_seat("fly\nhelp\nquit\n", [(6, 4)])
    assert "Not understood: 'fly'" in out
    assert "resign [single|gammon|backgammon]" in out


def test_money_session_ends_when_the_players_quit(tmp_path: Path) -> None:
    path = tmp_path / "money.json"
    terminal, out = hot_seat(f"resign\naccept\nsave {path}\nquit\n", [(6, 4), (3, 1)], length=None)
    assert terminal.match.score == (0, 1)
    assert "Score: White 0, Black 1" in out
    assert load_record(path).replay().score == (0, 1)


# -- single moves found through the turn guide --------------------------------------------------


def test_route_moves_splits_a_checkers_journey_over_the_dice() -> None:
    guide = TurnGuide(Position.initial(), Roll(6, 4))
    route = route_moves(guide, (), [Move(24, 14)])
    assert route is not None and [(s.from_point, s.to_point) for s in route] in (
        [(24, 18), (18, 14)],
        [(24, 20), (20, 14)],
    )
    assert route_moves(guide, (), [Move(13, 8)]) is None


def test_iranian_v2_hit_and_cover_refused() -> None:
    # White rolls 6-6 with Black's blot on White's 2 point: hitting it is legal, covering
    # the hit checker in the same turn is not (V2), whether typed as a whole play or step
    # by step. 13/7(3) 8/2* is the legal play that hits.
    from nard.match import Game

    position = Position.from_points({8: 2, 6: 5, 13: 8}, {23: 1, 24: 14})
    match = Match(rules=IRANIAN, game=Game.from_position(position, IRANIAN))
    refusal = "Refused: No hit-and-cover in the home board: you hit a blot on point 2"
    for commands, steps_left in (("13/7(2) 8/2*(2)", ()), ("8/2*\n8/2", (Step(8, 2, hit=True),))):
        terminal, out = hot_seat(f"roll\n{commands}\nquit\n", [(6, 6)], match=match)
        [line] = [line for line in out.splitlines() if line.startswith("Refused:")]
        assert line.startswith(refusal) and line.endswith("(rule V2)")
        game = terminal.match.game
        assert game is not None and game.phase is Phase.PLAYING and game.turn is Side.WHITE
        assert game.turn_start == position and game.steps == steps_left
        assert plays_made(terminal.match) == []
    terminal, out = hot_seat("roll\n13/7(3) 8/2*\nquit\n", [(6, 6)], match=match)
    assert "Refused:" not in out
    assert plays_made(terminal.match) == [parse_play("13/7(3) 8/2*")]


# -- saving and loading -------------------------------------------------------------------------


def test_save_mid_game_and_load_to_continue(tmp_path: Path) -> None:
    for name in ("mid.json", "mid.mat"):
        path = tmp_path / name
        first, _ = hot_seat(f"24/18 13/9\nsave {path}\nquit\n", [(6, 4)])
        assert f"Saved to {path}." in _
        second, out = hot_seat(f"load {path}\nroll\nquit\n", [(3, 1), (5, 2)])
        assert f"Loaded {path}." in out
        assert plays_made(second.match)[0] == plays_made(first.match)[0]
        game = second.match.game
        assert game is not None and game.roll == Roll(5, 2) and game.turn is Side.BLACK


def test_save_refuses_other_suffixes(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match=r"\.mat or \.json"):
        save_record(MatchRecord(), tmp_path / "x.pgn")


# -- computer players ---------------------------------------------------------------------------


def test_random_players_only_make_legal_plays_over_a_whole_match() -> None:
    out = io.StringIO()
    terminal = TerminalMatch(
        Match.new(7),
        (RandomPlayer(seed=1), RandomPlayer(seed=2)),
        SeededDice(11),
        console=Console(file=out, width=120, color_system=None),
    )
    terminal.run()
    assert terminal.match.is_over
    lines = out.getvalue().splitlines()
    games = [line for line in lines if line.startswith("Game ")]
    assert len(games) == len(terminal.match.games)
    white, black = terminal.match.score
    assert lines[-1] == f"Final score: White {white}, Black {black}."


def _final_score(text: str) -> tuple[int, int]:
    found = re.search(r"Final score: White (\d+), Black (\d+)\.", text)
    assert found is not None
    return int(found.group(1)), int(found.group(2))


@pytest.mark.parametrize("player1", ["random", pytest.param("bot:beginner", marks=needs_bot)])
def test_computer_match_saves_mat_and_json_that_load_back(
    player1: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    scores = []
    for suffix in (".mat", ".json"):
        path = tmp_path / f"out{suffix}"
        args = ["play", "--player1", player1, "--player2", "random", "--length", "5"]
        assert main([*args, "--seed", "7", "--save", str(path)]) == 0
        printed = capsys.readouterr().out
        summaries = [line for line in printed.splitlines() if line.startswith("Game ")]
        record = load_record(path)
        match = record.replay()
        assert match.is_over
        assert _final_score(printed) == match.score
        assert len(summaries) == len(match.games)
        assert record.players == default_names([parse_player(player1), RandomPlayer()])
        scores.append(match.score)
    assert scores[0] == scores[1]


def test_same_seed_twice_gives_the_identical_file(tmp_path: Path) -> None:
    for suffix in (".mat", ".json"):
        texts = []
        for attempt in range(2):
            path = tmp_path / f"run{attempt}{suffix}"
            args = ["play", "--player1", "random", "--player2", "random", "--length", "3"]
            assert main([*args, "--seed", "5", "--save", str(path)]) == 0
            texts.append(path.read_bytes())
        assert texts[0] == texts[1]
    different = tmp_path / "other.json"
    args = ["play", "--player1", "random", "--player2", "random", "--length", "3"]
    assert main([*args, "--seed", "6", "--save", str(different)]) == 0
    assert different.read_bytes() != (tmp_path / "run0.json").read_bytes()


def test_money_session_of_computers_plays_the_games_asked(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "money.json"
    args = ["play", "--player1", "random", "--player2", "random", "--length", "money"]
    assert main([*args, "--games", "3", "--seed", "2", "--save", str(path)]) == 0
    printed = capsys.readouterr().out
    assert "Session over after 3 game(s)." in printed
    match = load_record(path).replay()
    assert match.is_money and len(match.games) == 3
    assert _final_score(printed) == match.score


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--player1", "robot"], "a player is human, random or bot:LEVEL, not 'robot'"),
        (["--player1", "bot:grandmaster", "--player2", "random"], "unknown bot level"),
        (["--player1", "random", "--fair", "--seed", "1"], "--fair and --seed exclude each other"),
        (["--rules", "martian", "--player2", "random"], "martian"),
    ],
)
def test_bad_options_fail_with_status_2(
    args: list[str], words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["play", *args]) == 2
    err = capsys.readouterr().err
    assert err.startswith("nard: error: ") and words in err


@needs_bot
def test_bot_accepts_a_resignation_worth_more_than_playing_on() -> None:
    out = io.StringIO()
    terminal = TerminalMatch(
        Match.new(3),
        (HumanPlayer(), parse_player("bot:beginner", seed=1)),
        ScriptedDice([(6, 4)]),
        console=Console(file=out, width=120, color_system=None),
        input=io.StringIO("resign backgammon\nquit\n"),
    )
    terminal.run()
    assert terminal.match.score == (0, 3)
    assert "bot:beginner accepts." in out.getvalue()


@needs_bot
def test_hint_lists_the_best_plays_with_equities() -> None:
    _, out = hot_seat("hint\nquit\n", [(6, 4)])
    assert re.search(r"^1\. \S.*equity [+-]\d\.\d{3}$", out, re.MULTILINE)


def test_r19_beaver_in_money_play_with_beavers_on() -> None:
    match = Match.new(None, options=GameOptions(beavers=True))
    terminal, out = hot_seat("24/18 13/9\ndouble\nbeaver\nquit\n", [(6, 4)], match=match)
    assert "Player 1 plays 24/18 13/9." in out
    assert "Player 1 beavers: cube at 4." in out
    game = terminal.match.game
    assert game is not None and game.cube == Cube(4, Side.WHITE) and game.phase is Phase.ROLLING


def test_beaver_refused_without_the_option_names_r19() -> None:
    terminal, out = hot_seat("24/18 13/9\ndouble\nbeaver\ntake\nquit\n", [(6, 4)], length=None)
    assert "Not now: beavers are not allowed in this game (R19)" in out
    assert terminal.match.game is not None and terminal.match.game.cube == Cube(2, Side.WHITE)


def test_auto_roll_rolls_when_no_double_is_possible() -> None:
    # Without the cube (Iranian preset) there is nothing to decide before rolling; with
    # it, Player 2 may double, so the roll waits for them.
    for rules, rolled in ((IRANIAN, True), (STANDARD, False)):
        out = io.StringIO()
        terminal = TerminalMatch(
            Match.new(3, rules=rules),
            (HumanPlayer(), HumanPlayer()),
            ScriptedDice([(6, 4), (3, 1)]),
            console=Console(file=out, width=120, color_system=None),
            input=io.StringIO("24/18 13/9\nquit\n"),
            auto_roll=True,
        )
        terminal.run()
        assert ("Player 2 rolls 3-1." in out.getvalue()) is rolled
        game = terminal.match.game
        assert game is not None and game.turn is Side.BLACK
        assert game.roll == (Roll(3, 1) if rolled else None)


def test_a_whole_play_typed_after_single_moves_replaces_them() -> None:
    terminal, out = hot_seat("24/18\n13/9 13/7\nquit\n", [(6, 4)])
    assert "Player 1 plays 13/9 13/7." in out
    assert [format_play(play) for play in plays_made(terminal.match)] == ["13/9 13/7"]


@pytest.mark.parametrize("rules", ["standard", "iranian"])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_matches_round_trip_through_json(rules: str, seed: int, tmp_path: Path) -> None:
    path = tmp_path / "m.json"
    args = ["play", "--player1", "random", "--player2", "random", "--length", "3"]
    assert main([*args, "--rules", rules, "--seed", str(seed), "--save", str(path)]) == 0
    record = load_record(path)
    match = record.replay()
    assert match.is_over and max(match.score) >= 3
    assert record.rules.escape_after_hit is (rules == "iranian")


def test_load_continues_a_saved_match_with_computer_players(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "half.json"
    first, _ = hot_seat(f"24/18 13/9\nsave {path}\nquit\n", [(6, 4)])
    args = ["play", "--player1", "random", "--player2", "random", "--seed", "4"]
    done = tmp_path / "done.json"
    assert main([*args, "--load", str(path), "--save", str(done)]) == 0
    printed = capsys.readouterr().out
    record = load_record(done)
    assert record.actions[:2] == first.record().actions[:2]
    assert record.replay().is_over and _final_score(printed) == record.replay().score


@needs_bot
def test_bot_refuses_a_single_when_it_is_sure_of_a_gammon_and_offers_one_when_lost() -> None:
    from dataclasses import replace

    from nard.match.game import Game

    # The human (WHITE) has fifteen checkers outside; the bot (BLACK) bears off
    # its last five: it is sure of a gammon and refuses a single.
    lost = Position.from_points({13: 5, 14: 5, 18: 5}, {1: 5})
    out = io.StringIO()
    session = TerminalMatch(
        replace(Match.new(None), game=Game.from_position(lost)),
        (HumanPlayer(), parse_player("bot:expert", seed=1)),
        ScriptedDice([(6, 5), (1, 1)]),
        console=Console(file=out, width=120, color_system=None),
        input=io.StringIO("resign single\nresign gammon\nquit\n"),
    )
    session.run()
    text = out.getvalue()
    assert "bot:expert refuses; play on." in text
    assert "bot:expert accepts." in text
    assert session.match.score == (0, 2)
    # The same board with the sides' roles changed: the bot, on roll, has lost
    # a gammon for sure and offers it.
    hopeless = Position.from_points({13: 5, 14: 5, 18: 5}, {1: 5}, turn=Side.BLACK)
    out = io.StringIO()
    session = TerminalMatch(
        replace(Match.new(None), game=Game.from_position(hopeless)),
        (HumanPlayer(), parse_player("bot:expert", seed=1)),
        ScriptedDice([(6, 5), (4, 2), (3, 1)]),
        console=Console(file=out, width=120, color_system=None),
        input=io.StringIO("accept\nquit\n"),
    )
    session.run()
    assert "bot:expert offers to resign" in out.getvalue()
    assert session.match.score == (2, 0)
