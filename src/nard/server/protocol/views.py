"""The objects inside messages: a game, its state, seats, settings, fair dice.

The same objects make the HTTP answers (:class:`nard.server.protocol.http.GamePublic`
is a :class:`GameSnapshot` with the caller's links). Board arrays are per side
in that side's own numbering (index 0 borne off, 1..24 points, 25 the bar), as
:class:`nard.core.board.Position` keeps them.
"""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any, Literal

from pydantic import (
    AliasChoices,
    BaseModel,
    ConfigDict,
    Field,
    JsonValue,
    computed_field,
    model_validator,
)

from nard.core.rules import EscapeScope, PresetName, RuleSet

SideName = Literal["white", "black"]
Point = Annotated[int, Field(ge=0, le=25)]
ResultKindName = Literal["single", "gammon", "backgammon"]
EndingName = Literal["bear_off", "resigned", "dropped_double", "time", "forfeit"]
"""How a match ended (:class:`OutcomeView`)."""


def _is_none(value: Any) -> bool:
    return value is None


def omitted_when_none() -> Any:
    """A field left out of the JSON while it is None (present only when it says something)."""
    return Field(default=None, exclude_if=_is_none)


class Strict(BaseModel):
    """What clients send: unknown fields and wrong types are refused."""

    model_config = ConfigDict(extra="forbid", strict=True)


class View(BaseModel):
    """What the server sends: built from values the server trusts."""

    model_config = ConfigDict(
        extra="forbid", validate_by_name=True, validate_by_alias=True, serialize_by_alias=True
    )


StoredView = dict[str, JsonValue]
"""A view as the database's JSON columns keep it (an action's events, a result)."""


def stored(view: View) -> StoredView:
    """A view as the database's JSON columns keep it."""
    return view.model_dump(mode="json")


def _named(alias: str, name: str) -> Any:
    """A field sent as ``alias`` (``from`` is a Python keyword), made under either name."""
    return Field(serialization_alias=alias, validation_alias=AliasChoices(alias, name))


class StepView(View):
    """One die's step: ``from`` and ``to`` in the mover's numbering."""

    from_point: int = _named("from", "from_point")
    to_point: int = _named("to", "to_point")
    die: int
    hit: bool


class CubeView(View):
    value: int
    owner: SideName | None


class ResignationView(View):
    side: SideName
    kind: ResultKindName


class GameResultView(View):
    """How one game ended."""

    winner: SideName
    kind: ResultKindName
    points: int
    reason: Literal["borne_off", "dropped", "resigned"]


class BoardView(View):
    white: list[int]
    black: list[int]


class ActionsView(View):
    """The message types each side may send now."""

    white: list[str]
    black: list[str]


class GameStateView(View):
    """One game's state: board, dice, steps of this turn, cube, phase, result."""

    phase: Literal["opening", "rolling", "playing", "cube_offered", "resignation_offered", "over"]
    turn: SideName | None
    to_act: SideName | None
    board: BoardView
    position_id: str
    turn_start_id: str | None
    """The Position ID where this turn's play began (null unless the dice are being
    played): with ``dice`` and ``steps`` it names a refused step for a report."""
    dice: tuple[int, int] | None
    steps: list[StepView]
    pips: tuple[int, int]
    """White's and Black's pip counts on ``board`` (the steps entered so far counted)."""
    cube: CubeView
    crawford: bool
    resignation: ResignationView | None
    result: GameResultView | None
    actions: ActionsView


class MatchInfoView(View):
    length: int | None
    score: tuple[int, int]
    game_number: int
    crawford: bool
    over: bool
    winner: SideName | None


class GuideView(View):
    """Where each checker may go next after the steps made so far (``TurnGuide``)."""

    destinations: dict[str, list[int]]
    can_confirm: bool
    can_undo: bool
    dice_used: int


class StateView(View):
    """The whole state a client needs: the match, the game being played, the guide."""

    match: MatchInfoView
    game: GameStateView
    guide: GuideView | None


class SeatView(View):
    side: SideName
    name: str | None
    is_bot: bool
    connected: bool
    claim_in: float | None = None
    """While this seat is away: seconds (when sent) until its opponent may claim the
    game; None when no claim is possible against it."""


class FairDiceView(View):
    commitment: str
    client_seeds: list[str]
    server_seed: str | None
    """Revealed once the match is over."""


