"""Refusals: one code per reason (:class:`RefusalCode`), its HTTP status and its
English and Persian text, each in one table here.

A refusal changes nothing. Its text is written whole for each case (with
Persian digits in the Persian one), never glued together from pieces:

>>> refusal = Refusal(RefusalCode.STALE, seq=12, sent=9)
>>> refusal.message
'the game is at action 12, not 9: sync and retry'
>>> refusal.message_fa
'وضعیت بازی به شمارهٔ ۱۲ رسیده است، نه ۹؛ وضعیت تازه را بگیرید و دوباره بفرستید.'
>>> refusal.status
409
"""

from __future__ import annotations

from enum import StrEnum

from nard.core.digits import fa_digits
from nard.core.explain import Explanation
from nard.match.errors import (
    CubeActionError,
    GameError,
    GameOverError,
    GamePlayError,
    OutOfTurnError,
    PhaseError,
    ResignationError,
)


class RefusalCode(StrEnum):
    """Why the server refused a message or a request (the ``code`` clients see)."""

    BAD_FRAME = "bad_frame"
    TOO_LARGE = "too_large"
    HEADERS_TOO_LARGE = "headers_too_large"
    TOO_SLOW = "too_slow"
    FOREIGN_ORIGIN = "foreign_origin"
    LOCKED = "locked"
    BUSY = "busy"
    BAD_JSON = "bad_json"
    UNKNOWN_TYPE = "unknown_type"
    INVALID = "invalid"
    RATE_LIMITED = "rate_limited"
    NO_PLAYER = "no_player"
    NOT_FOUND = "not_found"
    NO_SUCH_GAME = "no_such_game"
    NO_FAIR_DICE = "no_fair_dice"
    NO_ANALYSIS = "no_analysis"
    USERNAME_TAKEN = "username_taken"
    BAD_LOGIN = "bad_login"
    GUEST = "guest"
    SPECTATOR = "spectator"
    NOT_YOUR_SEAT = "not_your_seat"
    STALE = "stale"
    WAITING = "waiting"
    FINISHED = "finished"
    OUT_OF_TURN = "out_of_turn"
    PHASE = "phase"
    CUBE = "cube"
    RESIGNATION = "resignation"
    GAME_OVER = "game_over"
    ILLEGAL_PLAY = "illegal_play"
    CANNOT_CLAIM = "cannot_claim"
    SEEDS_FIXED = "seeds_fixed"
    CONFLICT = "conflict"
    NO_HINT = "no_hint"
    HINT_AFTER_STEP = "hint_after_step"
    NO_CUBE_DECISION = "no_cube_decision"
    MONEY_ONLY = "money_only"
    UNRATED = "unrated"
    NO_SUCH_CHALLENGE = "no_such_challenge"
    NO_SUCH_PLAYER = "no_such_player"
    OWN_CHALLENGE = "own_challenge"
    TOO_MANY_CHALLENGES = "too_many_challenges"
    OUT_OF_RANGE = "out_of_range"
    ANALYSIS_UNFINISHED = "analysis_unfinished"
    ANALYSIS_OUTDATED = "analysis_outdated"
    NO_SUCH_PUZZLE = "no_such_puzzle"
    NO_SUCH_DIAGRAM = "no_such_diagram"
    CHAT_FULL = "chat_full"
    TOO_MANY_WAITING = "too_many_waiting"


_ = RefusalCode
STATUS: dict[RefusalCode | tuple[RefusalCode, str], int] = {
    _.TOO_LARGE: 413,
    _.HEADERS_TOO_LARGE: 431,
    _.TOO_SLOW: 408,
    _.FOREIGN_ORIGIN: 403,
    _.RATE_LIMITED: 429,
    _.LOCKED: 429,
    _.BUSY: 503,
    _.NO_PLAYER: 401,
    _.BAD_LOGIN: 401,
    _.SPECTATOR: 403,
    _.NOT_YOUR_SEAT: 403,
    _.GUEST: 403,
    _.NO_HINT: 403,
    _.NOT_FOUND: 404,
    _.NO_SUCH_GAME: 404,
    _.NO_FAIR_DICE: 404,
    _.NO_ANALYSIS: 404,
    _.NO_SUCH_CHALLENGE: 404,
    _.NO_SUCH_PLAYER: 404,
    _.OWN_CHALLENGE: 409,
    _.TOO_MANY_CHALLENGES: 409,
    _.OUT_OF_RANGE: 403,
    _.ANALYSIS_UNFINISHED: 409,
    _.ANALYSIS_OUTDATED: 409,
    _.NO_SUCH_PUZZLE: 404,
    _.USERNAME_TAKEN: 409,
    _.CANNOT_CLAIM: 409,
    _.FINISHED: 409,
    _.STALE: 409,
    _.CONFLICT: 409,
    _.WAITING: 409,
    _.HINT_AFTER_STEP: 409,
    _.NO_CUBE_DECISION: 409,
    _.OUT_OF_TURN: 409,
    _.PHASE: 409,
    _.NO_SUCH_DIAGRAM: 404,
    _.CHAT_FULL: 409,
    _.TOO_MANY_WAITING: 409,
    # A request's body or query that fails validation, where a message's is a 400.
    (_.INVALID, "request"): 422,
    (_.BAD_JSON, "request"): 422,
}
"""The HTTP status of each refusal over HTTP (and of a code's named variants); 400
for the codes not named."""


