"""AppendLog: every version keeps seeing exactly what it held, however others grow."""

from __future__ import annotations

import pickle
import threading

from hypothesis import given
from hypothesis import strategies as st

from nard.match.log import AppendLog


@given(st.lists(st.tuples(st.integers(0, 20), st.lists(st.integers(), max_size=3)), max_size=40))
def test_versions_behave_like_tuples(operations: list[tuple[int, list[int]]]) -> None:
    versions: list[tuple[AppendLog[int], tuple[int, ...]]] = [(AppendLog(), ())]
    for pick, items in operations:
        log, model = versions[pick % len(versions)]
        versions.append((log.extend(tuple(items)), model + tuple(items)))
    for log, model in versions:
        assert tuple(log) == model and log == model and len(log) == len(model)
        assert log[:] == model and (not model or log[-1] == model[-1])
        assert pickle.loads(pickle.dumps(log)) == log


def test_threads_extending_one_version_each_get_their_own_items() -> None:
    base = AppendLog(range(10))
    results: list[AppendLog[int]] = []
    start = threading.Barrier(8)

    def grow(mark: int) -> None:
        start.wait()
        log = base
        for step in range(200):
            log = log.extend((mark * 1000 + step,))
        results.append(log)

    threads = [threading.Thread(target=grow, args=(mark,)) for mark in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(tuple(log)[10:] for log in results) == [
        tuple(mark * 1000 + step for step in range(200)) for mark in range(8)
    ]
    assert tuple(base) == tuple(range(10))