class RulesView(View):
    """The rule switches as the match record keeps them (``RuleSet`` fields)."""

    escape_after_hit: bool
    escape_scope: Literal["home", "board"]
    no_home_cover_after_hit: bool
    gammon_wins_match: bool
    no_backgammon: bool
    cube: bool

    @model_validator(mode="before")
    @classmethod
    def _computed_preset(cls, data: Any) -> Any:
        """A view read back from its own JSON: the preset is computed, never taken."""
        if isinstance(data, dict) and "preset" in data:
            return {key: value for key, value in data.items() if key != "preset"}
        return data

    @computed_field  # type: ignore[prop-decorator]
    @property
    def preset(self) -> PresetName | None:
        """The preset these switches are (the cube aside: it is named on its own), or
        None for custom rules; the server names it so no page keeps a preset's table."""
        return RuleSet(
            escape_after_hit=self.escape_after_hit,
            escape_scope=EscapeScope(self.escape_scope),
            no_home_cover_after_hit=self.no_home_cover_after_hit,
            gammon_wins_match=self.gammon_wins_match,
            no_backgammon=self.no_backgammon,
            cube=self.cube,
        ).preset_name


class OptionsView(View):
    opening: Literal["standard", "reroll"]
    lower_starts: bool
    jacoby: bool
    beavers: bool
    automatic_doubles: int


class SettingsView(View):
    """The game's settings as created: enough to show the rules or start a rematch."""

    rules: RulesView
    length: int | None
    crawford: bool
    options: OptionsView
    bot_level: str | None
    clock: Literal["none", "blitz", "rapid", "classical"] = "none"


class OutcomeView(View):
    """How the whole game (the match) ended: ``reason`` match_over, claimed or time."""

    model_config = ConfigDict(frozen=True)

    winner: SideName | None
    reason: Literal["match_over", "claimed", "time"]
    score: tuple[int, int]
    ending: EndingName | None = None
    """How it ended: the last game borne off, resigned or its double dropped, the match
    lost on time or by forfeit (null: an old match that ended in play, not recorded)."""
    kind: ResultKindName | None = None
    """The last game's result (single, gammon, backgammon) when it ended in play."""

    @model_validator(mode="before")
    @classmethod
    def _ending(cls, data: Any) -> Any:
        if isinstance(data, dict) and data.get("ending") is None:
            ending = {"time": "time", "claimed": "forfeit"}.get(data.get("reason", ""))
            if ending is not None:
                data = {**data, "ending": ending}
        return data


class ClockView(View):
    """Both clocks as the server has them at ``server_time`` (docs/clocks.md)."""

    preset: str
    delay_ms: int
    """The delay each turn starts with."""
    reserve_ms: tuple[int, int]
    """White's and Black's reserves."""
    running: SideName | None
    delay_left_ms: int
    """What is left of the running side's delay."""
    flagged: SideName | None
    server_time: int
    """The server's wall clock (Unix milliseconds) when these figures were true."""


class GameChanges(View):
    """What an action can change in a game: the ``game`` of an ``update`` message."""

    id: str
    status: Literal["waiting", "active", "finished"]
    seq: int
    result: OutcomeView | None
    state: StateView
    fair_dice: FairDiceView | None = omitted_when_none()
    """Only once the match is over and the seed revealed."""
    clock: ClockView | None = omitted_when_none()
    """Only in clocked games."""


class GameSnapshot(GameChanges):
    """The whole game as every viewer sees it: the ``game`` of a ``state`` message."""

    mode: Literal["bot", "friend", "hotseat"]
    settings: SettingsView
    seats: list[SeatView]
    fair_dice: FairDiceView | None = None
    clock: ClockView | None = None


class StepPointsView(View):
    from_point: int = _named("from", "from_point")
    to_point: int = _named("to", "to_point")


class ExplanationView(View):
    """Why the core refused a play or step (``nard.core.explain``)."""

    code: str
    rule: str
    mistake: int | None
    message_en: str
    message_fa: str
    legal_play: str | None
    step: StepPointsView | None


ChatPhrase = Literal["hello", "good_luck", "good_game", "gg", "thanks", "well_played"]
"""The stock phrases; each client shows them in its own language (chat.phrase.* strings)."""


class ChatLineView(View):
    """One line of a game's chat: free ``text`` or a stock ``phrase``, never both."""

    room: Literal["players", "spectators"]
    name: str
    side: SideName | None
    """The speaker's seat; null for a spectator."""
    text: str | None
    phrase: ChatPhrase | None
    at: datetime


CubeProper = Literal[
    "no_double_take",
    "no_double_beaver",
    "no_double_pass",
    "too_good_pass",
    "double_take",
    "double_beaver",
    "double_pass",
]
"""The proper cube action with the answer a double would get, as gnubg names it."""


class CubeHintView(View):
    """The engine's cube decision (``nard.ai.hint.hint_cube``) for the player to act.

    ``decision`` says which: ``double`` before rolling (the player is the
    doubler) or ``take`` when the player is doubled. The three equities are
    the doubler's, cubeful, at the match score, in units of the cube before
    the double (as gnubg shows them); ``answer`` is the proper answer to a double.
    """

    decision: Literal["double", "take"]
    doubler: SideName
    no_double: float
    double_take: float
    double_pass: float
    proper: CubeProper
    answer: Literal["take", "beaver", "pass"]