def status_of(code: RefusalCode, variant: str | None = None) -> int:
    """The HTTP status of a refusal: its variant's, else its code's, else 400.

    >>> status_of(RefusalCode.INVALID), status_of(RefusalCode.INVALID, "request")
    (400, 422)
    """
    if variant is not None and (code, variant) in STATUS:
        return STATUS[code, variant]
    return STATUS.get(code, 400)


TEXT: dict[RefusalCode | tuple[RefusalCode, str], tuple[str, str]] = {
    _.BAD_FRAME: ("send JSON text frames, not binary", "پیام باید متن JSON باشد."),
    _.TOO_LARGE: (
        "a message is at most {limit} bytes",
        "هر پیام حداکثر {limit} بایت است.",
    ),
    (_.TOO_LARGE, "request"): ("{why}", "درخواست بیش از اندازه بزرگ است."),
    _.HEADERS_TOO_LARGE: ("{why}", "سرآیندهای درخواست بیش از اندازه بزرگ‌اند."),
    _.TOO_SLOW: ("{why}", "درخواست بیش از اندازه کند رسید؛ دوباره بفرستید."),
    _.FOREIGN_ORIGIN: ("{why}", "این درخواست از سایت دیگری آمده است و پذیرفته نمی‌شود."),
    _.LOCKED: (
        "{why}",
        "این حساب به دلیل رمزهای نادرست پیاپی مدتی قفل است؛ کمی بعد دوباره بکوشید.",
    ),
    (_.LOCKED, "here"): (
        "too many wrong passwords for this account from here: try again in {wait} s",
        "از این‌جا گذرواژهٔ نادرست برای این حساب بیش از اندازه فرستاده شده است؛ "
        "{wait} ثانیهٔ دیگر دوباره بکوشید.",
    ),
    (_.LOCKED, "account"): (
        "this account has met many wrong passwords, so new devices wait: try again in"
        " {wait} s, or log in from a device or a network you logged in from before",
        "برای این حساب گذرواژهٔ نادرست بسیاری فرستاده شده است و دستگاه‌های تازه باید صبر کنند؛ "
        "{wait} ثانیهٔ دیگر دوباره بکوشید، "
        "یا از دستگاه یا شبکه‌ای وارد شوید که پیش‌تر از آن وارد شده‌اید.",
    ),
    _.BUSY: ("{why}", "سرور اکنون سرش شلوغ است؛ کمی بعد دوباره بکوشید."),
    _.BAD_JSON: ("not JSON: {why}", "پیام JSON معتبر نیست."),
    (_.BAD_JSON, "request"): ("{why}", "درخواست JSON معتبر نیست."),
    (_.INVALID, "request"): ("{why}", "درخواست درست ساخته نشده است."),
    (_.RATE_LIMITED, "request"): ("{why}", "درخواست‌ها بیش از اندازه زیادند؛ کمی صبر کنید."),
    _.UNKNOWN_TYPE: (
        "unknown message type: see docs/protocol.md for the types",
        "نوع پیام شناخته نیست.",
    ),
    _.INVALID: ("{why}", "پیام درست ساخته نشده است."),
    (_.INVALID, "chat_text"): (
        "{why}",
        "پیام گفت‌وگو نویسهٔ کنترلی یا نامرئی دارد یا چیزی برای خواندن ندارد؛ آن را بردارید.",
    ),
    _.RATE_LIMITED: (
        "too many messages: slow down",
        "پیام‌ها بیش از اندازه سریع فرستاده می‌شوند؛ کمی صبر کنید.",
    ),
    _.NO_PLAYER: (
        "you are not signed in: play as a guest or log in",
        "وارد نشده‌اید؛ مهمان شوید یا وارد حساب خود شوید.",
    ),
    (_.NO_PLAYER, "chat"): (
        "spectators chat once signed in: play as a guest or log in, then say it again",
        "تماشاگران پس از ورود می‌توانند گفت‌وگو کنند؛ "
        "مهمان شوید یا وارد حساب خود شوید و دوباره بنویسید.",
    ),
    _.NOT_FOUND: (
        "this invitation is unknown, already used or expired",
        "این دعوت‌نامه شناخته نیست، پیش‌تر به کار رفته یا زمانش گذشته است.",
    ),
    _.NO_SUCH_GAME: (
        "no such game (or not yours to see)",
        "چنین بازی‌ای نیست (یا دیدنش برای شما نیست).",
    ),
    _.NO_FAIR_DICE: ("this game does not use fair dice", "این بازی تاس منصفانه ندارد."),
    _.NO_ANALYSIS: (
        "no analysis requested yet: POST first",
        "هنوز تحلیلی خواسته نشده است؛ نخست آن را بخواهید.",
    ),
    _.USERNAME_TAKEN: ("that username is taken", "این نام کاربری پیش‌تر گرفته شده است."),
    _.BAD_LOGIN: ("wrong username or password", "نام کاربری یا گذرواژه نادرست است."),
    (_.BAD_LOGIN, "old_password"): ("the old password is wrong", "گذرواژهٔ پیشین نادرست است."),
    _.GUEST: (
        "a guest has no password: create an account",
        "مهمان گذرواژه ندارد؛ حساب بسازید.",
    ),
    _.SPECTATOR: (
        "you hold no seat in this game: spectators only watch",
        "تماشاگر نمی‌تواند بازی کند.",
    ),
    _.NOT_YOUR_SEAT: ("you do not hold the {side} seat", "این جایگاه از آنِ شما نیست."),
    _.STALE: (
        "the game is at action {seq}, not {sent}: sync and retry",
        "وضعیت بازی به شمارهٔ {seq} رسیده است، نه {sent}؛ وضعیت تازه را بگیرید و دوباره بفرستید.",
    ),
    _.WAITING: (
        "wait for your opponent to open the invitation",
        "حریف هنوز به بازی نپیوسته است.",
    ),
    _.FINISHED: ("the game is over", "بازی تمام شده است."),
    _.OUT_OF_TURN: ("it is not your turn to play", "نوبت شما نیست."),
    _.PHASE: ("{why}", "این کار اکنون ممکن نیست."),
    _.CUBE: ("{why}", "قوانین داو این کار را اجازه نمی‌دهند."),
    _.RESIGNATION: ("{why}", "این واگذاری اکنون ممکن نیست."),
    _.GAME_OVER: ("{why}", "بازی تمام شده است."),
    _.ILLEGAL_PLAY: ("{why}", "این حرکت قانونی نیست."),
    _.CANNOT_CLAIM: (
        "your opponent may still come back: wait {wait} s more",
        "حریف هنوز ممکن است برگردد؛ {wait} ثانیهٔ دیگر صبر کنید.",
    ),
    (_.CANNOT_CLAIM, "present"): (
        "your opponent is here or cannot abandon this game",
        "حریف حاضر است یا نمی‌تواند این بازی را رها کند.",
    ),
    _.SEEDS_FIXED: (
        "client seeds are fixed once the dice have rolled",
        "پس از نخستین پرتاب تاس، بذر بازیکن را نمی‌توان افزود.",
    ),
    _.CONFLICT: (
        "another action was saved first: sync and retry",
        "کار دیگری هم‌زمان ثبت شد؛ دوباره بفرستید.",
    ),
    _.NO_HINT: (
        "hints are given in games against the computer only",
        "راهنمایی فقط در بازی با رایانه داده می‌شود.",
    ),
    _.HINT_AFTER_STEP: (
        "a hint is given before the first step of the turn: undo your steps first",
        "راهنمایی پیش از نخستین حرکت نوبت داده می‌شود؛ حرکت‌ها را برگردانید.",
    ),
    _.MONEY_ONLY: (
        "the Jacoby rule, beavers and automatic doubles are for money play, not a match (R19)",
        "قانون جاکوبی، بیور و داو خودکار فقط برای بازی پولی است، نه مسابقه (قانون R۱۹).",
    ),
    _.NO_CUBE_DECISION: (
        "a cube hint is given when you may double before rolling, or when you are doubled",
        "راهنمای داو وقتی داده می‌شود که پیش از تاس ریختن بتوانید داو بدهید، "
        "یا به شما داو داده شده باشد.",
    ),
    _.UNRATED: (
        "this game cannot be rated",
        "این بازی نمی‌تواند امتیازی باشد.",
    ),
    (_.UNRATED, "money"): (
        "money sessions are unrated",
        "بازی پولی امتیازی نیست.",
    ),
    (_.UNRATED, "guest"): (
        "guests play unrated: create an account to play rated matches",
        "مهمان‌ها بی‌امتیاز بازی می‌کنند؛ برای بازی امتیازی حساب بسازید.",
    ),
    (_.UNRATED, "self"): (
        "a match against yourself is never rated",
        "بازی با خودتان هرگز امتیازی نیست.",
    ),
    (_.UNRATED, "bot"): (
        "matches against the computer are unrated",
        "بازی با رایانه امتیازی نیست.",
    ),
    _.NO_SUCH_CHALLENGE: (
        "this challenge is gone: someone took it or it was withdrawn",
        "این دعوت دیگر باز نیست: کسی آن را پذیرفته یا پس گرفته شده است.",
    ),
    _.NO_SUCH_PLAYER: ("no such player", "چنین بازیکنی نیست."),
    _.OWN_CHALLENGE: (
        "this is your own challenge: wait for an opponent",
        "این دعوت خود شماست؛ منتظر حریف بمانید.",
    ),
    _.TOO_MANY_CHALLENGES: (
        "you have {most} open challenges: withdraw one before offering another",
        "شما {most} دعوت باز دارید؛ پیش از دعوت تازه یکی را پس بگیرید.",
    ),
    _.OUT_OF_RANGE: (
        "your rating is outside this challenge's range",
        "امتیاز شما در بازهٔ این دعوت نیست.",
    ),
    _.ANALYSIS_UNFINISHED: (
        "the analysis is still running: practise once it is done",
        "تحلیل هنوز در جریان است؛ پس از پایان آن تمرین کنید.",
    ),
    (_.ANALYSIS_UNFINISHED, "failed"): (
        "the analysis failed: analyse the game again",
        "تحلیل انجام نشد؛ بازی را دوباره تحلیل کنید.",
    ),
    _.ANALYSIS_OUTDATED: (
        "this analysis predates practice puzzles: analyse the game again",
        "این تحلیل پیش از تمرین اشتباه‌ها ساخته شده است؛ بازی را دوباره تحلیل کنید.",
    ),
    _.NO_SUCH_PUZZLE: (
        "no such puzzle (or not yours)",
        "چنین تمرینی نیست (یا از آنِ شما نیست).",
    ),
    _.NO_SUCH_DIAGRAM: ("no rule diagram {slug}", "چنین نموداری برای قانون‌ها نیست."),
    _.TOO_MANY_WAITING: (
        "you have {most} games waiting for an opponent: wait until one is joined or expires",
        "شما {most} بازی در انتظار حریف دارید؛ صبر کنید تا حریفی به یکی بپیوندد یا زمانش بگذرد.",
    ),
    _.CHAT_FULL: (
        "this game's chat holds its most lines ({most}): nothing more can be said here",
        "گفت‌وگوی این بازی به بیشترین اندازهٔ خود ({most} پیام) رسیده است؛ پیام تازه پذیرفته نمی‌شود.",
    ),
}
"""English and Persian text of each code (and of a code's named variants);
``{names}`` are filled in from the refusal's parameters."""


