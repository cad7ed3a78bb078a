"""What one ``update`` message costs the server, after the rules have applied the action.

Plays random matches (seeded; half the turns step by step, half as whole
plays) and times, per action, what the table does after ``Match.apply``: the
projection of the new state (the turn's guide asked once), the events' views,
their stored form for the action log, and the ``update`` message serialised
once (``model_dump_json``)::

    python -m bench.update_messages [--matches 30] [--repeat 5]

Prints the best of ``--repeat`` runs in microseconds per action.
"""

from __future__ import annotations

import argparse
import gc
import random
import time
from collections.abc import Callable, Sequence

from nard.match import Action, ConfirmPlay, Event, MakePlay, MakeStep, Match, Phase, SeededDice
from nard.server.games.projection import Projection, state_view
from nard.server.protocol.server import UpdateMessage
from nard.server.protocol.views import GameChanges, stored


def random_action(match: Match, rng: random.Random, dice: SeededDice) -> Action:
    game = match.game
    assert game is not None
    if game.phase in (Phase.OPENING, Phase.ROLLING):
        return game.roll_action(dice)
    side = game.to_act
    assert side is not None and game.phase is Phase.PLAYING
    if game.can_confirm:
        return ConfirmPlay(side)
    if game.steps or rng.random() < 0.5:
        return MakeStep(side, rng.choice(game.next_steps()))
    return MakePlay(side, rng.choice(list(game.legal_plays)))


def actions(count: int) -> Played:
    """Every (match after the action, its events) of ``count`` random 3-point matches."""
    played: Played = []
    for seed in range(count):
        rng, dice, match = random.Random(seed), SeededDice(seed), Match.new(3)
        while match.game is not None:
            match, events = match.apply(random_action(match, rng, dice))
            played.append((match, events))
    return played


def update(match: Match, events: Sequence[Event]) -> str:
    state = state_view(match)
    views = Projection.events(events)
    [stored(view) for view in views]
    changes = GameChanges(id="bench", status="active", seq=1, result=None, state=state)
    return UpdateMessage(seq=1, events=views, game=changes).model_dump_json()


Played = list[tuple[Match, Sequence[Event]]]


def best(work: Callable[[Match, Sequence[Event]], object], played: Played, repeat: int) -> float:
    runs = []
    gc.collect()
    gc.disable()  # as timeit does: the collector's passes over the played matches are noise
    try:
        for _ in range(repeat):
            start = time.perf_counter()
            for match, events in played:
                work(match, events)
            runs.append((time.perf_counter() - start) / len(played) * 1e6)
    finally:
        gc.enable()
    return min(runs)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=30)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args(argv)
    played = actions(args.matches)
    print(f"{len(played)} actions of {args.matches} random 3-point matches")
    print(f"state projected:      {best(lambda m, e: state_view(m), played, args.repeat):6.1f} µs")
    print(f"whole update message: {best(update, played, args.repeat):6.1f} µs")


if __name__ == "__main__":
    main()