class Refusal(Exception):
    """A message or request the server refuses; nothing changed.

    ``params`` fill the code's texts; ``seq`` (the game's action number) is
    also sent back so the client can sync. A refused play or step carries the
    core's explanation, whose own texts then stand in for the code's.
    """

    def __init__(
        self,
        code: RefusalCode,
        *,
        explanation: Explanation | None = None,
        rule: str | None = None,
        seq: int | None = None,
        variant: str | None = None,
        **params: str | int,
    ) -> None:
        english, persian = TEXT[code if variant is None else (code, variant)]
        if seq is not None:
            params["seq"] = seq
        self.code = code
        self.explanation = explanation
        self.rule = rule
        self.seq = seq
        self.variant = variant
        self.detail = english.format(**params)
        fa_params = {name: fa_digits(str(value)) for name, value in params.items()}
        self.message = explanation.message_en if explanation else self.detail
        self.message_fa = explanation.message_fa if explanation else persian.format(**fa_params)
        super().__init__(self.detail)

    @property
    def status(self) -> int:
        """The HTTP status of this refusal."""
        return status_of(self.code, self.variant)

    @classmethod
    def from_game_error(cls, error: GameError) -> Refusal:
        """The refusal of an action :mod:`nard.match` would not apply."""
        code = {
            OutOfTurnError: RefusalCode.OUT_OF_TURN,
            GameOverError: RefusalCode.GAME_OVER,
            CubeActionError: RefusalCode.CUBE,
            ResignationError: RefusalCode.RESIGNATION,
            GamePlayError: RefusalCode.ILLEGAL_PLAY,
        }.get(type(error))
        if code is None:
            code = RefusalCode.PHASE if isinstance(error, PhaseError) else RefusalCode.INVALID
        explanation = error.explanation if isinstance(error, GamePlayError) else None
        rule = None if error.rule is None else error.rule.value
        return cls(code, explanation=explanation, rule=rule, why=str(error))
